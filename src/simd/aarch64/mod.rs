//! aarch64: NEON (baseline).

pub(crate) mod neon;
