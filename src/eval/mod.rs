//! Static evaluation of a position of any rule set, in centipawns from the side to
//! act's point of view.
//!
//! Terms (each in its own file, weights in [`params`]): material and piece-square
//! tables, tapered between middlegame and endgame by the material left
//! (`material.rs`, `pst.rs`, `taper.rs`); mobility under the rule set's geometry
//! (`mobility.rs`); pawn structure and passed pawns (`pawns.rs`); king shelter and
//! attacks on the king zone (`king.rs`); and the terms of single rule sets
//! (`variants.rs`): Chess-Gi's hands and drop threats, Racing Kings' race, Alice's
//! boards, Avalanche's pushes, and the tempo of the actions left in a multi-action
//! turn.
//!
//! ```
//! use alfiere::{eval, Chess, Game};
//! use alfiere::notation::fen;
//! assert!(eval::evaluate(&Chess::start()).abs() < 50);
//! // A queen up is winning for the side that has it, whoever is to move.
//! let up: Chess = fen::read_fen("4k3/8/8/8/8/8/8/3QK3 b - - 0 1").unwrap();
//! assert!(eval::evaluate(&up) < -500);
//! ```

mod bits;
mod king;
mod material;
mod mobility;
pub mod params;
mod pawns;
mod pst;
mod taper;
mod variants;

pub use mobility::Geometry;
pub use taper::S;

use crate::game::Game;
use crate::types::Color;
use crate::variants::Variant;

/// The evaluation of `pos` for the side to act.
pub fn evaluate<G: Game>(pos: &G) -> i32 {
    let placement = pos.placement();
    let board = placement.board;
    let hands = [pos.hand(Color::White), pos.hand(Color::Black)];
    let activity = mobility::activity(board, placement.board_b, Geometry::of(G::VARIANT));
    let phase = material::phase(board, hands);
    let white_view = if G::VARIANT == Variant::RacingKings {
        variants::racing_kings(board, &activity, phase)
    } else {
        let advance = if G::VARIANT == Variant::Avalanche {
            params::AVALANCHE_ADVANCE_EIGHTHS
        } else {
            8
        };
        let mut total = S(0, 0);
        for color in Color::ALL {
            let c = color.index();
            let mut ours = material::material_and_squares(board, color)
                + pawns::pawn_structure(board, color, advance)
                + activity.mobility[c];
            if let Some(hand) = &hands[c] {
                ours += material::hand_value(hand);
            }
            let (mut units, mut attackers) =
                (activity.king_attack_units[c], activity.king_attackers[c]);
            if let Some(enemy_hand) = &hands[(!color).index()] {
                let (u, a) = variants::drop_danger(board, color, enemy_hand);
                units += u;
                attackers += a;
            }
            ours += S(king::shelter(board, color), 0) + king::danger(units, attackers);
            match G::VARIANT {
                Variant::Alice => {
                    ours += variants::alice_king_board(board, placement.board_b, color)
                }
                Variant::Avalanche => ours += variants::avalanche(board, color),
                _ => {}
            }
            total += if color == Color::White { ours } else { -ours };
        }
        total.taper(phase)
    };
    let side = pos.turn();
    let ours = if side == Color::White {
        white_view
    } else {
        -white_view
    };
    ours + params::TEMPO + variants::extra_actions(G::VARIANT, pos.turn_state()).taper(phase)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::fen;
    use crate::variants::racingkings::RacingKings;
    use crate::{Alice, Billiards, Chess, ChessGi};

    fn eval_fen<G: Game>(text: &str) -> i32 {
        evaluate(&fen::read_fen::<G>(text).unwrap())
    }

    #[test]
    fn start_positions_are_balanced() {
        assert!(evaluate(&Chess::start()).abs() < 40);
        assert!(evaluate(&ChessGi::start()).abs() < 40);
        assert!(evaluate(&RacingKings::start()).abs() < 40);
        assert!(evaluate(&Alice::start()).abs() < 40);
        assert!(evaluate(&Billiards::start()).abs() < 40);
    }

    #[test]
    fn symmetric_positions_differ_only_by_tempo() {
        let white = eval_fen::<Chess>(
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 4 4",
        );
        let black = eval_fen::<Chess>(
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R b KQkq - 4 4",
        );
        assert_eq!(white, black);
        assert_eq!(white, params::TEMPO);
    }

    #[test]
    fn material_and_hands_count() {
        let up = eval_fen::<Chess>("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
        assert!(up > 400, "{up}");
        // A knight in hand is worth about a knight.
        let hand = eval_fen::<ChessGi>("4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3[N] w - - 0 1");
        assert!(hand > 250, "{hand}");
    }

    #[test]
    fn racing_kings_rewards_the_leading_king() {
        let ahead = eval_fen::<RacingKings>("8/8/8/4K3/8/8/krbnNBR1/qrbnNBRQ w - - 0 1");
        assert!(ahead > 150, "{ahead}");
        let behind = eval_fen::<RacingKings>("8/8/8/4K3/8/8/krbnNBR1/qrbnNBRQ b - - 0 1");
        assert!(behind < -150, "{behind}");
    }
}
