//! Shared code of alfiere's fuzz targets (`fuzz_targets/*.rs`, run with
//! `cargo +nightly fuzz run <target>`; see docs/reliability.md).
//!
//! - [`input`] reads the fuzzer's bytes as choices (a variant, an index, a text).
//! - [`seeds`] gives start positions per rule set: the start and every position of
//!   the perft data files, so play begins in odd states (hands, board B, mid-turn).
//! - [`invariants`] holds the checks every position and action must pass; they panic
//!   on a violation, which libFuzzer reports as a crash.
//! - [`play`] drives one rule set with arbitrary legal and illegal actions and undos.
//! - [`text`] checks the text parsers (FEN, SAN, UCI tokens, PGN) on arbitrary text.
//! - [`uci_loop`] feeds arbitrary lines to the UCI session.
//! - [`legality`] compares every rule set's generator with the plain reference
//!   legality of `tests/common/reference` (shared as [`reference`]) on biased random
//!   positions built from the bytes.
//!
//! The play loops check each step more cheaply than `tests/common::check_every_invariant`
//! (which sweeps every conceivable action): they sample the actions instead (see
//! [`play`]), because a fuzzer needs thousands of executions per second. The modules
//! refer to each other through `super::`, so `tests/fuzz_regressions.rs` can include
//! this file as a module on the stable toolchain.

pub mod input;
// The checks live in the integration tests' shared helpers, so both run the same ones.
#[path = "../../tests/common/checks.rs"]
pub mod invariants;
pub mod legality;
pub mod play;
// The reference legality lives with the integration tests (`tests/reference.rs`).
#[path = "../../tests/common/reference/mod.rs"]
pub mod reference;
pub mod seeds;
pub mod text;
pub mod uci_loop;

/// Runs the target called `name` (a file name of `fuzz_targets/`) on one input;
/// `false` for an unknown name. The stable test `tests/fuzz_regressions.rs` replays
/// the saved inputs of `fuzz/regressions/` and `fuzz/corpus/` through it.
pub fn run_target(name: &str, data: &[u8]) -> bool {
    match name {
        "fen" => text::fen_target(data),
        "san" => text::san_target(data),
        "uci_action" => text::uci_action_target(data),
        "pgn" => text::pgn_target(data),
        "uci_loop" => uci_loop::uci_loop_target(data),
        "reference" => legality::reference_target(data),
        "play" => play::run_any(data),
        _ => return false,
    }
    true
}
