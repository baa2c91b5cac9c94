//! Why a move a person tried is refused, through the API: the rules' reason
//! ([`crate::refusal`]) with its words and, where pieces are the reason, each with
//! the path along which it would attack the king (bent in Billiards), for a board to
//! say and draw.

use super::checks::{attack_infos, CheckInfo};
use super::{parse_origin, parse_square, ApiError, Game};
use crate::notation::san::SanIntent;
use crate::refusal::Refusal;
use crate::types::{Piece, Role, Square};
use serde::Serialize;

/// `{reason, text, attackers}`: why an action is refused.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RefusalInfo {
    /// A stable snake_case name ([`Refusal::name`]).
    pub reason: &'static str,
    /// The reason in words, without a final full stop.
    pub text: &'static str,
    /// The pieces that would attack the king after it, each with its path to the king.
    pub attackers: Vec<CheckInfo>,
}

impl Game {
    /// Why the move `from` → `to` (`from` may be `N@` for a drop) is not legal for
    /// the side to act; `None` when it is.
    ///
    /// # Errors
    /// `InvalidArgument` for a malformed square or drop.
    pub fn refusal(&self, from: &str, to: &str) -> Result<Option<RefusalInfo>, ApiError> {
        let to = parse_square(to, "to")?;
        let (from, drop) = parse_origin(from)?;
        Ok(self.refusal_at(from, drop, to))
    }

    /// Why a move typed as text (SAN, even an illegal one, or UCI) is refused: the
    /// reason for the piece it names that comes closest (one whose way is not simply
    /// wrong); `None` when the text is legal or names no piece and square.
    pub fn refusal_of_text(&self, text: &str) -> Option<RefusalInfo> {
        if text.len() > super::MAX_SHORT_TEXT || self.inner.parse_move(text).is_ok() {
            return None;
        }
        let token: String = text.trim().chars().filter(|c| *c != '-').take(5).collect();
        if let (Ok((from, drop)), Some(Ok(to))) = (
            parse_origin(token.get(..2).unwrap_or_default()),
            token.get(2..4).map(str::parse::<Square>),
        ) {
            return self.refusal_at(from, drop, to);
        }
        match crate::notation::san::intent(text)? {
            SanIntent::Drop { role, to } => self.refusal_at(None, Some(role), to),
            SanIntent::Move {
                role,
                file,
                rank,
                to,
            } => {
                let placement = self.inner.placement();
                let pieces = placement.board.by_piece(Piece::new(self.turn(), role));
                let mut best = None;
                for from in pieces {
                    if file.is_some_and(|f| f != from.file())
                        || rank.is_some_and(|r| r != from.rank())
                    {
                        continue;
                    }
                    let info = self.refusal_at(Some(from), None, to)?;
                    let telling = info.reason != Refusal::CannotMoveThere.name();
                    if telling || best.is_none() {
                        best = Some(info);
                    }
                    if telling {
                        break;
                    }
                }
                best
            }
        }
    }

    /// [`Self::refusal`] of parsed squares.
    fn refusal_at(
        &self,
        from: Option<Square>,
        drop: Option<Role>,
        to: Square,
    ) -> Option<RefusalInfo> {
        let refusal = crate::refusal::refusal(self.inner.as_ref(), from, drop, to)?;
        let mut attackers = Vec::new();
        if let Refusal::KingAttacked { by } = refusal {
            let placement = self.inner.placement();
            let board = placement.board;
            let us = self.turn();
            let moves_king = from.is_some_and(|from| board.king_of(us) == Some(from));
            let king = if moves_king {
                Some(to)
            } else {
                board.king_of(us)
            };
            let mut occupied = board.occupied();
            if let Some(from) = from {
                occupied.remove(from);
            }
            occupied.add(to);
            if let Some(king) = king {
                attackers = attack_infos(self.variant(), &placement, by, king, occupied);
            }
        }
        Some(RefusalInfo {
            reason: refusal.name(),
            text: refusal.text(),
            attackers,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn why(variant: &str, fen: &str, from: &str, to: &str) -> Option<RefusalInfo> {
        Game::new(variant, Some(fen))
            .unwrap()
            .refusal(from, to)
            .unwrap()
    }

    #[test]
    fn a_legal_move_has_no_refusal() {
        let game = Game::new("chess", None).unwrap();
        assert_eq!(game.refusal("e2", "e4").unwrap(), None);
        assert_eq!(
            game.refusal("e2", "e5").unwrap().unwrap().reason,
            "cannot_move_there"
        );
        assert_eq!(
            game.refusal("e7", "e5").unwrap().unwrap().reason,
            "not_own_piece"
        );
        assert_eq!(
            game.refusal("d1", "d2").unwrap().unwrap().reason,
            "own_piece_there"
        );
        assert!(game.refusal("e9", "e4").is_err());
        assert!(game.refusal("X@", "e4").is_err());
    }

    #[test]
    fn a_pinned_piece_names_the_pinner_and_its_path() {
        // The knight on e2 is pinned by the rook on e8.
        let info = why("chess", "4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1", "e2", "c3").unwrap();
        assert_eq!(info.reason, "king_attacked");
        assert_eq!(info.attackers.len(), 1);
        assert_eq!(info.attackers[0].square.to_string(), "e8");
        let path: Vec<String> = info.attackers[0]
            .path
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(path, ["e8", "e1"]);
    }

    #[test]
    fn billiards_king_refused_along_a_rebound() {
        // The black queen on d8 guards f2 along d8-h4-f2: the king may not step there.
        let info = why("billiards", "3qk3/8/8/8/8/8/8/4K3 w - - 0 1", "e1", "f2").unwrap();
        assert_eq!(info.reason, "king_attacked");
        let path: Vec<String> = info.attackers[0]
            .path
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(path, ["d8", "h4", "f2"]);
    }

    #[test]
    fn progressive_italian_refuses_a_check_mid_series() {
        // 1. e4 2. e5 d6: White's series of three; Bb5+ as its first action is refused.
        let mut game = Game::new("progressive-italian", None).unwrap();
        for action in ["e4", "e5", "d6"] {
            game.play_text(action).unwrap();
        }
        let info = game.refusal("f1", "b5").unwrap().unwrap();
        assert_eq!(info.reason, "check_mid_series", "{info:?}");
        // As the last action of the series it is legal.
        game.play_text("a3").unwrap();
        game.play_text("a4").unwrap();
        assert_eq!(game.refusal("f1", "b5").unwrap(), None);
    }

    #[test]
    fn typed_text_finds_its_piece() {
        let mut game = Game::new("progressive-italian", None).unwrap();
        for action in ["e4", "e5", "d6"] {
            game.play_text(action).unwrap();
        }
        assert_eq!(
            game.refusal_of_text("Bb5+").unwrap().reason,
            "check_mid_series"
        );
        assert_eq!(
            game.refusal_of_text("f1b5").unwrap().reason,
            "check_mid_series"
        );
        assert_eq!(
            game.refusal_of_text("Bb5").unwrap().reason,
            "check_mid_series"
        );
        assert_eq!(game.refusal_of_text("a3"), None);
        assert_eq!(game.refusal_of_text("hello"), None);
        let pinned = Game::new("chess", Some("4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1")).unwrap();
        assert_eq!(
            pinned.refusal_of_text("nc3").unwrap().reason,
            "king_attacked"
        );
        assert_eq!(
            pinned.refusal_of_text("Nc4").unwrap().reason,
            "cannot_move_there"
        );
    }

    #[test]
    fn racing_kings_refuses_a_check_and_chessgi_a_pawn_drop_on_the_last_rank() {
        let start = "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1";
        let info = why("racingkings", start, "e2", "c3").unwrap();
        assert_eq!(info.reason, "gives_check");
        let gi = "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1";
        assert_eq!(
            why("chessgi", gi, "P@", "e8").unwrap().reason,
            "pawn_drop_on_last_rank"
        );
        assert_eq!(
            why("chessgi", gi, "N@", "e4").unwrap().reason,
            "not_in_hand"
        );
        assert_eq!(why("chessgi", gi, "P@", "e4"), None);
    }
}
