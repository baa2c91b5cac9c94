//! Start positions for the fuzz targets: each rule set's start and every position of
//! its perft data (`tests/data`, read when first needed), built once and kept as FENs.

use alfiere::notation::fen;
use alfiere::{Position, Variant};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The directory of the perft data, `tests/data` (from the fuzz crate or the main one).
fn data_dir() -> PathBuf {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    [here.join("tests/data"), here.join("../tests/data")]
        .into_iter()
        .find(|dir| dir.is_dir())
        .expect("tests/data beside the fuzz crate")
}

/// The data files: `(owner, file text)`, where the owner is a rule-set id, or `cases`
/// for files whose lines name their rule set. A rule set's files are found by its id
/// (`<id>.perft`, `<id>-standard.perft`, `<id>-suite.perft`), so a new rule set of the
/// registry brings its data along.
fn data_files() -> Vec<(String, String)> {
    let dir = data_dir();
    let mut files = Vec::new();
    for variant in Variant::ALL {
        for suffix in ["", "-standard", "-suite"] {
            let path = dir.join(format!("{}{suffix}.perft", variant.id()));
            if let Ok(text) = std::fs::read_to_string(&path) {
                files.push((variant.id().to_string(), text));
            }
        }
    }
    let mut cases: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/data is readable")
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.to_string_lossy().ends_with("-cases.txt"))
        .collect();
    cases.sort();
    for path in cases {
        let text = std::fs::read_to_string(&path).expect("a cases file is readable");
        files.push(("cases".to_string(), text));
    }
    files
}

/// The `position` arguments of each data line, with its rule set.
fn data_positions() -> Vec<(Variant, String)> {
    let mut out = Vec::new();
    for (owner, text) in data_files() {
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
                (owner.as_str(), line.split(';').next().unwrap_or("").trim())
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
            .map(|&v| vec![alfiere::api::Game::start(v).fen()])
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
pub fn seed<G: Position>(i: usize) -> G {
    let index = Variant::ALL.iter().position(|&v| v == G::VARIANT).unwrap();
    let fens = &all_fens()[index];
    let text = &fens[i % fens.len()];
    fen::read_fen(text).unwrap_or_else(|e| panic!("seed FEN {text}: {e}"))
}

/// How many seed positions rule set `G` has.
pub fn seed_count<G: Position>() -> usize {
    let index = Variant::ALL.iter().position(|&v| v == G::VARIANT).unwrap();
    all_fens()[index].len()
}
