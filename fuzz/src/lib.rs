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
//!
//! The checks here are cheaper per step than `tests/common::check_position` (which
//! sweeps every conceivable action): a fuzzer needs thousands of executions per
//! second, and it chooses which actions to check instead.

pub mod input;
pub mod invariants;
pub mod play;
pub mod seeds;
pub mod text;
pub mod uci_loop;
