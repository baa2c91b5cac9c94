#!/usr/bin/env bash
# Mines the shipped puzzle set: `alfiere-puzzles` for every rule set, 200 puzzles
# each from seeded self-play on every core, into data/puzzles/<rule set id>.csv, and
# each run's report (candidates, rejections, puzzles per CPU hour, rating spread)
# into docs/puzzles-mining.txt. Reproducible: the same seed and count give the same
# files. Usage: scripts/mine-puzzles.sh [COUNT] [SEED] [RULE SET ...]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
count="${1:-200}"
seed="${2:-1}"
shift $(( $# > 2 ? 2 : $# ))
variants=("$@")
if [ ${#variants[@]} -eq 0 ]; then
  variants=(chess chessgi racingkings alice billiards progressive-scottish progressive-italian marseillais marseillais-balanced avalanche chess960)
fi
# The self-play games' budget per action (the probes, which decide, are the same for
# all): orthodox chess's set was mined first, at 5,000; the others at 2,000, which
# plays the games (most of the time) two to three times faster.
play_nodes() {
  case "$1" in
    chess) echo 5000 ;;
    *) echo 2000 ;;
  esac
}
cargo build --release --bin alfiere-puzzles
mkdir -p data/puzzles
for variant in "${variants[@]}"; do
  nodes="$(play_nodes "$variant")"
  echo "== $variant: $count puzzles, seed $seed, --play-nodes $nodes ($(date -u +%FT%TZ))" >&2
  ./target/release/alfiere-puzzles "$variant" --count "$count" --seed "$seed" \
    --play-nodes "$nodes" --out "data/puzzles/$variant.csv" 2> >(tee -a "docs/puzzles-mining.txt" >&2)
done
