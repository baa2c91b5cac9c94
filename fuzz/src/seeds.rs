//! Start positions for the fuzz targets: each rule set's start and every position of
//! its perft data (`tests/data`), built once and kept as FENs.

use alfiere::notation::fen;
use alfiere::{Game, Variant};
use std::sync::OnceLock;

/// The data files of each rule set: `(variant, file text)`. Lines are a position
/// (a FEN or `startpos moves ...`) then `;` and counts, or in the cases files
/// `variant;position <args>;...`.
const DATA: [(&str, &str); 15] = [
    (
        "chess",
        include_str!("../../tests/data/chess-standard.perft"),
    ),
    ("chess", include_str!("../../tests/data/chess.perft")),
    (
        "chessgi",
        include_str!("../../tests/data/chessgi-standard.perft"),
    ),
    ("chessgi", include_str!("../../tests/data/chessgi.perft")),
    (
        "racingkings",
        include_str!("../../tests/data/racingkings-standard.perft"),
    ),
    (
        "racingkings",
        include_str!("../../tests/data/racingkings.perft"),
    ),
    ("alice", include_str!("../../tests/data/alice.perft")),
    (
        "billiards",
        include_str!("../../tests/data/billiards.perft"),
    ),
    (
        "progressive-scottish",
        include_str!("../../tests/data/progressive-scottish.perft"),
    ),
    (
        "progressive-italian",
        include_str!("../../tests/data/progressive-italian.perft"),
    ),
    (
        "marseillais",
        include_str!("../../tests/data/marseillais.perft"),
    ),
    (
        "marseillais-balanced",
        include_str!("../../tests/data/marseillais-balanced.perft"),
    ),
    (
        "avalanche",
        include_str!("../../tests/data/avalanche.perft"),
    ),
    (
        "cases",
        include_str!("../../tests/data/avalanche-cases.txt"),
    ),
    ("cases", include_str!("../../tests/data/startpos-cases.txt")),
];

/// The `position` arguments of each data line, with its rule set.
fn data_positions() -> Vec<(Variant, String)> {
    let mut out = Vec::new();
    for (owner, text) in DATA {
        for line in text.lines() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (variant, position) = if owner == "cases" {
                let mut fields = line.split(';');
                let variant = fields.next().unwrap_or("");
                let command = fields.next().unwrap_or("").trim();
                (
                    variant,
                    command.strip_prefix("position ").unwrap_or(command),
                )
            } else {
                (owner, line.split(';').next().unwrap_or("").trim())
            };
            let Some(variant) = Variant::from_name(variant) else {
                continue;
            };
            let args = if position.starts_with("startpos") || position.starts_with("fen ") {
                position.to_string()
            } else {
                format!("fen {position}")
            };
            out.push((variant, args));
        }
    }
    out
}

/// FENs of the start and of every data position, per rule set (index as in
/// [`Variant::ALL`]).
fn all_fens() -> &'static Vec<Vec<String>> {
    static FENS: OnceLock<Vec<Vec<String>>> = OnceLock::new();
    FENS.get_or_init(|| {
        let mut fens: Vec<Vec<String>> = Variant::ALL
            .iter()
            .map(|&v| vec![alfiere::api::ApiGame::start(v).fen()])
            .collect();
        for (variant, args) in data_positions() {
            let game = alfiere::uci::parse_position(variant, &args)
                .unwrap_or_else(|e| panic!("data position {args}: {e}"));
            let index = Variant::ALL.iter().position(|&v| v == variant).unwrap();
            fens[index].push(game.fen());
        }
        fens
    })
}

/// The `i`-th seed position of rule set `G` (modulo their number; 0 is the start).
pub fn seed<G: Game>(i: usize) -> G {
    let index = Variant::ALL.iter().position(|&v| v == G::VARIANT).unwrap();
    let fens = &all_fens()[index];
    let text = &fens[i % fens.len()];
    fen::read_fen(text).unwrap_or_else(|e| panic!("seed FEN {text}: {e}"))
}

/// How many seed positions rule set `G` has.
pub fn seed_count<G: Game>() -> usize {
    let index = Variant::ALL.iter().position(|&v| v == G::VARIANT).unwrap();
    all_fens()[index].len()
}
