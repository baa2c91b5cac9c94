//! The one place where a rule set that wraps orthodox chess's position takes methods
//! from it unchanged: [`from_orthodox!`] writes, inside an `impl Position` block, each
//! named [`crate::Position`] method as a call to [`Chess`](crate::Chess)'s own on the
//! named field. A rule set lists what it takes; whatever it does not list it writes
//! itself, and the compiler asks for every required method either way.
//!
//! ```ignore
//! impl Position for ChessGi {
//!     from_orthodox!(chess: turn, placement, checkers, zobrist);
//!     // ... the methods Chess-Gi changes
//! }
//! ```

/// Writes the listed [`crate::Position`] methods as calls to the orthodox position in
/// field `$field` (see the module).
macro_rules! from_orthodox {
    ($field:ident: $($method:ident),+ $(,)?) => {
        $($crate::variants::delegate::from_orthodox!(@one $field $method);)+
    };
    (@one $f:ident to_setup) => {
        fn to_setup(&self) -> $crate::Setup {
            $crate::Position::to_setup(&self.$f)
        }
    };
    (@one $f:ident turn) => {
        #[inline]
        fn turn(&self) -> $crate::Color {
            $crate::Position::turn(&self.$f)
        }
    };
    (@one $f:ident placement) => {
        fn placement(&self) -> $crate::Placement<'_> {
            $crate::Position::placement(&self.$f)
        }
    };
    (@one $f:ident legal_actions) => {
        fn legal_actions(&self, out: &mut $crate::ActionList) {
            $crate::Position::legal_actions(&self.$f, out)
        }
    };
    (@one $f:ident tactical_actions) => {
        fn tactical_actions(&self, out: &mut $crate::ActionList) {
            $crate::Position::tactical_actions(&self.$f, out)
        }
    };
    (@one $f:ident count_legal_actions) => {
        fn count_legal_actions(&self) -> usize {
            $crate::Position::count_legal_actions(&self.$f)
        }
    };
    (@one $f:ident is_legal) => {
        fn is_legal(&self, action: &$crate::Action) -> bool {
            $crate::Position::is_legal(&self.$f, action)
        }
    };
    (@one $f:ident attackers) => {
        fn attackers(&self, square: $crate::Square, color: $crate::Color) -> $crate::Bitboard {
            $crate::Position::attackers(&self.$f, square, color)
        }
    };
    (@one $f:ident checkers) => {
        fn checkers(&self) -> $crate::Bitboard {
            $crate::Position::checkers(&self.$f)
        }
    };
    (@one $f:ident outcome) => {
        fn outcome(&self) -> Option<$crate::Outcome> {
            $crate::Position::outcome(&self.$f)
        }
    };
    (@one $f:ident cannot_mate) => {
        fn cannot_mate(&self, color: $crate::Color) -> bool {
            $crate::Position::cannot_mate(&self.$f, color)
        }
    };
    (@one $f:ident zobrist) => {
        fn zobrist(&self) -> u64 {
            $crate::Position::zobrist(&self.$f)
        }
    };
    (@one $f:ident halfmove_clock) => {
        fn halfmove_clock(&self) -> u32 {
            $crate::Position::halfmove_clock(&self.$f)
        }
    };
    (@one $f:ident fullmove_number) => {
        fn fullmove_number(&self) -> u32 {
            $crate::Position::fullmove_number(&self.$f)
        }
    };
    (@one $f:ident castling_rights) => {
        fn castling_rights(&self) -> $crate::Bitboard {
            $crate::Position::castling_rights(&self.$f)
        }
    };
    (@one $f:ident legal_ep_squares) => {
        fn legal_ep_squares(&self) -> Vec<$crate::Square> {
            $crate::Position::legal_ep_squares(&self.$f)
        }
    };
}

pub(crate) use from_orthodox;
