//! The engine's options, defined once for both doors (UCI `setoption` and the JS
//! `Engine.setOption`): names, defaults, ranges, and the checked reading of a
//! name and a value into an [`OptionChange`], with the same messages everywhere.

use crate::api::{ApiError, ApiErrorKind};
pub use crate::search::skill::{ELO_MAX, ELO_MIN, LEVEL_MAX};
use crate::search::{Repetitions, Strength, TranspositionTable};
use crate::variants::Variant;

/// The default `Hash` in MiB.
pub const DEFAULT_HASH_MB: usize = 16;
/// The largest `Hash` in MiB. A size the machine (or the browser tab) cannot give is
/// refused when it is set, and the old table stays.
pub const MAX_HASH_MB: usize = TranspositionTable::MAX_MB;
/// The most `Threads`: natively [`crate::search::MAX_THREADS`]; 1 in WebAssembly,
/// which has no threads (a larger value is refused as any out-of-range value is).
#[cfg(not(target_arch = "wasm32"))]
pub const MAX_THREADS: usize = crate::search::MAX_THREADS;
#[cfg(target_arch = "wasm32")]
pub const MAX_THREADS: usize = 1;
/// The largest `MultiPV`.
pub const MAX_MULTIPV: usize = 64;
/// The default `UCI_Elo` (it plays only with `UCI_LimitStrength` on).
pub const DEFAULT_ELO: u32 = 1500;
/// `EvalFile`'s value for the network built into the binary (in the browser, the one
/// the host loaded beside the module).
pub const BUILT_IN_NETWORK: &str = "<built-in>";
/// `EvalFile`'s value for the hand-written evaluation.
pub const NO_NETWORK: &str = "<none>";

/// The engine options of a session.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EngineOptions {
    pub hash_mb: usize,
    /// `Threads`: the threads a `go` search runs on (one decides, the others help:
    /// `search/parallel.rs`); always 1 in WebAssembly.
    pub threads: usize,
    pub multipv: usize,
    pub skill_level: u32,
    pub limit_strength: bool,
    pub elo: u32,
    /// `UCI_Chess960`: orthodox chess is played as Chess960 (castling from the
    /// position's squares, written as the king taking its own rook).
    pub chess960: bool,
    /// The rule set `UCI_Variant` asked for ([`EngineOptions::played_variant`] is the
    /// one played).
    pub variant: Variant,
    /// `UCI_AnalyseMode`: the searches judge rather than play, so only a repetition
    /// either side can force is a draw ([`Repetitions::Strict`]).
    pub analyse_mode: bool,
}

impl Default for EngineOptions {
    fn default() -> EngineOptions {
        EngineOptions {
            hash_mb: DEFAULT_HASH_MB,
            threads: 1,
            multipv: 1,
            skill_level: LEVEL_MAX,
            limit_strength: false,
            elo: DEFAULT_ELO,
            chess960: false,
            variant: Variant::Chess,
            analyse_mode: false,
        }
    }
}

impl EngineOptions {
    /// The rule set played: the one `UCI_Variant` asked for, except that orthodox chess
    /// with `UCI_Chess960` on is Chess960 (the GUI's way to ask for it).
    pub fn played_variant(&self) -> Variant {
        match self.variant {
            Variant::Chess if self.chess960 => Variant::Chess960,
            asked => asked,
        }
    }

    /// The repetition rule of the searches: [`Repetitions::Strict`] in analysis mode,
    /// the stronger [`Repetitions::Eager`] in play.
    pub fn repetitions(&self) -> Repetitions {
        if self.analyse_mode {
            Repetitions::Strict
        } else {
            Repetitions::Eager
        }
    }

    /// The playing strength these options ask for: `UCI_Elo` when
    /// `UCI_LimitStrength` is on, else the `Skill Level`.
    pub fn strength(&self) -> Strength {
        if self.limit_strength {
            Strength::from_elo(self.elo)
        } else {
            Strength::from_level(self.skill_level)
        }
    }
}

/// An option's value as the doors report it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OptionValue<'a> {
    Text(&'a str),
    Number(u64),
    Flag(bool),
}

impl EngineOptions {
    /// These options' values under their UCI names, with `eval_file` the last
    /// `EvalFile` set: what the wasm `Session.options()` reports, what the JS
    /// `Engine.options` shows and what the worker host gives a new session after a
    /// crash. The rule set comes first, as setting it resets the position.
    pub fn values<'a>(&self, eval_file: &'a str) -> [(&'static str, OptionValue<'a>); 10] {
        use OptionValue::{Flag, Number, Text};
        [
            ("UCI_Variant", Text(self.variant.id())),
            ("UCI_Chess960", Flag(self.chess960)),
            ("UCI_AnalyseMode", Flag(self.analyse_mode)),
            ("Hash", Number(self.hash_mb as u64)),
            ("Threads", Number(self.threads as u64)),
            ("MultiPV", Number(self.multipv as u64)),
            ("Skill Level", Number(u64::from(self.skill_level))),
            ("UCI_LimitStrength", Flag(self.limit_strength)),
            ("UCI_Elo", Number(u64::from(self.elo))),
            ("EvalFile", Text(eval_file)),
        ]
    }
}

/// A checked change of one option.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OptionChange {
    /// A network file's path, [`BUILT_IN_NETWORK`] or [`NO_NETWORK`].
    EvalFile(String),
    Hash(usize),
    Threads(usize),
    MultiPv(usize),
    SkillLevel(u32),
    LimitStrength(bool),
    Elo(u32),
    Variant(Variant),
    Chess960(bool),
    AnalyseMode(bool),
    /// A search margin and its new value (`tune` builds only).
    #[cfg(feature = "tune")]
    Tune(&'static crate::search::tunable::Tunable, i32),
}

impl OptionChange {
    /// Reads option `name` (in any case) set to `value` (`None`: no value given).
    ///
    /// # Errors
    /// `UnknownVariant` for a `UCI_Variant` that is no rule set, `InvalidArgument`
    /// for anything else, naming the bad input.
    pub fn parse(name: &str, value: Option<&str>) -> Result<OptionChange, ApiError> {
        let is = |option: &str| name.eq_ignore_ascii_case(option);
        if is("UCI_Variant") {
            let value = value.ok_or_else(|| invalid("UCI_Variant needs a value".to_string()))?;
            return value.parse::<Variant>().map(OptionChange::Variant).map_err(
                |e: crate::variants::UnknownVariantError| {
                    ApiError::new(ApiErrorKind::UnknownVariant, e.to_string())
                },
            );
        }
        let change = if is("EvalFile") {
            match value {
                Some(path) if !path.is_empty() => OptionChange::EvalFile(path.to_string()),
                _ => {
                    return Err(invalid(
                        "EvalFile needs a file name, <built-in> or <none>".to_string(),
                    ))
                }
            }
        } else if is("Hash") {
            OptionChange::Hash(spin("Hash", value, 1, MAX_HASH_MB as u64)? as usize)
        } else if is("Threads") {
            OptionChange::Threads(spin("Threads", value, 1, MAX_THREADS as u64)? as usize)
        } else if is("MultiPV") {
            OptionChange::MultiPv(spin("MultiPV", value, 1, MAX_MULTIPV as u64)? as usize)
        } else if is("Skill Level") {
            OptionChange::SkillLevel(spin("Skill Level", value, 0, u64::from(LEVEL_MAX))? as u32)
        } else if is("UCI_Elo") {
            OptionChange::Elo(
                spin("UCI_Elo", value, u64::from(ELO_MIN), u64::from(ELO_MAX))? as u32,
            )
        } else if is("UCI_LimitStrength") {
            OptionChange::LimitStrength(check("UCI_LimitStrength", value)?)
        } else if is("UCI_Chess960") {
            OptionChange::Chess960(check("UCI_Chess960", value)?)
        } else if is("UCI_AnalyseMode") {
            OptionChange::AnalyseMode(check("UCI_AnalyseMode", value)?)
        } else if let Some(change) = tune_option(name, value)? {
            change
        } else {
            return Err(invalid(format!(
                "unknown option '{}'",
                crate::shown::shown(name, 64)
            )));
        };
        Ok(change)
    }
}

/// `Tune <Name>`, the margin and its value within the margin's range; `None` for
/// another name (and always, outside a `tune` build).
#[cfg(feature = "tune")]
fn tune_option(name: &str, value: Option<&str>) -> Result<Option<OptionChange>, ApiError> {
    let Some(margin) = name
        .get(..5)
        .filter(|prefix| prefix.eq_ignore_ascii_case("tune "))
        .and_then(|_| crate::search::tunable::Tunable::named(name[5..].trim()))
    else {
        return Ok(None);
    };
    match value.map(str::parse::<i32>) {
        Some(Ok(n)) if (margin.min..=margin.max).contains(&n) => {
            Ok(Some(OptionChange::Tune(margin, n)))
        }
        _ => Err(invalid(format!(
            "Tune {} needs a whole number in {}..={}",
            margin.name, margin.min, margin.max
        ))),
    }
}

#[cfg(not(feature = "tune"))]
fn tune_option(_: &str, _: Option<&str>) -> Result<Option<OptionChange>, ApiError> {
    Ok(None)
}

/// A check option's value, `true` or `false` (in any case).
fn check(name: &str, value: Option<&str>) -> Result<bool, ApiError> {
    match value.map(str::to_ascii_lowercase).as_deref() {
        Some("true") => Ok(true),
        Some("false") => Ok(false),
        _ => Err(invalid(format!("{name} needs the value true or false"))),
    }
}

fn invalid(message: String) -> ApiError {
    ApiError::new(ApiErrorKind::InvalidArgument, message)
}

/// A spin option's value within `min..=max`, or the problem.
fn spin(name: &str, value: Option<&str>, min: u64, max: u64) -> Result<u64, ApiError> {
    match value.map(str::parse::<u64>) {
        Some(Ok(n)) if (min..=max).contains(&n) => Ok(n),
        _ => Err(invalid(format!(
            "{name} needs a whole number in {min}..={max}, not '{}'",
            crate::shown::shown(value.unwrap_or(""), 32)
        ))),
    }
}
