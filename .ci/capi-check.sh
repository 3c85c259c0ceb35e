#!/usr/bin/env bash
# The C API in CI: Rust FFI tests, the cbindgen header is fresh, and the C test
# program and C++ example compile (gcc, g++) against the static and shared library and
# pass. Installs what is missing: gcc/g++ from apt (as root, or with sudo if present)
# and cbindgen at a pinned version (the header's bytes depend on it).
set -euo pipefail
cd "$(dirname "$0")/.."

CBINDGEN_VERSION=0.29.4

if ! command -v gcc >/dev/null || ! command -v g++ >/dev/null; then
  sudo=""
  if [ "$(id -u)" != 0 ]; then sudo=sudo; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq gcc g++ >/dev/null
fi
if [ "$(cbindgen --version 2>/dev/null)" != "cbindgen $CBINDGEN_VERSION" ]; then
  cargo install -q --locked cbindgen --version "=$CBINDGEN_VERSION"
fi

echo "capi: Rust FFI tests"
cargo test -q -p textcodec-c

echo "capi: include/textcodec.h is what cbindgen $CBINDGEN_VERSION generates"
fresh="$(mktemp)"
trap 'rm -f "$fresh"' EXIT
(cd capi && cbindgen -q --config cbindgen.toml --output "$fresh")
if ! diff -u capi/include/textcodec.h "$fresh"; then
  echo "capi/include/textcodec.h is stale: (cd capi && cbindgen --config cbindgen.toml --output include/textcodec.h)" >&2
  exit 1
fi

echo "capi: C test program and C++ example (gcc, g++)"
bash capi/tests/run_c_tests.sh
