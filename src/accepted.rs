//! Kinds of position problem a caller may accept on purpose, for boards no game can
//! reach: board editors, puzzle composers and teaching tools build such boards piece
//! by piece, and the chess.js drop-in accepts them as chess.js does.
//!
//! Nothing is accepted by default: a position is then held to RULES.md. Each kind
//! names problems [`crate::PositionProblem`] lists; the rule set still reports every
//! other problem. A position accepted this way keeps every query working: moves,
//! attackers, checks, FEN, the endings and perft never panic on it (see
//! [`crate::variants::Chess`] for what its moves are).
//!
//! ```
//! use alfiere::{AcceptedProblems, ProblemKind};
//! let accepted: AcceptedProblems = "too-many-pieces,missing-king".parse().unwrap();
//! assert!(accepted.contains(ProblemKind::MissingKing));
//! assert!(!accepted.contains(ProblemKind::OppositeCheck));
//! assert_eq!(accepted.to_string(), "too-many-pieces,missing-king");
//! ```

use crate::setup::PositionProblem;
use std::fmt;
use std::str::FromStr;

/// A kind of position problem that can be accepted on purpose.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ProblemKind {
    /// A side with more than 16 pieces ([`PositionProblem::TooManyPieces`]).
    TooManyPieces,
    /// The side not to move in check ([`PositionProblem::OppositeCheck`]).
    OppositeCheck,
    /// A check no legal last move could give ([`PositionProblem::ImpossibleCheck`]).
    ImpossibleCheck,
    /// A side without a king ([`PositionProblem::MissingKing`]).
    MissingKing,
}

impl ProblemKind {
    /// Every kind, in the order of their bits and names.
    pub const ALL: [ProblemKind; 4] = [
        ProblemKind::TooManyPieces,
        ProblemKind::OppositeCheck,
        ProblemKind::ImpossibleCheck,
        ProblemKind::MissingKing,
    ];

    /// Every kind's name, as error messages list them.
    pub const NAMES: &'static str =
        "too-many-pieces, opposite-check, impossible-check, missing-king";

    /// The kind's name in every layer (JS option strings, errors): kebab case.
    pub fn name(self) -> &'static str {
        match self {
            ProblemKind::TooManyPieces => "too-many-pieces",
            ProblemKind::OppositeCheck => "opposite-check",
            ProblemKind::ImpossibleCheck => "impossible-check",
            ProblemKind::MissingKing => "missing-king",
        }
    }

    /// The kind named `name` ([`ProblemKind::name`]), if any.
    pub fn from_name(name: &str) -> Option<ProblemKind> {
        match name {
            "too-many-pieces" => Some(ProblemKind::TooManyPieces),
            "opposite-check" => Some(ProblemKind::OppositeCheck),
            "impossible-check" => Some(ProblemKind::ImpossibleCheck),
            "missing-king" => Some(ProblemKind::MissingKing),
            _ => None,
        }
    }

    /// The kind of `problem`, if it is one that can be accepted.
    pub fn of(problem: &PositionProblem) -> Option<ProblemKind> {
        match problem {
            PositionProblem::TooManyPieces(_) => Some(ProblemKind::TooManyPieces),
            PositionProblem::OppositeCheck => Some(ProblemKind::OppositeCheck),
            PositionProblem::ImpossibleCheck => Some(ProblemKind::ImpossibleCheck),
            PositionProblem::MissingKing(_) => Some(ProblemKind::MissingKing),
            _ => None,
        }
    }

    fn bit(self) -> u8 {
        1 << self as u8
    }
}

impl fmt::Display for ProblemKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is no [`ProblemKind`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownProblemKind(pub String);

impl fmt::Display for UnknownProblemKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // At most 32 characters of the name: it may be any text a caller passed.
        let shown: String = self.0.chars().take(32).collect();
        let more = if self.0.chars().count() > 32 {
            "…"
        } else {
            ""
        };
        write!(
            f,
            "'{shown}{more}' is not a kind of position problem that can be accepted ({})",
            ProblemKind::NAMES
        )
    }
}

impl std::error::Error for UnknownProblemKind {}

impl FromStr for ProblemKind {
    type Err = UnknownProblemKind;

    fn from_str(text: &str) -> Result<ProblemKind, UnknownProblemKind> {
        ProblemKind::from_name(text).ok_or_else(|| UnknownProblemKind(text.to_string()))
    }
}

/// The set of problem kinds a caller accepts; empty by default.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct AcceptedProblems(u8);

impl AcceptedProblems {
    /// Nothing accepted: RULES.md's positions only.
    pub const NONE: AcceptedProblems = AcceptedProblems(0);
    /// Every kind, as chess.js accepts boards.
    pub const ALL: AcceptedProblems = AcceptedProblems(0b1111);

    /// This set and `kind`.
    #[must_use]
    pub fn with(self, kind: ProblemKind) -> AcceptedProblems {
        AcceptedProblems(self.0 | kind.bit())
    }

    pub fn contains(self, kind: ProblemKind) -> bool {
        self.0 & kind.bit() != 0
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `problem` is of an accepted kind.
    pub fn accepts(self, problem: &PositionProblem) -> bool {
        ProblemKind::of(problem).is_some_and(|kind| self.contains(kind))
    }
}

impl FromIterator<ProblemKind> for AcceptedProblems {
    fn from_iter<I: IntoIterator<Item = ProblemKind>>(kinds: I) -> AcceptedProblems {
        kinds
            .into_iter()
            .fold(AcceptedProblems::NONE, AcceptedProblems::with)
    }
}

/// Comma-separated names (`""` for none).
impl fmt::Display for AcceptedProblems {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<_> = ProblemKind::ALL
            .into_iter()
            .filter(|kind| self.contains(*kind))
            .map(ProblemKind::name)
            .collect();
        f.write_str(&names.join(","))
    }
}

/// Comma-separated names; spaces around them and empty items are ignored.
impl FromStr for AcceptedProblems {
    type Err = UnknownProblemKind;

    fn from_str(text: &str) -> Result<AcceptedProblems, UnknownProblemKind> {
        text.split(',')
            .map(str::trim)
            .filter(|name| !name.is_empty())
            .map(str::parse::<ProblemKind>)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::Color;

    #[test]
    fn names_read_back_and_unknown_names_are_refused() {
        for kind in ProblemKind::ALL {
            assert_eq!(kind.name().parse::<ProblemKind>(), Ok(kind));
        }
        assert_eq!("".parse::<AcceptedProblems>(), Ok(AcceptedProblems::NONE));
        assert_eq!(
            AcceptedProblems::ALL.to_string().parse(),
            Ok(AcceptedProblems::ALL)
        );
        let err = "too-many-kings".parse::<AcceptedProblems>().unwrap_err();
        let listed: Vec<_> = ProblemKind::ALL.iter().map(|kind| kind.name()).collect();
        assert!(
            err.to_string()
                .ends_with(&format!("({})", listed.join(", "))),
            "{err}"
        );
    }

    #[test]
    fn only_the_named_kinds_are_accepted() {
        let accepted = AcceptedProblems::NONE.with(ProblemKind::MissingKing);
        assert!(accepted.accepts(&PositionProblem::MissingKing(Color::Black)));
        assert!(!accepted.accepts(&PositionProblem::TooManyPieces(Color::Black)));
        assert!(!AcceptedProblems::ALL.accepts(&PositionProblem::TooManyKings(Color::White)));
        assert!(!AcceptedProblems::ALL
            .accepts(&PositionProblem::PawnOnBackRank(crate::types::Square::A1)));
    }
}
