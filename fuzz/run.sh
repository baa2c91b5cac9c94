#!/bin/sh
# Runs one fuzz target for a time (or until 1,050,000 executions), one job, at
# nice 19, and prints libFuzzer's final statistics.
# Usage: fuzz/run.sh <target> <seconds> [extra libFuzzer flags]
# The full log goes to fuzz/logs/<target>.log (git-ignored). See docs/reliability.md.
set -eu
cd "$(dirname "$0")"
target=$1
seconds=$2
shift 2
dict=
maxlen=
# The play loops read bytes as choices, not as values to match: comparison tracing
# would only halve their speed. They build into their own directory, so switching
# between the two kinds of target does not rebuild everything.
build="--target-dir target/tracing"
case $target in
  play) build="--no-trace-compares --target-dir target/plain"
    # A rule-set byte and 48 steps take at most about 400 bytes; longer inputs are
    # ignored bytes.
    maxlen=-max_len=512 ;;
esac
case $target in
  fen) dict=dict/fen.dict ;;
  san|uci_action) dict=dict/san.dict ;;
  pgn) dict=dict/pgn.dict ;;
  uci_loop) dict=dict/uci_loop.dict ;;
esac
mkdir -p logs "corpus/$target" artifacts
nice -n 19 cargo +nightly fuzz run -s none $build "$target" "corpus/$target" -- \
  -max_total_time="$seconds" -runs=1050000 -rss_limit_mb=2048 -print_final_stats=1 \
  ${dict:+-dict=$dict} $maxlen "$@" >"logs/$target.log" 2>&1 || status=$?
grep -E '^(stat::|Done |==[0-9]+==|SUMMARY|thread .* panicked)' "logs/$target.log" || true
ls artifacts/"$target" 2>/dev/null | head
exit "${status:-0}"
