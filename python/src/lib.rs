//! `alfiere._core`: the Rust core as a Python extension module (PyO3, abi3). The
//! Python package `alfiere` (python/alfiere/) wraps it; every rule, notation, search,
//! analysis and puzzle decision is the main crate's, reached through its public API.
//! This crate only converts values and errors, and releases the GIL while the core
//! computes.

mod analyse;
mod convert;
mod errors;
mod files;
mod game;
mod games;
mod limits;
mod puzzles;
mod search;

use pyo3::prelude::*;

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(m)?;
    m.add_class::<game::PyGame>()?;
    m.add_function(wrap_pyfunction!(game::read_pgn, m)?)?;
    m.add_function(wrap_pyfunction!(game::variants, m)?)?;
    m.add_function(wrap_pyfunction!(search::search, m)?)?;
    m.add_function(wrap_pyfunction!(analyse::split_games, m)?)?;
    m.add_function(wrap_pyfunction!(files::file_chunks, m)?)?;
    m.add_function(wrap_pyfunction!(files::read_chunk, m)?)?;
    m.add_function(wrap_pyfunction!(analyse::annotate_games, m)?)?;
    m.add_function(wrap_pyfunction!(puzzles::mine_games, m)?)?;
    m.add_function(wrap_pyfunction!(puzzles::gather_puzzles, m)?)?;
    m.add_function(wrap_pyfunction!(puzzles::puzzle_file, m)?)?;
    m.add(
        "DEFAULT_ANNOTATE_NODES",
        alfiere::analysis::batch::DEFAULT_NODES,
    )?;
    m.add(
        "DEFAULT_PUZZLE_NODES",
        alfiere::puzzles::probe::SHIPPED_NODES,
    )?;
    m.add("MAX_PERFT_DEPTH", alfiere::api::MAX_PERFT_DEPTH)?;
    Ok(())
}
