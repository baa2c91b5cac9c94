#!/usr/bin/env bash
# Measures the search margins of src/search/tunable.rs in self-play.
#
# Builds the engine with the `tune` feature (in target/tune, so target/release stays
# the shipped build) and, for each margin, plays a lower and a higher value against
# the shipped one: the same binary on both sides, one side told `Tune <Name>`. Each
# match prints one Markdown table row (the score and Elo are the changed value's);
# the full match logs go to the --logs folder. Match k plays the openings of seed
# `--seed` + k: the engines are deterministic at a fixed node count, so matches on
# one opening set would all share the shipped side's games, and with them its luck. With --try, one combination of values
# plays the shipped margins instead (the check before a set of changes is kept).
#
#   scripts/tune-margins.sh [--margins "Name Name ..."] [--step PERCENT] [--games N]
#                           [--limit nodes=N | --limit tc=BASE+INC] [--seed N]
#                           [--concurrency N] [--logs DIR] [--try "Name=V Name=V"]
#
# Defaults: every margin, a step of 25% (at least 1), 200 games at 20,000 nodes a
# move, seed 44, two games at a time, logs in target/tune/logs.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

margins=""
step=25
games=200
limit="nodes=20000"
seed=44
concurrency=2
logs="target/tune/logs"
combination=""
usage() { sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit "${1:-2}"; }
while [ $# -gt 0 ]; do
  [ $# -ge 2 ] || usage
  case "$1" in
    --margins) margins="$2" ;;
    --step) step="$2" ;;
    --games) games="$2" ;;
    --limit) limit="$2" ;;
    --seed) seed="$2" ;;
    --concurrency) concurrency="$2" ;;
    --logs) logs="$2" ;;
    --try) combination="$2" ;;
    *) usage ;;
  esac
  shift 2
done
for number in "$step" "$games" "$seed" "$concurrency"; do
  [[ "$number" =~ ^[0-9]+$ ]] || { echo "not a whole number: $number" >&2; exit 2; }
done
case "$limit" in
  nodes=*|depth=*|movetime=*) clock=(); fixed="$limit" ;;
  tc=*) clock=(--tc "${limit#tc=}"); fixed="" ;;
  *) echo "--limit is nodes=N, depth=N, movetime=MS or tc=BASE+INC, not $limit" >&2; exit 2 ;;
esac

cargo build --release --quiet --features tune --target-dir target/tune \
  --bin alfiere --bin alfiere-match
engine=target/tune/release/alfiere
match=target/tune/release/alfiere-match
mkdir -p "$logs"

# The margins the binary offers: "Name default min max" per line.
offered=$(printf 'uci\nquit\n' | "$engine" |
  sed -n 's/^option name Tune \([A-Za-z0-9]*\) type spin default \(-\{0,1\}[0-9]*\) min \(-\{0,1\}[0-9]*\) max \(-\{0,1\}[0-9]*\)$/\1 \2 \3 \4/p')
[ -n "$offered" ] || { echo "$engine offers no Tune options" >&2; exit 1; }
margin_line() { # Name -> "Name default min max", or fails
  grep -i "^$1 " <<<"$offered" || { echo "no margin $1; there are: $(cut -d' ' -f1 <<<"$offered" | tr '\n' ' ')" >&2; return 2; }
}

# What to play, checked before the first game: "label|options|log name" per line.
matches=()
if [ -n "$combination" ]; then
  options=""
  for pair in $combination; do
    [[ "$pair" =~ ^([A-Za-z0-9]+)=(-?[0-9]+)$ ]] || { echo "--try takes Name=V pairs, not $pair" >&2; exit 2; }
    value=${BASH_REMATCH[2]}
    line=$(margin_line "${BASH_REMATCH[1]}") || exit 2
    read -r name _ min max <<<"$line"
    (( value >= min && value <= max )) || { echo "$name: $value is outside $min..$max" >&2; exit 2; }
    options+=" option.Tune_$name=$value"
  done
  matches+=("$combination|$options|try-$(tr ' =' '_-' <<<"$combination")")
else
  [ -n "$margins" ] || margins=$(cut -d' ' -f1 <<<"$offered" | tr '\n' ' ')
  for wanted in $margins; do
    line=$(margin_line "$wanted") || exit 2
    read -r name default min max <<<"$line"
    delta=$(( default * step / 100 ))
    (( delta >= 1 )) || delta=1
    for value in $(( default - delta )) $(( default + delta )); do
      (( value < min )) && value=$min
      (( value > max )) && value=$max
      (( value == default )) && continue
      matches+=("$name $default → $value|option.Tune_$name=$value|$name-$value")
    done
  done
fi

# Plays `options` (option.Tune_Name=V ...) against the shipped margins on the
# openings of seed $4 and prints the row "| label | seed | games | W-D-L | score |
# Elo |"; the match log is $logs/<file>.
play() {
  local label=$1 options=$2 log="$logs/$3.txt" match_seed=$4
  "$match" --variant chess --games "$games" --concurrency "$concurrency" --seed "$match_seed" \
    "${clock[@]}" \
    --engine "cmd=$engine name=tuned $options $fixed" \
    --engine "cmd=$engine name=shipped $fixed" >"$log" 2>&1 ||
    { echo "alfiere-match failed; see $log" >&2; exit 1; }
  local result
  result=$(grep '^tuned vs shipped' "$log" | tail -1)
  [[ "$result" =~ wins\ ([0-9]+)\ draws\ ([0-9]+)\ losses\ ([0-9]+)\ score\ ([0-9.]+%)\ elo\ (.*)$ ]] ||
    { echo "no result in $log" >&2; exit 1; }
  local elo=${BASH_REMATCH[5]/+\/-/±}
  printf '| %s | %s | %s | %s-%s-%s | %s | %s |\n' "$label" "$match_seed" "$games" "${BASH_REMATCH[1]}" \
    "${BASH_REMATCH[2]}" "${BASH_REMATCH[3]}" "${BASH_REMATCH[4]}" "$elo"
}

echo "Self-play at $limit; the first side plays the changed margins:"
echo
echo "| margins | seed | games | W-D-L | score | Elo |"
echo "|---|---:|---:|---|---:|---:|"
k=0
for planned in "${matches[@]}"; do
  IFS='|' read -r label options log <<<"$planned"
  play "$label" "$options" "$log" $(( seed + k ))
  k=$(( k + 1 ))
done
