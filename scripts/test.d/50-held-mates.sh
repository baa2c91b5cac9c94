#!/usr/bin/env bash
# Every held mate of every rule set (tests/data/mates/), the long ones too: an
# optimised build, since the deep cases take minutes unoptimised. A search change
# that prunes a forced win away within the depth the test allows shows up here.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
cargo test --release --test mates -- --include-ignored
