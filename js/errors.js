// Typed errors: `Error` objects with a stable `name` and `code`, the scheme the wasm
// `Game` class throws (IllegalMoveError / ILLEGAL_MOVE, ...), with one class per kind
// so that `instanceof IllegalMoveError` holds for every error of that code, whoever
// made it (the wasm module, the Engine, alfiere/chessjs). Errors cross the worker
// boundary as `{name, code, message}` and are rebuilt on the other side, because
// structured cloning drops `code`.

/** Every error kind: [name, code]; the `Game` ones are the wasm module's. */
export const ErrorKinds = Object.freeze({
  IllegalMove: ['IllegalMoveError', 'ILLEGAL_MOVE'],
  InvalidFen: ['InvalidFenError', 'INVALID_FEN'],
  InvalidPgn: ['InvalidPgnError', 'INVALID_PGN'],
  UnknownVariant: ['UnknownVariantError', 'UNKNOWN_VARIANT'],
  NoClaim: ['NoClaimError', 'NO_CLAIM'],
  InvalidNetwork: ['InvalidNetworkError', 'INVALID_NETWORK'],
  InvalidPosition: ['InvalidPositionError', 'INVALID_POSITION'],
  InvalidTimeControl: ['InvalidTimeControlError', 'INVALID_TIME_CONTROL'],
  InvalidArgument: ['InvalidArgumentError', 'INVALID_ARGUMENT'],
  GameOver: ['GameOverError', 'GAME_OVER'],
  EngineTerminated: ['EngineTerminatedError', 'ENGINE_TERMINATED'],
  WasmLoad: ['WasmLoadError', 'WASM_LOAD_FAILED'],
  Worker: ['WorkerError', 'WORKER_FAILED'],
  EngineCrashed: ['EngineCrashedError', 'ENGINE_CRASHED'],
  NetworkLoad: ['NetworkLoadError', 'NETWORK_LOAD_FAILED'],
  InvalidPuzzle: ['InvalidPuzzleError', 'INVALID_PUZZLE'],
});

/** The class of one error kind: `instanceof` it holds for any Error with its code. */
function errorClass([name, code]) {
  const TypedError = class extends Error {
    constructor(message, options) {
      super(message, options);
      this.name = name;
      this.code = code;
    }

    static [Symbol.hasInstance](value) {
      return value instanceof Error && value.code === code;
    }
  };
  Object.defineProperty(TypedError, 'name', { value: name });
  return TypedError;
}

export const IllegalMoveError = errorClass(ErrorKinds.IllegalMove);
export const InvalidFenError = errorClass(ErrorKinds.InvalidFen);
export const InvalidPgnError = errorClass(ErrorKinds.InvalidPgn);
export const UnknownVariantError = errorClass(ErrorKinds.UnknownVariant);
export const InvalidArgumentError = errorClass(ErrorKinds.InvalidArgument);
export const GameOverError = errorClass(ErrorKinds.GameOver);
export const NoClaimError = errorClass(ErrorKinds.NoClaim);
export const InvalidNetworkError = errorClass(ErrorKinds.InvalidNetwork);
export const InvalidPositionError = errorClass(ErrorKinds.InvalidPosition);
export const InvalidTimeControlError = errorClass(ErrorKinds.InvalidTimeControl);
export const EngineTerminatedError = errorClass(ErrorKinds.EngineTerminated);
export const WasmLoadError = errorClass(ErrorKinds.WasmLoad);
export const WorkerError = errorClass(ErrorKinds.Worker);
export const EngineCrashedError = errorClass(ErrorKinds.EngineCrashed);
export const NetworkLoadError = errorClass(ErrorKinds.NetworkLoad);
export const InvalidPuzzleError = errorClass(ErrorKinds.InvalidPuzzle);

const classByCode = new Map(
  [IllegalMoveError, InvalidFenError, InvalidPgnError, UnknownVariantError, InvalidArgumentError,
    GameOverError, NoClaimError, InvalidNetworkError, InvalidPositionError, InvalidTimeControlError,
    EngineTerminatedError, WasmLoadError, WorkerError, EngineCrashedError, NetworkLoadError, InvalidPuzzleError]
    .map((TypedError) => [new TypedError('').code, TypedError]),
);

/** An error of the kind `[name, code]` (an instance of its class when it has one). */
export function typedError([name, code], message) {
  const TypedError = classByCode.get(code);
  if (TypedError) return new TypedError(message);
  const error = new Error(message);
  error.name = name;
  error.code = code;
  return error;
}

/** The message of any thrown value, for a message of one's own. */
export const errorText = (error) => error?.message ?? String(error);

/** The transferable description of any thrown value. */
export function describeError(error, fallback = ErrorKinds.EngineCrashed) {
  if (error instanceof Error && typeof error.code === 'string') {
    return { name: error.name, code: error.code, message: error.message };
  }
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return { name: fallback[0], code: fallback[1], message };
}

/** Rebuilds an error described by `describeError`. */
export function rebuildError(description) {
  const d = description && typeof description === 'object' ? description : {};
  return typedError(
    [String(d.name ?? ErrorKinds.EngineCrashed[0]), String(d.code ?? ErrorKinds.EngineCrashed[1])],
    String(d.message ?? 'unknown engine error'),
  );
}
