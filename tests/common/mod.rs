//! Helpers shared by the integration tests: reading the perft data files, building
//! positions from them, and deterministic random playouts.
#![allow(dead_code)]

use alfiere::uci::parse_position;
use alfiere::{AnyGame, Variant};
use std::path::PathBuf;

/// One line of a `.perft` file: a position and its expected counts by depth.
#[derive(Debug, Clone)]
pub struct PerftCase {
    pub source: String,
    pub position: String,
    pub counts: Vec<(u32, u64)>,
}

pub fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("data")
}

/// The rule set a data file belongs to, from its name (`chess-standard.perft` -> chess).
pub fn variant_of_file(name: &str) -> Option<Variant> {
    let stem = name.strip_suffix(".perft")?;
    let stem = stem.strip_suffix("-standard").unwrap_or(stem);
    Variant::from_name(stem)
}

/// Parses `<position> ;D1 n ;D2 n ...` lines.
pub fn read_perft_file(name: &str) -> Vec<PerftCase> {
    let text = std::fs::read_to_string(data_dir().join(name)).expect("perft data file");
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|(i, line)| {
            let mut parts = line.split(';');
            let position = parts.next().unwrap().trim().to_string();
            let counts = parts
                .map(|p| {
                    let p = p.trim();
                    let (d, n) = p.split_once(' ').expect("'Dn count'");
                    (
                        d.trim_start_matches('D').parse().unwrap(),
                        n.trim().parse().unwrap(),
                    )
                })
                .collect();
            PerftCase {
                source: format!("{name}:{}", i + 1),
                position,
                counts,
            }
        })
        .collect()
}

/// Builds a position from a perft file's position column (a FEN or
/// `startpos moves ...`).
pub fn build_position(variant: Variant, position: &str) -> AnyGame {
    let args = if position.starts_with("startpos") || position.starts_with("fen ") {
        position.to_string()
    } else {
        format!("fen {position}")
    };
    parse_position(variant, &args).unwrap_or_else(|e| panic!("{position}: {e}"))
}

/// A small deterministic random generator (xorshift64*).
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.max(1))
    }
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}
