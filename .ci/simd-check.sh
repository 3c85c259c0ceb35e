#!/usr/bin/env bash
# SIMD checks: every forced ISA on x86_64, NEON under qemu, Miri on the scalar,
# SSE2 and SSE4.1 kernels (.ci/miri-check.sh; not with SIMD_CHECK_NO_MIRI=1).
# Idempotent; installs what it needs. Run from anywhere.
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
#    portable one, and the mem differential suite).
step "aarch64 NEON under qemu"
if ! command -v qemu-aarch64 >/dev/null || ! command -v aarch64-linux-gnu-gcc >/dev/null; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq qemu-user gcc-aarch64-linux-gnu libc6-dev-arm64-cross >/dev/null
fi
rustup target list --installed | grep -qx aarch64-unknown-linux-gnu || rustup target add aarch64-unknown-linux-gnu
export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=aarch64-linux-gnu-gcc
export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUNNER="qemu-aarch64 -L /usr/aarch64-linux-gnu"
# Not `simd::tests::portable`: the portable code has no per-architecture part, and its
# exhaustive tests (ten minutes under qemu on an AMD Zen 3 machine) ran natively in the
# README's test command, on the same word size and byte order. Nor `utf8::sse2`, which
# runs the portable code where there is no SSE2.
cargo test -q --target aarch64-unknown-linux-gnu --lib simd -- \
    --skip simd::tests::portable --skip simd::tests::utf8::sse2
cargo test -q --target aarch64-unknown-linux-gnu --test mem_differential
# The portable tier forced: as on x86_64, the kernel tests above already ran every
# ISA by name, so only the two that go through the dispatch run again (the whole
# `simd` filter a second time took 17 minutes under qemu on an AMD Zen 3 machine).
TEXTCODEC_FORCE_ISA=scalar cargo test -q --features std --target aarch64-unknown-linux-gnu --lib -- \
    simd::tests::ascii::find_u16_matches_scalar simd::tests::wtf8::wtf8_encoder_splits_at_every_index

# 3. Miri (.ci/miri-check.sh), unless the caller runs it itself (.ci/run starts it in
#    the background at its beginning, beside the other steps).
if [ "${SIMD_CHECK_NO_MIRI:-0}" != 1 ]; then
    bash .ci/miri-check.sh
fi

step "builds without std / without alloc"
cargo build -q --no-default-features
cargo build -q --no-default-features --features alloc
echo "simd-check: all passed"
