//! Analysis of played games, as `alfiere annotate` does it: the games of a text
//! split as the command splits a file, and each game analysed by the core's
//! `analysis::batch::annotate_game` (a fresh table per game, the built-in networks),
//! so the records are the command's `--json` records for the same budget. A game
//! that does not load comes back as the command's message for it, and the rest go
//! on. The GIL is released while the games are analysed.

use crate::convert::to_python;
use crate::errors::error;
use crate::game::located_message;
use crate::games::{from_tuple, to_tuple, GameTuple};
use crate::limits::limits;
use alfiere::analysis::batch::{annotate_game, skipped_message, GameText, DEFAULT_NODES};
use alfiere::api::Game;
use alfiere::eval::nnue::Networks;
use alfiere::search::{Limits, SearchOptions};
use alfiere::Variant;
use pyo3::prelude::*;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// The games of a PGN text, as `(source, number, line, text)`, numbered from 1 with
/// the lines of `text`.
#[pyfunction]
#[pyo3(signature = (text, source = "<text>"))]
pub fn split_games(text: &str, source: &str) -> Vec<GameTuple> {
    alfiere::analysis::batch::split_games(text, source)
        .into_iter()
        .map(to_tuple)
        .collect()
}

/// Analyses each game of `games` (`(source, number, line, text)`, as
/// [`split_games`] gives them) with one budget per position (`nodes` by default,
/// as the command's): per game `(True, record)` or `(False, message)` where the
/// game does not load, the message as `alfiere annotate` reports it. With `strict`,
/// a game that does not load raises its error instead, before any game is analysed.
#[pyfunction]
#[pyo3(signature = (games, *, nodes = None, depth = None, movetime = None, strict = false))]
pub fn annotate_games(
    py: Python<'_>,
    games: Vec<GameTuple>,
    nodes: Option<u64>,
    depth: Option<u64>,
    movetime: Option<u64>,
    strict: bool,
) -> PyResult<Vec<(bool, Py<PyAny>)>> {
    let limits = limits(nodes, depth, movetime, Limits::nodes(DEFAULT_NODES))?;
    let games: Vec<GameText> = games.into_iter().map(from_tuple).collect();
    if strict {
        for game in &games {
            if let Err(e) = Game::start(Variant::Chess).load_pgn(&game.text) {
                return Err(error(e.kind, located_message(game, &e, games.len())));
            }
        }
    }
    let results = py.detach(|| {
        let options = SearchOptions {
            networks: Networks::built_in(),
            ..SearchOptions::default()
        };
        let stop = AtomicBool::new(false);
        games
            .iter()
            .map(|game| {
                let started = Instant::now();
                let clock = || started.elapsed().as_millis() as u64;
                annotate_game(&game.text, &limits, &options, &clock, &stop, |_| {}, |_| {})
                    .map(|done| done.report)
                    .map_err(|e| skipped_message(game, &e))
            })
            .collect::<Vec<_>>()
    });
    results
        .into_iter()
        .map(|result| match result {
            Ok(report) => Ok((true, to_python(py, &report)?)),
            Err(message) => Ok((false, message.into_pyobject(py)?.into_any().unbind())),
        })
        .collect()
}
