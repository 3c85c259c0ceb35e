#!/usr/bin/env bash
# Times the textcodec CLI against GNU iconv and ICU's uconv on inputs scaled from the
# corpus to about 100 MB, and measures textcodec's peak memory on 100 MB and 1 GB.
#
#   cli/bench/compare.sh            # from the repository root or anywhere
#
# Environment:
#   TEXTCODEC_CORPUS  corpus folder (default: ../shared/corpus beside the repository,
#                     else /work/shared/corpus)
#   SIZE_MB           size of each timed input (default 100)
#   RUNS              timed runs per command (default 10)
#   BIG_MB            size of the peak-memory input (default 1024)
#
# Needs: hyperfine, iconv (libc-bin), uconv (icu-devtools), /usr/bin/time (time):
#   apt-get install hyperfine icu-devtools time
# The pairs: UTF-8 -> UTF-16LE (all the corpus's .txt files, mixed scripts),
# windows-1251 -> UTF-8 (ru.txt), Shift_JIS -> UTF-8 (ja.txt), UTF-8 -> gb18030
# (zh_cn.txt). Each command reads a file and writes to standard output, which
# hyperfine sends to /dev/null. iconv reads Shift_JIS as CP932, the mapping the
# Encoding Standard's Shift_JIS is (glibc's SHIFT_JIS lacks the Windows extensions).
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
corpus="${TEXTCODEC_CORPUS:-}"
if [ -z "$corpus" ]; then
  corpus="$repo/../shared/corpus"
  [ -d "$corpus" ] || corpus=/work/shared/corpus
fi
size_mb="${SIZE_MB:-100}"
runs="${RUNS:-10}"
big_mb="${BIG_MB:-1024}"
for tool in hyperfine iconv uconv /usr/bin/time; do
  command -v "$tool" >/dev/null || { echo "compare.sh: $tool is missing (see the header)" >&2; exit 1; }
done

cargo build --release -q -p textcodec-cli --manifest-path "$repo/Cargo.toml"
bin="$repo/target/release/textcodec"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# scale OUT MB FILE...: concatenates the files over and over until OUT has MB MiB.
scale() {
  local out="$1" mb="$2"
  shift 2
  cat "$@" >"$tmp/unit"
  : >"$out"
  while [ "$(stat -c %s "$out")" -lt $((mb << 20)) ]; do cat "$tmp/unit" >>"$out"; done
}

# The legacy inputs are made by iconv (characters the target lacks are dropped),
# then scaled.
iconv -c -f UTF-8 -t CP1251 "$corpus/ru.txt" >"$tmp/ru1.cp1251" || true
iconv -c -f UTF-8 -t CP932 "$corpus/ja.txt" >"$tmp/ja1.sjis" || true
scale "$tmp/mixed.utf8" "$size_mb" "$corpus"/*.txt
scale "$tmp/ru.cp1251" "$size_mb" "$tmp/ru1.cp1251"
scale "$tmp/ja.sjis" "$size_mb" "$tmp/ja1.sjis"
scale "$tmp/zh.utf8" "$size_mb" "$corpus/zh_cn.txt"

echo "CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), $(nproc) cores"
echo "textcodec: $("$bin" --version); $(iconv --version | head -1); uconv: $(uconv --version)"
ls -l "$tmp"/mixed.utf8 "$tmp"/ru.cp1251 "$tmp"/ja.sjis "$tmp"/zh.utf8

# pair NAME INPUT TEXTCODEC_ARGS ICONV_ARGS UCONV_ARGS
pair() {
  local name="$1" input="$2" tc="$3" ic="$4" uc="$5"
  # Every command must succeed on the input, or its time means nothing.
  "$bin" $tc "$input" >/dev/null
  iconv $ic "$input" >/dev/null
  uconv $uc "$input" >/dev/null
  echo
  echo "== $name ($(($(stat -c %s "$input") >> 20)) MiB)"
  hyperfine -N --warmup 1 --runs "$runs" --style basic \
    --export-markdown "$tmp/$name.md" \
    -n textcodec "$bin $tc $input" \
    -n iconv "iconv $ic $input" \
    -n uconv "uconv $uc $input"
}

pair utf8-to-utf16le "$tmp/mixed.utf8" "-f utf-8 -t utf-16le" "-f UTF-8 -t UTF-16LE" "-f utf-8 -t utf-16le"
pair windows1251-to-utf8 "$tmp/ru.cp1251" "-f windows-1251 -t utf-8" "-f CP1251 -t UTF-8" "-f windows-1251 -t utf-8"
pair shiftjis-to-utf8 "$tmp/ja.sjis" "-f shift_jis -t utf-8" "-f CP932 -t UTF-8" "-f shift_jis -t utf-8"
pair utf8-to-gb18030 "$tmp/zh.utf8" "-f utf-8 -t gb18030" "-f UTF-8 -t GB18030" "-f utf-8 -t gb18030"

echo
echo "== peak memory (/usr/bin/time -v, maximum resident set size)"
rss() { /usr/bin/time -v "$@" 2>&1 >/dev/null | awk -F': ' '/Maximum resident/ {print $2 " KiB"}'; }
echo "textcodec utf-8 -> utf-16le, $size_mb MiB: $(rss "$bin" -f utf-8 -t utf-16le "$tmp/mixed.utf8")"
echo "textcodec windows-1251 -> utf-8, $size_mb MiB: $(rss "$bin" -f windows-1251 "$tmp/ru.cp1251")"
rm -f "$tmp"/ru.cp1251 "$tmp"/zh.utf8 "$tmp"/ja.sjis
scale "$tmp/big.utf8" "$big_mb" "$tmp/mixed.utf8"
echo "textcodec utf-8 -> utf-16le, $(($(stat -c %s "$tmp/big.utf8") >> 20)) MiB: $(rss "$bin" -f utf-8 -t utf-16le "$tmp/big.utf8")"
echo "textcodec utf-8 -> utf-16le, same from a pipe: $(rss sh -c "cat '$tmp/big.utf8' | '$bin' -t utf-16le")"
echo "iconv utf-8 -> utf-16le, same file: $(rss iconv -f UTF-8 -t UTF-16LE "$tmp/big.utf8")"
echo "uconv utf-8 -> utf-16le, same file: $(rss uconv -f utf-8 -t utf-16le "$tmp/big.utf8")"
