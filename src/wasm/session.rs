//! The `Session` class: the project's one UCI session ([`crate::uci::UciSession`],
//! the same one the native binary runs) for the worker host. Lines go in, lines come
//! out; a search runs by `step` calls between which the worker yields to its event
//! loop.

use super::{invalid, js_error, string_arg, type_name};
use crate::api::ApiErrorKind;
use crate::eval::nnue::Network;
use crate::uci::{Control, Status, UciSession, NODES_PER_STEP};
use std::sync::Arc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// A UCI conversation.
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
        let budget = whole(number_arg(
            &node_budget,
            "nodeBudget",
            NODES_PER_STEP as f64,
        )?)
        .max(1);
        let now = whole(number_arg(&now_ms, "nowMs", 0.0)?);
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

    /// Loads a learned evaluation for orthodox chess from a network file's bytes
    /// (a `Uint8Array`); the next searches use it, and `EvalFile <built-in>` names it
    /// from now on. Throws `InvalidNetworkError` for a truncated, corrupt or foreign
    /// file, and the current evaluation stays.
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
        self.inner.set_default_network(Some(Arc::new(network)));
        Ok(())
    }

    /// Whether the searches use a learned evaluation (`loadNetwork` succeeded, and
    /// no `EvalFile` changed it since).
    #[wasm_bindgen(js_name = hasNetwork)]
    pub fn has_network(&self) -> bool {
        self.inner.network().is_some()
    }

    /// `'idle'`, `'searching'` (call `step` again), `'holding'` (a finished `go
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
