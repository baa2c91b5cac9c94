//! The `Engine` class: the search, driven in slices so that a Web Worker can yield to
//! its event loop between them (`js/engine-host.js` runs it and speaks UCI over it).
//!
//! The transposition table is kept from one search to the next (so analysing the next
//! move of a game starts from what the last search learnt) and emptied by `newGame`.

use super::game::outcome_object;
use super::{get, invalid, set, string_arg, throw, type_name};
use crate::api::{self, ApiGame, EngineInfo, EngineResult, EngineSettings, RunningSearch};
use crate::search::skill::{ELO_MAX, ELO_MIN, LEVEL_MAX};
use crate::search::{Limits, Score, Strength, TranspositionTable};
use crate::variants::Variant;
use js_sys::{Array, Function, Object};
use wasm_bindgen::prelude::*;

/// The largest `Hash` in MiB: a browser tab cannot count on much more memory, and an
/// allocation that fails would abort the module.
const MAX_HASH_MB: u64 = 256;
/// The largest `MultiPV` (the page shows at most three lines).
const MAX_MULTIPV: u64 = 3;
/// The deepest `depth` limit accepted.
const MAX_DEPTH_LIMIT: u64 = 64;

/// The search engine of one rule set.
///
/// ```js
/// const engine = new Engine('chess');
/// engine.position(null, ['e2e4']);
/// engine.go({ depth: 8 });
/// const t0 = performance.now();
/// let result;
/// while (!(result = engine.step(20000, performance.now() - t0, (info) => {}))) { await tick(); }
/// result.bestmove;
/// ```
#[wasm_bindgen]
pub struct Engine {
    settings: EngineSettings,
    limit_strength: bool,
    elo: u32,
    level: u32,
    game: ApiGame,
    running: Option<Box<dyn RunningSearch>>,
    /// The table between searches (`None` until the first search, and while one runs).
    table: Option<TranspositionTable>,
}

/// A non-negative finite number field of an options object; `None` when absent.
fn number_field(options: &JsValue, key: &str) -> Result<Option<f64>, JsValue> {
    let value = get(options, key);
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    match value.as_f64() {
        Some(n) if n.is_finite() && n >= 0.0 => Ok(Some(n)),
        _ => Err(invalid(format!(
            "{key} must be a non-negative number, not {}",
            type_name(&value)
        ))),
    }
}

/// A JS number as option text: integers in decimal, anything else as `NaN` (which no
/// option accepts). Avoids float formatting, which would add ~10 KB (gzipped) to the
/// module.
fn integer_text(n: f64) -> String {
    if n.fract() == 0.0 && n.abs() < 9.0e15 {
        (n as i64).to_string()
    } else {
        "NaN".to_string()
    }
}

fn score_object(score: Score) -> JsValue {
    let o = Object::new();
    match score {
        Score::Cp(cp) => set(&o, "cp", cp),
        Score::Mate(n) => set(&o, "mate", n),
    }
    o.into()
}

fn tokens_array(tokens: &[String]) -> Array {
    tokens.iter().map(|t| JsValue::from(t.as_str())).collect()
}

fn info_object(info: &EngineInfo) -> JsValue {
    let o = Object::new();
    set(&o, "depth", info.depth);
    set(&o, "seldepth", info.seldepth);
    set(&o, "multipv", info.multipv as u32);
    set(&o, "score", score_object(info.score));
    set(&o, "nodes", info.nodes as f64);
    set(&o, "nps", info.nps as f64);
    set(&o, "time", info.time_ms as f64);
    set(&o, "hashfull", info.hashfull);
    set(&o, "pv", tokens_array(&info.pv));
    set(&o, "uci", info.to_uci());
    o.into()
}

fn result_object(result: &EngineResult) -> JsValue {
    let o = Object::new();
    set(
        &o,
        "bestmove",
        result.best.as_deref().map_or(JsValue::NULL, JsValue::from),
    );
    set(&o, "pv", tokens_array(&result.pv));
    set(&o, "score", score_object(result.score));
    set(&o, "depth", result.depth);
    set(&o, "nodes", result.nodes as f64);
    set(&o, "uci", result.to_uci());
    o.into()
}

/// A number argument of `step`; `fallback` when undefined.
fn step_number(value: &JsValue, what: &str, fallback: f64) -> Result<f64, JsValue> {
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
impl Engine {
    /// `new Engine(variant = 'chess')`.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_optional_param_type = "VariantId | null")] variant: JsValue,
    ) -> Result<Engine, JsValue> {
        let variant = string_arg(&variant, "variant", true)?.unwrap_or_else(|| "chess".into());
        let game = ApiGame::new(&variant, None).map_err(throw)?;
        Ok(Engine {
            settings: EngineSettings::default(),
            limit_strength: false,
            elo: ELO_MAX,
            level: LEVEL_MAX,
            game,
            running: None,
            table: None,
        })
    }

    /// The rule-set id.
    #[wasm_bindgen(unchecked_return_type = "VariantId")]
    pub fn variant(&self) -> String {
        self.game.variant().id().to_string()
    }

    /// The reply to the UCI `uci` command: `id` lines, one `option` line per option
    /// with this build's limits, then `uciok`.
    pub fn handshake(&self) -> Vec<String> {
        let variants: Vec<String> = Variant::IMPLEMENTED
            .iter()
            .map(|v| format!("var {}", v.id()))
            .collect();
        vec![
            format!("id name alfiere {}", env!("CARGO_PKG_VERSION")),
            "id author the alfiere developers".to_string(),
            format!(
                "option name Hash type spin default {} min 1 max {MAX_HASH_MB}",
                EngineSettings::default().hash_mb
            ),
            format!("option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}"),
            format!("option name Skill Level type spin default {LEVEL_MAX} min 0 max {LEVEL_MAX}"),
            "option name UCI_LimitStrength type check default false".to_string(),
            format!("option name UCI_Elo type spin default {ELO_MAX} min {ELO_MIN} max {ELO_MAX}"),
            format!(
                "option name UCI_Variant type combo default {} {}",
                Variant::Chess.id(),
                variants.join(" ")
            ),
            "uciok".to_string(),
        ]
    }

    /// Sets a UCI option: `Hash`, `MultiPV`, `Skill Level`, `UCI_LimitStrength`,
    /// `UCI_Elo`, `UCI_Variant` (names in any case). Values may be strings or
    /// numbers/booleans. On an error nothing changes.
    #[wasm_bindgen(js_name = setOption)]
    pub fn set_option(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] name: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string | number | boolean")] value: JsValue,
    ) -> Result<(), JsValue> {
        let name = string_arg(&name, "option name", false)?.unwrap_or_default();
        let text = value
            .as_string()
            .or_else(|| value.as_f64().map(integer_text))
            .or_else(|| value.as_bool().map(|b| b.to_string()))
            .ok_or_else(|| {
                invalid(format!(
                    "the value of {} must be a string, number or boolean, not {}",
                    api::quote(&name, 32),
                    type_name(&value)
                ))
            })?;
        let number = |lo: u64, hi: u64| -> Result<u64, JsValue> {
            text.trim()
                .parse::<u64>()
                .ok()
                .filter(|n| (lo..=hi).contains(n))
                .ok_or_else(|| {
                    invalid(format!(
                        "{} must be a number from {lo} to {hi}, not '{}'",
                        api::quote(&name, 32),
                        api::quote(&text, 32)
                    ))
                })
        };
        match name.to_ascii_lowercase().as_str() {
            "hash" => {
                self.settings.hash_mb = number(1, MAX_HASH_MB)? as usize;
                // Free a table of the old size now rather than at the next search.
                let wanted = TranspositionTable::bytes_for(self.settings.hash_mb);
                if self
                    .table
                    .as_ref()
                    .is_some_and(|t| t.memory_bytes() != wanted)
                {
                    self.table = None;
                }
            }
            "multipv" => self.settings.multipv = number(1, MAX_MULTIPV)? as usize,
            "skill level" => self.level = number(0, u64::from(LEVEL_MAX))? as u32,
            "uci_elo" => self.elo = number(u64::from(ELO_MIN), u64::from(ELO_MAX))? as u32,
            "uci_limitstrength" => {
                self.limit_strength = match text.trim() {
                    "true" => true,
                    "false" => false,
                    _ => return Err(invalid("UCI_LimitStrength must be true or false")),
                }
            }
            "uci_variant" => {
                self.game = ApiGame::new(text.trim(), None).map_err(throw)?;
                self.abandon_search();
                self.clear_table();
            }
            _ => {
                return Err(invalid(format!(
                    "unknown option '{}'",
                    api::quote(&name, 32)
                )))
            }
        }
        self.settings.strength = if self.limit_strength {
            Strength::from_elo(self.elo)
        } else {
            Strength::from_level(self.level)
        };
        Ok(())
    }

    /// Forgets the game: the start position, and an empty table (UCI `ucinewgame`).
    #[wasm_bindgen(js_name = newGame)]
    pub fn new_game(&mut self) -> Result<(), JsValue> {
        let game = ApiGame::new(self.game.variant().id(), None).map_err(throw)?;
        self.abandon_search();
        self.game = game;
        self.clear_table();
        Ok(())
    }

    /// Sets the position: `fen` (or `null` for the start) and the actions played
    /// since, as UCI tokens (SAN is accepted too). Atomic: on an error the old position
    /// stays. Ends a running search without a result.
    pub fn position(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string | null | undefined")] fen: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "string[] | null")] moves: JsValue,
    ) -> Result<(), JsValue> {
        let fen = string_arg(&fen, "fen", true)?;
        let mut game = ApiGame::new(self.game.variant().id(), fen.as_deref()).map_err(throw)?;
        if !(moves.is_undefined() || moves.is_null()) {
            if !Array::is_array(&moves) {
                return Err(invalid(format!(
                    "moves must be an array of UCI strings, not {}",
                    type_name(&moves)
                )));
            }
            for token in Array::from(&moves).iter() {
                let token = string_arg(&token, "move", false)?.unwrap_or_default();
                game.play_text(&token).map_err(throw)?;
            }
        }
        self.abandon_search();
        self.game = game;
        Ok(())
    }

    /// The FEN of the engine's position.
    pub fn fen(&self) -> String {
        self.game.fen()
    }

    /// How the game of the engine's position has ended (`{winner, reason, text}`), or
    /// `null` while it goes on.
    #[wasm_bindgen(unchecked_return_type = "Outcome | null")]
    pub fn outcome(&self) -> JsValue {
        outcome_object(self.game.outcome())
    }

    /// Starts a search: `{depth, nodes, movetime, infinite, wtime, btime, winc, binc,
    /// movestogo}` (all optional; none means until `stop`). A running search is
    /// abandoned.
    pub fn go(
        &mut self,
        #[wasm_bindgen(unchecked_optional_param_type = "GoLimits | null")] limits: JsValue,
    ) -> Result<(), JsValue> {
        let mut l = Limits::default();
        if limits.is_object() {
            let int = |key: &str| number_field(&limits, key).map(|v| v.map(|n| n as u64));
            l.depth = int("depth")?.map(|d| d.clamp(1, MAX_DEPTH_LIMIT) as u32);
            l.nodes = int("nodes")?;
            l.movetime = int("movetime")?;
            l.wtime = int("wtime")?;
            l.btime = int("btime")?;
            l.winc = int("winc")?;
            l.binc = int("binc")?;
            l.movestogo = int("movestogo")?;
            l.infinite = get(&limits, "infinite").is_truthy();
        } else if !(limits.is_undefined() || limits.is_null()) {
            return Err(invalid(format!(
                "go() takes an object of limits, not {}",
                type_name(&limits)
            )));
        }
        self.abandon_search();
        // The old table is dropped before a new one is made, so memory never holds two.
        let wanted = TranspositionTable::bytes_for(self.settings.hash_mb);
        let table = match self.table.take() {
            Some(table) if table.memory_bytes() == wanted => table,
            _ => TranspositionTable::new(self.settings.hash_mb),
        };
        self.running = Some(self.game.start_search_with_table(&self.settings, l, table));
        Ok(())
    }

    /// Searches about `nodeBudget` nodes; `elapsedMs` is the time since `go` (it
    /// bounds `movetime` and clock searches). Calls `onInfo(info)` (optional) for each
    /// completed iteration; returns `null` while the search goes on, then
    /// `{bestmove, pv, score, depth, nodes, uci}` (`bestmove` is `null` when the side
    /// to act has no legal action). `onInfo` must not call back into this engine.
    #[wasm_bindgen(unchecked_return_type = "StepResult | null")]
    pub fn step(
        &mut self,
        #[wasm_bindgen(js_name = nodeBudget, unchecked_optional_param_type = "number")]
        node_budget: JsValue,
        #[wasm_bindgen(js_name = elapsedMs, unchecked_optional_param_type = "number")]
        elapsed_ms: JsValue,
        #[wasm_bindgen(
            js_name = onInfo,
            unchecked_optional_param_type = "((info: SearchInfo) => void) | null"
        )]
        on_info: JsValue,
    ) -> Result<JsValue, JsValue> {
        let budget = step_number(&node_budget, "nodeBudget", 10_000.0)?;
        let elapsed = step_number(&elapsed_ms, "elapsedMs", 0.0)?;
        let callback = if on_info.is_undefined() || on_info.is_null() {
            None
        } else if on_info.is_function() {
            Some(Function::from(on_info))
        } else {
            return Err(invalid(format!(
                "onInfo must be a function, not {}",
                type_name(&on_info)
            )));
        };
        let Some(search) = self.running.as_mut() else {
            return Err(invalid("step() without a search: call go() first"));
        };
        // Out-of-range numbers are clamped: at least one node, no negative time.
        let budget = if budget >= 1.0 { budget as u64 } else { 1 };
        let elapsed = if elapsed > 0.0 { elapsed as u64 } else { 0 };
        let mut forward = |info: &EngineInfo| {
            if let Some(f) = &callback {
                // An exception in the callback must not abort the search.
                let _ = f.call1(&JsValue::NULL, &info_object(info));
            }
        };
        match search.step(budget, elapsed, &mut forward) {
            None => Ok(JsValue::NULL),
            Some(result) => {
                if let Some(done) = self.running.take() {
                    self.table = Some(done.into_table());
                }
                Ok(result_object(&result))
            }
        }
    }

    /// Asks the running search to end; the next `step` returns its result.
    pub fn stop(&mut self) {
        if let Some(search) = self.running.as_mut() {
            search.stop();
        }
    }

    /// Whether a search is running.
    #[wasm_bindgen(js_name = isSearching)]
    pub fn is_searching(&self) -> bool {
        self.running.is_some()
    }
}

impl Engine {
    /// Ends a running search without a result, keeping its table.
    fn abandon_search(&mut self) {
        if let Some(search) = self.running.take() {
            self.table = Some(search.into_table());
        }
    }

    fn clear_table(&mut self) {
        if let Some(table) = self.table.as_mut() {
            table.clear();
        }
    }
}
