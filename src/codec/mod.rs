//! One state machine per encoding family; safe code only.

pub(crate) mod big5;
pub(crate) mod euc_jp;
pub(crate) mod euc_kr;
pub(crate) mod gb18030;
pub(crate) mod iso_2022_jp;
pub(crate) mod replacement;
pub(crate) mod shift_jis;
pub(crate) mod single_byte;
pub(crate) mod two_byte;
pub(crate) mod utf16;
pub(crate) mod utf8;
pub(crate) mod x_user_defined;
