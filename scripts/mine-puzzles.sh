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
  variants=(chess chessgi racingkings alice billiards progressive-scottish progressive-italian marseillais marseillais-balanced avalanche)
fi
cargo build --release --bin alfiere-puzzles
mkdir -p data/puzzles
for variant in "${variants[@]}"; do
  echo "== $variant: $count puzzles, seed $seed ($(date -u +%FT%TZ))" >&2
  ./target/release/alfiere-puzzles "$variant" --count "$count" --seed "$seed" \
    --out "data/puzzles/$variant.csv" 2> >(tee -a "docs/puzzles-mining.txt" >&2)
done
