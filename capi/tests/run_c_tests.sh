#!/usr/bin/env bash
# Builds the C API (static and shared library), then compiles and runs with gcc/g++:
#   - tests/c/test.c (the C test program), linked statically and dynamically, as C11
#     with -Wall -Wextra -Werror, plus the header alone as C99 and C++11 (-pedantic);
#   - examples/decode.c (the README's C example), its output checked;
#   - examples/transcode.cpp (the C++ example), its self-test and a pipe through it.
# Usage: capi/tests/run_c_tests.sh [--release]   (run from anywhere; needs gcc, g++)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
capi="$root/capi"
cd "$root"

profile=debug
cargo_flags=()
if [ "${1:-}" = "--release" ]; then
  profile=release
  cargo_flags=(--release)
fi
cargo build -q -p textcodec-c "${cargo_flags[@]}"

target_dir="$(cargo metadata --format-version 1 --no-deps |
  sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')"
lib="$target_dir/$profile"
out="$target_dir/capi-c"
mkdir -p "$out"
inc=(-I "$capi/include")
# What a Rust staticlib needs from the system on Linux (`cargo rustc -p textcodec-c
# --crate-type staticlib -- --print native-static-libs` lists it).
syslibs=(-lpthread -ldl -lm)

echo "header alone: C99 and C++11, -pedantic"
printf '#include "textcodec.h"\nint main(void) { return 0; }\n' >"$out/header.c"
gcc -std=c99 -pedantic -Wall -Wextra -Werror "${inc[@]}" -fsyntax-only "$out/header.c"
g++ -std=c++11 -pedantic -Wall -Wextra -Werror "${inc[@]}" -fsyntax-only -x c++ "$out/header.c"

echo "C test program, static library"
gcc -std=c11 -O1 -Wall -Wextra -Werror "${inc[@]}" "$capi/tests/c/test.c" \
  "$lib/libtextcodec_c.a" "${syslibs[@]}" -o "$out/test_static"
"$out/test_static"

echo "C test program, shared library"
gcc -std=c11 -O1 -Wall -Wextra -Werror "${inc[@]}" "$capi/tests/c/test.c" \
  -L "$lib" -ltextcodec_c -Wl,-rpath,"$lib" -o "$out/test_shared"
"$out/test_shared"

echo "C example (the README's), shared library"
gcc -std=c11 -Wall -Wextra -Werror "${inc[@]}" "$capi/examples/decode.c" \
  -L "$lib" -ltextcodec_c -Wl,-rpath,"$lib" -o "$out/decode"
[ "$("$out/decode")" = "café €5" ]

echo "C++ example, static library"
g++ -std=c++14 -O1 -Wall -Wextra -Werror "${inc[@]}" "$capi/examples/transcode.cpp" \
  "$lib/libtextcodec_c.a" "${syslibs[@]}" -o "$out/transcode"
"$out/transcode" --self-test
# A pipe: Shift_JIS 日本語 plus enough ASCII to cross the example's 8 KiB reads, to
# UTF-8 and back.
{
  printf '\x93\xfa\x96\x7b\x8c\xea\n'
  head -c 20000 /dev/zero | tr '\0' 'a'
  printf '\n\x93\xfa\x96\x7b\x8c\xea\n'
} >"$out/sjis.txt"
"$out/transcode" shift_jis utf-8 <"$out/sjis.txt" >"$out/utf8.txt"
"$out/transcode" utf-8 shift_jis <"$out/utf8.txt" >"$out/back.txt"
cmp "$out/sjis.txt" "$out/back.txt"
[ "$(head -n 1 "$out/utf8.txt")" = "日本語" ]
if "$out/transcode" no-such-label utf-8 </dev/null 2>/dev/null; then
  echo "an unknown label was accepted" >&2
  exit 1
fi
echo "C and C++ programs: all passed"
