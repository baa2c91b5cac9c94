//! The errors of the high-level API: one kind per failure a caller can act on, each
//! with a stable name and code (the JS API throws them as `Error`s with these
//! `name`/`code` values), and a message that quotes the bad input.

use std::fmt;

/// What went wrong.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ApiErrorKind {
    /// A move that is not legal (or not a move) in the current position.
    IllegalMove,
    /// A FEN that does not parse or is not a legal position of the rule set.
    InvalidFen,
    /// PGN text that does not parse or has an illegal move.
    InvalidPgn,
    /// A rule-set id this build does not know.
    UnknownVariant,
    /// An argument of the wrong type or out of range.
    InvalidArgument,
    /// A move was attempted after the game ended.
    GameOver,
    /// A draw claim when no claim is valid.
    NoClaim,
    /// A network file that is missing, truncated, corrupt or of another layout.
    InvalidNetwork,
    /// A board edit that would leave a position the rule set does not allow.
    InvalidPosition,
    /// A time control that is not in the PGN `TimeControl` form.
    InvalidTimeControl,
}

impl ApiErrorKind {
    /// The stable error name, e.g. `IllegalMoveError`.
    pub const fn name(self) -> &'static str {
        match self {
            ApiErrorKind::IllegalMove => "IllegalMoveError",
            ApiErrorKind::InvalidFen => "InvalidFenError",
            ApiErrorKind::InvalidPgn => "InvalidPgnError",
            ApiErrorKind::UnknownVariant => "UnknownVariantError",
            ApiErrorKind::InvalidArgument => "InvalidArgumentError",
            ApiErrorKind::GameOver => "GameOverError",
            ApiErrorKind::NoClaim => "NoClaimError",
            ApiErrorKind::InvalidNetwork => "InvalidNetworkError",
            ApiErrorKind::InvalidPosition => "InvalidPositionError",
            ApiErrorKind::InvalidTimeControl => "InvalidTimeControlError",
        }
    }

    /// The stable error code, e.g. `ILLEGAL_MOVE`.
    pub const fn code(self) -> &'static str {
        match self {
            ApiErrorKind::IllegalMove => "ILLEGAL_MOVE",
            ApiErrorKind::InvalidFen => "INVALID_FEN",
            ApiErrorKind::InvalidPgn => "INVALID_PGN",
            ApiErrorKind::UnknownVariant => "UNKNOWN_VARIANT",
            ApiErrorKind::InvalidArgument => "INVALID_ARGUMENT",
            ApiErrorKind::GameOver => "GAME_OVER",
            ApiErrorKind::NoClaim => "NO_CLAIM",
            ApiErrorKind::InvalidNetwork => "INVALID_NETWORK",
            ApiErrorKind::InvalidPosition => "INVALID_POSITION",
            ApiErrorKind::InvalidTimeControl => "INVALID_TIME_CONTROL",
        }
    }
}

/// An API failure; the game it happened on is unchanged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    pub kind: ApiErrorKind,
    pub message: String,
}

impl ApiError {
    pub fn new(kind: ApiErrorKind, message: impl Into<String>) -> ApiError {
        ApiError {
            kind,
            message: message.into(),
        }
    }
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ApiError {}

/// At most `max` characters of user input, for quoting it in a message.
pub fn quote(text: &str, max: usize) -> String {
    // The end of the first `max` characters by one walk (a collect and a second
    // count were vectorised into 1 KB of the WebAssembly module).
    match text.char_indices().nth(max) {
        Some((end, _)) => text[..end].to_string() + "…",
        None => text.to_string(),
    }
}
