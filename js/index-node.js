// The package's main entry for Node's import: the wasm module's exports, loaded
// synchronously, and the typed error classes. require() gets the wasm module alone.

export * from '../pkg/node/alfiere.js';
import { Game } from '../pkg/node/alfiere.js';
import { puzzlesWith } from './puzzles.js';
export {
  IllegalMoveError, InvalidFenError, InvalidPgnError, UnknownVariantError, InvalidArgumentError,
  GameOverError, NoClaimError, InvalidNetworkError, InvalidPositionError, InvalidTimeControlError, EngineTerminatedError,
  WasmLoadError, WorkerError, EngineCrashedError, NetworkLoadError, InvalidPuzzleError,
} from './errors.js';
export { parsePuzzles, normalisePuzzle, PUZZLE_HEADER } from './puzzles.js';

// The puzzle session and check with this entry's Game (call init() first in a browser).
const puzzles = /* #__PURE__ */ puzzlesWith(Game);
export const { checkPuzzle, PuzzleSession } = puzzles;
