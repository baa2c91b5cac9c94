//! The one place where a rule set that wraps orthodox chess's position takes methods
//! from it unchanged: [`from_orthodox!`] writes, inside an `impl Game` block, each
//! named [`crate::Game`] method as a call to [`Chess`](crate::Chess)'s own on the
//! named field. A rule set lists what it takes; whatever it does not list it writes
//! itself, and the compiler asks for every required method either way.
//!
//! ```ignore
//! impl Game for ChessGi {
//!     from_orthodox!(chess: turn, placement, checkers, zobrist);
//!     // ... the methods Chess-Gi changes
//! }
//! ```

/// Writes the listed [`crate::Game`] methods as calls to the orthodox position in
/// field `$field` (see the module).
macro_rules! from_orthodox {
    ($field:ident: $($method:ident),+ $(,)?) => {
        $($crate::variants::delegate::from_orthodox!(@one $field $method);)+
    };
    (@one $f:ident to_setup) => {
        fn to_setup(&self) -> $crate::Setup {
            $crate::Game::to_setup(&self.$f)
        }
    };
    (@one $f:ident turn) => {
        #[inline]
        fn turn(&self) -> $crate::Color {
            $crate::Game::turn(&self.$f)
        }
    };
    (@one $f:ident placement) => {
        fn placement(&self) -> $crate::Placement<'_> {
            $crate::Game::placement(&self.$f)
        }
    };
    (@one $f:ident legal_actions) => {
        fn legal_actions(&self, out: &mut $crate::ActionList) {
            $crate::Game::legal_actions(&self.$f, out)
        }
    };
    (@one $f:ident tactical_actions) => {
        fn tactical_actions(&self, out: &mut $crate::ActionList) {
            $crate::Game::tactical_actions(&self.$f, out)
        }
    };
    (@one $f:ident count_legal_actions) => {
        fn count_legal_actions(&self) -> usize {
            $crate::Game::count_legal_actions(&self.$f)
        }
    };
    (@one $f:ident is_legal) => {
        fn is_legal(&self, action: &$crate::Action) -> bool {
            $crate::Game::is_legal(&self.$f, action)
        }
    };
    (@one $f:ident attackers) => {
        fn attackers(&self, square: $crate::Square, color: $crate::Color) -> $crate::Bitboard {
            $crate::Game::attackers(&self.$f, square, color)
        }
    };
    (@one $f:ident checkers) => {
        fn checkers(&self) -> $crate::Bitboard {
            $crate::Game::checkers(&self.$f)
        }
    };
    (@one $f:ident outcome) => {
        fn outcome(&self) -> Option<$crate::Outcome> {
            $crate::Game::outcome(&self.$f)
        }
    };
    (@one $f:ident cannot_mate) => {
        fn cannot_mate(&self, color: $crate::Color) -> bool {
            $crate::Game::cannot_mate(&self.$f, color)
        }
    };
    (@one $f:ident zobrist) => {
        fn zobrist(&self) -> u64 {
            $crate::Game::zobrist(&self.$f)
        }
    };
    (@one $f:ident halfmove_clock) => {
        fn halfmove_clock(&self) -> u32 {
            $crate::Game::halfmove_clock(&self.$f)
        }
    };
    (@one $f:ident fullmove_number) => {
        fn fullmove_number(&self) -> u32 {
            $crate::Game::fullmove_number(&self.$f)
        }
    };
    (@one $f:ident castling_rights) => {
        fn castling_rights(&self) -> $crate::Bitboard {
            $crate::Game::castling_rights(&self.$f)
        }
    };
    (@one $f:ident legal_ep_squares) => {
        fn legal_ep_squares(&self) -> Vec<$crate::Square> {
            $crate::Game::legal_ep_squares(&self.$f)
        }
    };
}

pub(crate) use from_orthodox;
