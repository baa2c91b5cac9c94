//! The JavaScript API, through wasm-bindgen: the only module that touches JS types.
//!
//! Compiled only for `wasm32` (see `lib.rs`). Everything here is a thin adapter over
//! [`crate::api::ApiGame`]: it checks the types of JS arguments, calls the core, and
//! turns results into plain JS objects and failures into thrown `Error`s with a stable
//! `name` and `code` (`IllegalMoveError`/`ILLEGAL_MOVE`, `InvalidFenError`, ...). A
//! failed call leaves the game unchanged. No chess logic lives here.
//!
//! ```js
//! import init, { Game } from 'alfiere';
//! await init();
//! const game = new Game('chess');
//! game.move('e4');                       // verbose move object
//! game.move({ from: 'e7', to: 'e5' });
//! game.moves({ verbose: true, square: 'g1' });
//! game.fen();
//! try { game.move('Ke3'); } catch (e) { e.name === 'IllegalMoveError'; }
//! ```

use crate::api::{self, ApiError, ApiErrorKind, ApiGame, MoveInfo, MAX_SHORT_TEXT};
use crate::game::Outcome;
use crate::types::{Color, Role};
use crate::variants::Variant;
use js_sys::{Array, Map, Object, Reflect};
use wasm_bindgen::prelude::*;

/// Runs once when the module is instantiated (`init()` / `initSync()`).
///
/// Installs a panic hook so that a Rust panic (a bug) is logged with its message and
/// location instead of an opaque `unreachable` trap.
#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
}

/// A thrown `Error` with `name` and `code` set.
fn js_error(kind: ApiErrorKind, message: &str) -> JsValue {
    let error = js_sys::Error::new(message);
    error.set_name(kind.name());
    let _ = Reflect::set(&error, &"code".into(), &kind.code().into());
    error.into()
}

fn throw(e: ApiError) -> JsValue {
    js_error(e.kind, &e.message)
}

fn invalid(message: impl AsRef<str>) -> JsValue {
    js_error(ApiErrorKind::InvalidArgument, message.as_ref())
}

/// A short description of a JS value's type, for error messages.
fn type_name(value: &JsValue) -> String {
    if value.is_null() {
        "null".into()
    } else if value.is_undefined() {
        "undefined".into()
    } else {
        value
            .js_typeof()
            .as_string()
            .unwrap_or_else(|| "value".into())
    }
}

/// A string argument; `None` for undefined/null when `optional`.
fn string_arg(value: &JsValue, what: &str, optional: bool) -> Result<Option<String>, JsValue> {
    if optional && (value.is_undefined() || value.is_null()) {
        return Ok(None);
    }
    match value.as_string() {
        Some(s) => Ok(Some(s)),
        None => Err(invalid(format!(
            "{what} must be a string, not {}",
            type_name(value)
        ))),
    }
}

fn set(object: &Object, key: &str, value: impl Into<JsValue>) {
    let _ = Reflect::set(object, &key.into(), &value.into());
}

fn get(object: &JsValue, key: &str) -> JsValue {
    Reflect::get(object, &key.into()).unwrap_or(JsValue::UNDEFINED)
}

fn color_letter(color: Color) -> &'static str {
    match color {
        Color::White => "w",
        Color::Black => "b",
    }
}

fn role_letter(role: Role) -> String {
    role.char().to_string()
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

fn outcome_object(outcome: Option<Outcome>) -> JsValue {
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
    pub fn new(variant: JsValue, fen: JsValue) -> Result<Game, JsValue> {
        let variant = string_arg(&variant, "variant", true)?.unwrap_or_else(|| "chess".into());
        let fen = string_arg(&fen, "fen", true)?;
        ApiGame::new(&variant, fen.as_deref())
            .map(|inner| Game { inner })
            .map_err(throw)
    }

    /// The rule-set id.
    pub fn variant(&self) -> String {
        self.inner.variant().id().to_string()
    }

    /// Plays a move: SAN or a UCI token, or `{from, to, promotion}` (`from: 'N@'` for
    /// a drop). Returns the verbose move.
    #[wasm_bindgen(js_name = "move")]
    pub fn play(&mut self, mv: JsValue) -> Result<JsValue, JsValue> {
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
    pub fn moves(&self, options: JsValue) -> Result<Array, JsValue> {
        let (verbose, square) = if options.is_undefined() || options.is_null() {
            (false, None)
        } else if options.is_object() {
            (
                get(&options, "verbose").is_truthy(),
                string_arg(&get(&options, "square"), "square", true)?,
            )
        } else {
            return Err(invalid("moves() takes an options object {verbose, square}"));
        };
        let list = self.inner.moves(square.as_deref()).map_err(throw)?;
        Ok(list
            .iter()
            .map(|m| {
                if verbose {
                    move_object(m)
                } else {
                    JsValue::from(m.san.as_str())
                }
            })
            .collect())
    }

    /// The legal actions as UCI tokens.
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> Vec<String> {
        self.inner.legal_moves()
    }

    /// A `Map` from origin square (or `N@` for drops) to destination squares.
    pub fn dests(&self) -> Map {
        let map = Map::new();
        for (from, tos) in self.inner.dests() {
            let list: Array = tos.iter().map(|t| JsValue::from(t.as_str())).collect();
            map.set(&from.into(), &list.into());
        }
        map
    }

    /// Takes back the last action; returns it verbose, or `null`.
    pub fn undo(&mut self) -> JsValue {
        self.inner.undo().map_or(JsValue::NULL, |m| move_object(&m))
    }

    /// `history({verbose})`: SAN strings or verbose moves, in order.
    pub fn history(&self, options: JsValue) -> Array {
        let verbose = options.is_object() && get(&options, "verbose").is_truthy();
        self.inner
            .history()
            .iter()
            .map(|m| {
                if verbose {
                    move_object(m)
                } else {
                    JsValue::from(m.san.as_str())
                }
            })
            .collect()
    }

    pub fn fen(&self) -> String {
        self.inner.fen()
    }

    /// Replaces the game by a FEN position (atomic).
    pub fn load(&mut self, fen: JsValue) -> Result<(), JsValue> {
        let fen = string_arg(&fen, "fen", false)?.unwrap_or_default();
        self.inner.load(&fen).map_err(throw)
    }

    /// The game as PGN; `pgn({tags: {White: 'me'}})` adds tags.
    pub fn pgn(&self, options: JsValue) -> Result<String, JsValue> {
        let mut tags = Vec::new();
        if options.is_object() {
            let given = get(&options, "tags");
            if given.is_object() {
                for entry in Object::entries(&Object::from(given)).iter() {
                    let pair = Array::from(&entry);
                    let name = pair.get(0).as_string().unwrap_or_default();
                    let value = pair.get(1);
                    let value = value.as_string().ok_or_else(|| {
                        invalid(format!(
                            "tag {name} must be a string, not {}",
                            type_name(&value)
                        ))
                    })?;
                    if name.len() <= MAX_SHORT_TEXT && value.len() <= MAX_SHORT_TEXT {
                        tags.push((name, value));
                    }
                }
            }
        }
        Ok(self.inner.pgn(&tags))
    }

    /// Replaces the game by the first game of a PGN text (atomic; a `[Variant]` tag
    /// may switch the rule set).
    #[wasm_bindgen(js_name = loadPgn)]
    pub fn load_pgn(&mut self, pgn: JsValue) -> Result<(), JsValue> {
        let text = string_arg(&pgn, "pgn", false)?.unwrap_or_default();
        self.inner.load_pgn(&text).map_err(throw)
    }

    /// `{winner: 'white'|'black'|null, reason, text}` or `null` while the game goes on.
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
    pub fn turn(&self) -> String {
        color_letter(self.inner.turn()).to_string()
    }

    /// `{side, length, played, phase}`: action `played + 1` of `length`; phase
    /// `move`, `push` or `promotion_choice`.
    #[wasm_bindgen(js_name = turnState)]
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
    #[wasm_bindgen(js_name = claimableDraw)]
    pub fn claimable_draw(&self) -> JsValue {
        self.inner
            .claimable_draw()
            .map_or(JsValue::NULL, |r| JsValue::from(r.name()))
    }

    /// Claims a draw; throws `NoClaimError` when none is valid.
    #[wasm_bindgen(js_name = claimDraw)]
    pub fn claim_draw(&mut self) -> Result<JsValue, JsValue> {
        self.inner
            .claim_draw()
            .map(|o| outcome_object(Some(o)))
            .map_err(throw)
    }

    /// `color` resigns.
    pub fn resign(&mut self, color: JsValue) -> Result<JsValue, JsValue> {
        let color = parse_color(&color)?;
        Ok(outcome_object(Some(self.inner.resign(color))))
    }

    /// Both sides agree to a draw.
    #[wasm_bindgen(js_name = agreeDraw)]
    pub fn agree_draw(&mut self) -> JsValue {
        outcome_object(Some(self.inner.agree_draw()))
    }

    /// Perft of the current position (depth 0..=7).
    pub fn perft(&self, depth: JsValue) -> Result<f64, JsValue> {
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
    pub fn clone(&self) -> Game {
        Game {
            inner: self.inner.clone(),
        }
    }
}

/// `validateFen(fen, variant = 'chess')` → `{ok: true}` or `{ok: false, error}`.
#[wasm_bindgen(js_name = validateFen)]
pub fn validate_fen(fen: JsValue, variant: JsValue) -> Result<JsValue, JsValue> {
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
#[wasm_bindgen]
pub fn variants() -> Array {
    Variant::IMPLEMENTED
        .iter()
        .map(|v| {
            let o = Object::new();
            set(&o, "id", v.id());
            set(&o, "name", v.name());
            JsValue::from(o)
        })
        .collect()
}

/// Legal actions of a position as UCI tokens (kept for simple uses).
///
/// # Errors
/// Throws for an unknown variant or an invalid FEN.
#[wasm_bindgen(js_name = legalMoves)]
pub fn legal_moves(variant: JsValue, fen: JsValue) -> Result<Vec<String>, JsValue> {
    let variant = string_arg(&variant, "variant", true)?.unwrap_or_else(|| "chess".into());
    let fen = string_arg(&fen, "fen", true)?;
    ApiGame::new(&variant, fen.as_deref())
        .map(|g| g.legal_moves())
        .map_err(throw)
}

/// The search engine, driven in slices so a Web Worker can yield between them (see
/// `js/worker.js`, which speaks UCI over it).
///
/// ```js
/// const engine = new Engine('chess');
/// engine.position(null, ['e2e4']);
/// engine.go({ depth: 8 });
/// let result;
/// while (!(result = engine.step(20000, performance.now() - t0, (info) => {}))) { await tick(); }
/// result.bestmove;
/// ```
#[wasm_bindgen]
pub struct Engine {
    settings: api::EngineSettings,
    limit_strength: bool,
    elo: u32,
    level: u32,
    game: ApiGame,
    running: Option<Box<dyn api::RunningSearch>>,
}

fn number_field(options: &JsValue, key: &str) -> Result<Option<f64>, JsValue> {
    let value = get(options, key);
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    match value.as_f64() {
        Some(n) if n.is_finite() && n >= 0.0 => Ok(Some(n)),
        _ => Err(invalid(format!("{key} must be a non-negative number"))),
    }
}

fn score_object(score: crate::search::Score) -> JsValue {
    let o = Object::new();
    match score {
        crate::search::Score::Cp(cp) => set(&o, "cp", cp),
        crate::search::Score::Mate(n) => set(&o, "mate", n),
    }
    o.into()
}

fn info_object(info: &api::EngineInfo) -> JsValue {
    let o = Object::new();
    set(&o, "depth", info.depth);
    set(&o, "seldepth", info.seldepth);
    set(&o, "multipv", info.multipv as u32);
    set(&o, "score", score_object(info.score));
    set(&o, "nodes", info.nodes as f64);
    set(&o, "nps", info.nps as f64);
    set(&o, "time", info.time_ms as f64);
    set(&o, "hashfull", info.hashfull);
    let pv: Array = info.pv.iter().map(|t| JsValue::from(t.as_str())).collect();
    set(&o, "pv", pv);
    set(&o, "uci", info.to_uci());
    o.into()
}

#[wasm_bindgen]
impl Engine {
    /// `new Engine(variant = 'chess')`.
    #[wasm_bindgen(constructor)]
    pub fn new(variant: JsValue) -> Result<Engine, JsValue> {
        let variant = string_arg(&variant, "variant", true)?.unwrap_or_else(|| "chess".into());
        let game = ApiGame::new(&variant, None).map_err(throw)?;
        Ok(Engine {
            settings: api::EngineSettings::default(),
            limit_strength: false,
            elo: crate::search::skill::ELO_MAX,
            level: crate::search::skill::LEVEL_MAX,
            game,
            running: None,
        })
    }

    /// The rule-set id.
    pub fn variant(&self) -> String {
        self.game.variant().id().to_string()
    }

    /// Sets a UCI option: `Hash`, `MultiPV`, `Skill Level`, `UCI_LimitStrength`,
    /// `UCI_Elo`, `UCI_Variant`. Values may be strings or numbers/booleans.
    #[wasm_bindgen(js_name = setOption)]
    pub fn set_option(&mut self, name: JsValue, value: JsValue) -> Result<(), JsValue> {
        let name = string_arg(&name, "option name", false)?.unwrap_or_default();
        let text = value
            .as_string()
            .or_else(|| value.as_f64().map(|n| n.to_string()))
            .or_else(|| value.as_bool().map(|b| b.to_string()))
            .unwrap_or_default();
        let number = |lo: u64, hi: u64| -> Result<u64, JsValue> {
            text.trim()
                .parse::<u64>()
                .ok()
                .filter(|n| (lo..=hi).contains(n))
                .ok_or_else(|| invalid(format!("{name} must be a number from {lo} to {hi}")))
        };
        match name.to_ascii_lowercase().as_str() {
            "hash" => self.settings.hash_mb = number(1, 1024)? as usize,
            "multipv" => self.settings.multipv = number(1, 3)? as usize,
            "skill level" => {
                self.level = number(0, u64::from(crate::search::skill::LEVEL_MAX))? as u32
            }
            "uci_elo" => {
                self.elo = number(
                    u64::from(crate::search::skill::ELO_MIN),
                    u64::from(crate::search::skill::ELO_MAX),
                )? as u32
            }
            "uci_limitstrength" => {
                self.limit_strength = match text.trim() {
                    "true" => true,
                    "false" => false,
                    _ => return Err(invalid("UCI_LimitStrength must be true or false")),
                }
            }
            "uci_variant" => {
                self.game = ApiGame::new(&text, None).map_err(throw)?;
                self.running = None;
            }
            _ => {
                return Err(invalid(format!(
                    "unknown option '{}'",
                    api::quote(&name, 32)
                )))
            }
        }
        self.settings.strength = if self.limit_strength {
            crate::search::Strength::from_elo(self.elo)
        } else {
            crate::search::Strength::from_level(self.level)
        };
        Ok(())
    }

    /// Sets the position: `fen` (or `null` for the start) and the actions played
    /// since, as UCI tokens. Atomic: on an error the old position stays.
    pub fn position(&mut self, fen: JsValue, moves: JsValue) -> Result<(), JsValue> {
        let fen = string_arg(&fen, "fen", true)?;
        let mut game = ApiGame::new(self.game.variant().id(), fen.as_deref()).map_err(throw)?;
        if !(moves.is_undefined() || moves.is_null()) {
            if !Array::is_array(&moves) {
                return Err(invalid("moves must be an array of UCI strings"));
            }
            for token in Array::from(&moves).iter() {
                let token = string_arg(&token, "move", false)?.unwrap_or_default();
                game.play_text(&token).map_err(throw)?;
            }
        }
        self.game = game;
        self.running = None;
        Ok(())
    }

    /// The FEN of the engine's position.
    pub fn fen(&self) -> String {
        self.game.fen()
    }

    /// Starts a search: `{depth, nodes, movetime, infinite, wtime, btime, winc, binc,
    /// movestogo}` (all optional; none means until `stop`).
    pub fn go(&mut self, limits: JsValue) -> Result<(), JsValue> {
        let mut l = crate::search::Limits::default();
        if limits.is_object() {
            let int = |key: &str| number_field(&limits, key).map(|v| v.map(|n| n as u64));
            l.depth = int("depth")?.map(|d| d.clamp(1, 64) as u32);
            l.nodes = int("nodes")?;
            l.movetime = int("movetime")?;
            l.wtime = int("wtime")?;
            l.btime = int("btime")?;
            l.winc = int("winc")?;
            l.binc = int("binc")?;
            l.movestogo = int("movestogo")?;
            l.infinite = get(&limits, "infinite").is_truthy();
        } else if !(limits.is_undefined() || limits.is_null()) {
            return Err(invalid("go() takes an object of limits"));
        }
        self.running = Some(self.game.start_search(&self.settings, l));
        Ok(())
    }

    /// Searches about `nodeBudget` nodes; `elapsedMs` is the time since `go`. Calls
    /// `onInfo(info)` for each completed iteration; returns `null` while the search
    /// goes on, then `{bestmove, pv, score, depth, nodes}` (`bestmove` is `null` when
    /// the game is over).
    pub fn step(
        &mut self,
        node_budget: f64,
        elapsed_ms: f64,
        on_info: &js_sys::Function,
    ) -> Result<JsValue, JsValue> {
        let Some(search) = self.running.as_mut() else {
            return Err(invalid("step() without a search: call go() first"));
        };
        let budget = if node_budget.is_finite() && node_budget >= 1.0 {
            node_budget as u64
        } else {
            1
        };
        let elapsed = if elapsed_ms.is_finite() && elapsed_ms >= 0.0 {
            elapsed_ms as u64
        } else {
            0
        };
        let mut forward = |info: &api::EngineInfo| {
            let _ = on_info.call1(&JsValue::NULL, &info_object(info));
        };
        match search.step(budget, elapsed, &mut forward) {
            None => Ok(JsValue::NULL),
            Some(result) => {
                self.running = None;
                let o = Object::new();
                set(
                    &o,
                    "bestmove",
                    result.best.as_deref().map_or(JsValue::NULL, JsValue::from),
                );
                let pv: Array = result
                    .pv
                    .iter()
                    .map(|t| JsValue::from(t.as_str()))
                    .collect();
                set(&o, "pv", pv);
                set(&o, "score", score_object(result.score));
                set(&o, "depth", result.depth);
                set(&o, "nodes", result.nodes as f64);
                set(&o, "uci", result.to_uci());
                Ok(o.into())
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
