//! The options in UCI's words: the `option` lines of the `uci` reply, and the
//! arguments of `setoption` read into the engine's [`OptionChange`].

use crate::api::ApiError;
use crate::engine::{
    OptionChange, BUILT_IN_NETWORK, DEFAULT_ELO, DEFAULT_HASH_MB, ELO_MAX, ELO_MIN, LEVEL_MAX,
    MAX_HASH_MB, MAX_MULTIPV, MAX_THREADS,
};
use crate::variants::Variant;

/// The `option` lines of the `uci` reply.
pub fn option_lines() -> Vec<String> {
    let vars: Vec<String> = Variant::ALL
        .iter()
        .map(|v| format!("var {}", v.id()))
        .collect();
    let mut lines = vec![
        format!("option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"),
        format!("option name Threads type spin default 1 min 1 max {MAX_THREADS}"),
        format!("option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}"),
        format!("option name Skill Level type spin default {LEVEL_MAX} min 0 max {LEVEL_MAX}"),
        "option name UCI_LimitStrength type check default false".to_string(),
        "option name UCI_Chess960 type check default false".to_string(),
        "option name UCI_AnalyseMode type check default false".to_string(),
        format!("option name UCI_Elo type spin default {DEFAULT_ELO} min {ELO_MIN} max {ELO_MAX}"),
        format!(
            "option name UCI_Variant type combo default {} {}",
            Variant::Chess.id(),
            vars.join(" ")
        ),
        format!("option name EvalFile type string default {BUILT_IN_NETWORK}"),
    ];
    if cfg!(feature = "tune") {
        lines.extend(crate::search::params::TUNABLES.iter().map(|t| {
            format!(
                "option name Tune {} type spin default {} min {} max {}",
                t.name, t.default, t.min, t.max
            )
        }));
    }
    lines
}

/// Reads the arguments of `setoption` (`name <id> [value <x>]`; names in any case).
///
/// # Errors
/// The engine's refusal ([`OptionChange::parse`]), or `InvalidArgument` for a line
/// without `name`.
pub fn parse_setoption(rest: &str) -> Result<OptionChange, ApiError> {
    let Some(after_name) = rest.strip_prefix("name") else {
        return Err(ApiError::new(
            crate::api::ApiErrorKind::InvalidArgument,
            "expected 'setoption name <id> [value <x>]'",
        ));
    };
    let (name, value) = match after_name.split_once(" value") {
        Some((n, v)) => (n.trim(), Some(v.trim())),
        None => (after_name.trim(), None),
    };
    OptionChange::parse(name, value)
}
