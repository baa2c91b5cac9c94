//! `alfiere.Game`: a game of any rule set (the core's `api::Game`, the JS `Game`'s
//! twin), and `read_pgn`, every game of a PGN text. Moves are UCI tokens out, SAN or
//! UCI in; a move, an outcome or a refusal reads as the JS API's data. A failed call
//! raises the core's error and leaves the game as it was.

use crate::convert::to_python;
use crate::errors::{error, from_api};
use alfiere::analysis::batch::{located_error, split_games, GameText};
use alfiere::api::{ApiError, Game};
use alfiere::Variant;
use pyo3::prelude::*;
use pyo3::types::PyType;

#[pyclass(name = "Game", module = "alfiere._core", subclass)]
#[derive(Clone)]
pub struct PyGame {
    pub game: Game,
}

#[pymethods]
impl PyGame {
    /// A new game of rule set `variant` (an id or name), from `fen` or the start.
    #[new]
    #[pyo3(signature = (variant = "chess", fen = None))]
    fn new(variant: &str, fen: Option<&str>) -> PyResult<PyGame> {
        Game::new(variant, fen)
            .map(|game| PyGame { game })
            .map_err(from_api)
    }

    /// The game of the first game of a PGN text (its `Variant` tag names the rule
    /// set).
    #[classmethod]
    fn from_pgn(_cls: &Bound<'_, PyType>, pgn: &str) -> PyResult<PyGame> {
        let mut game = Game::start(Variant::Chess);
        game.load_pgn(pgn).map_err(from_api)?;
        Ok(PyGame { game })
    }

    /// The rule set's id (`chess`, `alice`, ...).
    #[getter]
    fn variant(&self) -> &'static str {
        self.game.variant().id()
    }

    /// The side to act: `w` or `b`.
    #[getter]
    fn turn(&self) -> &'static str {
        match self.game.turn() {
            alfiere::Color::White => "w",
            alfiere::Color::Black => "b",
        }
    }

    /// The legal actions, as UCI tokens.
    fn legal_moves(&self) -> Vec<String> {
        self.game.legal_moves()
    }

    /// Plays a move given in SAN or UCI; returns it described (the JS `Move`).
    fn play(&mut self, py: Python<'_>, r#move: &str) -> PyResult<Py<PyAny>> {
        let info = self.game.play_text(r#move).map_err(from_api)?;
        to_python(py, &info)
    }

    /// Takes back the last action; returns it described, or `None` at the start.
    fn undo(&mut self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        self.game
            .undo()
            .map(|info| to_python(py, &info))
            .transpose()
    }

    /// The actions played, as UCI tokens.
    fn history(&self) -> Vec<String> {
        self.game.history_uci()
    }

    /// The FEN of the current position.
    fn fen(&self) -> String {
        self.game.fen()
    }

    /// The FEN of the start position.
    fn start_fen(&self) -> String {
        self.game.record().start_fen()
    }

    /// The game as PGN, with its tags, comments and variations.
    fn pgn(&self) -> String {
        self.game.pgn(&[])
    }

    /// `None` while the game goes on, else `{winner, reason, text}` (`winner` `w`,
    /// `b` or `None` for a draw).
    fn outcome(&self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        self.game
            .outcome_info()
            .map(|info| to_python(py, &info))
            .transpose()
    }

    /// The number of leaf positions `depth` actions ahead (the GIL is released).
    fn perft(&self, py: Python<'_>, depth: u32) -> PyResult<u64> {
        let game = self.game.clone();
        py.detach(move || game.perft(depth)).map_err(from_api)
    }

    /// The game of a python-chess board (orthodox, Chess960 or Racing Kings): its
    /// root position and its move stack (python/alfiere/_boards.py reads them).
    #[classmethod]
    fn from_board(_cls: &Bound<'_, PyType>, board: &Bound<'_, PyAny>) -> PyResult<PyGame> {
        let boards = board.py().import("alfiere._boards")?;
        let (variant, fen, moves): (String, String, Vec<String>) =
            boards.call_method1("game_of_board", (board,))?.extract()?;
        let mut game = Game::new(&variant, Some(&fen)).map_err(from_api)?;
        for token in &moves {
            game.play_text(token).map_err(from_api)?;
        }
        Ok(PyGame { game })
    }

    /// The game as a python-chess board with its move stack (orthodox, Chess960 or
    /// Racing Kings; another rule set raises `ValueError`).
    fn to_board(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let boards = py.import("alfiere._boards")?;
        let board = boards.call_method1(
            "board_of_game",
            (
                self.game.variant().id(),
                self.game.record().start_fen(),
                self.game.history_uci(),
            ),
        )?;
        Ok(board.unbind())
    }

    fn copy(&self) -> PyGame {
        self.clone()
    }

    fn __copy__(&self) -> PyGame {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyGame {
        self.clone()
    }

    /// Pickled as its PGN (Dask sends games between processes).
    fn __reduce__(slf: &Bound<'_, Self>) -> PyResult<(Py<PyAny>, (String,))> {
        let from_pgn = slf.get_type().getattr("from_pgn")?.unbind();
        Ok((from_pgn, (slf.borrow().game.pgn(&[]),)))
    }

    fn __repr__(&self) -> String {
        format!(
            "alfiere.Game(variant={:?}, fen={:?})",
            self.game.variant().id(),
            self.game.fen()
        )
    }
}

/// Every game of a PGN text, in order. A game that does not read raises, naming it
/// (`game N (line L): reason`); nothing is returned then.
#[pyfunction]
pub fn read_pgn(py: Python<'_>, text: &str) -> PyResult<Vec<Py<PyGame>>> {
    let texts = split_games(text, "<text>");
    let mut games = Vec::with_capacity(texts.len());
    for part in &texts {
        let mut game = Game::start(Variant::Chess);
        if let Err(e) = game.load_pgn(&part.text) {
            return Err(error(e.kind, located_message(part, &e, texts.len())));
        }
        games.push(Py::new(py, PyGame { game })?);
    }
    Ok(games)
}

/// What is wrong with game `part` of a text of `games` games: the core's message,
/// after `game N (line L): ` where the text has more than one game.
pub fn located_message(part: &GameText, e: &ApiError, games: usize) -> String {
    let (_, reason) = located_error(part, e);
    if games == 1 {
        reason
    } else {
        format!("game {} (line {}): {reason}", part.number, part.line)
    }
}

/// The ids of every rule set, in the registry's order.
#[pyfunction]
pub fn variants() -> Vec<&'static str> {
    Variant::ALL.iter().map(|v| v.id()).collect()
}
