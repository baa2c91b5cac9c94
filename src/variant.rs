//! The rule-set identifiers of RULES.md ([`Variant`]): a leaf of the core, so that the
//! [`crate::Game`] trait and everything above it can name a rule set without
//! depending on the rule sets themselves.

use std::fmt;
use std::str::FromStr;

/// How a rule set's turn is made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TurnShape {
    /// One action (orthodox chess, Chess-Gi, Racing Kings, Alice, Billiards).
    Single,
    /// A series of actions by one side (Progressive, Marseillais).
    Series,
    /// A move, then a push of an enemy pawn (Avalanche).
    MoveAndPush,
}

impl TurnShape {
    /// A stable kebab-case name (`single`, `series`, `move-and-push`), for the JS API.
    pub const fn name(self) -> &'static str {
        match self {
            TurnShape::Single => "single",
            TurnShape::Series => "series",
            TurnShape::MoveAndPush => "move-and-push",
        }
    }
}

/// A rule set, identified as in RULES.md (API, UCI `UCI_Variant`, PGN tag).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Variant {
    Chess,
    Chess960,
    ChessGi,
    RacingKings,
    Alice,
    Billiards,
    ProgressiveScottish,
    ProgressiveItalian,
    Marseillais,
    MarseillaisBalanced,
    Avalanche,
}

impl Variant {
    /// Every rule set of RULES.md.
    pub const ALL: [Variant; 11] = [
        Variant::Chess,
        Variant::Chess960,
        Variant::ChessGi,
        Variant::RacingKings,
        Variant::Alice,
        Variant::Billiards,
        Variant::ProgressiveScottish,
        Variant::ProgressiveItalian,
        Variant::Marseillais,
        Variant::MarseillaisBalanced,
        Variant::Avalanche,
    ];

    /// The id: `chess`, `chessgi`, `racingkings`, ...
    pub const fn id(self) -> &'static str {
        match self {
            Variant::Chess => "chess",
            Variant::Chess960 => "chess960",
            Variant::ChessGi => "chessgi",
            Variant::RacingKings => "racingkings",
            Variant::Alice => "alice",
            Variant::Billiards => "billiards",
            Variant::ProgressiveScottish => "progressive-scottish",
            Variant::ProgressiveItalian => "progressive-italian",
            Variant::Marseillais => "marseillais",
            Variant::MarseillaisBalanced => "marseillais-balanced",
            Variant::Avalanche => "avalanche",
        }
    }

    /// The display name, as people write it ("Chess-Gi"); the PGN tag may differ
    /// ([`Variant::pgn_tag`]).
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Chess => "Chess",
            Variant::Chess960 => "Chess960",
            Variant::ChessGi => "Chess-Gi",
            Variant::RacingKings => "Racing Kings",
            Variant::Alice => "Alice",
            Variant::Billiards => "Billiards",
            Variant::ProgressiveScottish => "Progressive (Scottish)",
            Variant::ProgressiveItalian => "Progressive (Italian)",
            Variant::Marseillais => "Marseillais",
            Variant::MarseillaisBalanced => "Marseillais (balanced)",
            Variant::Avalanche => "Avalanche",
        }
    }

    /// The PGN `Variant` tag's value (RULES.md's name in brackets); `None` for
    /// orthodox chess, whose games carry no such tag (RULES.md calls it Standard).
    pub const fn pgn_tag(self) -> Option<&'static str> {
        match self {
            Variant::Chess => None,
            Variant::Chess960 => Some("Chess960"),
            Variant::ChessGi => Some("Chessgi"),
            Variant::RacingKings => Some("Racing Kings"),
            Variant::Alice => Some("Alice"),
            Variant::Billiards => Some("Billiards"),
            Variant::ProgressiveScottish => Some("Progressive (Scottish)"),
            Variant::ProgressiveItalian => Some("Progressive (Italian)"),
            Variant::Marseillais => Some("Marseillais"),
            Variant::MarseillaisBalanced => Some("Marseillais (balanced)"),
            Variant::Avalanche => Some("Avalanche"),
        }
    }

    /// How many boards the pieces stand on (Alice has two).
    pub const fn boards(self) -> u8 {
        match self {
            Variant::Alice => 2,
            Variant::Chess
            | Variant::Chess960
            | Variant::ChessGi
            | Variant::RacingKings
            | Variant::Billiards
            | Variant::ProgressiveScottish
            | Variant::ProgressiveItalian
            | Variant::Marseillais
            | Variant::MarseillaisBalanced
            | Variant::Avalanche => 1,
        }
    }

    /// Whether the diagonal moves of bishops and queens rebound off the edges
    /// (Billiards).
    pub const fn rebounding_diagonals(self) -> bool {
        match self {
            Variant::Billiards => true,
            Variant::Chess
            | Variant::Chess960
            | Variant::ChessGi
            | Variant::RacingKings
            | Variant::Alice
            | Variant::ProgressiveScottish
            | Variant::ProgressiveItalian
            | Variant::Marseillais
            | Variant::MarseillaisBalanced
            | Variant::Avalanche => false,
        }
    }

    /// Whether the castling king and rooks may start anywhere on the back rank
    /// (Chess960): FEN names castling rights by the rooks' files (`HAha`), UCI writes
    /// castling as the king taking its own rook.
    pub const fn castles_from_anywhere(self) -> bool {
        match self {
            Variant::Chess960 => true,
            Variant::Chess
            | Variant::ChessGi
            | Variant::RacingKings
            | Variant::Alice
            | Variant::Billiards
            | Variant::ProgressiveScottish
            | Variant::ProgressiveItalian
            | Variant::Marseillais
            | Variant::MarseillaisBalanced
            | Variant::Avalanche => false,
        }
    }

    /// How a turn is made.
    pub const fn turn_shape(self) -> TurnShape {
        match self {
            Variant::Chess
            | Variant::Chess960
            | Variant::ChessGi
            | Variant::RacingKings
            | Variant::Alice
            | Variant::Billiards => TurnShape::Single,
            Variant::ProgressiveScottish
            | Variant::ProgressiveItalian
            | Variant::Marseillais
            | Variant::MarseillaisBalanced => TurnShape::Series,
            Variant::Avalanche => TurnShape::MoveAndPush,
        }
    }

    /// The words for an own win and own draw where the rule set is not known, or has
    /// no goal of its own.
    pub const GENERAL_ENDING_WORDS: (&'static str, &'static str) =
        ("the rules of the variant", "the rules of the variant");

    /// The words for this rule set's own win and own draw (the endings
    /// `EndReason::VariantWin` and `VariantDraw`), as in "White wins by ...".
    pub const fn own_ending_words(self) -> (&'static str, &'static str) {
        match self {
            Variant::RacingKings => (
                "reaching the eighth rank",
                "both kings reaching the eighth rank",
            ),
            // None of these ends a game by a goal of its own.
            Variant::Chess
            | Variant::Chess960
            | Variant::ChessGi
            | Variant::Alice
            | Variant::Billiards
            | Variant::ProgressiveScottish
            | Variant::ProgressiveItalian
            | Variant::Marseillais
            | Variant::MarseillaisBalanced
            | Variant::Avalanche => Variant::GENERAL_ENDING_WORDS,
        }
    }

    /// Looks a rule set up by id, display name or PGN tag (case-insensitive).
    pub fn from_name(name: &str) -> Option<Variant> {
        let wanted = name.trim();
        Variant::ALL
            .into_iter()
            .find(|v| {
                v.id().eq_ignore_ascii_case(wanted)
                    || v.name().eq_ignore_ascii_case(wanted)
                    || v.pgn_tag()
                        .is_some_and(|tag| tag.eq_ignore_ascii_case(wanted))
            })
            .or_else(|| match wanted.to_ascii_lowercase().as_str() {
                "standard" | "orthodox" | "normal" => Some(Variant::Chess),
                "racing-kings" => Some(Variant::RacingKings),
                // Other names engines and sites use (Fairy-Stockfish, older PGN).
                "fischerandom" | "fischer random" | "fischer-random" | "chess 960" | "960"
                | "frc" => Some(Variant::Chess960),
                _ => None,
            })
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// The error for an unknown or unimplemented variant id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownVariantError(pub String);

impl fmt::Display for UnknownVariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ids: Vec<&str> = Variant::ALL.iter().map(|v| v.id()).collect();
        write!(
            f,
            "unknown variant '{}' (known: {})",
            // Escaped: the id may come from a UCI line, where a raw `\r` or NUL
            // in the answer would break the protocol's one-line replies.
            self.0.escape_debug(),
            ids.join(", ")
        )
    }
}

impl std::error::Error for UnknownVariantError {}

impl FromStr for Variant {
    type Err = UnknownVariantError;
    /// Parses an implemented rule set's id or name.
    fn from_str(s: &str) -> Result<Variant, UnknownVariantError> {
        Variant::from_name(s).ok_or_else(|| UnknownVariantError(s.chars().take(64).collect()))
    }
}
