#!/usr/bin/env bash
# Every shipped puzzle (data/puzzles/) replayed with its searches: each solver step
# still the one winning action at the shipped probe budget. An optimised build, since
# 2,000 puzzles take minutes unoptimised. A search change that makes a puzzle
# ambiguous, or finds it no longer wins, shows up here.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
cargo test --release --test puzzles -- --include-ignored
