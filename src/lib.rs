//! alfiere: chess and nine historical variants (RULES.md) — rules, notation, perft,
//! and a UCI engine, native and WebAssembly.
//!
//! ```
//! use alfiere::{Chess, Position, Record, notation::{fen, san}};
//! let mut record = Record::new(Chess::start());
//! for mv in ["f3", "e5", "g4", "Qh4#"] {
//!     let action = san::parse_san(record.current(), mv).unwrap();
//!     record.play(&action).unwrap();
//! }
//! let outcome = record.outcome().unwrap();
//! assert_eq!(outcome.to_string(), "Black wins by checkmate");
//! assert_eq!(fen::write_fen(record.current()), "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
//! ```

#![forbid(unsafe_code)]

pub mod accepted;
pub mod analysis;
pub mod api;
pub mod attacks;
pub mod bitboard;
pub mod board;
pub mod clock;
pub mod eval;
pub mod game;
mod movegen;
pub mod moves;
pub mod notation;
pub mod perft;
pub mod puzzles;
pub mod record;
pub mod refusal;
pub mod search;
pub mod setup;
pub mod shown;
#[cfg(not(target_arch = "wasm32"))]
pub mod teacher;
pub mod types;
pub mod variant;
pub mod variants;
pub mod zobrist;

pub mod engine;
pub mod uci;

#[cfg(target_arch = "wasm32")]
mod wasm;

pub use accepted::{AcceptedProblems, ProblemKind, UnknownProblemKind};
pub use bitboard::Bitboard;
pub use board::{Board, BoardId, PlacedPiece, Placement};
pub use clock::{TimeControl, TimeControlError};
pub use game::{EndReason, IllegalActionError, Outcome, Phase, Position, TurnState};
pub use moves::{Action, ActionList};
pub use record::{Record, RecordError};
pub use setup::{ExtraState, Hand, PositionError, PositionProblem, Setup};
pub use types::{ByColor, ByRole, CastlingSide, Color, File, Piece, Rank, Role, Square};
pub use variants::{
    Alice, Avalanche, Billiards, Chess, Chess960, ChessGi, RacingKings, UnknownVariantError,
    Variant,
};
