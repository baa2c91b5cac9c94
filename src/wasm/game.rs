//! The `Game` class and the free functions (`validateFen`, `variants`, `legalMoves`):
//! argument checks and plain-object conversions over [`crate::api::ApiGame`].

use super::{color_letter, get, invalid, role_letter, set, string_arg, throw, type_name};
use crate::api::{self, ApiGame, MoveInfo, MAX_SHORT_TEXT};
use crate::game::Outcome;
use crate::types::{Color, Role};
use crate::variants::Variant;
use js_sys::{Array, Map, Object};
use wasm_bindgen::prelude::*;

/// A move as `moves()` and `history()` list it: verbose, or its SAN string.
fn move_value(info: &MoveInfo, verbose: bool) -> JsValue {
    if verbose {
        move_object(info)
    } else {
        JsValue::from(info.san.as_str())
    }
}

/// A verbose move as a plain object (chess.js fields plus `kind`, `board`, `endsTurn`).
fn move_object(info: &MoveInfo) -> JsValue {
    let o = Object::new();
    set(&o, "color", color_letter(info.color));
    if let Some(from) = info.from {
        set(&o, "from", from.to_string());
    }
    set(&o, "to", info.to.to_string());
    set(&o, "piece", role_letter(info.piece));
    if let Some(captured) = info.captured {
        set(&o, "captured", role_letter(captured));
    }
    if let Some(promotion) = info.promotion {
        set(&o, "promotion", role_letter(promotion));
    }
    set(&o, "flags", info.flags.as_str());
    set(&o, "san", info.san.as_str());
    set(&o, "lan", info.lan.as_str());
    set(&o, "before", info.before.as_str());
    set(&o, "after", info.after.as_str());
    set(&o, "kind", info.kind.name());
    if let Some(board) = info.board {
        set(&o, "board", board.name());
    }
    set(&o, "endsTurn", info.ends_turn);
    o.into()
}

pub(crate) fn outcome_object(outcome: Option<Outcome>) -> JsValue {
    match outcome {
        None => JsValue::NULL,
        Some(o) => {
            let obj = Object::new();
            set(
                &obj,
                "winner",
                match o.winner {
                    Some(Color::White) => JsValue::from("white"),
                    Some(Color::Black) => JsValue::from("black"),
                    None => JsValue::NULL,
                },
            );
            set(&obj, "reason", o.reason.name());
            set(&obj, "text", o.to_string());
            obj.into()
        }
    }
}

/// An optional options argument: `None` for undefined/null, the object itself, or an
/// `InvalidArgumentError` for anything else.
fn options_object<'a>(value: &'a JsValue, what: &str) -> Result<Option<&'a JsValue>, JsValue> {
    if value.is_undefined() || value.is_null() {
        Ok(None)
    } else if value.is_object() {
        Ok(Some(value))
    } else {
        Err(invalid(format!(
            "{what} takes an options object, not {}",
            type_name(value)
        )))
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
    inner: ApiGame,
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
        ApiGame::new(&variant, fen.as_deref())
            .map(|inner| Game { inner })
            .map_err(throw)
    }

    /// The rule-set id.
    #[wasm_bindgen(unchecked_return_type = "VariantId")]
    pub fn variant(&self) -> String {
        self.inner.variant().id().to_string()
    }

    /// Plays a move: SAN or a UCI token, or `{from, to, promotion}` (`from: 'N@'` for
    /// a drop). Returns the verbose move.
    #[wasm_bindgen(js_name = "move", unchecked_return_type = "Move")]
    pub fn play(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string | MoveInput")] mv: JsValue,
    ) -> Result<JsValue, JsValue> {
        let info = if let Some(text) = mv.as_string() {
            self.inner.play_text(&text)
        } else if mv.is_object() {
            let from = string_arg(&get(&mv, "from"), "move.from", false)?.unwrap_or_default();
            let to = string_arg(&get(&mv, "to"), "move.to", false)?.unwrap_or_default();
            let promotion = string_arg(&get(&mv, "promotion"), "move.promotion", true)?;
            self.inner.play_from_to(&from, &to, promotion.as_deref())
        } else {
            return Err(invalid(format!(
                "a move must be a string or {{from, to, promotion}}, not {}",
                type_name(&mv)
            )));
        };
        info.map(|i| move_object(&i)).map_err(throw)
    }

    /// `moves({verbose, square})`: SAN strings, or verbose move objects.
    #[wasm_bindgen(unchecked_return_type = "any[]")]
    pub fn moves(
        &self,
        // The precise overloads are in the `Game` interface of the TypeScript section.
        #[wasm_bindgen(unchecked_param_type = "never")] options: JsValue,
    ) -> Result<Array, JsValue> {
        let (verbose, square) = match options_object(&options, "moves()")? {
            None => (false, None),
            Some(o) => (
                get(o, "verbose").is_truthy(),
                string_arg(&get(o, "square"), "square", true)?,
            ),
        };
        let list = self.inner.moves(square.as_deref()).map_err(throw)?;
        Ok(list.iter().map(|m| move_value(m, verbose)).collect())
    }

    /// The legal actions as UCI tokens.
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> Vec<String> {
        self.inner.legal_moves()
    }

    /// A `Map` from origin square (or `N@` for drops) to destination squares.
    #[wasm_bindgen(unchecked_return_type = "Map<string, string[]>")]
    pub fn dests(&self) -> Map {
        let map = Map::new();
        for (from, tos) in self.inner.dests() {
            let list: Array = tos.iter().map(|t| JsValue::from(t.as_str())).collect();
            map.set(&from.into(), &list.into());
        }
        map
    }

    /// Takes back the last action; returns it verbose, or `null`.
    #[wasm_bindgen(unchecked_return_type = "Move | null")]
    pub fn undo(&mut self) -> JsValue {
        self.inner.undo().map_or(JsValue::NULL, |m| move_object(&m))
    }

    /// `history({verbose})`: SAN strings or verbose moves, in order.
    #[wasm_bindgen(unchecked_return_type = "any[]")]
    pub fn history(
        &self,
        // The precise overloads are in the `Game` interface of the TypeScript section.
        #[wasm_bindgen(unchecked_param_type = "never")] options: JsValue,
    ) -> Result<Array, JsValue> {
        let verbose =
            options_object(&options, "history()")?.is_some_and(|o| get(o, "verbose").is_truthy());
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

    /// Replaces the game by a FEN position (atomic).
    pub fn load(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] fen: JsValue,
    ) -> Result<(), JsValue> {
        let fen = string_arg(&fen, "fen", false)?.unwrap_or_default();
        self.inner.load(&fen).map_err(throw)
    }

    /// The game as PGN; `pgn({tags: {White: 'me'}})` adds tags (names and values up
    /// to 512 bytes).
    pub fn pgn(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "{ tags?: Record<string, string> }")]
        options: JsValue,
    ) -> Result<String, JsValue> {
        let mut tags = Vec::new();
        if let Some(options) = options_object(&options, "pgn()")? {
            let given = get(options, "tags");
            if let Some(given) = options_object(&given, "tags")? {
                for entry in Object::entries(&Object::from(given.clone())).iter() {
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
    ) -> Result<(), JsValue> {
        let text = string_arg(&pgn, "pgn", false)?.unwrap_or_default();
        self.inner.load_pgn(&text).map_err(throw)
    }

    /// `{winner: 'white'|'black'|null, reason, text}` or `null` while the game goes on.
    #[wasm_bindgen(unchecked_return_type = "Outcome | null")]
    pub fn outcome(&self) -> JsValue {
        outcome_object(self.inner.outcome())
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
        color_letter(self.inner.turn()).to_string()
    }

    /// `{side, length, played, phase}`: action `played + 1` of `length`; phase
    /// `move`, `push` or `promotion_choice`.
    #[wasm_bindgen(js_name = turnState, unchecked_return_type = "TurnState")]
    pub fn turn_state(&self) -> JsValue {
        let t = self.inner.turn_info();
        let o = Object::new();
        set(&o, "side", color_letter(t.side));
        set(&o, "length", t.length);
        set(&o, "played", t.played);
        set(&o, "phase", t.phase);
        o.into()
    }

    /// An 8×8 array, rank 8 first, of `{square, type, color}` (plus `board` in Alice)
    /// or `null`.
    #[wasm_bindgen(unchecked_return_type = "(BoardSquare | null)[][]")]
    pub fn board(&self) -> Array {
        let mut grid: Vec<JsValue> = vec![JsValue::NULL; 64];
        for p in self.inner.board() {
            let o = Object::new();
            set(&o, "square", p.square.to_string());
            set(&o, "type", role_letter(p.piece.role));
            set(&o, "color", color_letter(p.piece.color));
            if let Some(board) = p.board {
                set(&o, "board", board.name());
            }
            let row = 7 - p.square.rank().index();
            grid[row * 8 + p.square.file().index()] = o.into();
        }
        grid.chunks(8)
            .map(|row| JsValue::from(row.iter().cloned().collect::<Array>()))
            .collect()
    }

    /// Chess-Gi hands: `{w: {p, n, b, r, q}, b: {...}}`; `null` in other rule sets.
    #[wasm_bindgen(unchecked_return_type = "Hands | null")]
    pub fn hands(&self) -> JsValue {
        let (Some(white), Some(black)) =
            (self.inner.hand(Color::White), self.inner.hand(Color::Black))
        else {
            return JsValue::NULL;
        };
        let o = Object::new();
        for (color, hand) in [(Color::White, white), (Color::Black, black)] {
            let h = Object::new();
            for role in [
                Role::Pawn,
                Role::Knight,
                Role::Bishop,
                Role::Rook,
                Role::Queen,
            ] {
                set(&h, &role_letter(role), hand.count(role));
            }
            set(&o, color_letter(color), h);
        }
        o.into()
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
            .map(|o| outcome_object(Some(o)))
            .map_err(throw)
    }

    /// `color` resigns.
    #[wasm_bindgen(unchecked_return_type = "Outcome")]
    pub fn resign(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Color | 'white' | 'black'")] color: JsValue,
    ) -> Result<JsValue, JsValue> {
        let color = parse_color(&color)?;
        Ok(outcome_object(Some(self.inner.resign(color))))
    }

    /// Both sides agree to a draw.
    #[wasm_bindgen(js_name = agreeDraw, unchecked_return_type = "Outcome")]
    pub fn agree_draw(&mut self) -> JsValue {
        outcome_object(Some(self.inner.agree_draw()))
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

    /// A copy of the game.
    #[wasm_bindgen(js_name = clone)]
    pub fn clone_game(&self) -> Game {
        Game {
            inner: self.inner.clone(),
        }
    }
}

/// `validateFen(fen, variant = 'chess')` → `{ok: true}` or `{ok: false, error}`.
#[wasm_bindgen(js_name = validateFen, unchecked_return_type = "FenValidation")]
pub fn validate_fen(
    #[wasm_bindgen(unchecked_param_type = "string")] fen: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "VariantId | null")] variant: JsValue,
) -> Result<JsValue, JsValue> {
    let variant = string_arg(&variant, "variant", true)?.unwrap_or_else(|| "chess".into());
    let variant = api::parse_variant(&variant).map_err(throw)?;
    let o = Object::new();
    match fen.as_string() {
        None => {
            set(&o, "ok", false);
            set(
                &o,
                "error",
                format!("a FEN must be a string, not {}", type_name(&fen)),
            );
        }
        Some(text) => match ApiGame::validate_fen(variant, &text) {
            Ok(()) => set(&o, "ok", true),
            Err(e) => {
                set(&o, "ok", false);
                set(&o, "error", e.message);
            }
        },
    }
    Ok(o.into())
}

/// The implemented rule sets: `[{id, name}]`.
#[wasm_bindgen(unchecked_return_type = "VariantInfo[]")]
pub fn variants() -> Array {
    Variant::ALL
        .iter()
        .map(|v| {
            let o = Object::new();
            set(&o, "id", v.id());
            set(&o, "name", v.name());
            set(&o, "boards", v.boards());
            set(&o, "reboundingDiagonals", v.rebounding_diagonals());
            set(&o, "turn", v.turn_shape().name());
            JsValue::from(o)
        })
        .collect()
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
    ApiGame::new(&variant, fen.as_deref())
        .map(|g| g.legal_moves())
        .map_err(throw)
}
