//! The command line of `alfiere-train`: flags, their defaults and their checks.
//! A bad argument becomes a message for the user (and exit code 2), never a panic.

use crate::sample::VARIANTS;
use alfiere::Variant;
use std::path::PathBuf;

pub const USAGE: &str = "usage: alfiere-train --data FILE [--data FILE ...] --out NET.nnue \
[--variant chess|chessgi|racingkings|billiards|avalanche|marseillais|marseillais-balanced|\
progressive-scottish|progressive-italian|alice] [--epochs 10] [--batch 16384] [--lr 0.001] [--wdl 0.3] [--threads 2] [--seed 1] \
[--init NET.nnue] [--validation 0.02] [--mirror off]";

/// What to train on, how, and where the network goes.
#[derive(Debug, Clone, PartialEq)]
pub struct Config {
    /// Data files, read in this order.
    pub data: Vec<PathBuf>,
    pub out: PathBuf,
    /// The rule set of the data, which decides the network's layout.
    pub variant: Variant,
    pub epochs: usize,
    /// Positions per optimiser step.
    pub batch: usize,
    /// Adam's learning rate before the decay.
    pub lr: f32,
    /// The weight of the game result in the target (the rest is the search score).
    pub wdl: f32,
    pub threads: usize,
    pub seed: u64,
    /// A network to start from instead of random weights.
    pub init: Option<PathBuf>,
    /// The share of the positions held out for the validation loss.
    pub validation: f64,
    /// Show about half of the positions mirrored left to right in each epoch.
    pub mirror: bool,
}

/// Reads the arguments (without the program name).
pub fn parse(args: &[String]) -> Result<Config, String> {
    let mut data = Vec::new();
    let mut out = None;
    let mut variant = Variant::Chess;
    let mut epochs = 10;
    let mut batch = 16384;
    let mut lr = 0.001;
    let mut wdl = 0.3;
    let mut threads = 2;
    let mut seed = 1;
    let mut init = None;
    let mut validation = 0.02;
    let mut mirror = false;
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
        let fraction = |low: f64, high: f64| -> Result<f64, String> {
            value
                .parse::<f64>()
                .ok()
                .filter(|x| (low..=high).contains(x))
                .ok_or_else(|| format!("{flag}: '{value}' is not a number from {low} to {high}"))
        };
        // Bounds that keep a typo from asking for a day of work or all the memory.
        let bounded = |low: u64, high: u64| -> Result<usize, String> {
            let n = number()?;
            if !(low..=high).contains(&n) {
                return Err(format!("{flag}: '{value}' is not from {low} to {high}"));
            }
            usize::try_from(n).map_err(|_| format!("{flag}: '{value}' is too large"))
        };
        match flag {
            "--data" => data.push(PathBuf::from(value)),
            "--out" => out = Some(PathBuf::from(value)),
            "--variant" => {
                variant = Variant::parse_one_of(value, &VARIANTS)
                    .map_err(|e| format!("--variant: {e}"))?
            }
            "--init" => init = Some(PathBuf::from(value)),
            "--epochs" => epochs = bounded(0, 100_000)?,
            "--batch" => batch = bounded(1, 1 << 24)?,
            "--threads" => threads = bounded(1, 256)?,
            "--seed" => seed = number()?,
            "--lr" => {
                lr = fraction(0.0, 10.0)? as f32;
                if lr <= 0.0 {
                    return Err(format!("--lr must be above 0\n{USAGE}"));
                }
            }
            "--wdl" => wdl = fraction(0.0, 1.0)? as f32,
            // At most half: the rest must still be enough to train on.
            "--validation" => validation = fraction(0.0, 0.5)?,
            "--mirror" => {
                mirror = match value.as_str() {
                    "on" => true,
                    "off" => false,
                    _ => return Err(format!("--mirror: '{value}' is not on or off\n{USAGE}")),
                }
            }
            _ => return Err(format!("unknown argument '{flag}'\n{USAGE}")),
        }
        i += 2;
    }
    if data.is_empty() {
        return Err(format!("--data FILE is required\n{USAGE}"));
    }
    let out = out.ok_or_else(|| format!("--out FILE is required\n{USAGE}"))?;
    Ok(Config {
        data,
        out,
        variant,
        epochs,
        batch,
        lr,
        wdl,
        threads,
        seed,
        init,
        validation,
        mirror,
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
        let config = parse(&args("--data a.txt --out n.nnue")).unwrap();
        assert_eq!(config.data, vec![PathBuf::from("a.txt")]);
        assert_eq!(
            (config.epochs, config.batch, config.threads),
            (10, 16384, 2)
        );
        assert_eq!((config.lr, config.wdl, config.seed), (0.001, 0.3, 1));
        assert_eq!((config.init, config.validation), (None, 0.02));
        assert!(!config.mirror);
        assert_eq!(config.variant, Variant::Chess);
        let config = parse(&args(
            "--data a --data b --out n --epochs 0 --batch 7 --lr 0.01 --wdl 1 \
             --threads 1 --seed 9 --init m --validation 0 --mirror on --variant chessgi",
        ))
        .unwrap();
        assert_eq!(config.data.len(), 2);
        assert_eq!((config.epochs, config.batch, config.threads), (0, 7, 1));
        assert_eq!((config.lr, config.wdl, config.seed), (0.01, 1.0, 9));
        assert_eq!(config.init, Some(PathBuf::from("m")));
        assert_eq!(config.validation, 0.0);
        assert!(config.mirror);
        assert_eq!(config.variant, Variant::ChessGi);
    }

    #[test]
    fn bad_arguments_are_messages() {
        for bad in [
            "",
            "--data a --out n --variant chess960",
            "--data a --out n --variant",
            "--out n",
            "--data a",
            "--data a --out",
            "--data a --out n --epochs ten",
            "--data a --out n --batch 0",
            "--data a --out n --threads 0",
            "--data a --out n --lr 0",
            "--data a --out n --lr -1",
            "--data a --out n --lr NaN",
            "--data a --out n --wdl 1.5",
            "--data a --out n --validation 0.9",
            "--data a --out n --frobnicate 1",
            "--data a --out n --mirror yes",
        ] {
            assert!(parse(&args(bad)).is_err(), "{bad}");
        }
    }
}
