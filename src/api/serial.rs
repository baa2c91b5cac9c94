//! How the API's values read as plain data (serde): one spelling per concept in every
//! front end. A colour is `w`/`b` (as in FEN), a role its FEN letter in lowercase, a
//! square `e4`, an Alice board `a`/`b`, an action kind or ending reason its
//! snake-case name, a Chess-Gi hand `{p, n, b, r, q}`, and an outcome
//! `{winner, reason, text}`.

use super::info::ActionKind;
use crate::board::BoardId;
use crate::game::EndReason;
use crate::setup::Hand;
use crate::types::{Color, Role, Square};
use serde::ser::{Serialize, SerializeStruct, Serializer};

impl Serialize for Color {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(match self {
            Color::White => "w",
            Color::Black => "b",
        })
    }
}

impl Serialize for Role {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_char(self.char())
    }
}

impl Serialize for Square {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl Serialize for BoardId {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl Serialize for ActionKind {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl Serialize for EndReason {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// `{p, n, b, r, q}`: the count of each role in a Chess-Gi hand.
impl Serialize for Hand {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut o = s.serialize_struct("Hand", 5)?;
        o.serialize_field("p", &self.count(Role::Pawn))?;
        o.serialize_field("n", &self.count(Role::Knight))?;
        o.serialize_field("b", &self.count(Role::Bishop))?;
        o.serialize_field("r", &self.count(Role::Rook))?;
        o.serialize_field("q", &self.count(Role::Queen))?;
        o.end()
    }
}

#[cfg(test)]
mod tests {
    use crate::api::Game;
    use serde_json::json;

    #[test]
    fn a_move_reads_as_chess_js_does_plus_the_variant_fields() {
        let mut game = Game::new("chess", None).unwrap();
        let e4 = game.play_text("e4").unwrap();
        assert_eq!(
            serde_json::to_value(&e4).unwrap(),
            json!({
                "color": "w", "from": "e2", "to": "e4", "piece": "p", "flags": "b",
                "san": "e4", "lan": "e2e4",
                "before": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                "after": "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
                "kind": "move", "endsTurn": true
            })
        );
    }

    #[test]
    fn outcomes_turns_squares_and_drops_use_one_spelling() {
        let mut game = Game::new("chess", None).unwrap();
        for m in ["f3", "e5", "g4", "Qh4#"] {
            game.play_text(m).unwrap();
        }
        assert_eq!(
            serde_json::to_value(game.outcome_info()).unwrap(),
            json!({"winner": "b", "reason": "checkmate", "text": "Black wins by checkmate"})
        );
        assert_eq!(
            serde_json::to_value(game.describe(game.clone().agree_draw())).unwrap(),
            json!({"winner": null, "reason": "agreement", "text": "Draw by agreement"})
        );
        let turn = Game::new("marseillais", None).unwrap().turn_info();
        assert_eq!(
            serde_json::to_value(turn).unwrap(),
            json!({"side": "w", "length": 2, "played": 0, "phase": "move"})
        );
        let mut alice = Game::new("alice", None).unwrap();
        alice.play_text("e4").unwrap();
        let boards: Vec<(String, String)> = alice
            .board()
            .iter()
            .map(|s| serde_json::to_value(s).unwrap())
            .map(|v| {
                (
                    v["square"].as_str().unwrap().to_string(),
                    v["board"].as_str().unwrap().to_string(),
                )
            })
            .filter(|(_, board)| board == "b")
            .collect();
        assert_eq!(boards, [("e4".to_string(), "b".to_string())]);
        let square = serde_json::to_value(Game::new("chess", None).unwrap().board()[0]).unwrap();
        assert_eq!(square, json!({"square": "a1", "type": "r", "color": "w"}));
        let mut gi = Game::new("chessgi", Some("4k3/8/8/8/8/8/8/4K3[N] w - - 0 1")).unwrap();
        let drop = gi.play_text("N@e4").unwrap();
        let value = serde_json::to_value(&drop).unwrap();
        assert_eq!(
            (value.get("from"), &value["piece"], &value["kind"]),
            (None, &json!("n"), &json!("drop"))
        );
    }
}
