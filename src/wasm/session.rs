//! The `Session` class: the project's engine session for the worker host, with its
//! two doors. The typed door (`setOption`, `newGame`, `analyse`, `advance`,
//! `stopJob`) takes and gives plain objects and throws typed errors; the raw door
//! (`handleLine`, `step`) is the UCI codec the native binary runs, lines in and out.
//! Either way a job runs by calls between which the worker yields to its event loop.

use super::analyse::{analysis_request, game_analysis_request, practice_request, PositionSource};
use super::{invalid, js_error, string_arg, throw, to_js, type_name};
use crate::api::{parse_variant, ApiErrorKind};
use crate::engine::{AnalysisJob, Event, Job, OptionChange, PracticeJob, SearchReporter};
use crate::eval::nnue::Network;
use crate::uci::{format_event, Control, Status, UciSession, NODES_PER_STEP};
use js_sys::{Array, Object, Reflect};
use std::sync::Arc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// The engine, through its typed door or as a UCI conversation.
///
/// ```js
/// const session = new Session(Math.random() * 2 ** 32);
/// session.setOption('MultiPV', 2);                      // 'chess' (the rule set)
/// session.analyse({ moves: ['e4', 'e5'], depth: 8 });   // the job starts
/// let events = [];
/// while (session.status() === 'searching') events.push(...session.advance(4000, performance.now()));
/// events.at(-1);                                         // {type: 'done', result, uci}
/// ```
///
/// ```js
/// const session = new Session(Math.random() * 2 ** 32);
/// session.handleLine('position startpos moves e2e4');   // [] (output lines)
/// session.handleLine('go depth 8');                      // []: the search starts
/// let lines = [];
/// while (session.status() === 'searching') lines.push(...session.step(4000, performance.now()));
/// lines.at(-1);                                          // 'bestmove ...'
/// ```
#[wasm_bindgen]
pub struct Session {
    inner: UciSession,
    quit: bool,
    /// Gathers the running typed analysis's events into its result.
    report: Option<SearchReporter>,
}

/// A JS number as a whole number of at least 0 (NaN and negatives are 0).
fn whole(n: f64) -> u64 {
    if n.is_finite() && n > 0.0 {
        n as u64
    } else {
        0
    }
}

/// A number argument (`fallback` when undefined); anything else is an
/// InvalidArgumentError.
fn number_arg(value: &JsValue, what: &str, fallback: f64) -> Result<f64, JsValue> {
    if value.is_undefined() {
        return Ok(fallback);
    }
    match value.as_f64() {
        Some(n) if !n.is_nan() => Ok(n),
        _ => Err(invalid(format!(
            "{what} must be a number, not {}",
            type_name(value)
        ))),
    }
}

/// The node budget (default 4096, at least 1) and the time of a step.
fn step_arguments(node_budget: &JsValue, now_ms: &JsValue) -> Result<(u64, u64), JsValue> {
    let budget = whole(number_arg(
        node_budget,
        "nodeBudget",
        NODES_PER_STEP as f64,
    )?)
    .max(1);
    Ok((budget, whole(number_arg(now_ms, "nowMs", 0.0)?)))
}

#[wasm_bindgen]
impl Session {
    /// `new Session(seed)`: `seed` (a number, optional) varies the weakened levels'
    /// choices from run to run.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_optional_param_type = "number | null")] seed: JsValue,
    ) -> Result<Session, JsValue> {
        let seed = if seed.is_null() {
            None
        } else {
            Some(number_arg(&seed, "seed", 0x5eed as f64)?)
        };
        Ok(Session {
            inner: UciSession::with_seed(seed.map_or(0x5eed, whole)),
            quit: false,
            report: None,
        })
    }

    /// Handles one input line; returns the output lines.
    #[wasm_bindgen(js_name = handleLine)]
    pub fn handle_line(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] line: JsValue,
    ) -> Result<Vec<String>, JsValue> {
        let line = string_arg(&line, "a UCI line", false)?.unwrap_or_default();
        let mut out = Vec::new();
        if self
            .inner
            .handle_line(&line, &mut |l| out.push(l.to_string()))
            == Control::Quit
        {
            self.quit = true;
        }
        Ok(out)
    }

    /// Searches about `nodeBudget` nodes (default 4096) of the running search; `nowMs`
    /// is the time in milliseconds from any fixed origin (`performance.now()`).
    /// Returns the output lines: `info` lines, and at the end `bestmove` and the
    /// answers to the lines that waited for it.
    pub fn step(
        &mut self,
        #[wasm_bindgen(js_name = nodeBudget, unchecked_optional_param_type = "number")]
        node_budget: JsValue,
        #[wasm_bindgen(js_name = nowMs, unchecked_optional_param_type = "number")] now_ms: JsValue,
    ) -> Result<Vec<String>, JsValue> {
        let (budget, now) = step_arguments(&node_budget, &now_ms)?;
        let mut out = Vec::new();
        if self
            .inner
            .step(budget, &|| now, &mut |l| out.push(l.to_string()))
            == Status::Quit
        {
            self.quit = true;
        }
        Ok(out)
    }

    /// The current rule-set id.
    #[wasm_bindgen(unchecked_return_type = "VariantId")]
    pub fn variant(&self) -> String {
        self.inner.variant().id().to_string()
    }

    /// Sets an option by its UCI name (any case) to a string, a whole number or a
    /// boolean; returns the rule-set id afterwards. Throws `InvalidArgumentError`
    /// (`UnknownVariantError` for `UCI_Variant`) with the message UCI's `info string`
    /// gives, and the option keeps its value.
    #[wasm_bindgen(js_name = setOption, unchecked_return_type = "VariantId")]
    pub fn set_option(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] name: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string | number | boolean")] value: JsValue,
    ) -> Result<String, JsValue> {
        let name = string_arg(&name, "the option name", false)?.unwrap_or_default();
        let shown: String = name.chars().take(32).collect();
        let text = if let Some(text) = value.as_string() {
            text.trim().to_string()
        } else if let Some(on) = value.as_bool() {
            on.to_string()
        } else if let Some(n) = value.as_f64() {
            // A fraction or NaN reads as no number, and the option names its range.
            if n.fract() == 0.0 && n.abs() <= 9_007_199_254_740_991.0 {
                super::analyse::number_text(n)
            } else {
                "NaN".to_string()
            }
        } else {
            return Err(invalid(format!(
                "the value of {shown} must be a string, number or boolean, not {}",
                type_name(&value)
            )));
        };
        let change = OptionChange::parse(name.trim(), Some(&text)).map_err(throw)?;
        self.inner.engine_mut().set_option(change).map_err(throw)?;
        Ok(self.variant())
    }

    /// Forgets the game: the start position and an empty table (UCI `ucinewgame`).
    #[wasm_bindgen(js_name = newGame)]
    pub fn new_game(&mut self) -> Result<(), JsValue> {
        self.inner.engine_mut().new_game().map_err(throw)
    }

    /// Starts an analysis: `{fen, moves}` (SAN or UCI tokens) or `{line}` (from
    /// `game.engineLine()`), and `depth`, `movetime`, `nodes`, `infinite`, `multipv`
    /// (with no limit, 1 second). `advance` then runs it. Throws a typed error
    /// (`InvalidArgumentError`, `InvalidFenError`, `IllegalMoveError`,
    /// `GameOverError`) and changes nothing.
    pub fn analyse(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "AnalyseRequest")] request: JsValue,
    ) -> Result<(), JsValue> {
        let (source, job) = analysis_request(&request)?;
        let engine = self.inner.engine_mut();
        if engine.is_busy() {
            return Err(invalid("a job is running; stop it first"));
        }
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
            } => {
                parse_variant(&variant).and_then(|v| engine.set_position_packed(v, &fen, &actions))
            }
        };
        placed.map_err(throw)?;
        if let Some(outcome) = engine.game().outcome_info() {
            let _ = engine.set_position(kept);
            return Err(js_error(
                ApiErrorKind::GameOver,
                &format!("the game is over: {}", outcome.text),
            ));
        }
        let variant = engine.variant();
        engine.start(Job::Search(job)).map_err(throw)?;
        self.report = Some(SearchReporter::new(variant));
        Ok(())
    }

    /// Starts a whole game's analysis (docs/analysis.md): `{line}` (from
    /// `game.engineLine()`) or `{pgn}`, and one of `depth`, `movetime`, `nodes` per
    /// position (100,000 nodes by default). The game may be of any rule set; the
    /// session's own position stays. `advance` then runs it: `{type: 'progress',
    /// progress}` per position, and at the end `{type: 'analysis', result: {report,
    /// pgn}}`. Throws a typed error and changes nothing.
    #[wasm_bindgen(js_name = analyseGame)]
    pub fn analyse_game(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "AnalyseGameRequest")] request: JsValue,
    ) -> Result<(), JsValue> {
        let (game, limits) = game_analysis_request(&request)?;
        let engine = self.inner.engine_mut();
        if engine.is_busy() {
            return Err(invalid("a job is running; stop it first"));
        }
        engine
            .start(Job::Analysis(AnalysisJob { game, limits }))
            .map_err(throw)
    }

    /// Starts the judgement of a turn tried in practice ("practice your mistakes"): the
    /// game whose last turn is judged (`{line}` or `{pgn}`, as `analyseGame`), `from`
    /// (the actions before the turn; by default where its last turn starts) and one of
    /// `depth`, `movetime`, `nodes` per position (100,000 nodes by default). `advance`
    /// then runs it, and ends it with `{type: 'judgement', result}`. Throws a typed
    /// error and changes nothing.
    #[wasm_bindgen(js_name = judgeTurn)]
    pub fn judge_turn(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "JudgeTurnRequest")] request: JsValue,
    ) -> Result<(), JsValue> {
        let (game, from, limits) = practice_request(&request)?;
        let engine = self.inner.engine_mut();
        if engine.is_busy() {
            return Err(invalid("a job is running; stop it first"));
        }
        engine
            .start(Job::Practice(PracticeJob { game, from, limits }))
            .map_err(throw)
    }

    /// Runs about `nodeBudget` nodes of the analysis (see `step`); returns its events:
    /// `{type: 'info', info, uci}` per completed iteration and line, and at the end
    /// `{type: 'done', result, uci}` (`uci` is the line UCI prints for it). Throws
    /// `GameOverError` at the end when the side to act had no legal action.
    pub fn advance(
        &mut self,
        #[wasm_bindgen(js_name = nodeBudget, unchecked_optional_param_type = "number")]
        node_budget: JsValue,
        #[wasm_bindgen(js_name = nowMs, unchecked_optional_param_type = "number")] now_ms: JsValue,
    ) -> Result<Array, JsValue> {
        let (budget, now) = step_arguments(&node_budget, &now_ms)?;
        let mut events = Vec::new();
        self.inner
            .engine_mut()
            .step(budget, &|| now, &mut |e| events.push(e));
        self.events(events)
    }

    /// Ends the analysis now; returns its last events, as `advance` does.
    #[wasm_bindgen(js_name = stopJob)]
    pub fn stop_job(&mut self) -> Result<Array, JsValue> {
        let mut events = Vec::new();
        self.inner.engine_mut().stop(&mut |e| events.push(e));
        self.events(events)
    }

    /// The analysis's events as plain objects.
    fn events(&mut self, events: Vec<Event>) -> Result<Array, JsValue> {
        let out = Array::new();
        let variant = self.inner.engine().variant();
        for event in events {
            let object = Object::new();
            let uci = format_event(&event, variant);
            let (kind, body, value) = match &event {
                Event::Info(info) => {
                    let report = self
                        .report
                        .get_or_insert_with(|| SearchReporter::new(variant));
                    ("info", "info", to_js(&report.info(info)))
                }
                Event::BestAction { best, time_ms } => {
                    let report = self.report.take().unwrap_or_default();
                    let result = report.finish(best.as_ref(), *time_ms).map_err(throw)?;
                    ("done", "result", to_js(&result))
                }
                Event::Progress(progress) => {
                    let value = Object::new();
                    for (key, n) in [
                        ("done", progress.done as f64),
                        ("total", progress.total as f64),
                        ("nodes", progress.nodes as f64),
                    ] {
                        let _ = Reflect::set(&value, &key.into(), &n.into());
                    }
                    ("progress", "progress", value.into())
                }
                Event::Analysis { report, pgn, .. } => {
                    let value = Object::new();
                    let _ = Reflect::set(&value, &"report".into(), &to_js(report.as_ref()));
                    let _ = Reflect::set(&value, &"pgn".into(), &pgn.into());
                    ("analysis", "result", value.into())
                }
                Event::Judgement { judgement, .. } => {
                    ("judgement", "result", to_js(judgement.as_ref()))
                }
            };
            let _ = Reflect::set(&object, &"type".into(), &kind.into());
            let _ = Reflect::set(&object, &body.into(), &value);
            let _ = Reflect::set(&object, &"uci".into(), &uci.into());
            out.push(&object);
        }
        Ok(out)
    }

    /// Loads a learned evaluation from a network file's bytes (a `Uint8Array`): the
    /// rule sets of its layout (orthodox chess and Chess960, or Chess-Gi) search with
    /// it from the next search, and `EvalFile <built-in>` names it from now on; a
    /// network of another layout stays. Throws `InvalidNetworkError` for a truncated,
    /// corrupt or foreign file, and the current evaluation stays.
    #[wasm_bindgen(js_name = loadNetwork)]
    pub fn load_network(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Uint8Array")] bytes: JsValue,
    ) -> Result<(), JsValue> {
        let Some(array) = bytes.dyn_ref::<js_sys::Uint8Array>() else {
            return Err(invalid(format!(
                "a network must be a Uint8Array, not {}",
                type_name(&bytes)
            )));
        };
        let network = Network::from_bytes(&array.to_vec())
            .map_err(|e| js_error(ApiErrorKind::InvalidNetwork, &e.to_string()))?;
        self.inner.add_default_network(Arc::new(network));
        Ok(())
    }

    /// Whether searches of the current rule set use a learned evaluation (a network of
    /// its layout was loaded, and no `EvalFile` changed it since).
    #[wasm_bindgen(js_name = hasNetwork)]
    pub fn has_network(&self) -> bool {
        self.inner
            .networks()
            .for_variant(self.inner.variant())
            .is_some()
    }

    /// `'idle'`, `'searching'` (call `step` or `advance` again), `'holding'` (a finished `go
    /// infinite` waits for `stop`) or `'quit'`.
    #[wasm_bindgen(unchecked_return_type = "'idle' | 'searching' | 'holding' | 'quit'")]
    pub fn status(&self) -> String {
        if self.quit {
            return "quit".to_string();
        }
        match self.inner.status() {
            Status::Idle => "idle",
            Status::Searching => "searching",
            Status::Holding => "holding",
            Status::Quit => "quit",
        }
        .to_string()
    }
}
