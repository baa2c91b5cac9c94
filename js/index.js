// The package's main entry in browsers and bundlers: the wasm module's exports (call the
// default export, `init()`, once before using them) and the typed error classes.

export * from '../pkg/web/alfiere.js';
export { default } from '../pkg/web/alfiere.js';
export {
  IllegalMoveError, InvalidFenError, InvalidPgnError, UnknownVariantError, InvalidArgumentError,
  GameOverError, NoClaimError, InvalidNetworkError, InvalidPositionError, EngineTerminatedError,
  WasmLoadError, WorkerError, EngineCrashedError, NetworkLoadError,
} from './errors.js';
