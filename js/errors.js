// Typed errors of the JS Engine: plain `Error` objects with a stable `name` and `code`,
// the same scheme as the errors the wasm `Game` class throws (IllegalMoveError /
// ILLEGAL_MOVE, ...). Errors cross the worker boundary as `{name, code, message}` and
// are rebuilt on the other side, because structured cloning drops `code`.

/** The engine's own error kinds; the wasm module adds the `Game` ones. */
export const ErrorKinds = Object.freeze({
  InvalidArgument: ['InvalidArgumentError', 'INVALID_ARGUMENT'],
  GameOver: ['GameOverError', 'GAME_OVER'],
  EngineTerminated: ['EngineTerminatedError', 'ENGINE_TERMINATED'],
  WasmLoad: ['WasmLoadError', 'WASM_LOAD_FAILED'],
  Worker: ['WorkerError', 'WORKER_FAILED'],
  EngineCrashed: ['EngineCrashedError', 'ENGINE_CRASHED'],
  NetworkLoad: ['NetworkLoadError', 'NETWORK_LOAD_FAILED'],
});

/** An `Error` with `name` and `code` set. */
export function typedError([name, code], message) {
  const error = new Error(message);
  error.name = name;
  error.code = code;
  return error;
}

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
