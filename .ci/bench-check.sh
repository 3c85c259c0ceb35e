#!/usr/bin/env bash
# Bench check for CI: builds every benchmark of the textcodec-bench crate and, when the
# corpus is available, runs the iai-callgrind instruction-count benches in quick mode
# (first 4 KiB of a few corpus files; about half a minute).
#
# Idempotent: installs what it needs only when missing (valgrind via apt-get, and
# iai-callgrind-runner at exactly the version of the iai-callgrind dev-dependency).
#
# Environment:
#   TEXTCODEC_CORPUS   corpus folder; defaults to ../shared/corpus beside the repo when
#                      that exists. Without a corpus the iai run is skipped.
#   BENCH_CHECK_NO_IAI set to 1 to only build.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
start=$(date +%s)
# Where `cargo install` puts the runner; the benches look it up on PATH.
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

step() { printf '\n== bench-check: %s (%ss)\n' "$*" "$(( $(date +%s) - start ))"; }

step "building the benches"
cargo bench -p textcodec-bench --no-run

if [[ "${BENCH_CHECK_NO_IAI:-0}" == 1 ]]; then
    step "BENCH_CHECK_NO_IAI=1: not running the iai benches"
    exit 0
fi

# The corpus: given, or the shared one beside the repository. Made absolute, since
# cargo runs benches from the package folder.
if [[ -z "${TEXTCODEC_CORPUS:-}" && -d "$ROOT/../shared/corpus" ]]; then
    TEXTCODEC_CORPUS="$ROOT/../shared/corpus"
fi
if [[ -z "${TEXTCODEC_CORPUS:-}" || ! -d "$TEXTCODEC_CORPUS" ]]; then
    step "no corpus (TEXTCODEC_CORPUS unset or not a folder): skipping the iai benches"
    exit 0
fi
TEXTCODEC_CORPUS="$(cd "$TEXTCODEC_CORPUS" && pwd)"
export TEXTCODEC_CORPUS

if ! command -v valgrind >/dev/null 2>&1; then
    step "installing valgrind"
    if command -v apt-get >/dev/null 2>&1 && [[ "$(id -u)" == 0 ]]; then
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq valgrind
    else
        step "valgrind is missing and cannot be installed here: skipping the iai benches"
        exit 0
    fi
fi

# The runner must be the same version as the library the benches link.
want=$(sed -n 's/^iai-callgrind = "=\([0-9.]*\)".*/\1/p' benches/Cargo.toml)
if [[ -z "$want" ]]; then
    echo "bench-check: cannot find the pinned iai-callgrind version in benches/Cargo.toml" >&2
    exit 1
fi
# (The runner has no usable --version of its own; cargo's install list says it.)
have=$(cargo install --list | sed -n 's/^iai-callgrind-runner v\([0-9.]*\):$/\1/p')
if [[ -n "$have" ]] && ! command -v iai-callgrind-runner >/dev/null 2>&1; then
    have=""  # installed, but not on PATH
fi
if [[ "$have" != "$want" ]]; then
    step "installing iai-callgrind-runner $want (found: ${have:-none})"
    cargo install iai-callgrind-runner --version "$want" --locked
fi

step "running the iai benches (quick mode)"
TEXTCODEC_BENCH_QUICK=1 cargo bench -p textcodec-bench --bench instructions

step "done"
