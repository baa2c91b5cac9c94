//! The command line of `alfiere-datagen`: flags, their defaults and their checks.
//! A bad argument becomes a message for the user (and exit code 2), never a panic.

use alfiere::Variant;
use std::path::PathBuf;

pub const USAGE: &str = "usage: alfiere-datagen --out FILE (--games N | --positions N) \
[--variant chess|chessgi|racingkings] [--nodes 5000] [--seed S] [--threads T] \
[--opening-plies 8] [--network FILE]";

/// The rule sets self-play data is made for: those with a network layout (one action
/// a turn, so every searched position is a turn's start whose score a static
/// evaluation can learn).
pub const VARIANTS: [Variant; 3] = [Variant::Chess, Variant::ChessGi, Variant::RacingKings];

/// What to generate and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    /// The file the positions are appended to.
    pub out: PathBuf,
    /// The rule set the games are played in (one of [`VARIANTS`]).
    pub variant: Variant,
    /// Games to play (games are numbered from 0); `None` for no limit.
    pub games: Option<u64>,
    /// Stop starting games once this many positions are written; `None` for no limit.
    pub positions: Option<u64>,
    /// The node budget of every search.
    pub nodes: u64,
    pub seed: u64,
    /// Independent workers (threads).
    pub threads: usize,
    /// Random plies from the start position before the engine plays.
    pub opening_plies: usize,
    /// A network file the searches evaluate with (each round's data comes from the
    /// latest network); none: the hand-written evaluation.
    pub network: Option<PathBuf>,
}

/// Reads the arguments (without the program name).
pub fn parse(args: &[String]) -> Result<Config, String> {
    let mut out = None;
    let mut variant = Variant::Chess;
    let mut games = None;
    let mut positions = None;
    let mut nodes = 5000;
    let mut seed = 1;
    let mut threads = 1;
    let mut opening_plies = 8;
    let mut network = None;
    let mut i = 0;
    while i < args.len() {
        let flag = args[i].as_str();
        if flag == "--help" || flag == "-h" {
            return Err(USAGE.to_string());
        }
        let value = args
            .get(i + 1)
            .ok_or_else(|| format!("{flag} needs a value\n{USAGE}"))?;
        let number = || -> Result<u64, String> {
            value
                .parse()
                .map_err(|_| format!("{flag}: '{value}' is not a whole number\n{USAGE}"))
        };
        let positive = || -> Result<u64, String> {
            let n = number()?;
            if n == 0 {
                return Err(format!("{flag} must be at least 1"));
            }
            Ok(n)
        };
        match flag {
            "--out" => out = Some(PathBuf::from(value)),
            "--variant" => {
                variant = Variant::parse_one_of(value, &VARIANTS)
                    .map_err(|e| format!("--variant: {e}"))?
            }
            "--games" => games = Some(positive()?),
            "--positions" => positions = Some(positive()?),
            "--nodes" => nodes = positive()?,
            "--seed" => seed = number()?,
            "--threads" => {
                threads = usize::try_from(positive()?)
                    .ok()
                    .filter(|&t| t <= 1024)
                    .ok_or_else(|| format!("--threads: '{value}' is too many"))?
            }
            "--opening-plies" => {
                opening_plies = usize::try_from(number()?)
                    .ok()
                    .filter(|&p| p <= 200)
                    .ok_or_else(|| format!("--opening-plies: '{value}' is more than 200"))?
            }
            "--network" => network = Some(PathBuf::from(value)),
            _ => return Err(format!("unknown argument '{flag}'\n{USAGE}")),
        }
        i += 2;
    }
    let out = out.ok_or_else(|| format!("--out FILE is required\n{USAGE}"))?;
    if games.is_none() && positions.is_none() {
        return Err(format!("give --games N or --positions N\n{USAGE}"));
    }
    Ok(Config {
        out,
        variant,
        games,
        positions,
        nodes,
        seed,
        threads,
        opening_plies,
        network,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn defaults_and_flags() {
        let config = parse(&args("--out x.txt --games 3")).unwrap();
        assert_eq!(config.games, Some(3));
        assert_eq!((config.nodes, config.seed, config.threads), (5000, 1, 1));
        assert_eq!(config.opening_plies, 8);
        assert_eq!(config.variant, Variant::Chess);
        let config = parse(&args("--out x --games 1 --variant chessgi")).unwrap();
        assert_eq!(config.variant, Variant::ChessGi);
        let config = parse(&args("--out x --games 1 --variant racingkings")).unwrap();
        assert_eq!(config.variant, Variant::RacingKings);
        let config = parse(&args("--positions 9 --out y --threads 2 --seed 0")).unwrap();
        assert_eq!(
            (config.positions, config.threads, config.seed),
            (Some(9), 2, 0)
        );
    }

    #[test]
    fn bad_arguments_are_messages() {
        for bad in [
            "",
            "--games 2",
            "--out x",
            "--out x --games",
            "--out x --games two",
            "--out x --games 0",
            "--out x --games 2 --nodes -5",
            "--out x --games 2 --threads 0",
            "--out x --games 2 --frobnicate 1",
            "--out x --games 2 --variant alice",
            "--out x --games 2 --variant <b>",
        ] {
            assert!(parse(&args(bad)).is_err(), "{bad}");
        }
    }
}
