//! Fits the evaluation weights (`src/eval/params.rs`, the `WEIGHTS` table) to
//! labelled orthodox positions, and writes the table back into that file.
//!
//! ```text
//! cargo run --release --example tune -- DATA [EPOCHS] [PARAMS_RS]
//! ```
//!
//! `DATA` has one position per line: `FEN;SCORE`, the score in centipawns for the
//! side to move (docs/strength.md says how the data was made: positions of fast
//! games, scored by a fixed-depth Stockfish search). The fit minimises the squared
//! difference of expected scores, `sigmoid(eval)` against `sigmoid(label)`, so large
//! advantages weigh little, over quiet positions only (nothing to win by a capture
//! for either side: the search resolves tactics, the evaluation should not guess
//! them), with Adam over all weights at once: the evaluation is
//! linear in the weights (see `eval::trace`), so the gradient is exact and cheap.
//! A small pull towards the starting weights keeps rarely seen features (a king on
//! a8 in the middlegame) near their hand-set values.

use alfiere::eval::params::*;
use alfiere::eval::{trace, S};
use alfiere::notation::fen;
use alfiere::search::see::see;
use alfiere::{ActionList, Chess, Color, Position};

/// Centipawns per factor e of the logistic: 400 / ln 10, the Elo convention.
const SCALE: f64 = 173.7;
/// The pull towards the starting weights, per weight and position.
const PRIOR: f64 = 2e-9;

struct Sample {
    /// Nonzero features: index and White's count minus Black's.
    features: Vec<(u16, i16)>,
    /// Middlegame share of the phase, 0..=1.
    mg: f64,
    /// +1 when White is to move, -1 when Black is.
    sign: f64,
    /// Fixed terms, tapered, from White's side.
    fixed: f64,
    /// The expected score of the label for the side to move.
    target: f64,
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x / SCALE).exp())
}

/// Whether neither side can win material at once (no capture that gains by
/// static exchange for the side to move, nor for the other side if it moved): the
/// static evaluation is fitted only where the search would take it as it is, so
/// the weights do not learn to guess tactics the search resolves anyway.
fn quiet(pos: &Chess) -> bool {
    if pos.is_check() {
        return false;
    }
    let gains = |p: &Chess| {
        let mut list = ActionList::new();
        p.legal_actions(&mut list);
        let board = p.placement().board;
        list.iter()
            .any(|a| a.is_capture() && see(board, p.turn(), a) > 0 || a.promotion().is_some())
    };
    if gains(pos) {
        return false;
    }
    let mut setup = pos.to_setup();
    setup.turn = !setup.turn;
    setup.ep_squares.clear();
    Chess::from_setup(&setup).is_ok_and(|other| !gains(&other))
}

fn load(path: &str) -> Vec<Sample> {
    let text = std::fs::read_to_string(path).expect("read the data file");
    let mut out = Vec::new();
    for line in text.lines() {
        let Some((fen_text, score)) = line.rsplit_once(';') else {
            continue;
        };
        let (Ok(pos), Ok(score)) = (
            fen::read_fen::<Chess>(fen_text),
            score.trim().parse::<f64>(),
        ) else {
            continue;
        };
        if !quiet(&pos) {
            continue;
        }
        let (t, phase) = trace(&pos);
        let features = t
            .counts
            .iter()
            .enumerate()
            .filter(|&(_, &n)| n != 0)
            .map(|(i, &n)| (i as u16, n as i16))
            .collect();
        out.push(Sample {
            features,
            mg: f64::from(phase) / 24.0,
            sign: if pos.turn() == Color::White {
                1.0
            } else {
                -1.0
            },
            fixed: f64::from(t.fixed.taper(phase)),
            target: sigmoid(score),
        });
    }
    out
}

/// The evaluation of a sample for the side to move under weights `w`.
fn eval(s: &Sample, w: &[[f64; 2]]) -> f64 {
    let (mut mg, mut eg) = (0.0, 0.0);
    for &(i, n) in &s.features {
        mg += w[i as usize][0] * f64::from(n);
        eg += w[i as usize][1] * f64::from(n);
    }
    s.sign * (mg * s.mg + eg * (1.0 - s.mg) + s.fixed)
}

fn loss(data: &[Sample], w: &[[f64; 2]]) -> f64 {
    data.iter()
        .map(|s| (sigmoid(eval(s, w)) - s.target).powi(2))
        .sum::<f64>()
        / data.len() as f64
}

/// Weights that stay as they are: the king has no material value, and pawns never
/// stand on the first or last rank.
fn frozen(i: usize) -> bool {
    let pawn_pst = PST..PST + 64;
    i == PIECE + 5 || (pawn_pst.contains(&i) && !(8..56).contains(&(i - PST)))
}

/// The table's blocks: name, first index, values per line.
fn blocks() -> Vec<(String, usize, usize)> {
    let mut b = vec![("PIECE".to_string(), PIECE, 6)];
    for (k, name) in ["pawn", "knight", "bishop", "rook", "queen", "king"]
        .iter()
        .enumerate()
    {
        b.push((format!("PST {name}"), PST + 64 * k, 8));
    }
    b.push(("BISHOP_PAIR".into(), BISHOP_PAIR, 1));
    for (k, name) in ["knight", "bishop", "rook", "queen"].iter().enumerate() {
        b.push((format!("MOBILITY {name}"), MOBILITY + k * MOBILITY_SLOTS, 7));
    }
    for (name, start, per) in [
        ("DOUBLED", DOUBLED, 1),
        ("ISOLATED", ISOLATED, 1),
        ("BACKWARD", BACKWARD, 1),
        ("CONNECTED", CONNECTED, 8),
        ("PASSED", PASSED, 8),
        ("PASSED_BLOCKED", PASSED_BLOCKED, 8),
        ("PASSED_OWN_KING", PASSED_OWN_KING, 8),
        ("PASSED_ENEMY_KING", PASSED_ENEMY_KING, 8),
        ("ROOK_OPEN", ROOK_OPEN, 1),
        ("ROOK_SEMI_OPEN", ROOK_SEMI_OPEN, 1),
        ("OUTPOST", OUTPOST, 2),
        ("THREAT_BY_PAWN", THREAT_BY_PAWN, 6),
        ("THREAT_BY_MINOR", THREAT_BY_MINOR, 6),
        ("THREAT_BY_ROOK", THREAT_BY_ROOK, 6),
        ("HANGING", HANGING, 1),
        ("SHIELD_NEAR", SHIELD_NEAR, 1),
        ("SHIELD_FAR", SHIELD_FAR, 1),
        ("SHIELD_MISSING", SHIELD_MISSING, 1),
        ("KING_OPEN_FILE", KING_OPEN_FILE, 1),
        ("KING_DANGER", KING_DANGER, 1),
        ("SAFE_CHECK", SAFE_CHECK, 4),
        ("KING_ZONE_WEAK", KING_ZONE_WEAK, 1),
        ("TEMPO", TEMPO, 1),
    ] {
        b.push((name.to_string(), start, per));
    }
    b
}

/// The Rust text of the table.
fn table_text(w: &[[f64; 2]]) -> String {
    let mut lines = vec![
        "// BEGIN WEIGHTS (written by examples/tune.rs)".to_string(),
        "#[rustfmt::skip]".to_string(),
        "pub static WEIGHTS: [S; NUM_WEIGHTS] = [".to_string(),
    ];
    let b = blocks();
    for (k, (name, start, per)) in b.iter().enumerate() {
        let end = b.get(k + 1).map_or(NUM_WEIGHTS, |n| n.1);
        lines.push(format!("    // {name}"));
        let values: Vec<String> = w[*start..end]
            .iter()
            .map(|v| format!("S({}, {})", v[0].round() as i32, v[1].round() as i32))
            .collect();
        for chunk in values.chunks(*per) {
            lines.push(format!("    {},", chunk.join(", ")));
        }
    }
    lines.push("];".to_string());
    lines.push("// END WEIGHTS".to_string());
    lines.join("\n")
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let path = args.get(1).expect("usage: tune DATA [EPOCHS] [PARAMS_RS]");
    let epochs: usize = args.get(2).map_or(3000, |e| e.parse().expect("epochs"));
    let params_rs = args
        .get(3)
        .cloned()
        .unwrap_or_else(|| "src/eval/params.rs".to_string());
    let data = load(path);
    eprintln!("{} positions", data.len());
    let start: Vec<[f64; 2]> = WEIGHTS
        .iter()
        .map(|&S(a, b)| [f64::from(a), f64::from(b)])
        .collect();
    let mut w = start.clone();
    eprintln!("loss at start {:.6}", loss(&data, &w));
    let (beta1, beta2, rate) = (0.9, 0.999, 1.0);
    let mut m = vec![[0.0f64; 2]; NUM_WEIGHTS];
    let mut v = vec![[0.0f64; 2]; NUM_WEIGHTS];
    let n = data.len() as f64;
    for epoch in 1..=epochs {
        let mut grad = vec![[0.0f64; 2]; NUM_WEIGHTS];
        for s in &data {
            let p = sigmoid(eval(s, &w));
            // d(loss)/d(eval), then d(eval)/d(weight) = sign * count * phase share.
            let g = 2.0 * (p - s.target) * p * (1.0 - p) / SCALE * s.sign;
            for &(i, c) in &s.features {
                let gc = g * f64::from(c);
                grad[i as usize][0] += gc * s.mg;
                grad[i as usize][1] += gc * (1.0 - s.mg);
            }
        }
        for i in 0..NUM_WEIGHTS {
            if frozen(i) {
                continue;
            }
            for k in 0..2 {
                let g = grad[i][k] / n + 2.0 * PRIOR * (w[i][k] - start[i][k]);
                m[i][k] = beta1 * m[i][k] + (1.0 - beta1) * g;
                v[i][k] = beta2 * v[i][k] + (1.0 - beta2) * g * g;
                let mh = m[i][k] / (1.0 - beta1.powi(epoch as i32));
                let vh = v[i][k] / (1.0 - beta2.powi(epoch as i32));
                w[i][k] -= rate * mh / (vh.sqrt() + 1e-12);
            }
        }
        if epoch % 100 == 0 {
            eprintln!("epoch {epoch} loss {:.6}", loss(&data, &w));
        }
    }
    let text = std::fs::read_to_string(&params_rs).expect("read params.rs");
    let (Some(a), Some(b)) = (text.find("// BEGIN WEIGHTS"), text.find("// END WEIGHTS")) else {
        panic!("{params_rs} has no WEIGHTS markers");
    };
    let b = b + "// END WEIGHTS".len();
    let updated = format!("{}{}{}", &text[..a], table_text(&w), &text[b..]);
    std::fs::write(&params_rs, updated).expect("write params.rs");
    eprintln!("wrote {params_rs}");
}
