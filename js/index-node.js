// The package's main entry for Node's import: the wasm module's exports, loaded
// synchronously, and the typed error classes. require() gets the wasm module alone.

export * from '../pkg/node/alfiere.js';
export {
  IllegalMoveError, InvalidFenError, InvalidPgnError, UnknownVariantError, InvalidArgumentError,
  GameOverError, NoClaimError, InvalidNetworkError, InvalidPositionError, EngineTerminatedError,
  WasmLoadError, WorkerError, EngineCrashedError, NetworkLoadError,
} from './errors.js';
