//! Puzzles from played games, as `alfiere-puzzles VARIANT --pgn FILE` mines them:
//! each game's verdicts by the core's `puzzles::mine_game` (the GIL released), and
//! the verdicts of all games gathered in game order by its `PuzzleSet` (duplicates
//! turned away, ids made unique). The two halves are apart so that Dask tasks mine
//! chunks of games in other processes and the client gathers; a verdict crosses as
//! `(key, row line)` for a puzzle or `(None, reason)` for a rejection.

use crate::errors::{error, from_api, invalid_argument};
use crate::game::located_message;
use crate::games::{from_tuple, GameTuple};
use alfiere::analysis::batch::{skipped_message, GameText};
use alfiere::api::{parse_variant, ApiError, ApiErrorKind};
use alfiere::notation::pgn::read_pgn;
use alfiere::puzzles::file::HEADER;
use alfiere::puzzles::themes::PuzzleRules;
use alfiere::puzzles::{mine_game, Prober, PuzzleRow, PuzzleSet, Rejection, Verdict};
use alfiere::{with_variant, Record};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::collections::BTreeMap;

/// Gathered puzzles as Python sees them: the rows and each rejection's count.
type Gathered<'py> = (Vec<Bound<'py, PyDict>>, BTreeMap<&'static str, usize>);

/// A verdict as it crosses processes: `(key, row line)` or `(None, reason)`.
type VerdictTuple = (Option<String>, String);

/// The main lines of one game's text read as rule set `G`.
fn records<G: PuzzleRules>(game: &GameText) -> Result<Vec<Record<G>>, ApiError> {
    read_pgn::<G>(&game.text)
        .map(|games| games.iter().map(|g| g.main_line()).collect())
        .map_err(|e| ApiError::new(ApiErrorKind::InvalidPgn, e.to_string()))
}

/// The verdicts of one game, or why it does not read as the rule set's (the
/// command's message for a skipped game).
fn mine_text<G: PuzzleRules>(
    game: &GameText,
    prober: &Prober,
    play_nodes: u64,
) -> Result<Vec<VerdictTuple>, String> {
    let records = records::<G>(game).map_err(|e| skipped_message(game, &e))?;
    let mut verdicts = Vec::new();
    for record in &records {
        for verdict in mine_game(record, prober, play_nodes) {
            verdicts.push(match verdict {
                Ok((key, row)) => (Some(key), row.to_line()),
                Err(reason) => (None, reason.name().to_string()),
            });
        }
    }
    Ok(verdicts)
}

/// Mines each game of `games` (`(source, number, line, text)`) as rule set
/// `variant`, with probes of `nodes` and a first look of `play_nodes`: per game
/// `(True, verdicts)`, or `(False, message)` where the game does not read. With
/// `strict`, a game that does not read raises its error instead, before any game is
/// mined.
#[pyfunction]
#[pyo3(signature = (variant, games, *, nodes, play_nodes, strict = false))]
pub fn mine_games(
    py: Python<'_>,
    variant: &str,
    games: Vec<GameTuple>,
    nodes: u64,
    play_nodes: u64,
    strict: bool,
) -> PyResult<Vec<(bool, Py<PyAny>)>> {
    let variant = parse_variant(variant).map_err(from_api)?;
    if nodes == 0 || play_nodes == 0 {
        return Err(invalid_argument(
            "nodes and play_nodes take positive whole numbers",
        ));
    }
    let games: Vec<GameText> = games.into_iter().map(from_tuple).collect();
    if strict {
        for game in &games {
            if let Err(e) = with_variant!(variant, G => records::<G>(game).map(|_| ())) {
                return Err(error(e.kind, located_message(game, &e, games.len())));
            }
        }
    }
    let results = py.detach(|| {
        let prober = Prober::new(nodes);
        games
            .iter()
            .map(|game| with_variant!(variant, G => mine_text::<G>(game, &prober, play_nodes)))
            .collect::<Vec<_>>()
    });
    results
        .into_iter()
        .map(|result| match result {
            Ok(verdicts) => Ok((true, verdicts.into_pyobject(py)?.into_any().unbind())),
            Err(message) => Ok((false, message.into_pyobject(py)?.into_any().unbind())),
        })
        .collect()
}

/// A verdict back from its tuple.
fn verdict_of(tuple: VerdictTuple) -> PyResult<Verdict> {
    match tuple {
        (Some(key), line) => {
            let row = PuzzleRow::parse(&line).map_err(invalid_argument)?;
            Ok(Ok((key, row)))
        }
        (None, name) => Rejection::ALL
            .into_iter()
            .find(|r| r.name() == name)
            .map(Err)
            .ok_or_else(|| invalid_argument(format!("no rejection is called '{name}'"))),
    }
}

/// Gathers the verdicts of games in game order into at most `count` puzzles (all
/// when `None`): the rows as dicts (`id`, `fen`, `moves`, `rating`, `themes`) and
/// each rejection reason's count.
#[pyfunction]
#[pyo3(signature = (variant, games, count = None))]
pub fn gather_puzzles<'py>(
    py: Python<'py>,
    variant: &str,
    games: Vec<Vec<VerdictTuple>>,
    count: Option<usize>,
) -> PyResult<Gathered<'py>> {
    let variant = parse_variant(variant).map_err(from_api)?;
    let mut set = PuzzleSet::new(variant, count.unwrap_or(usize::MAX));
    let mut rejected: BTreeMap<&'static str, usize> = BTreeMap::new();
    for verdicts in games {
        if set.is_full() {
            break;
        }
        for tuple in verdicts {
            if let Err(reason) = set.offer(verdict_of(tuple)?) {
                *rejected.entry(reason.name()).or_default() += 1;
            }
        }
    }
    let rows = set
        .into_rows()
        .into_iter()
        .map(|row| {
            let dict = PyDict::new(py);
            dict.set_item("id", row.id)?;
            dict.set_item("fen", row.fen)?;
            dict.set_item("moves", row.moves)?;
            dict.set_item("rating", row.rating)?;
            dict.set_item("themes", row.themes)?;
            Ok(dict)
        })
        .collect::<PyResult<Vec<_>>>()?;
    Ok((rows, rejected))
}

/// A puzzle file's text (`data/puzzles/<id>.csv`'s format, as `alfiere-puzzles`
/// writes it) from rows as [`gather_puzzles`] gives them.
#[pyfunction]
pub fn puzzle_file(rows: Vec<Bound<'_, PyDict>>) -> PyResult<String> {
    let mut text = format!("{HEADER}\n");
    for dict in rows {
        let field = |name: &str| -> PyResult<Bound<'_, PyAny>> {
            dict.get_item(name)?
                .ok_or_else(|| invalid_argument(format!("a puzzle row has no '{name}'")))
        };
        let row = PuzzleRow {
            id: field("id")?.extract()?,
            fen: field("fen")?.extract()?,
            moves: field("moves")?.extract()?,
            rating: field("rating")?.extract()?,
            themes: field("themes")?.extract()?,
        };
        text.push_str(&row.to_line());
        text.push('\n');
    }
    Ok(text)
}
