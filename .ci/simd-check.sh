#!/usr/bin/env bash
# SIMD checks: every forced ISA on x86_64, NEON under qemu, Miri on the scalar,
# SSE2 and SSE4.1 kernels. Idempotent; installs what it needs. Run from anywhere.
set -euo pipefail
cd "$(dirname "$0")/.."

export CARGO_TERM_COLOR=never
corpus="${TEXTCODEC_CORPUS:-$(cd .. && pwd)/shared/corpus}"
if [ -d "$corpus" ]; then export TEXTCODEC_CORPUS="$corpus"; fi

step() { echo; echo "=== simd-check: $* ==="; }

step "which ISAs this CPU has"
grep -o -w -E 'avx2|avx512bw|avx512vbmi|avx512_vbmi2' /proc/cpuinfo | sort -u | tr '\n' ' ' || true
echo

# 1. The suites that reach the kernels, with each ISA forced (the `std` feature reads
#    TEXTCODEC_FORCE_ISA). An ISA the CPU lacks falls back to the best one below it,
#    and the lib tests say which ISAs they ran.
#    The kernel tests (`simd::tests`) call every ISA the CPU has by name, whatever is
#    forced, and the README's test command has run them: here they are skipped but
#    for the two that go through the dispatch (about 3 minutes of debug-build tests
#    saved per ISA).
for isa in scalar sse2 sse41 avx2 avx512; do
    # An ISA the CPU lacks would run the one below it again.
    case $isa in
        avx2) need=avx2 ;;
        avx512) need=avx512bw ;;
        *) need= ;;
    esac
    if [ -n "$need" ] && ! grep -qw "$need" /proc/cpuinfo; then
        step "x86_64: no $need on this CPU, TEXTCODEC_FORCE_ISA=$isa skipped"
        continue
    fi
    step "x86_64 tests with TEXTCODEC_FORCE_ISA=$isa"
    TEXTCODEC_FORCE_ISA=$isa cargo test -q --features std --lib -- --skip simd::tests
    TEXTCODEC_FORCE_ISA=$isa cargo test -q --features std --lib -- \
        simd::tests::ascii::find_u16_matches_scalar simd::tests::wtf8::wtf8_encoder_splits_at_every_index
    TEXTCODEC_FORCE_ISA=$isa cargo test -q --features std --test differential --test mem_differential
done

# 2. aarch64 NEON under qemu (lib unit tests, which run every kernel against the
#    scalar one, and the mem differential suite).
step "aarch64 NEON under qemu"
if ! command -v qemu-aarch64 >/dev/null || ! command -v aarch64-linux-gnu-gcc >/dev/null; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq qemu-user gcc-aarch64-linux-gnu libc6-dev-arm64-cross >/dev/null
fi
rustup target list --installed | grep -qx aarch64-unknown-linux-gnu || rustup target add aarch64-unknown-linux-gnu
export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=aarch64-linux-gnu-gcc
export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUNNER="qemu-aarch64 -L /usr/aarch64-linux-gnu"
cargo test -q --target aarch64-unknown-linux-gnu --lib simd
cargo test -q --target aarch64-unknown-linux-gnu --test mem_differential
# The portable tier forced: as on x86_64, the kernel tests above already ran every
# ISA by name, so only the two that go through the dispatch run again (the whole
# `simd` filter a second time took 17 minutes under qemu on an AMD Zen 3 machine).
TEXTCODEC_FORCE_ISA=scalar cargo test -q --features std --target aarch64-unknown-linux-gnu --lib -- \
    simd::tests::ascii::find_u16_matches_scalar simd::tests::wtf8::wtf8_encoder_splits_at_every_index

# 3. Miri on the scalar and SSE2 kernels (the unit tests shrink their inputs under
#    Miri; AVX2/AVX-512 are not enabled at compile time, so they are skipped), then
#    on the SSE4.1 ones, enabled at compile time.
step "Miri (scalar + SSE2 kernels)"
if rustup toolchain list | grep -q '^nightly' || rustup toolchain install nightly --profile minimal; then
    rustup component list --toolchain nightly --installed | grep -q '^miri' \
        || rustup component add --toolchain nightly miri rust-src
    cargo +nightly miri setup >/dev/null
    MIRIFLAGS="-Zmiri-strict-provenance" cargo +nightly miri test -q --lib simd::tests
    # The SSE4.1 (x86-64-v2) kernels: Miri only counts compile-time features, so
    # they are enabled for the whole build (own target folder, so the run above keeps
    # its cache). Only the tests of the shuffle kernels (validation, UTF-8 <-> UTF-16,
    # single-byte decode lookups, x-user-defined's loops), which run SSE2 and SSE4.1
    # both: about 5 minutes (all of simd::tests took 27 on a busy machine).
    step "Miri (SSE4.1 kernels: validation, transcoder, single-byte decode, x-user-defined)"
    CARGO_TARGET_DIR=target/miri-sse41 RUSTFLAGS="-C target-feature=+ssse3,+sse4.1,+popcnt" \
        MIRIFLAGS="-Zmiri-strict-provenance" cargo +nightly miri test -q --lib -- \
        simd::tests::utf8 simd::tests::transcode simd::tests::single_byte::single_byte_decode \
        simd::tests::single_byte::x_user_defined
else
    echo "no nightly toolchain: Miri skipped" >&2
    exit 1
fi

step "builds without std / without alloc"
cargo build -q --no-default-features
cargo build -q --no-default-features --features alloc
echo "simd-check: all passed"
