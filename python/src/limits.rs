//! A search budget from Python keywords: one of `nodes`, `depth` and `movetime`, each
//! a positive whole number (the checks of `alfiere annotate`'s flags).

use crate::errors::invalid_argument;
use alfiere::search::Limits;
use pyo3::PyResult;

/// The deepest search a budget may ask for (as `alfiere annotate --depth`).
const MAX_DEPTH: u64 = 60;

/// The limits of the one budget given, or `default` when none is.
pub fn limits(
    nodes: Option<u64>,
    depth: Option<u64>,
    movetime: Option<u64>,
    default: Limits,
) -> PyResult<Limits> {
    let given = [("nodes", nodes), ("depth", depth), ("movetime", movetime)];
    if given.iter().filter(|(_, v)| v.is_some()).count() > 1 {
        return Err(invalid_argument("give one of nodes, depth and movetime"));
    }
    if let Some((name, _)) = given.iter().find(|(_, v)| *v == Some(0)) {
        return Err(invalid_argument(format!(
            "{name} takes a positive whole number, not 0"
        )));
    }
    if let Some(d) = depth.filter(|d| *d > MAX_DEPTH) {
        return Err(invalid_argument(format!(
            "depth is at most {MAX_DEPTH}, not {d}"
        )));
    }
    if nodes.is_none() && depth.is_none() && movetime.is_none() {
        return Ok(default);
    }
    Ok(Limits {
        nodes,
        depth: depth.map(|d| d as u32),
        movetime,
        ..Limits::default()
    })
}
