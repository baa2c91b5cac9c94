//! A job request read from its JS object, `{kind, ...}`, and started: `kind` names the
//! job (`'search'`, `'analysis'`, `'practice'`), and its other fields (where the
//! position or game comes from, the limits) are checked with messages naming them. The
//! session refuses a bad request before anything changes. A new job's request is one
//! more arm of [`start_job`], with its TypeScript type beside the others here.

use super::{get, invalid, js_error, throw};
use crate::api::{self, parse_variant, ApiErrorKind};
use crate::engine::{
    game_from_packed, AnalysisJob, EngineSession, Job, PracticeJob, SearchJob, DEFAULT_MOVETIME_MS,
    MAX_MULTIPV, MAX_SEARCH_DEPTH,
};
use crate::search::Limits;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// The largest whole number a JS number holds exactly (`Number.MAX_SAFE_INTEGER`).
const MAX_SAFE: f64 = 9_007_199_254_740_991.0;

/// The TypeScript shapes of the job requests (added to the generated `.d.ts`).
#[wasm_bindgen(typescript_custom_section)]
const TS_JOB_REQUEST: &'static str = r#"
/** `Session.start()`'s search of a position: `fen` and `moves` (SAN or UCI tokens), or
 *  `line` from `game.engineLine()`, and its limits (with none, 1 second). */
export interface SearchRequest {
  kind: 'search';
  fen?: string | null; moves?: string[] | null; line?: EngineLine | null;
  depth?: number; movetime?: number; nodes?: number; infinite?: boolean; multipv?: number;
  wtime?: number; btime?: number; winc?: number; binc?: number; movestogo?: number;
}
/** `Session.start()`'s analysis of a whole game: `line` from `game.engineLine()` or a
 *  PGN text, and one budget per position (100,000 nodes when none is given). */
export interface AnalysisRequest {
  kind: 'analysis';
  line?: EngineLine | null; pgn?: string | null;
  depth?: number; movetime?: number; nodes?: number;
}
/** `Session.start()`'s judgement of a turn tried in practice: the game whose last turn
 *  is judged (as for an analysis), `from` (the actions before that turn; by default
 *  where it starts) and one budget per position (100,000 nodes when none is given). */
export interface PracticeRequest {
  kind: 'practice';
  line?: EngineLine | null; pgn?: string | null; from?: number;
  depth?: number; movetime?: number; nodes?: number;
}
/** A job for `Session.start()`; its `kind` names it. */
export type JobRequest = SearchRequest | AnalysisRequest | PracticeRequest;
"#;

/// Reads a job request, `{kind, ...}`, and starts it on `engine` (idle); a refused
/// request changes nothing.
pub(crate) fn start_job(engine: &mut EngineSession, request: &JsValue) -> Result<(), JsValue> {
    let kind = get(request, "kind");
    let job = match kind.as_string().as_deref() {
        Some("search") => {
            let (source, job) = analysis_request(request)?;
            place(engine, source)?;
            Job::Search(job)
        }
        Some("analysis") => {
            let (game, limits) = game_analysis_request(request)?;
            Job::Analysis(AnalysisJob { game, limits })
        }
        Some("practice") => {
            let (game, from, limits) = practice_request(request)?;
            Job::Practice(PracticeJob { game, from, limits })
        }
        Some(other) => {
            return Err(invalid(format!(
                "unknown job kind '{}'",
                crate::shown::shown(other, 32)
            )))
        }
        None => {
            return Err(invalid(format!(
                "a job needs a kind ('search', 'analysis' or 'practice'), not {}",
                type_name(&kind)
            )))
        }
    };
    engine.start(job).map_err(throw)
}

/// Sets the position a search job names; a game that is over is refused and the
/// position stays.
fn place(engine: &mut EngineSession, source: PositionSource) -> Result<(), JsValue> {
    let kept = engine.game().clone();
    let placed = match source {
        PositionSource::Moves { fen, moves } => {
            let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
            engine.set_position_moves(fen.as_deref(), &moves)
        }
        PositionSource::Line {
            variant,
            fen,
            actions,
        } => parse_variant(&variant).and_then(|v| engine.set_position_packed(v, &fen, &actions)),
    };
    placed.map_err(throw)?;
    if let Some(outcome) = engine.game().outcome_info() {
        let _ = engine.set_position(kept);
        return Err(js_error(
            ApiErrorKind::GameOver,
            &format!("the game is over: {}", outcome.text),
        ));
    }
    Ok(())
}

/// Where the position of an analysis comes from.
enum PositionSource {
    /// A FEN (the start when `None`) and moves, SAN or UCI tokens.
    Moves {
        fen: Option<String>,
        moves: Vec<String>,
    },
    /// A game's line as `Game.engineLine()` gives it: no notation at all.
    Line {
        variant: String,
        fen: String,
        actions: Vec<u32>,
    },
}

/// A JS value's type as the messages name it.
fn type_name(value: &JsValue) -> String {
    if js_sys::Array::is_array(value) {
        "an array".into()
    } else {
        super::type_name(value)
    }
}

/// A number as JS writes it (`1.5`, `NaN`), without Rust's float formatting code.
pub(crate) fn number_text(n: f64) -> String {
    js_sys::Number::from(n)
        .to_string_with_radix(10)
        .map(String::from)
        .unwrap_or_default()
}

fn absent(value: &JsValue) -> bool {
    value.is_undefined() || value.is_null()
}

/// A whole number within `min..=max`, or `None` when absent.
fn whole(request: &JsValue, key: &str, min: f64, max: f64) -> Result<Option<u64>, JsValue> {
    let value = get(request, key);
    if absent(&value) {
        return Ok(None);
    }
    match value.as_f64() {
        Some(n) if n.fract() == 0.0 && (min..=max).contains(&n) => Ok(Some(n as u64)),
        n => {
            let shown = n.map_or_else(|| type_name(&value), number_text);
            Err(invalid(format!(
                "{key} must be a whole number from {} to {}, not {shown}",
                number_text(min),
                number_text(max)
            )))
        }
    }
}

fn string_list(value: &JsValue, what: &str) -> Result<Vec<String>, JsValue> {
    let Some(array) = value.dyn_ref::<js_sys::Array>() else {
        return Err(invalid(format!(
            "{what} must be an array of UCI strings, not {}",
            type_name(value)
        )));
    };
    array
        .iter()
        .enumerate()
        .map(|(i, item)| {
            item.as_string().ok_or_else(|| {
                invalid(format!(
                    "{what}[{i}] must be a string, not {}",
                    type_name(&item)
                ))
            })
        })
        .collect()
}

fn position(request: &JsValue) -> Result<PositionSource, JsValue> {
    let line = get(request, "line");
    if !absent(&line) {
        let field = |key: &str| {
            get(&line, key).as_string().ok_or_else(|| {
                invalid(format!(
                    "line.{key} must be a string; pass game.engineLine()"
                ))
            })
        };
        let actions = get(&line, "actions");
        let Some(actions) = actions.dyn_ref::<js_sys::Uint32Array>() else {
            return Err(invalid(
                "line.actions must be a Uint32Array; pass game.engineLine()",
            ));
        };
        return Ok(PositionSource::Line {
            variant: field("variant")?,
            fen: field("fen")?,
            actions: actions.to_vec(),
        });
    }
    let fen = get(request, "fen");
    let fen = match fen.as_string() {
        Some(text) => Some(text),
        None if absent(&fen) => None,
        None => {
            return Err(invalid(format!(
                "fen must be a string, not {}",
                type_name(&fen)
            )))
        }
    };
    let moves = get(request, "moves");
    let moves = if absent(&moves) {
        Vec::new()
    } else {
        string_list(&moves, "moves")?
    };
    Ok(PositionSource::Moves { fen, moves })
}

/// Reads an `analyse()` request: `{fen, moves}` or `{line}`, and `depth`, `movetime`,
/// `nodes`, the clocks (`wtime`, `btime`, `winc`, `binc`, `movestogo`), `infinite`,
/// `multipv`. With no limit the search thinks [`DEFAULT_MOVETIME_MS`].
fn analysis_request(request: &JsValue) -> Result<(PositionSource, SearchJob), JsValue> {
    if !absent(request) && (!request.is_object() || js_sys::Array::is_array(request)) {
        return Err(invalid(format!(
            "analyse() takes an options object, not {}",
            type_name(request)
        )));
    }
    let empty = js_sys::Object::new().into();
    let request = if absent(request) { &empty } else { request };
    if !get(request, "multiPv").is_undefined() {
        // Renamed in 0.2.0 to the spelling of UCI info lines (and `Info.multipv`).
        return Err(invalid("the option multiPv is spelled multipv"));
    }
    let source = position(request)?;
    let infinite = get(request, "infinite");
    let infinite = match infinite.as_bool() {
        Some(on) => on,
        None if infinite.is_undefined() => false,
        None => {
            return Err(invalid(format!(
                "infinite must be true or false, not {}",
                type_name(&infinite)
            )))
        }
    };
    let mut limits = Limits {
        depth: whole(request, "depth", 1.0, f64::from(MAX_SEARCH_DEPTH))?.map(|d| d as u32),
        movetime: whole(request, "movetime", 1.0, MAX_SAFE)?,
        nodes: whole(request, "nodes", 1.0, MAX_SAFE)?,
        // The clocks, as UCI `go wtime btime winc binc movestogo`: the search budgets
        // its own time (search::limits::TimeBudget).
        wtime: whole(request, "wtime", 0.0, MAX_SAFE)?,
        btime: whole(request, "btime", 0.0, MAX_SAFE)?,
        winc: whole(request, "winc", 0.0, MAX_SAFE)?,
        binc: whole(request, "binc", 0.0, MAX_SAFE)?,
        movestogo: whole(request, "movestogo", 1.0, MAX_SAFE)?,
        infinite,
        ..Limits::default()
    };
    let multipv = whole(request, "multipv", 1.0, MAX_MULTIPV as f64)?.map(|n| n as usize);
    if !infinite && !limits.is_finite() {
        limits.movetime = Some(DEFAULT_MOVETIME_MS);
    }
    Ok((source, SearchJob { limits, multipv }))
}

/// Nodes per position of a game's analysis given no budget: a 40-move game in well
/// under 20 seconds in a browser worker on a 2-core machine (README, "Analysing
/// games"), deep enough to see the tactics that decide most games.
pub(crate) const DEFAULT_ANALYSIS_NODES: u64 = 100_000;

/// Reads an `analyseGame()` request: the game (`line`, from `game.engineLine()`, or
/// `pgn`, a PGN text whose first game is analysed) and one of `depth`, `movetime`,
/// `nodes` per position (by default [`DEFAULT_ANALYSIS_NODES`]).
fn game_analysis_request(request: &JsValue) -> Result<(api::Game, Limits), JsValue> {
    judging_request(request, "analyseGame()")
}

/// Reads a practice request (`judgeTurn()`, "practice your mistakes"): the game whose
/// last turn is judged, as an analysis takes it, its budget per position, and `from`
/// (the number of actions before the turn; by default where the last turn starts).
fn practice_request(request: &JsValue) -> Result<(api::Game, Option<usize>, Limits), JsValue> {
    let (game, limits) = judging_request(request, "judgeTurn()")?;
    // Bounded by the longest game judged, so the number fits a wasm `usize`.
    let most = crate::analysis::MAX_ANALYSED_PLIES as f64;
    let from = whole(request, "from", 0.0, most)?.map(|n| n as usize);
    Ok((game, from, limits))
}

/// The game and the budget per position of a judging job (`what` names the `Engine`
/// method that sends it).
fn judging_request(request: &JsValue, what: &str) -> Result<(api::Game, Limits), JsValue> {
    if absent(request) || !request.is_object() || js_sys::Array::is_array(request) {
        return Err(invalid(format!(
            "{what} takes an options object, not {}",
            type_name(request)
        )));
    }
    let pgn = get(request, "pgn");
    let game = if absent(&pgn) {
        let Ok(PositionSource::Line {
            variant,
            fen,
            actions,
        }) = position(request)
        else {
            return Err(invalid(format!(
                "{what} needs a game: a Game, its engineLine() or a PGN text"
            )));
        };
        let variant = crate::api::parse_variant(&variant).map_err(super::throw)?;
        game_from_packed(variant, &fen, &actions).map_err(super::throw)?
    } else {
        let Some(text) = pgn.as_string() else {
            return Err(invalid(format!(
                "pgn must be a string, not {}",
                type_name(&pgn)
            )));
        };
        let mut game = api::Game::start(crate::variants::Variant::Chess);
        game.load_pgn(&text).map_err(super::throw)?;
        game
    };
    let limits = Limits {
        depth: whole(request, "depth", 1.0, f64::from(MAX_SEARCH_DEPTH))?.map(|d| d as u32),
        movetime: whole(request, "movetime", 1.0, MAX_SAFE)?,
        nodes: whole(request, "nodes", 1.0, MAX_SAFE)?,
        ..Limits::default()
    };
    let budgets = [
        limits.depth.is_some(),
        limits.movetime.is_some(),
        limits.nodes.is_some(),
    ];
    let limits = match budgets.iter().filter(|b| **b).count() {
        0 => Limits::nodes(DEFAULT_ANALYSIS_NODES),
        1 => limits,
        _ => {
            return Err(invalid(
                "give one of depth, movetime and nodes per position",
            ))
        }
    };
    Ok((game, limits))
}
