//! The JavaScript API, through wasm-bindgen: the only module that touches JS types.
//!
//! Compiled only for `wasm32` (see `lib.rs`). Everything here is a thin adapter: it
//! converts JS arguments to Rust ones, calls the core, and turns errors into thrown JS
//! `Error`s. No chess logic lives here.
//!
//! ```js
//! import init, { legalMoves } from 'alfiere';
//! await init();
//! legalMoves();                       // start position of orthodox chess
//! legalMoves('chess', '8/8/8/8/8/8/8/K1k5 w - - 0 1');
//! legalMoves('chess', 'garbage');     // throws Error
//! ```

use wasm_bindgen::prelude::*;

/// Runs once when the module is instantiated (`init()` / `initSync()`).
///
/// Installs a panic hook so that a Rust panic is logged to the console with its message
/// and location instead of an opaque `unreachable` trap.
#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
}

/// Legal actions of a position as UCI tokens (`"e2e4"`, `"e7e8q"`, `"P@e4"`, ...).
///
/// `variant` is a variant id from RULES.md and defaults to `"chess"`; `fen` defaults to
/// the variant's start position. `undefined` and `null` both mean "default".
///
/// # Errors
/// Throws a JS `Error` for an unknown variant or an invalid FEN; the message quotes the
/// bad input.
#[wasm_bindgen(js_name = legalMoves)]
pub fn legal_moves(variant: Option<String>, fen: Option<String>) -> Result<Vec<String>, JsError> {
    crate::legal_actions_uci(variant.as_deref().unwrap_or("chess"), fen.as_deref())
        .map_err(|msg| JsError::new(&msg))
}
