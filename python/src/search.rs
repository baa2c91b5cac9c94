//! `alfiere.search(game, nodes= | depth= | movetime=)`: the engine's best action in a
//! game's position (its repetitions count), with the built-in networks like the UCI
//! engine. The GIL is released while it searches.

use crate::errors::from_api;
use crate::game::PyGame;
use crate::limits::limits;
use alfiere::analysis::DEFAULT_TABLE_MB;
use alfiere::eval::nnue::Networks;
use alfiere::notation::uci::action_to_uci_in;
use alfiere::search::{Limits, Progress, Score, SearchOptions, TranspositionTable};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::time::Instant;

/// A search given no budget thinks this long, as the JS API's.
const DEFAULT_MOVETIME_MS: u64 = 1000;

/// Nodes per step between looks at the clock.
const NODES_PER_STEP: u64 = 1 << 14;

/// The best action (`None` when there is none), its SAN, the score from the side to
/// act (`{"cp": n}` or `{"mate": n}`), the depth, the nodes and the line (UCI).
#[pyfunction]
#[pyo3(signature = (game, *, nodes = None, depth = None, movetime = None))]
pub fn search<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyGame>,
    nodes: Option<u64>,
    depth: Option<u64>,
    movetime: Option<u64>,
) -> PyResult<Bound<'py, PyDict>> {
    let default = Limits {
        movetime: Some(DEFAULT_MOVETIME_MS),
        ..Limits::default()
    };
    let limits = limits(nodes, depth, movetime, default)?;
    let options = SearchOptions {
        networks: Networks::built_in(),
        ..SearchOptions::default()
    };
    // The game is copied and let go before the GIL is: other threads may use it
    // while this one searches.
    let mut game = game.borrow().game.clone();
    let variant = game.variant();
    let mut running = game.start_search(limits, options, TranspositionTable::new(DEFAULT_TABLE_MB));
    let result = py.detach(move || {
        let started = Instant::now();
        let clock = || started.elapsed().as_millis() as u64;
        loop {
            if let Progress::Done(result) = running.step(NODES_PER_STEP, &clock, &mut |_| {}) {
                return result;
            }
        }
    });
    let out = PyDict::new(py);
    let best = result.best.map(|a| action_to_uci_in(&a, variant));
    let san = match &best {
        Some(token) => Some(game.play_text(token).map_err(from_api)?.san),
        None => None,
    };
    out.set_item("best", best)?;
    out.set_item("san", san)?;
    let score = PyDict::new(py);
    match result.score {
        Score::Cp(cp) => score.set_item("cp", cp)?,
        Score::Mate(n) => score.set_item("mate", n)?,
    }
    out.set_item("score", score)?;
    out.set_item("depth", result.depth)?;
    out.set_item("nodes", result.nodes)?;
    let line: Vec<String> = result
        .pv
        .iter()
        .map(|a| action_to_uci_in(a, variant))
        .collect();
    out.set_item("line", line)?;
    Ok(out)
}
