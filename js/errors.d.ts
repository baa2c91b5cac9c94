/** An alfiere error: an `Error` with a stable `name` and `code`. `instanceof` a kind's
 *  class holds for every error of that code, whichever part of the package threw it. */
export interface TypedError extends Error {
  readonly code: string;
}
type TypedErrorClass<Code extends string> = {
  new (message?: string, options?: ErrorOptions): TypedError & { readonly code: Code };
  readonly prototype: TypedError;
};
export declare const IllegalMoveError: TypedErrorClass<'ILLEGAL_MOVE'>;
export declare const InvalidFenError: TypedErrorClass<'INVALID_FEN'>;
export declare const InvalidPgnError: TypedErrorClass<'INVALID_PGN'>;
export declare const UnknownVariantError: TypedErrorClass<'UNKNOWN_VARIANT'>;
export declare const InvalidArgumentError: TypedErrorClass<'INVALID_ARGUMENT'>;
export declare const GameOverError: TypedErrorClass<'GAME_OVER'>;
export declare const NoClaimError: TypedErrorClass<'NO_CLAIM'>;
export declare const InvalidNetworkError: TypedErrorClass<'INVALID_NETWORK'>;
export declare const InvalidPositionError: TypedErrorClass<'INVALID_POSITION'>;
export declare const InvalidTimeControlError: TypedErrorClass<'INVALID_TIME_CONTROL'>;
export declare const EngineTerminatedError: TypedErrorClass<'ENGINE_TERMINATED'>;
export declare const WasmLoadError: TypedErrorClass<'WASM_LOAD_FAILED'>;
export declare const WorkerError: TypedErrorClass<'WORKER_FAILED'>;
export declare const EngineCrashedError: TypedErrorClass<'ENGINE_CRASHED'>;
export declare const NetworkLoadError: TypedErrorClass<'NETWORK_LOAD_FAILED'>;
/** A puzzle (or a line of a puzzle file) that is malformed or does not replay; from a
 *  file, `line` is its line number (the header is line 1). */
export declare const InvalidPuzzleError: TypedErrorClass<'INVALID_PUZZLE'>;
