// The package's main entry in browsers and bundlers: the wasm module's exports (call the
// default export, `init()`, once before using them) and the typed error classes.

export * from '../pkg/web/alfiere.js';
import { Game } from '../pkg/web/alfiere.js';
import { puzzlesWith } from './puzzles.js';
export { default } from '../pkg/web/alfiere.js';
export {
  IllegalMoveError, InvalidFenError, InvalidPgnError, UnknownVariantError, InvalidArgumentError,
  GameOverError, NoClaimError, InvalidNetworkError, InvalidPositionError, InvalidTimeControlError, EngineTerminatedError,
  WasmLoadError, WorkerError, EngineCrashedError, NetworkLoadError, InvalidPuzzleError,
} from './errors.js';
export { parsePuzzles, normalisePuzzle, PUZZLE_HEADER } from './puzzles.js';

// The puzzle session and check with this entry's Game (call init() first in a browser).
const puzzles = /* #__PURE__ */ puzzlesWith(Game);
export const { checkPuzzle, PuzzleSession } = puzzles;
