//! The `Game` class and the free functions (`validateFen`, `variants`, `legalMoves`):
//! argument checks and plain-object conversions over [`crate::api::Game`].

use super::{get, invalid, string_arg, throw, to_js, type_name};
use crate::api::{self, MoveInfo, VariantInfo, MAX_SHORT_TEXT};
use crate::board::BoardId;
use crate::setup::Hand;
use crate::types::Color;
use crate::types::Piece;
use crate::variants::Variant;
use crate::{AcceptedProblems, ProblemKind};
use js_sys::{Array, Object};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// The most positions `turnCanWin` may search.
const MAX_TURN_WIN_NODES: f64 = 10_000_000.0;

/// Chess-Gi's two hands, for `hands()`.
#[derive(Serialize)]
struct Hands {
    w: Hand,
    b: Hand,
}

/// A `{validateFen}` answer: `{ok: true}` or `{ok: false, error, problems}`.
#[derive(Serialize)]
struct FenValidation {
    ok: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    /// Each problem of `error` on its own (a board editor lists them).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    problems: Vec<String>,
}

/// An optional options argument: `None` for undefined/null, the object itself, or an
/// `InvalidArgumentError` for anything else.
fn options_object(value: JsValue, what: &str) -> Result<Option<JsValue>, JsValue> {
    if value.is_undefined() || value.is_null() {
        Ok(None)
    } else if value.is_object() {
        Ok(Some(value))
    } else {
        Err(invalid(format!(
            "{what} takes an options object, not {}",
            type_name(&value)
        )))
    }
}

/// A boolean option (`verbose` of `moves()` and `history()`, `asWritten` of the
/// comment getters): false when absent.
fn bool_option(options: Option<&JsValue>, key: &str) -> Result<bool, JsValue> {
    let Some(value) = options.map(|o| get(o, key)) else {
        return Ok(false);
    };
    if value.is_undefined() || value.is_null() {
        Ok(false)
    } else {
        value.as_bool().ok_or_else(|| {
            invalid(format!(
                "the {key} option must be a boolean, not {}",
                type_name(&value)
            ))
        })
    }
}

/// The `accept` option of `load`, `loadPgn`, `put` and `remove`: the kinds of position
/// problem accepted on purpose ([`crate::accepted`]), an array of their names, or
/// absent (nothing accepted: RULES.md's positions only).
fn accept_option(options: JsValue, what: &str) -> Result<AcceptedProblems, JsValue> {
    let Some(options) = options_object(options, what)? else {
        return Ok(AcceptedProblems::NONE);
    };
    let value = get(&options, "accept");
    if value.is_undefined() || value.is_null() {
        return Ok(AcceptedProblems::NONE);
    }
    // One message for every fault: what the option is, with the names it takes
    // (ProblemKind::NAMES, written out: no formatting code for it).
    let refused = || {
        invalid(
            "the accept option is an array of kinds of position problem: \
             too-many-pieces, opposite-check, impossible-check, missing-king",
        )
    };
    if !Array::is_array(&value) {
        return Err(refused());
    }
    let mut accepted = AcceptedProblems::NONE;
    // Checked an array just above: read in place (`Array::from` would copy it).
    for item in value.unchecked_ref::<Array>().iter() {
        let kind = item
            .as_string()
            .and_then(|name| ProblemKind::from_name(&name));
        accepted = accepted.with(kind.ok_or_else(refused)?);
    }
    Ok(accepted)
}

/// A comment as the getters give it: as the core keeps it (exactly as written) with
/// `{asWritten: true}`, or else the trimmed view a reader wants.
fn comment_view(text: String, as_written: bool) -> String {
    if as_written {
        text
    } else {
        text.trim().to_string()
    }
}

/// A move as `moves()` and `history()` list it: verbose, or its SAN string.
fn move_value(info: &MoveInfo, verbose: bool) -> JsValue {
    if verbose {
        to_js(info)
    } else {
        JsValue::from(info.san.as_str())
    }
}

/// The `time` option of `move()`: absent, or a whole number of milliseconds from 0
/// to 100 days.
fn time_option(value: &JsValue) -> Result<Option<u64>, JsValue> {
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    const MAX_MS: f64 = (crate::clock::MAX_SECONDS * 1000) as f64;
    match value.as_f64() {
        Some(ms) if ms.is_finite() && (0.0..=MAX_MS).contains(&ms) => Ok(Some(ms.round() as u64)),
        _ => Err(invalid(format!(
            "the time option is milliseconds from 0 to 100 days, not {}",
            type_name(value)
        ))),
    }
}

fn parse_color(value: &JsValue) -> Result<Color, JsValue> {
    match value.as_string().as_deref() {
        Some("w" | "white") => Ok(Color::White),
        Some("b" | "black") => Ok(Color::Black),
        _ => Err(invalid("color must be 'w', 'b', 'white' or 'black'")),
    }
}

/// A game of any of the ten rule sets, with chess.js names where they exist.
#[wasm_bindgen]
pub struct Game {
    inner: api::Game,
}

#[wasm_bindgen]
impl Game {
    /// `new Game(variant = 'chess', fen?)`.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_optional_param_type = "VariantId | null")] variant: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "string | null")] fen: JsValue,
    ) -> Result<Game, JsValue> {
        let variant = string_arg(&variant, "variant", true)?.unwrap_or_else(|| "chess".into());
        let fen = string_arg(&fen, "fen", true)?;
        api::Game::new(&variant, fen.as_deref())
            .map(|inner| Game { inner })
            .map_err(throw)
    }

    /// `Game.chess960Start(n?)`: a Chess960 game at start position `n` (an integer
    /// 0-959, Scharnagl's numbering; 518 is the orthodox array), or at a random one
    /// when `n` is omitted.
    #[wasm_bindgen(js_name = chess960Start)]
    pub fn chess960_start(
        #[wasm_bindgen(unchecked_optional_param_type = "number | null")] n: JsValue,
    ) -> Result<Game, JsValue> {
        let number = if n.is_undefined() || n.is_null() {
            // Math.random() is in [0, 1): the product is below 960.
            (js_sys::Math::random() * 960.0) as u32
        } else {
            match n.as_f64() {
                Some(x) if x.fract() == 0.0 && (0.0..960.0).contains(&x) => x as u32,
                _ => return Err(invalid(
                    "a Chess960 start position is an integer 0-959, or omitted for a random one",
                )),
            }
        };
        api::Game::chess960_start(number)
            .map(|inner| Game { inner })
            .map_err(throw)
    }

    /// The Chess960 number (0-959) of the game's start position, or `null` when it
    /// is not one of the 960 (an orthodox game from the usual array is 518).
    #[wasm_bindgen(js_name = chess960Number)]
    pub fn chess960_number(&self) -> Option<u16> {
        self.inner.chess960_number()
    }

    /// The rule-set id.
    #[wasm_bindgen(unchecked_return_type = "VariantId")]
    pub fn variant(&self) -> String {
        self.inner.variant().id().to_string()
    }

    /// Plays a move: SAN or a UCI token, or `{from, to, promotion}` (`from: 'N@'` for
    /// a drop). Returns the verbose move. `{time}` gives the milliseconds the move
    /// took on its mover's clock: in a timed game (`setTimeControl`) a move that took
    /// longer than the mover had left is not played, the game ends by time forfeit and
    /// a `GameOverError` is thrown.
    #[wasm_bindgen(js_name = "move", unchecked_return_type = "Move")]
    pub fn play(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string | MoveInput")] mv: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "MoveOptions")] options: JsValue,
    ) -> Result<JsValue, JsValue> {
        let time = match options_object(options, "move()")? {
            Some(options) => time_option(&get(&options, "time"))?,
            None => None,
        };
        let info = if let Some(text) = mv.as_string() {
            match time {
                Some(ms) => self.inner.play_text_timed(&text, ms),
                None => self.inner.play_text(&text),
            }
        } else if mv.is_object() {
            let from = string_arg(&get(&mv, "from"), "move.from", false)?.unwrap_or_default();
            let to = string_arg(&get(&mv, "to"), "move.to", false)?.unwrap_or_default();
            let promotion = string_arg(&get(&mv, "promotion"), "move.promotion", true)?;
            match time {
                Some(ms) => self
                    .inner
                    .play_from_to_timed((&from, &to, promotion.as_deref()), ms),
                None => self.inner.play_from_to(&from, &to, promotion.as_deref()),
            }
        } else {
            return Err(invalid(format!(
                "a move must be a string or {{from, to, promotion}}, not {}",
                type_name(&mv)
            )));
        };
        info.map(|i| to_js(&i)).map_err(throw)
    }

    /// `moves({verbose, square})`: SAN strings, or verbose move objects.
    #[wasm_bindgen(unchecked_return_type = "any[]")]
    pub fn moves(
        &self,
        // The precise overloads are in the `Game` interface of the TypeScript section.
        #[wasm_bindgen(unchecked_param_type = "never")] options: JsValue,
    ) -> Result<Array, JsValue> {
        let options = options_object(options, "moves()")?;
        let verbose = bool_option(options.as_ref(), "verbose")?;
        let square = match &options {
            Some(o) => string_arg(&get(o, "square"), "square", true)?,
            None => None,
        };
        let square = square.as_deref();
        // The SAN alone needs neither the FENs nor the rest of each description.
        Ok(if verbose {
            self.inner
                .moves(square)
                .map_err(throw)?
                .iter()
                .map(to_js)
                .collect()
        } else {
            self.inner
                .sans(square)
                .map_err(throw)?
                .into_iter()
                .map(JsValue::from)
                .collect()
        })
    }

    /// The legal actions as UCI tokens.
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> Vec<String> {
        self.inner.legal_moves()
    }

    /// A `Map` from origin square (or `N@` for drops) to destination squares.
    #[wasm_bindgen(unchecked_return_type = "Map<string, string[]>")]
    pub fn dests(&self) -> JsValue {
        struct Dests(Vec<(String, Vec<String>)>);
        impl Serialize for Dests {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_map(self.0.iter().map(|(from, tos)| (from, tos)))
            }
        }
        to_js(&Dests(self.inner.dests()))
    }

    /// Takes back the last action; returns it verbose, or `null`.
    #[wasm_bindgen(unchecked_return_type = "Move | null")]
    pub fn undo(&mut self) -> JsValue {
        self.inner.undo().map_or(JsValue::NULL, |m| to_js(&m))
    }

    /// The game's line for the engine, `{variant, fen, actions}`: the position it
    /// started from and its actions packed as numbers, which `Engine.analyse({game})`
    /// sends to the worker so that the engine reads no notation. Plain data: it
    /// crosses `postMessage`.
    #[wasm_bindgen(js_name = engineLine, unchecked_return_type = "EngineLine")]
    pub fn engine_line(&self) -> JsValue {
        let (fen, actions) = self.inner.packed_line();
        let line = Object::new();
        let set = |key: &str, value: JsValue| {
            let _ = js_sys::Reflect::set(&line, &key.into(), &value);
        };
        set("variant", self.inner.variant().id().into());
        set("fen", fen.into());
        set("actions", js_sys::Uint32Array::from(&actions[..]).into());
        line.into()
    }

    /// `history({verbose})`: SAN strings or verbose moves, in order.
    #[wasm_bindgen(unchecked_return_type = "any[]")]
    pub fn history(
        &self,
        // The precise overloads are in the `Game` interface of the TypeScript section.
        #[wasm_bindgen(unchecked_param_type = "never")] options: JsValue,
    ) -> Result<Array, JsValue> {
        let verbose = bool_option(options_object(options, "history()")?.as_ref(), "verbose")?;
        Ok(self
            .inner
            .history()
            .iter()
            .map(|m| move_value(m, verbose))
            .collect())
    }

    pub fn fen(&self) -> String {
        self.inner.fen()
    }

    /// Replaces the game by a FEN position (atomic); `{accept: [...]}` names the
    /// kinds of position problem accepted on purpose.
    pub fn load(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] fen: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "AcceptOptions")] options: JsValue,
    ) -> Result<(), JsValue> {
        let fen = string_arg(&fen, "fen", false)?.unwrap_or_default();
        let accepted = accept_option(options, "load()")?;
        self.inner.load_accepting(&fen, accepted).map_err(throw)
    }

    /// The game as PGN; `pgn({tags: {White: 'me'}})` adds tags (names and values up
    /// to 512 bytes).
    pub fn pgn(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "{ tags?: Record<string, string> }")]
        options: JsValue,
    ) -> Result<String, JsValue> {
        let mut tags = Vec::new();
        if let Some(options) = options_object(options, "pgn()")? {
            if let Some(given) = options_object(get(&options, "tags"), "tags")? {
                for entry in Object::entries(&Object::from(given)).iter() {
                    let pair = Array::from(&entry);
                    let name = pair.get(0).as_string().unwrap_or_default();
                    let value = pair.get(1);
                    let value = value.as_string().ok_or_else(|| {
                        invalid(format!(
                            "tag {} must be a string, not {}",
                            api::quote(&name, 32),
                            type_name(&value)
                        ))
                    })?;
                    if name.len() > MAX_SHORT_TEXT || value.len() > MAX_SHORT_TEXT {
                        return Err(invalid(format!(
                            "tag {} is longer than {MAX_SHORT_TEXT} bytes",
                            api::quote(&name, 32)
                        )));
                    }
                    tags.push((name, value));
                }
            }
        }
        Ok(self.inner.pgn(&tags))
    }

    /// Replaces the game by the first game of a PGN text (atomic; a `[Variant]` tag
    /// may switch the rule set).
    #[wasm_bindgen(js_name = loadPgn)]
    pub fn load_pgn(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] pgn: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "AcceptOptions")] options: JsValue,
    ) -> Result<(), JsValue> {
        let text = string_arg(&pgn, "pgn", false)?.unwrap_or_default();
        let accepted = accept_option(options, "loadPgn()")?;
        self.inner
            .load_pgn_accepting(&text, accepted)
            .map_err(throw)
    }

    /// The tags `pgn()` writes, in its order: `{Event, Site, …, Result, …}`.
    #[wasm_bindgen(js_name = getHeaders, unchecked_return_type = "Record<string, string>")]
    pub fn get_headers(&self) -> JsValue {
        let object = Object::new();
        for (name, value) in self.inner.headers() {
            let _ = js_sys::Reflect::set(&object, &name.into(), &value.into());
        }
        object.into()
    }

    /// Sets a PGN tag (`Variant`, `SetUp` and `FEN` come from the game); returns
    /// `getHeaders()`.
    #[wasm_bindgen(js_name = setHeader, unchecked_return_type = "Record<string, string>")]
    pub fn set_header(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] name: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string")] value: JsValue,
    ) -> Result<JsValue, JsValue> {
        let name = string_arg(&name, "tag name", false)?.unwrap_or_default();
        let value = string_arg(&value, "tag value", false)?.unwrap_or_default();
        self.inner.set_header(&name, &value).map_err(throw)?;
        Ok(self.get_headers())
    }

    /// Removes a tag; whether there was one.
    #[wasm_bindgen(js_name = removeHeader)]
    pub fn remove_header(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] name: JsValue,
    ) -> Result<bool, JsValue> {
        let name = string_arg(&name, "tag name", false)?.unwrap_or_default();
        Ok(self.inner.remove_header(&name))
    }

    /// The comment on the current position, trimmed, or `undefined`
    /// (`getComments({asWritten: true})` has it as written).
    #[wasm_bindgen(js_name = getComment)]
    pub fn get_comment(&self) -> Option<String> {
        self.inner.comment().map(|text| comment_view(text, false))
    }

    /// Replaces the current position's comment (at most 4,096 bytes).
    #[wasm_bindgen(js_name = setComment)]
    pub fn set_comment(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    ) -> Result<(), JsValue> {
        let text = string_arg(&text, "comment", false)?.unwrap_or_default();
        self.inner.set_comment(&text).map_err(throw)
    }

    /// Removes the current position's comment and returns it trimmed, or `undefined`.
    #[wasm_bindgen(js_name = removeComment)]
    pub fn remove_comment(&mut self) -> Option<String> {
        self.inner
            .remove_comment()
            .map(|text| comment_view(text, false))
    }

    /// `[{fen, comment}]`: the comments up to the current position, in game order,
    /// each trimmed, or with `{asWritten: true}` exactly as the PGN or `setComment`
    /// gave it.
    #[wasm_bindgen(js_name = getComments, unchecked_return_type = "PositionComment[]")]
    pub fn get_comments(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "CommentOptions")] options: JsValue,
    ) -> Result<JsValue, JsValue> {
        let as_written = bool_option(
            options_object(options, "getComments()")?.as_ref(),
            "asWritten",
        )?;
        let mut comments = self.inner.comments();
        for entry in &mut comments {
            entry.comment = comment_view(std::mem::take(&mut entry.comment), as_written);
        }
        Ok(to_js(&comments))
    }

    /// The NAGs of the move that led to the current position (`[1]` for `!`).
    #[wasm_bindgen(js_name = getNags, unchecked_return_type = "number[]")]
    pub fn get_nags(&self) -> JsValue {
        to_js(&self.inner.nags())
    }

    /// The variations of the move that led to the current position, as a PGN gave
    /// them: each an array of its tokens (SAN; a multi-action turn is one token,
    /// `e5,Nc6`), played from the position before the move.
    #[wasm_bindgen(js_name = getVariations, unchecked_return_type = "string[][]")]
    pub fn get_variations(&self) -> JsValue {
        to_js(&self.inner.variations())
    }

    /// Replaces the NAGs of the move that led to the current position: integers
    /// from 0 to 255, at most 8.
    #[wasm_bindgen(js_name = setNags)]
    pub fn set_nags(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number[]")] nags: JsValue,
    ) -> Result<(), JsValue> {
        let bad = || invalid("NAGs must be an array of integers from 0 to 255");
        if !Array::is_array(&nags) {
            return Err(bad());
        }
        let list = Array::from(&nags);
        if list.length() > 8 {
            return Err(invalid("a move takes at most 8 NAGs"));
        }
        let mut out = Vec::with_capacity(list.length() as usize);
        for value in list.iter() {
            let n = value
                .as_f64()
                .filter(|n| n.fract() == 0.0 && (0.0..=255.0).contains(n))
                .ok_or_else(bad)?;
            out.push(n as u8);
        }
        self.inner.set_nags(&out).map_err(throw)
    }

    /// `{winner: 'white'|'black'|null, reason, text}` or `null` while the game goes on.
    #[wasm_bindgen(unchecked_return_type = "Outcome | null")]
    pub fn outcome(&self) -> JsValue {
        to_js(&self.inner.outcome_info())
    }

    #[wasm_bindgen(js_name = isCheck)]
    pub fn is_check(&self) -> bool {
        self.inner.is_check()
    }

    #[wasm_bindgen(js_name = isCheckmate)]
    pub fn is_checkmate(&self) -> bool {
        self.inner.is_checkmate()
    }

    #[wasm_bindgen(js_name = isStalemate)]
    pub fn is_stalemate(&self) -> bool {
        self.inner.is_stalemate()
    }

    #[wasm_bindgen(js_name = isDraw)]
    pub fn is_draw(&self) -> bool {
        self.inner.is_draw()
    }

    #[wasm_bindgen(js_name = isGameOver)]
    pub fn is_game_over(&self) -> bool {
        self.inner.is_game_over()
    }

    #[wasm_bindgen(js_name = isThreefoldRepetition)]
    pub fn is_threefold_repetition(&self) -> bool {
        self.inner.is_threefold_repetition()
    }

    #[wasm_bindgen(js_name = isInsufficientMaterial)]
    pub fn is_insufficient_material(&self) -> bool {
        self.inner.is_insufficient_material()
    }

    #[wasm_bindgen(js_name = isDrawByFiftyMoves)]
    pub fn is_draw_by_fifty_moves(&self) -> bool {
        self.inner.is_draw_by_fifty_moves()
    }

    /// `'w'` or `'b'`: the side to act.
    #[wasm_bindgen(unchecked_return_type = "Color")]
    pub fn turn(&self) -> String {
        self.inner.turn().char().to_string()
    }

    /// `{side, length, played, phase}`: action `played + 1` of `length`; phase
    /// `move`, `push` or `promotion_choice`.
    #[wasm_bindgen(js_name = turnState, unchecked_return_type = "TurnState")]
    pub fn turn_state(&self) -> JsValue {
        to_js(&self.inner.turn_info())
    }

    /// An 8×8 array, rank 8 first, of `{square, type, color}` (plus `board` in Alice)
    /// or `null`.
    #[wasm_bindgen(unchecked_return_type = "(BoardSquare | null)[][]")]
    pub fn board(&self) -> JsValue {
        board_grid(self.inner.board())
    }

    /// Chess-Gi hands: `{w: {p, n, b, r, q}, b: {...}}`; `null` in other rule sets.
    #[wasm_bindgen(unchecked_return_type = "Hands | null")]
    pub fn hands(&self) -> JsValue {
        match (self.inner.hand(Color::White), self.inner.hand(Color::Black)) {
            (Some(w), Some(b)) => to_js(&Hands { w, b }),
            _ => JsValue::NULL,
        }
    }

    /// The pieces giving check to the side to act, a1 first (empty when not in
    /// check), each with the path from it to the king: `[checker, king]`, or in
    /// Billiards with every square where a rebounding path turns in between.
    #[wasm_bindgen(unchecked_return_type = "Checker[]")]
    pub fn checkers(&self) -> JsValue {
        to_js(&self.inner.checkers())
    }

    /// Why the side to act may not play `from` → `to` (`from` may be `'N@'` for a
    /// drop): `{reason, text, attackers}` with the rules' reason, its words, and the
    /// pieces that would attack the king with their paths; `undefined` when it may.
    /// With one argument, a move typed as text (SAN, even an illegal one, or UCI): the
    /// reason for the piece it names (`undefined` when it is legal or names none).
    #[wasm_bindgen(unchecked_return_type = "Refusal | undefined")]
    pub fn refusal(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] from: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "string")] to: JsValue,
    ) -> Result<JsValue, JsValue> {
        let from = string_arg(&from, "from", false)?.unwrap_or_default();
        let info = if to.is_undefined() {
            self.inner.refusal_of_text(&from)
        } else {
            let to = string_arg(&to, "to", false)?.unwrap_or_default();
            self.inner.refusal(&from, &to).map_err(throw)?
        };
        Ok(info.map_or(JsValue::UNDEFINED, |info| to_js(&info)))
    }

    /// The squares of `color`'s pieces (the side to act's by default, as in
    /// chess.js) that attack `square`, a1 first.
    pub fn attackers(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] square: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "Color | 'white' | 'black'")] color: JsValue,
    ) -> Result<Vec<String>, JsValue> {
        let color = if color.is_undefined() || color.is_null() {
            self.inner.turn()
        } else {
            parse_color(&color)?
        };
        let square = string_arg(&square, "square", false)?.unwrap_or_default();
        let list = self.inner.attackers(&square, color).map_err(throw)?;
        Ok(list.iter().map(ToString::to_string).collect())
    }

    /// Whether a piece of `color` attacks `square`.
    #[wasm_bindgen(js_name = isAttacked)]
    pub fn is_attacked(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] square: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Color | 'white' | 'black'")] color: JsValue,
    ) -> Result<bool, JsValue> {
        parse_color(&color)?;
        Ok(!self.attackers(square, color)?.is_empty())
    }

    /// Puts `{type, color}` (and `board: 'a'|'b'` in Alice) on `square`, replacing
    /// what stood there; the game starts again from the new position. Throws
    /// `InvalidPositionError` (nothing changes) when the rule set does not allow it,
    /// unless the problem is of a kind `{accept: [...]}` names.
    pub fn put(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "PieceInput")] piece: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string")] square: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "AcceptOptions")] options: JsValue,
    ) -> Result<(), JsValue> {
        let accepted = accept_option(options, "put()")?;
        let field = |name| get(&piece, name).as_string().unwrap_or_default();
        // The piece as a FEN letter: White's uppercase.
        let letter = match (field("type").as_str(), field("color").as_str()) {
            (role @ ("p" | "n" | "b" | "r" | "q" | "k"), "w") => role.to_ascii_uppercase(),
            (role @ ("p" | "n" | "b" | "r" | "q" | "k"), "b") => role.to_string(),
            _ => {
                return Err(invalid(
                    "a piece is {type: 'p'|'n'|'b'|'r'|'q'|'k', color: 'w'|'b'}",
                ))
            }
        };
        let piece_board = get(&piece, "board");
        let board = match piece_board.as_string().as_deref() {
            _ if piece_board.is_undefined() => None,
            Some("a") => Some(BoardId::A),
            Some("b") => Some(BoardId::B),
            _ => return Err(invalid("piece.board must be 'a' or 'b'")),
        };
        let square = string_arg(&square, "square", false)?.unwrap_or_default();
        let piece = Piece::from_char(letter.as_bytes()[0] as char)
            .ok_or_else(|| invalid("unknown piece"))?;
        self.inner
            .put(piece, &square, board, accepted)
            .map_err(throw)
    }

    /// Removes the piece on `square` and returns it (`{square, type, color}`), or
    /// `undefined` for an empty square; the game starts again from the new position.
    /// `{accept: [...]}` as for `put`.
    #[wasm_bindgen(unchecked_return_type = "BoardSquare | undefined")]
    pub fn remove(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] square: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "AcceptOptions")] options: JsValue,
    ) -> Result<JsValue, JsValue> {
        let square = string_arg(&square, "square", false)?.unwrap_or_default();
        let accepted = accept_option(options, "remove()")?;
        let removed = self.inner.remove(&square, accepted).map_err(throw)?;
        Ok(removed.map_or(JsValue::UNDEFINED, |p| to_js(&p)))
    }

    /// The draw the side to act may claim now (`threefold_repetition`,
    /// `fifty_moves`), or `null`.
    #[wasm_bindgen(js_name = claimableDraw, unchecked_return_type = "EndReason | null")]
    pub fn claimable_draw(&self) -> JsValue {
        self.inner
            .claimable_draw()
            .map_or(JsValue::NULL, |r| JsValue::from(r.name()))
    }

    /// Claims a draw; throws `NoClaimError` when none is valid.
    #[wasm_bindgen(js_name = claimDraw, unchecked_return_type = "Outcome")]
    pub fn claim_draw(&mut self) -> Result<JsValue, JsValue> {
        self.inner
            .claim_draw()
            .map(|o| to_js(&self.inner.describe(o)))
            .map_err(throw)
    }

    /// The time control in the PGN `TimeControl` form (`'300+3'`), or `null` for an
    /// untimed game.
    #[wasm_bindgen(js_name = timeControl, unchecked_return_type = "string | null")]
    pub fn time_control(&self) -> JsValue {
        self.inner
            .time_control()
            .map_or(JsValue::NULL, |text| JsValue::from(text.as_str()))
    }

    /// Times the game: the PGN `TimeControl` form (`'300+3'`, `'40/5400+30:1800+30'`,
    /// `'*180'`, `'300d5'` for a 5 s Bronstein delay), or `'none'`/`'-'`/`null` for no
    /// clock. Throws `InvalidTimeControlError` (nothing changes) for other text.
    #[wasm_bindgen(js_name = setTimeControl)]
    pub fn set_time_control(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string | null")] control: JsValue,
    ) -> Result<(), JsValue> {
        let text = string_arg(&control, "time control", true)?.unwrap_or_else(|| "-".into());
        if text.len() > MAX_SHORT_TEXT {
            return Err(invalid("time control text too long"));
        }
        self.inner.set_time_control(&text).map_err(throw)
    }

    /// The clocks after the last move, in milliseconds: `{w, b}` each side's time
    /// left (negative once overstepped), `winc`/`binc` the increment each earns for
    /// its current turn, `delay` what the side to act may still use in its turn
    /// before its clock is charged (Bronstein); `null` for an untimed game.
    #[wasm_bindgen(unchecked_return_type = "GameClock | null")]
    pub fn clock(&self) -> JsValue {
        match self.inner.clock_reading() {
            Some(reading) => {
                let clock = Object::new();
                let set = |key: &str, ms: f64| {
                    let _ = js_sys::Reflect::set(&clock, &key.into(), &ms.into());
                };
                set("w", reading.remaining.white as f64);
                set("b", reading.remaining.black as f64);
                set("winc", reading.increment.white as f64);
                set("binc", reading.increment.black as f64);
                set("delay", reading.delay_left as f64);
                clock.into()
            }
            None => JsValue::NULL,
        }
    }

    /// The milliseconds each move took (`move(mv, {time})`), or `null` where not known.
    #[wasm_bindgen(js_name = timesUsed, unchecked_return_type = "(number | null)[]")]
    pub fn times_used(&self) -> Array {
        self.inner
            .times_used()
            .into_iter()
            .map(|ms| ms.map_or(JsValue::NULL, |ms| JsValue::from(ms as f64)))
            .collect()
    }

    /// For each move played, its mover's time left after it (the PGN `%clk`), in
    /// milliseconds, or `null` where the move's time is not known.
    #[wasm_bindgen(unchecked_return_type = "(number | null)[]")]
    pub fn clocks(&self) -> Array {
        self.inner
            .clocks()
            .into_iter()
            .map(|ms| ms.map_or(JsValue::NULL, |ms| JsValue::from(ms as f64)))
            .collect()
    }

    /// `color` ran out of time: a loss, or a draw where the opponent could never win
    /// by any legal sequence (RULES.md §1.1 in the rule set's own reading).
    #[wasm_bindgen(unchecked_return_type = "Outcome")]
    pub fn flag(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Color | 'white' | 'black'")] color: JsValue,
    ) -> Result<JsValue, JsValue> {
        let color = parse_color(&color)?;
        let outcome = self.inner.flag(color);
        Ok(to_js(&self.inner.describe(outcome)))
    }

    /// `color` resigns.
    #[wasm_bindgen(unchecked_return_type = "Outcome")]
    pub fn resign(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Color | 'white' | 'black'")] color: JsValue,
    ) -> Result<JsValue, JsValue> {
        let color = parse_color(&color)?;
        let outcome = self.inner.resign(color);
        Ok(to_js(&self.inner.describe(outcome)))
    }

    /// Both sides agree to a draw.
    #[wasm_bindgen(js_name = agreeDraw, unchecked_return_type = "Outcome")]
    pub fn agree_draw(&mut self) -> JsValue {
        let outcome = self.inner.agree_draw();
        to_js(&self.inner.describe(outcome))
    }

    /// Perft of the current position (depth 0..=12, the UCI `go perft` limit).
    pub fn perft(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] depth: JsValue,
    ) -> Result<f64, JsValue> {
        let depth = depth
            .as_f64()
            .filter(|d| d.fract() == 0.0 && (0.0..=f64::from(api::MAX_PERFT_DEPTH)).contains(d))
            .ok_or_else(|| {
                invalid(format!(
                    "perft depth must be an integer from 0 to {}",
                    api::MAX_PERFT_DEPTH
                ))
            })?;
        self.inner
            .perft(depth as u32)
            .map(|n| n as f64)
            .map_err(throw)
    }

    /// Whether the side to act can still win the game before its turn ends (in the
    /// multi-action rule sets a turn has several actions; elsewhere: a mate in one):
    /// `true` with a way found, `false` when no way of playing the turn's rest wins,
    /// `null` when `maxNodes` positions (1 to 10,000,000) were not enough to tell.
    /// The puzzles judge each action of a winning turn with it.
    #[wasm_bindgen(js_name = turnCanWin, unchecked_return_type = "boolean | null")]
    pub fn turn_can_win(
        &self,
        #[wasm_bindgen(js_name = maxNodes, unchecked_param_type = "number")] max_nodes: JsValue,
    ) -> Result<JsValue, JsValue> {
        let max_nodes = max_nodes
            .as_f64()
            .filter(|n| n.fract() == 0.0 && (1.0..=MAX_TURN_WIN_NODES).contains(n))
            .ok_or_else(|| invalid("maxNodes must be a whole number from 1 to 10000000"))?;
        Ok(match self.inner.record().turn_can_win(max_nodes as u64) {
            Some(wins) => JsValue::from_bool(wins),
            None => JsValue::NULL,
        })
    }

    /// Writes a game analysis's report (`analyseGame()`'s `report`, of this game) into
    /// the game's notes as `analyseGame()` writes its `pgn`: `[%eval]` commands, the
    /// marks' NAGs with a sentence, the better line as a variation; the game's own
    /// tags, comments and side lines stay. Throws `InvalidArgumentError` for a report
    /// of another game or a malformed one, and the game stays as it was.
    pub fn annotate(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "object")] report: JsValue,
    ) -> Result<(), JsValue> {
        let report = super::report_reader::game_report(&report)?;
        // `annotate` refuses a report of another game before it writes anything, and
        // the reader's plies are in order, so every note it writes has its place.
        crate::analysis::annotate(&mut self.inner, &report).map_err(throw)
    }

    /// A copy of the game.
    #[wasm_bindgen(js_name = clone)]
    pub fn clone_game(&self) -> Game {
        Game {
            inner: self.inner.clone(),
        }
    }
}

/// `validateFen(fen, variant = 'chess')` → `{ok: true}` or `{ok: false, error,
/// problems}`: `error` in one sentence, `problems` each on its own.
#[wasm_bindgen(js_name = validateFen, unchecked_return_type = "FenValidation")]
pub fn validate_fen(
    #[wasm_bindgen(unchecked_param_type = "string")] fen: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "VariantId | null")] variant: JsValue,
) -> Result<JsValue, JsValue> {
    let variant = string_arg(&variant, "variant", true)?.unwrap_or_else(|| "chess".into());
    let variant = api::parse_variant(&variant).map_err(throw)?;
    let (error, problems) = match fen.as_string() {
        None => {
            let message = format!("a FEN must be a string, not {}", type_name(&fen));
            (Some(message.clone()), vec![message])
        }
        Some(text) => match api::Game::validate_fen(variant, &text) {
            Ok(()) => (None, Vec::new()),
            Err(e) => (Some(e.message), api::Game::fen_problems(variant, &text)),
        },
    };
    Ok(to_js(&FenValidation {
        ok: error.is_none(),
        error,
        problems,
    }))
}

/// Pieces as `board()` gives them: 8 rows, rank 8 first, of a piece or `null`.
fn board_grid(pieces: Vec<api::SquareInfo>) -> JsValue {
    let mut grid: Vec<Vec<Option<api::SquareInfo>>> = vec![vec![None; 8]; 8];
    for p in pieces {
        grid[7 - p.square.rank().index()][p.square.file().index()] = Some(p);
    }
    to_js(&grid)
}

/// `placement(fen, variant?)`: the pieces of a FEN's placement field in the shape of
/// `Game.board()` (8 rows, rank 8 first, of `{square, type, color, board?}` or
/// `null`), for drawing any position: the other fields are not read and the position
/// need not be legal. Reads the dialect of every rule set (Alice's `|`, Chess-Gi's
/// `[hand]` and `~`). `board` is on every piece when `variant` has two boards
/// (Alice), or, without a `variant`, when the FEN marks a piece on board B.
///
/// # Errors
/// Throws `InvalidFenError` for a malformed placement field, `UnknownVariantError`
/// for an unknown `variant`, `InvalidArgumentError` for a `fen` that is not a string
/// (as the `Game` constructor does).
#[wasm_bindgen(unchecked_return_type = "(BoardSquare | null)[][]")]
pub fn placement(
    #[wasm_bindgen(unchecked_param_type = "string")] fen: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "VariantId | null")] variant: JsValue,
) -> Result<JsValue, JsValue> {
    let fen = string_arg(&fen, "fen", false)?.unwrap_or_default();
    let variant = string_arg(&variant, "variant", true)?
        .map(|id| api::parse_variant(&id))
        .transpose()
        .map_err(throw)?;
    api::placement(&fen, variant).map(board_grid).map_err(throw)
}

/// `placementHands(fen)`: the hands of a FEN's placement field (Chess-Gi's `[...]`
/// or ninth rank) as `Game.hands()` gives them, or `null` when it has none.
///
/// # Errors
/// Throws `InvalidFenError` for a malformed placement field, `InvalidArgumentError`
/// for a `fen` that is not a string.
#[wasm_bindgen(js_name = placementHands, unchecked_return_type = "Hands | null")]
pub fn placement_hands(
    #[wasm_bindgen(unchecked_param_type = "string")] fen: JsValue,
) -> Result<JsValue, JsValue> {
    let fen = string_arg(&fen, "fen", false)?.unwrap_or_default();
    Ok(match api::placement_hands(&fen).map_err(throw)? {
        Some((w, b)) => to_js(&Hands { w, b }),
        None => JsValue::NULL,
    })
}

/// The implemented rule sets: `[{id, name}]`.
#[wasm_bindgen(unchecked_return_type = "VariantInfo[]")]
pub fn variants() -> JsValue {
    let list: Vec<VariantInfo> = Variant::ALL.iter().map(|&v| v.into()).collect();
    to_js(&list)
}

/// Legal actions of a position as UCI tokens (kept for simple uses).
///
/// # Errors
/// Throws for an unknown variant or an invalid FEN.
#[wasm_bindgen(js_name = legalMoves)]
pub fn legal_moves(
    #[wasm_bindgen(unchecked_optional_param_type = "VariantId | null")] variant: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "string | null")] fen: JsValue,
) -> Result<Vec<String>, JsValue> {
    let variant = string_arg(&variant, "variant", true)?.unwrap_or_else(|| "chess".into());
    let fen = string_arg(&fen, "fen", true)?;
    api::Game::new(&variant, fen.as_deref())
        .map(|g| g.legal_moves())
        .map_err(throw)
}
