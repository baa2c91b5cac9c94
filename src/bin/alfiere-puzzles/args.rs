//! The command line of `alfiere-puzzles`: flags, their defaults and their checks. A
//! bad argument becomes a message for the user (and exit code 2), never a panic.

use alfiere::Variant;
use std::path::PathBuf;

pub const USAGE: &str = "usage: alfiere-puzzles VARIANT [--count 200] [--seed 1] [--threads T] \
[--nodes 50000] [--play-nodes 2000] [--pgn FILE] [--out FILE] | alfiere-puzzles VARIANT --check FILE [--rerate] [--second-look] [--nodes N] [--threads T]";

/// What to mine and where from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    pub variant: Variant,
    /// Stop once this many puzzles are found (in game order).
    pub count: usize,
    pub seed: u64,
    pub threads: usize,
    /// The node budget of every probe (the criteria's searches).
    pub nodes: u64,
    /// The node budget of each move of the self-play games, and of the first look at
    /// a PGN game's positions.
    pub play_nodes: u64,
    /// Mine the games of this PGN file instead of self-play.
    pub pgn: Option<PathBuf>,
    /// Write the puzzle file here instead of standard output.
    pub out: Option<PathBuf>,
    /// Replay the puzzles of this file instead of mining (each solver action still
    /// the one way to win at `nodes`).
    pub check: Option<PathBuf>,
    /// With `--check`: write each puzzle's rating again from what the replay measured.
    pub rerate: bool,
    /// With `--check`: also judge every puzzle by mining's second look (a search eight
    /// times deeper, src/puzzles/second_look.rs), as a puzzle mined today is.
    pub second_look: bool,
}

/// The probe budget of the shipped puzzles, which the replay test uses too.
pub const DEFAULT_NODES: u64 = alfiere::puzzles::probe::SHIPPED_NODES;

/// Reads the arguments (without the program name).
pub fn parse(args: &[String]) -> Result<Config, String> {
    let mut it = args.iter();
    let variant_text = it.next().ok_or("name a rule set (chess, alice, ...)")?;
    let variant: Variant = variant_text.parse().map_err(|e| format!("{e}"))?;
    let mut config = Config {
        variant,
        count: 200,
        seed: 1,
        threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        nodes: DEFAULT_NODES,
        play_nodes: 2_000,
        pgn: None,
        out: None,
        check: None,
        rerate: false,
        second_look: false,
    };
    while let Some(flag) = it.next() {
        let mut value = || it.next().ok_or(format!("{flag} needs a value"));
        let number = |text: &String| -> Result<u64, String> {
            text.parse::<u64>().ok().filter(|n| *n > 0).ok_or(format!(
                "{flag} takes a positive whole number, not '{text}'"
            ))
        };
        match flag.as_str() {
            "--count" => config.count = number(value()?)? as usize,
            "--seed" => {
                config.seed = value()?
                    .parse()
                    .map_err(|_| "--seed takes a whole number")?
            }
            "--threads" => config.threads = number(value()?)? as usize,
            "--nodes" => config.nodes = number(value()?)?,
            "--play-nodes" => config.play_nodes = number(value()?)?,
            "--pgn" => config.pgn = Some(PathBuf::from(value()?)),
            "--out" => config.out = Some(PathBuf::from(value()?)),
            "--check" => config.check = Some(PathBuf::from(value()?)),
            "--rerate" => config.rerate = true,
            "--second-look" => config.second_look = true,
            _ => return Err(format!("unknown flag '{flag}'")),
        }
    }
    if config.rerate && config.check.is_none() {
        return Err("--rerate goes with --check FILE".into());
    }
    if config.second_look && config.check.is_none() {
        return Err("--second-look goes with --check FILE".into());
    }
    Ok(config)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_owned).collect()
    }

    #[test]
    fn flags_read_and_bad_ones_are_refused() {
        let config = parse(&args("alice --count 5 --seed 9 --threads 1 --nodes 1000")).unwrap();
        assert_eq!(config.variant, Variant::Alice);
        assert_eq!(
            (config.count, config.seed, config.threads, config.nodes),
            (5, 9, 1, 1000)
        );
        assert!(parse(&args("")).is_err());
        assert!(parse(&args("shogi")).is_err());
        assert!(parse(&args("chess --count 0")).is_err());
        assert!(parse(&args("chess --count")).is_err());
        assert!(parse(&args("chess --colour red")).is_err());
    }
}
