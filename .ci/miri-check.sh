#!/usr/bin/env bash
# Miri on the kernels that can run under it: the scalar and SSE2 ones (AVX2/AVX-512
# are not enabled at compile time, so their tests skip them), then the SSE4.1 ones,
# enabled at compile time. The unit tests shrink their inputs under Miri.
# Idempotent; installs what it needs (and only that with --install-only). Run from
# anywhere. .ci/run starts it in the background at its beginning: it takes one core
# for most of the CI's length.
set -euo pipefail
cd "$(dirname "$0")/.."

export CARGO_TERM_COLOR=never
step() { printf '\n=== miri-check: %s (%ss)\n' "$*" "$SECONDS"; }

step "toolchain"
if ! rustup toolchain list | grep -q '^nightly'; then
    rustup toolchain install nightly --profile minimal
fi
installed=$(rustup component list --toolchain nightly --installed)
if ! grep -q '^miri' <<<"$installed" || ! grep -q '^rust-src' <<<"$installed"; then
    rustup component add --toolchain nightly miri rust-src
fi
if [ "${1:-}" = --install-only ]; then
    exit 0
fi
cargo +nightly miri setup >/dev/null

# Not `simd::tests::portable`: the portable code (`simd::scalar`) is safe code (its
# tests took 270 of the first 420 seconds, by Miri's clock, in a timed run).
step "scalar + SSE2 kernels"
MIRIFLAGS="-Zmiri-strict-provenance" cargo +nightly miri test -q --lib simd::tests -- \
    --skip simd::tests::portable

# The SSE4.1 (x86-64-v2) kernels: Miri only counts compile-time features, so they are
# enabled for the whole build (own target folder, so the run above keeps its cache).
# Only the tests of the shuffle kernels (validation, UTF-8 <-> UTF-16, single-byte
# decode lookups, x-user-defined's loops), and only on SSE4.1 (TEXTCODEC_TEST_ISAS;
# not the tests of `utf8::sse2`, which name SSE2): the run above did SSE2.
step "SSE4.1 kernels: validation, transcoder, single-byte decode and encode, x-user-defined"
CARGO_TARGET_DIR=target/miri-sse41 RUSTFLAGS="-C target-feature=+ssse3,+sse4.1,+popcnt" \
    TEXTCODEC_TEST_ISAS=sse41 MIRIFLAGS="-Zmiri-strict-provenance" \
    cargo +nightly miri test -q --lib -- \
    simd::tests::utf8 simd::tests::transcode simd::tests::single_byte::single_byte_decode \
    simd::tests::single_byte::x_user_defined simd::tests::single_byte::sparse_encode \
    simd::tests::single_byte::one_letter simd::tests::single_byte::two_letter \
    --skip simd::tests::utf8::sse2

step "done"
