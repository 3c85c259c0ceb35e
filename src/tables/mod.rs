//! Hand-written lookups over the generated data in `src/generated/`.

pub(crate) mod cjk;
pub(crate) mod single_byte;

#[cfg(test)]
mod static_size;
