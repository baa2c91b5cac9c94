//! The `Session` class: the project's engine session for the worker host, with its
//! two doors side by side. `Session` owns the engine session ([`EngineSession`]).
//! The typed door (`setOption`, `newGame`, `start`, `advance`, `stopJob`) calls it
//! directly, taking plain objects and giving plain events (`{id, kind, final, value}`,
//! [`JobEvent`]) and typed errors; the raw door (`handleLine`, `step`) lends it to the
//! UCI codec ([`UciCodec`]) the native binary runs, lines in and out. Either way a job
//! runs by calls between which the worker yields to its event loop.

use super::job_request::start_job;
use super::{invalid, js_error, string_arg, throw, to_js, type_name};
use crate::api::ApiErrorKind;
use crate::engine::{
    EngineSession, Event, JobReporter, OptionChange, OptionValue, SliceBudget, Status,
};
use crate::eval::nnue::Network;
use crate::uci::{self, Control, UciCodec};
use js_sys::Array;
use std::sync::Arc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// The engine, through its typed door or as a UCI conversation.
///
/// ```js
/// const session = new Session(Math.random() * 2 ** 32);
/// session.setOption('MultiPV', 2);                                // 'chess' (the rule set)
/// session.start(1, { kind: 'search', moves: ['e4', 'e5'], depth: 8 }); // the job starts
/// let events = [];
/// while (session.status() === 'running') events.push(...session.advance(4000, performance.now()));
/// events.at(-1);                    // {id: 1, kind: 'best', final: true, value: {bestmove, ...}}
/// ```
///
/// ```js
/// const session = new Session(Math.random() * 2 ** 32);
/// session.handleLine('position startpos moves e2e4');   // [] (output lines)
/// session.handleLine('go depth 8');                      // []: the search starts
/// let lines = [];
/// while (session.status() === 'running') lines.push(...session.step(4000, performance.now()));
/// lines.at(-1);                                          // 'bestmove ...'
/// ```
#[wasm_bindgen]
pub struct Session {
    engine: EngineSession,
    /// The raw door's state: the lines that wait for a UCI search.
    codec: UciCodec,
    quit: bool,
    /// Turns the running typed job's events into plain ones.
    reporter: Option<JobReporter>,
    /// The node budget of the steps that are given none.
    slices: SliceBudget,
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

/// Output lines as a JS array of strings.
fn lines(lines: Vec<String>) -> Array {
    lines.into_iter().map(JsValue::from).collect()
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
            engine: EngineSession::with_seed(seed.map_or(0x5eed, whole)),
            codec: UciCodec::new(),
            quit: false,
            reporter: None,
            slices: SliceBudget::default(),
        })
    }

    /// Handles one input line; returns the output lines.
    #[wasm_bindgen(js_name = handleLine)]
    pub fn handle_line(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] line: JsValue,
    ) -> Result<Vec<String>, JsValue> {
        let line = string_arg(&line, "a UCI line", false)?.unwrap_or_default();
        Ok(self.raw_line(&line))
    }

    /// Searches about `nodeBudget` nodes of the running search; `nowMs` is the time in
    /// milliseconds from any fixed origin (`performance.now()`). Without `nodeBudget`,
    /// the session sizes each step to take about 8 ms from one step's start to the
    /// next one's, as measured by their `nowMs` ([`SliceBudget`]; 4000 nodes until a
    /// speed is known). Returns the output lines: `info` lines, and at the end `bestmove` and the
    /// answers to the lines that waited for it.
    pub fn step(
        &mut self,
        #[wasm_bindgen(js_name = nodeBudget, unchecked_optional_param_type = "number")]
        node_budget: JsValue,
        #[wasm_bindgen(js_name = nowMs, unchecked_optional_param_type = "number")] now_ms: JsValue,
    ) -> Result<Vec<String>, JsValue> {
        let (budget, now) = self.step_arguments(&node_budget, &now_ms)?;
        Ok(self.raw_step(budget, now))
    }

    /// The current rule-set id.
    #[wasm_bindgen(unchecked_return_type = "VariantId")]
    pub fn variant(&self) -> String {
        self.engine.variant().id().to_string()
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
                super::job_request::number_text(n)
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
        self.engine.set_option(change).map_err(throw)?;
        Ok(self.variant())
    }

    /// Forgets the game: the start position and an empty table (UCI `ucinewgame`).
    #[wasm_bindgen(js_name = newGame)]
    pub fn new_game(&mut self) -> Result<(), JsValue> {
        self.engine.new_game().map_err(throw)
    }

    /// Starts job `id` (a whole number its events carry back): `{kind, ...}`, each kind
    /// with its fields as `JobRequest` types them (`src/wasm/job_request.rs`): a
    /// position's search (`'search'`), a whole game's analysis (`'analysis'`, in any
    /// rule set; the session's own position stays), a practised turn's judgement
    /// (`'practice'`), ... `advance` then runs it. Throws a typed error
    /// (`InvalidArgumentError`, `InvalidFenError`, `IllegalMoveError`, `GameOverError`,
    /// ...) and changes nothing.
    pub fn start(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] id: JsValue,
        #[wasm_bindgen(unchecked_param_type = "JobRequest")] request: JsValue,
    ) -> Result<(), JsValue> {
        let id = match id.as_f64() {
            Some(n) if n.fract() == 0.0 && (0.0..=f64::from(u32::MAX)).contains(&n) => n as u32,
            _ => {
                return Err(invalid(format!(
                    "a job id must be a whole number from 0 to {}, not {}",
                    u32::MAX,
                    type_name(&id)
                )))
            }
        };
        if self.engine.is_busy() {
            return Err(invalid("a job is running; stop it first"));
        }
        start_job(&mut self.engine, &request)?;
        self.slices.job_ended();
        self.reporter = Some(JobReporter::new(id, self.engine.game()));
        Ok(())
    }

    /// Runs about `nodeBudget` nodes of the running job (see `step`, also for a step
    /// without `nodeBudget`), whichever door started it, so that a host steps every job
    /// alike; returns what it gave. A typed job's events are objects `{id, kind, final,
    /// value}` (`engine::JobEvent`): for a search `'info'` per completed iteration and
    /// line and at the end `'best'` (the result), for a game's analysis `'progress'`
    /// per position and at the end `'analysis'` (`{report, pgn}`), for a practised
    /// turn `'judgement'` at the end. A raw UCI search's output lines are strings, as
    /// `step` returns them. The job has ended when `status()` is `'idle'` again.
    /// Throws `GameOverError` at the end of a typed search when the side to act had no
    /// legal action.
    pub fn advance(
        &mut self,
        #[wasm_bindgen(js_name = nodeBudget, unchecked_optional_param_type = "number")]
        node_budget: JsValue,
        #[wasm_bindgen(js_name = nowMs, unchecked_optional_param_type = "number")] now_ms: JsValue,
    ) -> Result<Array, JsValue> {
        let (budget, now) = self.step_arguments(&node_budget, &now_ms)?;
        if self.reporter.is_none() {
            return Ok(lines(self.raw_step(budget, now))); // a raw search's, if any
        }
        let mut events = Vec::new();
        self.engine.step(budget, &|| now, &mut |e| events.push(e));
        self.note_job_end();
        self.events(events)
    }

    /// Ends the running job now, typed or raw (as UCI `stop`); returns what it gave
    /// last, as `advance` does.
    #[wasm_bindgen(js_name = stopJob)]
    pub fn stop_job(&mut self) -> Result<Array, JsValue> {
        if self.reporter.is_none() {
            return Ok(lines(self.raw_line("stop")));
        }
        let mut events = Vec::new();
        self.engine.stop(&mut |e| events.push(e));
        self.note_job_end();
        self.events(events)
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
        self.engine.add_default_network(Arc::new(network));
        Ok(())
    }

    /// Whether searches of the current rule set use a learned evaluation (a network of
    /// its layout was loaded, and no `EvalFile` changed it since).
    #[wasm_bindgen(js_name = hasNetwork)]
    pub fn has_network(&self) -> bool {
        self.engine
            .networks()
            .for_variant(self.engine.variant())
            .is_some()
    }

    /// The options' values under their UCI names: `{UCI_Variant, UCI_Chess960,
    /// UCI_AnalyseMode, Hash, Threads, MultiPV, 'Skill Level', UCI_LimitStrength,
    /// UCI_Elo, EvalFile}` (`OptionValues`; `Threads` is always 1 here), set by `setOption` or by raw `setoption` alike.
    #[wasm_bindgen(unchecked_return_type = "OptionValues")]
    pub fn options(&self) -> JsValue {
        let object = js_sys::Object::new();
        for (name, value) in self.engine.option_values() {
            let value = match value {
                OptionValue::Text(text) => JsValue::from_str(text),
                OptionValue::Number(n) => JsValue::from_f64(n as f64),
                OptionValue::Flag(on) => JsValue::from_bool(on),
            };
            let _ = js_sys::Reflect::set(&object, &JsValue::from_str(name), &value);
        }
        object.into()
    }

    /// `'idle'`, `'running'` (call `step` or `advance` again), `'holding'` (a finished
    /// infinite search waits for `stop`) or `'quit'` (after UCI `quit`).
    #[wasm_bindgen(unchecked_return_type = "'idle' | 'running' | 'holding' | 'quit'")]
    pub fn status(&self) -> String {
        if self.quit {
            return "quit".to_string();
        }
        match self.engine.status() {
            Status::Idle => "idle",
            Status::Running => "running",
            Status::Holding => "holding",
        }
        .to_string()
    }
}

impl Session {
    /// One raw UCI line to the codec; its output lines. (Not inlined: `handleLine` and
    /// `stopJob` share one copy of the codec's dispatch.)
    #[inline(never)]
    fn raw_line(&mut self, line: &str) -> Vec<String> {
        if self.engine.status() != Status::Running {
            self.slices.job_ended(); // a `go` here starts a new job
        }
        let mut out = Vec::new();
        let control = self
            .codec
            .handle_line(&mut self.engine, line, &mut |l| out.push(l.to_string()));
        if control == Control::Quit {
            self.quit = true;
        }
        out
    }

    /// A step of the raw UCI search; its output lines. (Not inlined, as `raw_line`.)
    #[inline(never)]
    fn raw_step(&mut self, budget: u64, now: u64) -> Vec<String> {
        let mut out = Vec::new();
        let status = self
            .codec
            .step(&mut self.engine, budget, &|| now, &mut |l| {
                out.push(l.to_string())
            });
        if status == uci::Status::Quit {
            self.quit = true;
        }
        self.note_job_end();
        out
    }

    /// The node budget of a step (the slice budget when `nodeBudget` is undefined; at
    /// least 1) and its time; a bad argument changes nothing.
    fn step_arguments(
        &mut self,
        node_budget: &JsValue,
        now_ms: &JsValue,
    ) -> Result<(u64, u64), JsValue> {
        let now = whole(number_arg(now_ms, "nowMs", 0.0)?);
        if node_budget.is_undefined() {
            return Ok((self.slices.next(now), now));
        }
        Ok((
            whole(number_arg(node_budget, "nodeBudget", 0.0)?).max(1),
            now,
        ))
    }

    /// After a step: once the job no longer runs, the time until the next job is no
    /// slice.
    fn note_job_end(&mut self) {
        if self.engine.status() != Status::Running {
            self.slices.job_ended();
        }
    }

    /// The typed job's events as plain objects.
    fn events(&mut self, events: Vec<Event>) -> Result<Array, JsValue> {
        let out = Array::new();
        for event in events {
            let engine = &self.engine;
            let reporter = self
                .reporter
                .get_or_insert_with(|| JobReporter::new(0, engine.game()));
            let last = event.is_final();
            let data = reporter.event(event);
            if last {
                self.reporter = None;
            }
            out.push(&to_js(&data.map_err(throw)?));
        }
        Ok(out)
    }
}
