//! Static evaluation of a position of any rule set, in centipawns from the side to
//! act's point of view.
//!
//! Terms (each in its own file, weights in [`params`]): material and piece-square
//! tables, tapered between middlegame and endgame by the material left
//! (`material.rs`, `taper.rs`); mobility under the rule set's geometry
//! (`mobility.rs`); pawn structure and passed pawns (`pawns.rs`); rooks on open
//! files, outposts and threats (`pieces.rs`); king shelter and attacks on the king
//! zone (`king.rs`); endgames the side ahead can hardly win are scaled down in
//! orthodox chess (`scale.rs`), where a won ending against a defender without
//! pawns also rewards driving its king to the edge (`mopup.rs`); and the terms of
//! single rule sets (`variants.rs`): Chess-Gi's hands and drop threats, Racing
//! Kings' race, Alice's boards, Avalanche's pushes, and the tempo of the actions
//! left in a multi-action turn.
//!
//! The orthodox terms are counts of features times fitted weights, sent to a
//! [`Sink`]: the search sums them, the tuner records them ([`trace`]).
//!
//! ```
//! use alfiere::{eval, Chess, Position};
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
mod mopup;
pub mod nnue;
pub mod params;
mod pawns;
mod pieces;
pub(crate) mod rules;
mod scale;
pub mod sink;
mod taper;
mod variants;

pub use mobility::Geometry;
pub use sink::{Sink, Total, Trace};
pub use taper::S;

use crate::game::Position;
use crate::types::Color;
use std::cell::RefCell;

thread_local! {
    /// Each thread's pawn cache (a search runs on one thread).
    static PAWN_CACHE: RefCell<pawns::PawnCache> = RefCell::new(pawns::PawnCache::default());
}

/// The evaluation of `pos` for the side to act.
pub fn evaluate<G: Position>(pos: &G) -> i32 {
    let rules = const { rules::rules(G::VARIANT) };
    if rules.race {
        return racing_kings(pos);
    }
    let mut total = Total::default();
    let phase = collect(pos, &mut total);
    let white_view = if rules.endgame_knowledge {
        let strong = if total.0 .1 >= 0 {
            Color::White
        } else {
            Color::Black
        };
        let board = pos.placement().board;
        let factor = scale::endgame_factor(board, strong);
        let driving = match mopup::drive(board) {
            Some((side, bonus)) => {
                let kings = mopup::king_square_value(board, Color::White)
                    - mopup::king_square_value(board, Color::Black);
                side.fold(bonus, -bonus) - kings.taper(phase)
            }
            None => 0,
        };
        S(total.0 .0, total.0 .1 * factor / scale::FULL).taper(phase) + driving
    } else {
        total.0.taper(phase)
    };
    let ours = if pos.turn() == Color::White {
        white_view
    } else {
        -white_view
    };
    let extra = if rules.extra_action_tempo {
        variants::extra_actions(pos.turn_state())
    } else {
        S(0, 0)
    };
    ours + extra.taper(phase)
}

/// A learned network's score of `pos` (the side to act's view), scaled down in
/// orthodox chess where the side it favours can hardly win, by the hand-written
/// evaluation's own factors ([`scale`]): such endings are rare in a network's
/// training data, and the orthodox one scored a rook and bishop against a rook and
/// pawn two pawns up, so the analysis called defending it a blunder (docs/analysis.md).
pub fn scale_learned<G: Position>(pos: &G, score: i32) -> i32 {
    if !const { rules::rules(G::VARIANT) }.endgame_knowledge {
        return score;
    }
    let strong = if score >= 0 { pos.turn() } else { !pos.turn() };
    let factor = scale::endgame_factor(pos.placement().board, strong);
    score * factor / scale::FULL
}

/// The features and fixed terms of `pos` (not Racing Kings, whose evaluation is
/// its own), with its game phase: what the tuner fits the weights to.
pub fn trace<G: Position>(pos: &G) -> (Trace, i32) {
    let mut trace = Trace::default();
    let phase = collect(pos, &mut trace);
    (trace, phase)
}

/// Sends every term of `pos` to `sink`; returns the game phase.
fn collect<G: Position, K: Sink>(pos: &G, sink: &mut K) -> i32 {
    let rules = const { rules::rules(G::VARIANT) };
    let placement = pos.placement();
    let board = placement.board;
    let hands = [pos.hand(Color::White), pos.hand(Color::Black)];
    let activity = mobility::activity(board, placement.board_b, rules.geometry, sink);
    let phase = material::phase(board, hands);
    let passed_extra = rules.passed_extra_eighths;
    let passed = if K::CACHED_PAWNS {
        let (score, passed) =
            PAWN_CACHE.with(|cache| cache.borrow_mut().probe(board, passed_extra));
        sink.fixed(Color::White, score);
        passed
    } else {
        Color::ALL.map(|c| pawns::pawn_terms(board, c, passed_extra, sink))
    };
    for color in Color::ALL {
        let c = color.index();
        material::material_and_squares(board, color, sink);
        pawns::passed_king_terms(board, color, passed[c], sink);
        pieces::pieces(board, color, &activity, sink);
        if let Some(hand) = &hands[c] {
            sink.fixed(color, material::hand_value(hand));
        }
        let (mut units, mut attackers) =
            (activity.king_attack_units[c], activity.king_attackers[c]);
        if let Some(enemy_hand) = &hands[(!color).index()] {
            let (u, a) = variants::drop_danger(board, color, enemy_hand);
            units += u;
            attackers += a;
        }
        king::shelter(board, color, sink);
        king::danger(units, attackers, color, sink);
        if rules.geometry == Geometry::Orthodox {
            king::attack_on_king(board, color, &activity, sink);
        }
        if rules.alice_king_board {
            sink.fixed(
                color,
                variants::alice_king_board(board, placement.board_b, color),
            );
        }
        if rules.avalanche_terms {
            sink.fixed(color, variants::avalanche(board, color));
        }
    }
    sink.add(pos.turn(), params::TEMPO, 1);
    phase
}

/// Racing Kings, for the side to act.
fn racing_kings<G: Position>(pos: &G) -> i32 {
    let board = pos.placement().board;
    let mut mobility = Total::default();
    let activity = mobility::activity(
        board,
        pos.placement().board_b,
        Geometry::Orthodox,
        &mut mobility,
    );
    let phase = material::phase(board, [None, None]);
    let white_view = variants::racing_kings(board, &activity, mobility.0, phase);
    let tempo = params::WEIGHTS[params::TEMPO].taper(phase);
    tempo
        + if pos.turn() == Color::White {
            white_view
        } else {
            -white_view
        }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::fen;
    use crate::variants::racingkings::RacingKings;
    use crate::{Alice, Avalanche, Billiards, Chess, ChessGi};

    fn eval_fen<G: Position>(text: &str) -> i32 {
        evaluate(&fen::read_fen::<G>(text).unwrap())
    }

    /// The FEN of the position with the board flipped top to bottom and the colours
    /// swapped (pieces, hands, side to move, castling rights, e.p. square).
    fn mirror_fen(text: &str) -> String {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let swap = |c: char| {
            if c.is_ascii_uppercase() {
                c.to_ascii_lowercase()
            } else {
                c.to_ascii_uppercase()
            }
        };
        let (board, hand) = match fields[0].split_once('[') {
            Some((b, h)) => (b, Some(h.trim_end_matches(']'))),
            None => (fields[0], None),
        };
        let mut ranks: Vec<String> = board
            .split('/')
            .map(|r| r.chars().map(swap).collect())
            .collect();
        ranks.reverse();
        let mut out = ranks.join("/");
        if let Some(h) = hand {
            out += &format!("[{}]", h.chars().map(swap).collect::<String>());
        }
        let turn = if fields[1] == "w" { "b" } else { "w" };
        let mut castling: Vec<char> = fields[2].chars().map(swap).collect();
        castling.sort_by_key(|c| (c.is_ascii_lowercase(), *c));
        let castling: String = castling.into_iter().collect();
        let ep = match fields[3] {
            "-" => "-".to_string(),
            sq => {
                let (f, r) = sq.split_at(1);
                format!("{f}{}", 9 - r.parse::<u32>().unwrap())
            }
        };
        let mut rest = vec![out, turn.to_string(), castling, ep];
        rest.extend(fields[4..].iter().map(|s| s.to_string()));
        rest.join(" ")
    }

    fn assert_mirror_symmetric<G: Position>(text: &str) {
        let mirrored = mirror_fen(text);
        let a = eval_fen::<G>(text);
        let b = eval_fen::<G>(&mirrored);
        assert_eq!(a, b, "{text} vs {mirrored}");
    }

    #[test]
    fn evaluation_is_colour_symmetric() {
        for text in [
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
            "6k1/5ppp/8/3P4/8/8/5PPP/3R2K1 b - - 0 1",
        ] {
            assert_mirror_symmetric::<Chess>(text);
            assert_mirror_symmetric::<Billiards>(text);
            assert_mirror_symmetric::<Avalanche>(text);
        }
        assert_mirror_symmetric::<Chess>(
            "rnbqkb1r/pp1p1ppp/5n2/2pPp3/8/8/PPP1PPPP/RNBQKBNR w KQkq c6 0 4",
        );
        assert_mirror_symmetric::<ChessGi>(
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R[Pnp] w KQkq - 4 4",
        );
        assert_mirror_symmetric::<Alice>(
            "r1bqkb1r/pppp1ppp/2|n2|n2/4p3/2|B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        );
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
        let text = "r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 4 4";
        let white = eval_fen::<Chess>(text);
        let black = eval_fen::<Chess>(&text.replace(" w ", " b "));
        assert_eq!(white, black);
        let pos: Chess = fen::read_fen(text).unwrap();
        let (trace, phase) = trace(&pos);
        assert_eq!(white, params::WEIGHTS[params::TEMPO].taper(phase));
        // Every feature but the tempo cancels out.
        let nonzero: Vec<usize> = (0..params::NUM_WEIGHTS)
            .filter(|&i| trace.counts[i] != 0)
            .collect();
        assert_eq!(nonzero, vec![params::TEMPO]);
    }

    #[test]
    fn the_trace_reproduces_the_evaluation() {
        let pos: Chess =
            fen::read_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1")
                .unwrap();
        let (trace, phase) = trace(&pos);
        let mut sum = trace.fixed;
        for (i, &n) in trace.counts.iter().enumerate() {
            sum += params::WEIGHTS[i] * n;
        }
        assert_eq!(-sum.taper(phase), evaluate(&pos));
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
