//! Actions: the atomic steps of play, self-describing (they carry the moving role,
//! the captured role and the promotion), and the fixed-capacity list the generators
//! fill.
//!
//! A *turn* is the run of actions one side makes before the other acts: one action in
//! orthodox chess, two in Marseillais, `n` in the `n`-th Progressive series, a move and
//! a push in Avalanche (RULES.md, conventions).
//!
//! ```
//! use alfiere::{Action, Role, Square};
//! let e4 = Action::Normal { role: Role::Pawn, from: Square::E1, to: Square::E1, capture: None, promotion: None };
//! assert!(!e4.is_capture());
//! ```

use crate::types::{CastlingSide, Role, Square};

/// One atomic step of play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// A piece moves (and maybe captures, maybe promotes).
    Normal {
        role: Role,
        from: Square,
        to: Square,
        capture: Option<Role>,
        promotion: Option<Role>,
    },
    /// Castling, given by the king's and the rook's starting squares.
    Castle { king: Square, rook: Square },
    /// An en-passant capture by the pawn on `from` moving to `to`.
    EnPassant { from: Square, to: Square },
    /// A piece from the hand is put on an empty square (Chess-Gi).
    Drop { role: Role, to: Square },
    /// An enemy pawn is pushed one square forward (Avalanche).
    Push { from: Square, to: Square },
    /// The owner chooses the piece for a pawn pending promotion (Avalanche).
    PromotionChoice { square: Square, role: Role },
}

impl Action {
    /// The role that moves or is placed (a pawn for pushes and promotion choices).
    pub fn role(&self) -> Role {
        match *self {
            Action::Normal { role, .. } => role,
            Action::Castle { .. } => Role::King,
            Action::EnPassant { .. } | Action::Push { .. } | Action::PromotionChoice { .. } => {
                Role::Pawn
            }
            Action::Drop { role, .. } => role,
        }
    }

    /// The departure square, if the action moves a piece.
    pub fn from(&self) -> Option<Square> {
        match *self {
            Action::Normal { from, .. }
            | Action::EnPassant { from, .. }
            | Action::Push { from, .. } => Some(from),
            Action::Castle { king, .. } => Some(king),
            Action::Drop { .. } => None,
            Action::PromotionChoice { square, .. } => Some(square),
        }
    }

    /// The square the piece ends on (the king's square for castling).
    pub fn to(&self) -> Square {
        match *self {
            Action::Normal { to, .. }
            | Action::EnPassant { to, .. }
            | Action::Push { to, .. }
            | Action::Drop { to, .. } => to,
            Action::Castle { king, rook } => CastlingSide::of(king, rook).king_to_on(king),
            Action::PromotionChoice { square, .. } => square,
        }
    }

    /// The captured role, if any.
    pub fn capture(&self) -> Option<Role> {
        match *self {
            Action::Normal { capture, .. } => capture,
            Action::EnPassant { .. } => Some(Role::Pawn),
            _ => None,
        }
    }

    #[inline]
    pub fn is_capture(&self) -> bool {
        self.capture().is_some()
    }

    /// The promotion role of a normal move or a promotion choice.
    pub fn promotion(&self) -> Option<Role> {
        match *self {
            Action::Normal { promotion, .. } => promotion,
            Action::PromotionChoice { role, .. } => Some(role),
            _ => None,
        }
    }

    /// Whether this is a pawn move, a capture, a drop or a push: an action that resets
    /// the 50/75-move clock in every rule set (RULES.md §1.1, §2, §8).
    pub fn is_zeroing(&self) -> bool {
        match *self {
            Action::Normal { role, capture, .. } => role == Role::Pawn || capture.is_some(),
            Action::Castle { .. } => false,
            Action::EnPassant { .. } | Action::Drop { .. } | Action::Push { .. } => true,
            Action::PromotionChoice { .. } => false,
        }
    }

    /// The castling side, for a castling action.
    pub fn castling_side(&self) -> Option<CastlingSide> {
        match *self {
            Action::Castle { king, rook } => Some(CastlingSide::of(king, rook)),
            _ => None,
        }
    }
}

impl CastlingSide {
    /// Where a king starting on `king` lands when castling to this side.
    fn king_to_on(self, king: Square) -> Square {
        let rank = king.rank();
        match self {
            CastlingSide::KingSide => Square::from_coords(crate::types::File::G, rank),
            CastlingSide::QueenSide => Square::from_coords(crate::types::File::C, rank),
        }
    }
}

/// Room for every legal action of any position of any rule set. Chess-Gi is the
/// largest: drops (at most 5 roles x 62 empty squares) plus moves; a search over
/// queen-heavy positions with full hands found 460, so this leaves a wide margin.
pub const MAX_ACTIONS: usize = 1024;

/// A fixed-capacity list of actions, filled by the move generators without allocating.
#[derive(Clone)]
pub struct ActionList {
    len: usize,
    items: [Action; MAX_ACTIONS],
}

impl Default for ActionList {
    fn default() -> ActionList {
        ActionList::new()
    }
}

impl std::fmt::Debug for ActionList {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl ActionList {
    pub fn new() -> ActionList {
        ActionList {
            len: 0,
            items: [Action::Drop {
                role: Role::Pawn,
                to: Square::A1,
            }; MAX_ACTIONS],
        }
    }

    /// Appends an action. Beyond [`MAX_ACTIONS`] the action is dropped (which no legal
    /// position reaches; debug builds assert).
    #[inline]
    pub fn push(&mut self, action: Action) {
        debug_assert!(self.len < MAX_ACTIONS, "action list overflow");
        if let Some(slot) = self.items.get_mut(self.len) {
            *slot = action;
            self.len += 1;
        }
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    #[inline]
    pub fn as_slice(&self) -> &[Action] {
        &self.items[..self.len]
    }

    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [Action] {
        &mut self.items[..self.len]
    }

    pub fn iter(&self) -> std::slice::Iter<'_, Action> {
        self.as_slice().iter()
    }

    pub fn contains(&self, action: &Action) -> bool {
        self.as_slice().contains(action)
    }

    /// Keeps only the actions for which `keep` returns true.
    pub fn retain(&mut self, mut keep: impl FnMut(&Action) -> bool) {
        let mut write = 0;
        for read in 0..self.len {
            let action = self.items[read];
            if keep(&action) {
                self.items[write] = action;
                write += 1;
            }
        }
        self.len = write;
    }

    pub fn to_vec(&self) -> Vec<Action> {
        self.as_slice().to_vec()
    }
}

impl<'a> IntoIterator for &'a ActionList {
    type Item = &'a Action;
    type IntoIter = std::slice::Iter<'a, Action>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl std::ops::Deref for ActionList {
    type Target = [Action];
    fn deref(&self) -> &[Action] {
        self.as_slice()
    }
}
