//! The JavaScript API, through wasm-bindgen: the only module that touches JS types.
//!
//! Compiled only for `wasm32` (see `lib.rs`). It holds the classes and functions the
//! package exports, each a thin adapter over the core: it checks the types of JS
//! arguments, calls the core, and turns results into plain JS objects (serde) and
//! failures into thrown `Error`s with a stable `name` and `code`
//! (`IllegalMoveError`/`ILLEGAL_MOVE`, `InvalidFenError`, ...). A failed call leaves
//! its object unchanged. No chess logic and no engine logic live here.
//!
//! - `game.rs`: the `Game` class over [`crate::api::Game`], and the free functions
//!   (`validateFen`, `variants`, `legalMoves`, `placement`);
//! - `session.rs`: the `Session` class, which owns the engine session
//!   ([`crate::engine`]): its typed door (positions, options and jobs in, each job's
//!   events out as plain data), which the JS `Engine`'s worker (`js/engine-host.js`)
//!   drives in slices, and the UCI codec ([`crate::uci::UciCodec`]) it lends the
//!   session to for raw UCI lines;
//! - `job_request.rs`: a job request (`{kind, ...}`) read from its JS object;
//! - the TypeScript section of the generated `.d.ts` (below), whose `VariantId` union
//!   is made from the rule-set registry;
//! - `tests.rs`: wasm-bindgen tests of the classes, run in Node and Chromium.
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

mod game;
mod job_request;
mod report_reader;
mod session;
#[cfg(test)]
mod tests;

use crate::api::{ApiError, ApiErrorKind};
use js_sys::Reflect;
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// The TypeScript union of the rule-set ids, made from the registry (added to the
/// generated `.d.ts`).
#[wasm_bindgen(typescript_custom_section)]
const TS_VARIANT_ID: &'static str = crate::variants::VARIANT_ID_TS;

/// The TypeScript shapes of the plain objects the classes take and return (added to
/// the generated `.d.ts`).
#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &'static str = r#"
export type Color = 'w' | 'b';
export type PieceSymbol = 'p' | 'n' | 'b' | 'r' | 'q' | 'k';
/** A move given as squares; `from: 'N@'` drops a knight (Chess-Gi). */
export interface MoveInput { from: string; to: string; promotion?: string }
/** A verbose move: chess.js's fields plus `kind`, `board` (Alice), `endsTurn` and
 *  `path` (Billiards). */
export interface Move {
  color: Color;
  /** Absent for a drop. */
  from?: string;
  to: string;
  piece: PieceSymbol;
  captured?: PieceSymbol;
  promotion?: PieceSymbol;
  /** n normal, b double step, e en passant, c capture, p promotion, k/q castling,
   *  d drop, u push (Avalanche), s promotion choice. */
  flags: string;
  san: string;
  lan: string;
  before: string;
  after: string;
  kind: 'move' | 'castle' | 'en_passant' | 'drop' | 'push' | 'promotion_choice';
  board?: 'a' | 'b';
  endsTurn: boolean;
  /** Billiards, a move whose diagonal rebounds off an edge: the departure square,
   *  every square where the piece turns, and the arrival square, in order
   *  (`['c1', 'a3', 'c5']`). When several paths reach the square, the one with the
   *  fewest steps (a straight one when as short). Absent for every other move. */
  path?: string[];
  /** For castling, the rook's start square (dropping the king there castles). */
  rook?: string;
}
/** `move(mv, {time})`: the milliseconds the move took on its mover's clock. */
export interface MoveOptions { time?: number }
/** `clock()`, in milliseconds: each side's time left, the increment each earns for its
 *  current turn, and the Bronstein delay the side to act may still use. */
export interface GameClock { w: number; b: number; winc: number; binc: number; delay: number }
/** `moves({verbose: true})` gives Move[], otherwise SAN strings. */
export interface MovesOptions { verbose?: boolean; square?: string }
/** The typed overloads of `moves` and `history` (merged into the class). */
export interface Game {
  moves(options: MovesOptions & { verbose: true }): Move[];
  moves(options?: MovesOptions & { verbose?: false }): string[];
  history(options: { verbose: true }): Move[];
  history(options?: { verbose?: false }): string[];
}
export type EndReason = 'checkmate' | 'stalemate' | 'insufficient_material' | 'seventyfive_moves'
  | 'fivefold_repetition' | 'fifty_moves' | 'threefold_repetition' | 'ten_series' | 'variant_win'
  | 'variant_draw' | 'self_check' | 'promotion_check' | 'resignation' | 'agreement' | 'time_forfeit';
/** How the game ended. `text` is the sentence to show, in the rule set's words and
 *  without a final full stop: "Black wins by checkmate", "Draw by the 75-move rule",
 *  "Draw by the 50-move rule (claimed)", "White wins: Black pushed into their own
 *  check" (Avalanche), "White wins by reaching the eighth rank" (Racing Kings). */
export interface Outcome { winner: Color | null; reason: EndReason; text: string }
/** Action `played + 1` of `length` of `side`'s turn. */
export interface TurnState { side: Color; length: number; played: number; phase: 'move' | 'push' | 'promotion_choice' }
/** A piece giving check (`checkers()`): where it stands, its board in Alice, and the
 *  path from it to the king, `[checker, king]` or, for a Billiards check that rebounds
 *  off the edges, with every turning square in between (the shortest path when the
 *  piece checks along several). */
export interface Checker { square: string; board?: 'a' | 'b'; path: string[] }
/** Why an action is refused (`refusal(from, to)`): the rules' reason, its words
 *  (without a final full stop), and the pieces that would attack the king after it,
 *  each with its path (bent in Billiards). */
export interface Refusal {
  reason: 'game_over' | 'other_phase' | 'not_own_piece' | 'cannot_move_there' | 'own_piece_there' | 'king_attacked'
    | 'check_mid_series' | 'gives_check' | 'not_in_hand' | 'pawn_drop_on_last_rank' | 'not_legal';
  text: string;
  attackers: Checker[];
}
export interface BoardSquare { square: string; type: PieceSymbol; color: Color; board?: 'a' | 'b' }
export interface PieceInput { type: PieceSymbol; color: Color; board?: 'a' | 'b' }
/** A kind of position problem that can be accepted on purpose (orthodox chess only):
 *  a side with more than 16 pieces, the side not to move in check, a check no last
 *  move could give, a side without a king. */
export type ProblemKind = 'too-many-pieces' | 'opposite-check' | 'impossible-check' | 'missing-king';
/** The option of `load`, `loadPgn`, `put` and `remove`: the problem kinds to accept
 *  (none by default). */
export interface AcceptOptions { accept?: ProblemKind[] }
export type Hand = Record<'p' | 'n' | 'b' | 'r' | 'q', number>;
export interface Hands { w: Hand; b: Hand }
/** A rule set and the facts a UI needs about it. */
export interface VariantInfo {
  id: VariantId; name: string;
  /** 2 for Alice's two boards. */
  boards: 1 | 2;
  /** Bishops' and queens' diagonals rebound off the edges (Billiards). */
  reboundingDiagonals: boolean;
  /** One action a turn, a series of actions, or a move and a push (Avalanche). */
  turn: 'single' | 'series' | 'move-and-push';
  /** The squares a king races to (Racing Kings' eighth rank); empty elsewhere. */
  goal: string[];
  /** The words for this rule set's `variant_win` and `variant_draw` endings
   *  ("White wins by reaching the eighth rank"). */
  variantWin: string;
  variantDraw: string;
}
/** The option of `getComments`: `asWritten: true` gives each comment exactly as the
 *  PGN had it between the braces (or as `setComment` was given it), spaces included;
 *  by default, trimmed. */
export interface CommentOptions { asWritten?: boolean }
/** A comment and the FEN of the position it is on. */
export interface PositionComment { fen: string; comment: string }
/** `problems`: each problem of `error` on its own, in the order found (a board
 *  editor lists them). */
export type FenValidation = { ok: true } | { ok: false; error: string; problems: string[] };
/** A game's line for the engine (`game.engineLine()`): the position it started
 *  from and its actions in a packed form the engine reads without notation. */
export interface EngineLine { variant: VariantId; fen: string; actions: Uint32Array }
/** A score from the side to act's point of view: centipawns, or moves to mate
 *  (negative: being mated). */
export type Score = { cp: number } | { mate: number };
/** The engine session's options under their UCI names (`Session.options()`). */
export interface OptionValues {
  UCI_Variant: VariantId; UCI_Chess960: boolean; UCI_AnalyseMode: boolean; Hash: number;
  /** Always 1: WebAssembly has no threads here (a larger value is refused). */
  Threads: number; MultiPV: number; 'Skill Level': number; UCI_LimitStrength: boolean; UCI_Elo: number;
  EvalFile: string;
}
"#;

/// Runs once when the module is instantiated (`init()` / `initSync()`).
///
/// Installs `console_error_panic_hook`, so that a Rust panic (a bug) is logged with
/// `console.error` (its message, location and the JS stack) instead of an opaque
/// `unreachable` trap.
#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
}

/// A thrown `Error` with `name` and `code` set.
pub(crate) fn js_error(kind: ApiErrorKind, message: &str) -> JsValue {
    let error = js_sys::Error::new(message);
    error.set_name(kind.name());
    let _ = Reflect::set(&error, &"code".into(), &kind.code().into());
    error.into()
}

pub(crate) fn throw(e: ApiError) -> JsValue {
    js_error(e.kind, &e.message)
}

pub(crate) fn invalid(message: impl AsRef<str>) -> JsValue {
    js_error(ApiErrorKind::InvalidArgument, message.as_ref())
}

/// A short description of a JS value's type, for error messages.
pub(crate) fn type_name(value: &JsValue) -> String {
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
pub(crate) fn string_arg(
    value: &JsValue,
    what: &str,
    optional: bool,
) -> Result<Option<String>, JsValue> {
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

/// A Rust value as a plain JS value (serde): structs become objects, `None` becomes
/// `null` unless the field is skipped, maps become `Map`s. The API's types cannot
/// fail to convert (no non-string map keys, no integers beyond 2^53); `undefined`
/// stands in if one ever did.
pub(crate) fn to_js<T: Serialize + ?Sized>(value: &T) -> JsValue {
    value
        .serialize(&serde_wasm_bindgen::Serializer::new().serialize_missing_as_null(true))
        .unwrap_or(JsValue::UNDEFINED)
}

/// A property of a JS object (`undefined` if absent or unreadable).
pub(crate) fn get(object: &JsValue, key: &str) -> JsValue {
    Reflect::get(object, &key.into()).unwrap_or(JsValue::UNDEFINED)
}
