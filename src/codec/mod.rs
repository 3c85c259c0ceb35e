//! One state machine per encoding family; safe code only.

pub(crate) mod replacement;
pub(crate) mod single_byte;
pub(crate) mod utf16;
pub(crate) mod utf8;
pub(crate) mod x_user_defined;
