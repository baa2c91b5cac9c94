//! The command line of `alfiere-datagen`: flags, their defaults and their checks.
//! A bad argument becomes a message for the user (and exit code 2), never a panic.

use alfiere::Variant;
use std::path::PathBuf;

pub const USAGE: &str = "usage: alfiere-datagen --out FILE (--games N | --positions N) \
[--variant chess|chessgi|racingkings|billiards|avalanche|marseillais|marseillais-balanced|\
progressive-scottish|progressive-italian|alice] [--nodes 5000] [--seed S] [--threads T] \
[--opening-plies 8] [--skip-plies 8] [--network FILE] \
[--teacher /usr/games/stockfish [--teacher-nodes 5000] [--chess960 25] [--sample 100]]";

/// The rule sets self-play data is made for: those with a network kind (Chess960's
/// games come from `--teacher --chess960`). In the multi-action rule sets a kept
/// position may be one within a turn: the network reads how many actions are left.
pub const VARIANTS: [Variant; 10] = alfiere::eval::nnue::DATA_VARIANTS;

/// Teacher mode (`--teacher`): positions of orthodox chess and Chess960 labelled by
/// a stronger UCI engine, appended to a binary file (`alfiere::teacher`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Teacher {
    /// The teacher's program.
    pub path: String,
    /// The teacher's node budget per position.
    pub nodes: u64,
    /// The share of games, in percent, that start from a random Chess960 array.
    pub chess960_percent: u32,
    /// The share of the kept positions, in percent, that the teacher labels.
    pub sample_percent: u32,
}

/// The teacher's node budget when `--teacher-nodes` is left out.
pub const TEACHER_NODES: u64 = 5000;
/// The share of Chess960 games when `--chess960` is left out (docs/nnue.md, "Teacher
/// data": orthodox chess is the target, Chess960 a quarter so its arrays are seen).
pub const CHESS960_PERCENT: u32 = 25;

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
    /// Whether `--seed` was given (a resumed teacher file keeps its own seed, and a
    /// different one given is refused).
    pub seed_given: bool,
    /// Independent workers (threads).
    pub threads: usize,
    /// Random plies from the start position before the engine plays.
    pub opening_plies: usize,
    /// Plies after the opening whose positions are not kept.
    pub skip_plies: usize,
    /// A network file the searches evaluate with (each round's data comes from the
    /// latest network); none: the hand-written evaluation.
    pub network: Option<PathBuf>,
    /// Teacher mode, with its settings.
    pub teacher: Option<Teacher>,
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
    let mut skip_plies = crate::selfplay::SKIP_PLIES;
    let mut network = None;
    let mut seed_given = false;
    let mut teacher_path = None;
    let mut teacher_nodes = None;
    let mut chess960_percent = None;
    let mut sample_percent = None;
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
        let percent = || -> Result<u32, String> {
            number()
                .ok()
                .filter(|&p| p <= 100)
                .map(|p| p as u32)
                .ok_or_else(|| format!("{flag}: '{value}' is not a percentage from 0 to 100"))
        };
        match flag {
            "--teacher" => teacher_path = Some(value.clone()),
            "--teacher-nodes" => teacher_nodes = Some(positive()?),
            "--chess960" => chess960_percent = Some(percent()?),
            "--sample" => sample_percent = Some(percent()?),
            "--out" => out = Some(PathBuf::from(value)),
            "--variant" => {
                variant = Variant::parse_one_of(value, &VARIANTS)
                    .map_err(|e| format!("--variant: {e}"))?
            }
            "--games" => games = Some(positive()?),
            "--positions" => positions = Some(positive()?),
            "--nodes" => nodes = positive()?,
            "--seed" => {
                seed = number()?;
                seed_given = true;
            }
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
            "--skip-plies" => {
                skip_plies = usize::try_from(number()?)
                    .ok()
                    .filter(|&p| p <= 200)
                    .ok_or_else(|| format!("--skip-plies: '{value}' is more than 200"))?
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
    let teacher = match teacher_path {
        Some(path) => {
            if variant != Variant::Chess {
                return Err(format!(
                    "--teacher labels orthodox chess and Chess960 games, not {}",
                    variant.name()
                ));
            }
            Some(Teacher {
                path,
                nodes: teacher_nodes.unwrap_or(TEACHER_NODES),
                chess960_percent: chess960_percent.unwrap_or(CHESS960_PERCENT),
                sample_percent: sample_percent.unwrap_or(100),
            })
        }
        None if teacher_nodes.is_some()
            || chess960_percent.is_some()
            || sample_percent.is_some() =>
        {
            return Err(format!(
                "--teacher-nodes, --chess960 and --sample need --teacher\n{USAGE}"
            ))
        }
        None => None,
    };
    if teacher.as_ref().is_some_and(|t| t.sample_percent == 0) {
        return Err("--sample 0 would label nothing".to_string());
    }
    Ok(Config {
        out,
        variant,
        games,
        positions,
        nodes,
        seed,
        seed_given,
        threads,
        opening_plies,
        skip_plies,
        network,
        teacher,
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
        assert_eq!((config.opening_plies, config.skip_plies), (8, 8));
        let config = parse(&args("--out x --games 1 --skip-plies 2")).unwrap();
        assert_eq!(config.skip_plies, 2);
        assert_eq!(config.variant, Variant::Chess);
        let config = parse(&args("--out x --games 1 --variant chessgi")).unwrap();
        assert_eq!(config.variant, Variant::ChessGi);
        let config = parse(&args("--out x --games 1 --variant racingkings")).unwrap();
        assert_eq!(config.variant, Variant::RacingKings);
        for variant in VARIANTS {
            let config = parse(&args(&format!(
                "--out x --games 1 --variant {}",
                variant.id()
            )));
            assert_eq!(config.unwrap().variant, variant);
        }
        let config = parse(&args("--positions 9 --out y --threads 2 --seed 0")).unwrap();
        assert_eq!(
            (config.positions, config.threads, config.seed),
            (Some(9), 2, 0)
        );
        assert!(config.seed_given && config.teacher.is_none());
    }

    #[test]
    fn teacher_flags() {
        let config = parse(&args(
            "--out t.bin --games 1 --teacher /usr/games/stockfish",
        ))
        .unwrap();
        assert!(!config.seed_given);
        assert_eq!(
            config.teacher,
            Some(Teacher {
                path: "/usr/games/stockfish".to_string(),
                nodes: TEACHER_NODES,
                chess960_percent: CHESS960_PERCENT,
                sample_percent: 100,
            })
        );
        let config = parse(&args(
            "--out t --games 1 --teacher sf --teacher-nodes 20000 --chess960 0 --sample 50",
        ))
        .unwrap();
        let teacher = config.teacher.unwrap();
        assert_eq!(
            (
                teacher.nodes,
                teacher.chess960_percent,
                teacher.sample_percent
            ),
            (20000, 0, 50)
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
            "--out x --games 2 --variant chess960",
            "--out x --games 2 --skip-plies 201",
            "--out x --games 2 --variant <b>",
            "--out x --games 2 --chess960 10",
            "--out x --games 2 --teacher-nodes 10",
            "--out x --games 2 --teacher sf --chess960 101",
            "--out x --games 2 --teacher sf --sample 0",
            "--out x --games 2 --teacher sf --teacher-nodes 0",
            "--out x --games 2 --teacher sf --variant chessgi",
        ] {
            assert!(parse(&args(bad)).is_err(), "{bad}");
        }
    }
}
