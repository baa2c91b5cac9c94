//! A game analysis's report read back from its JS object (`analyseGame()`'s
//! `report`) for `Game.annotate()`: the parts the annotation writes into a game (the
//! rule set, the start's and every action's evaluation, each action's mark, cause and
//! best line). Read by hand, not by a serde derive of the whole report, and with one
//! message naming the part that is wrong: the module stays smaller. The parts the
//! annotation does not read (accuracy, counts, colours, SAN, win chances, tags, nodes)
//! are left empty.

use super::{get, invalid};
use crate::analysis::{BestLine, Cause, Eval, GameReport, Mark, PlyReport, MAX_ANALYSED_PLIES};
use crate::types::{ByColor, Color};
use js_sys::Array;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// The report `value` names, for [`crate::analysis::annotate`].
pub(crate) fn game_report(value: &JsValue) -> Result<GameReport, JsValue> {
    let variant = string(value, "variant")
        .and_then(|id| crate::api::parse_variant(&id).ok())
        .ok_or_else(|| malformed("report.variant"))?;
    let start = eval(&get(value, "start")).ok_or_else(|| malformed("report.start"))?;
    let list = get(value, "plies")
        .dyn_into::<Array>()
        .map_err(|_| malformed("report.plies"))?;
    let mut plies = Vec::new();
    for (i, ply) in list.iter().enumerate() {
        plies.push(ply_report(&ply, i).ok_or_else(|| malformed(&format!("report.plies[{i}]")))?);
    }
    Ok(GameReport {
        variant: variant.id(),
        tags: Vec::new(),
        start,
        plies,
        accuracy: ByColor {
            white: None,
            black: None,
        },
        counts: ByColor {
            white: Default::default(),
            black: Default::default(),
        },
        complete: get(value, "complete").as_bool().unwrap_or(true),
        nodes: 0,
    })
}

/// The one refusal: `what` is not as an analysis gives it.
#[inline(never)]
fn malformed(what: &str) -> JsValue {
    invalid(format!(
        "{what} is not as analyseGame() gives it; pass its report"
    ))
}

fn absent(value: &JsValue) -> bool {
    value.is_undefined() || value.is_null()
}

// One small reader per type, not inlined at each field: the module stays smaller.

#[inline(never)]
fn number(object: &JsValue, key: &str) -> Option<f64> {
    get(object, key).as_f64()
}

/// A whole number from 0 to `most`.
#[inline(never)]
fn count(object: &JsValue, key: &str, most: usize) -> Option<usize> {
    number(object, key)
        .filter(|n| n.fract() == 0.0 && (0.0..=most as f64).contains(n))
        .map(|n| n as usize)
}

#[inline(never)]
fn string(object: &JsValue, key: &str) -> Option<String> {
    get(object, key).as_string()
}

/// One action's part of the report (its `ply` must be `i`: the plies come in the
/// game's order), or `None` when a part is missing or malformed. Its colour, SAN,
/// win chances and whether it was forced are not read.
fn ply_report(value: &JsValue, i: usize) -> Option<PlyReport> {
    Some(PlyReport {
        ply: count(value, "ply", i).filter(|&ply| ply == i)?,
        turn: count(value, "turn", MAX_ANALYSED_PLIES)?,
        ends_turn: get(value, "endsTurn").as_bool()?,
        color: Color::White,
        san: String::new(),
        uci: string(value, "uci")?,
        eval: eval(&get(value, "eval"))?,
        best: best_line(&get(value, "best"))?,
        win_before: None,
        win_after: None,
        forced: false,
        class: mark(&get(value, "class"))?,
        cause: cause(&get(value, "cause"))?,
    })
}

/// `null`, `{cp}`, `{mate}` or `{result}` (White's view); `None` for anything else.
fn eval(value: &JsValue) -> Option<Option<Eval>> {
    if absent(value) {
        return Some(None);
    }
    let whole = |key: &str| {
        number(value, key)
            .filter(|n| n.fract() == 0.0 && n.abs() <= f64::from(i32::MAX))
            .map(|n| n as i32)
    };
    if let Some(cp) = whole("cp") {
        return Some(Some(Eval::Cp(cp)));
    }
    if let Some(mate) = whole("mate") {
        return Some(Some(Eval::Mate(mate)));
    }
    let result = string(value, "result")?;
    ["1-0", "0-1", "1/2-1/2"]
        .into_iter()
        .find(|token| *token == result)
        .map(|token| Some(Eval::Result(token)))
}

fn mark(value: &JsValue) -> Option<Option<Mark>> {
    if absent(value) {
        return Some(None);
    }
    let name = value.as_string()?;
    [Mark::Inaccuracy, Mark::Mistake, Mark::Blunder]
        .into_iter()
        .find(|mark| mark.name() == name)
        .map(Some)
}

fn cause(value: &JsValue) -> Option<Option<Cause>> {
    if absent(value) {
        return Some(None);
    }
    Cause::from_name(&value.as_string()?).map(Some)
}

/// A best line: its UCI tokens (`pv`) are what the annotation plays; the rest of it is
/// not read.
fn best_line(value: &JsValue) -> Option<Option<BestLine>> {
    if absent(value) {
        return Some(None);
    }
    let pv = get(value, "pv")
        .dyn_into::<Array>()
        .ok()?
        .iter()
        .map(|token| token.as_string())
        .collect::<Option<Vec<String>>>()?;
    Some(Some(BestLine {
        uci: pv.first().cloned().unwrap_or_default(),
        san: String::new(),
        pv,
        pv_san: Vec::new(),
        actions: Vec::new(),
        turn: Vec::new(),
    }))
}
