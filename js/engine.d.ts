// Types of 'alfiere/engine' (js/engine.js in browsers and bundlers, js/engine-node.js
// in Node): the engine in a worker, with a promise API and raw UCI.

import type { VariantId, Score, EngineLine, Game, Move, JobRequest, SearchRequest, AnalysisRequest, OptionValues } from '../pkg/web/alfiere.js';

export type { VariantId, Score, EngineLine, JobRequest, SearchRequest, AnalysisRequest, OptionValues };

/** Where the worker gets the wasm module: a URL, its bytes (transferred) or a compiled
 * module. In Node, a file path works too. */
export type WasmSource = string | URL | ArrayBuffer | ArrayBufferView | WebAssembly.Module;

export interface EngineOptions {
  /** The rule set (default 'chess'). */
  variant?: VariantId;
  /** An already-started worker running alfiere/worker (e.g. from a Blob URL). */
  worker?: Worker;
  /** Where to start the worker from, when `worker` is not given. */
  workerUrl?: string | URL;
  /** Where the worker gets the wasm; default: alfiere_bg.wasm next to the glue. */
  wasm?: WasmSource;
  /** The learned evaluation: a network file's URL (in Node, a path too) or bytes, or a
   * list of 1 to 8 of them, read after `ready`; each plays the rule sets of its kind
   * (orthodox chess and Chess960, Chess-Gi, Racing Kings, Billiards, Avalanche,
   * Marseillais, Progressive, or Alice), and the hand-written
   * evaluation plays until it has loaded. Left out: the package's own networks, the ones
   * the native binary has built in (`nets/chess-round4.nnue`, `nets/chessgi-round2.nnue`,
   * `nets/racingkings-round1.nnue`, `nets/marseillais-round2.nnue`,
   * `nets/billiards-round2.nnue`, `nets/avalanche-round2.nnue` and
   * `nets/alice-round2.nnue`, 395 to 788 KB each; Progressive has none), each read when
   * one of its rule sets is first played. `null`: none, the hand-written evaluation throughout. */
  network?: NetworkSource | NetworkSource[] | null;
}

/** One network file: its URL (in Node, a path too) or its bytes. */
export type NetworkSource = string | URL | ArrayBuffer | ArrayBufferView;

/** What became of the `network` option: `loaded`, or not, with the reason
 * (NetworkLoadError: it could not be read; InvalidNetworkError: not a valid network). */
export interface NetworkStatus {
  loaded: boolean;
  error?: Error & { name: string; code: string };
}

/** One progress report: a completed iteration of one MultiPV line. */
export interface Info {
  depth: number;
  seldepth: number;
  /** 1 for the best line. */
  multipv: number;
  score: Score;
  nodes: number;
  nps: number;
  /** Milliseconds since the search started. */
  time: number;
  /** Permille of the hash table in use. */
  hashfull: number;
  /** The line, as UCI action tokens. */
  pv: string[];
  /** The same line as data: its actions packed as numbers (as `game.engineLine()`
   *  packs a game's), and as verbose moves (SAN, squares, `endsTurn`), so that nothing
   *  replays it to write or draw it. */
  actions: number[];
  moves: Move[];
}

export interface AnalyseOptions {
  /** The position (default: the variant's start). */
  fen?: string | null;
  /** Actions played from `fen` (so repetitions are known), as SAN or UCI tokens. */
  moves?: string[] | null;
  /** A game to search instead of `fen` and `moves`: a `Game` of the engine's variant
   * (from 'alfiere'), whose start position and actions go to the worker as they are,
   * without notation (`game.engineLine()`). */
  game?: { engineLine(): EngineLine } | null;
  /** A game's line taken earlier (`game.engineLine()`, its `actions` cut to a past
   * position if need be): the same as `game`, as it was then. */
  line?: EngineLine | null;
  /** Search this many actions deep (1-64). */
  depth?: number;
  /** Search this many milliseconds. */
  movetime?: number;
  /** Search about this many nodes. */
  nodes?: number;
  /** The clocks (ms), as UCI `go wtime btime winc binc movestogo`: the engine spends
   * a share of the side to act's time (its increment included) and never more than
   * a quarter of what is left. */
  wtime?: number;
  btime?: number;
  winc?: number;
  binc?: number;
  /** Moves until the next time control period (default: the game's rest). */
  movestogo?: number;
  /** Report this many lines (1-64) for this search (the UCI option MultiPV). */
  multipv?: number;
  /** Search until stop(). */
  infinite?: boolean;
}

export interface AnalyseResult {
  bestmove: string;
  /** The expected reply, when the line has one. */
  ponder?: string;
  score: Score;
  pv: string[];
  depth: number;
  seldepth: number;
  nodes: number;
  nps: number;
  time: number;
  /** The last report of each MultiPV line, best first. */
  lines: Info[];
}

/** Error names and codes: `name` and `code` of the Errors the engine rejects with
 * (besides the Game ones: InvalidFenError, IllegalMoveError, UnknownVariantError...). */
export declare const ErrorKinds: Readonly<{
  InvalidArgument: readonly ['InvalidArgumentError', 'INVALID_ARGUMENT'];
  GameOver: readonly ['GameOverError', 'GAME_OVER'];
  EngineTerminated: readonly ['EngineTerminatedError', 'ENGINE_TERMINATED'];
  WasmLoad: readonly ['WasmLoadError', 'WASM_LOAD_FAILED'];
  Worker: readonly ['WorkerError', 'WORKER_FAILED'];
  EngineCrashed: readonly ['EngineCrashedError', 'ENGINE_CRASHED'];
}>;

/** A game's evaluation after an action, White's view: centipawns, a forced mate
 *  (positive: White mates) or a finished game's result. */
export type Eval = { cp: number } | { mate: number } | { result: '1-0' | '0-1' | '1/2-1/2' };
export type Mark = 'inaccuracy' | 'mistake' | 'blunder';
/** One budget per position of a game's analysis (100,000 nodes when none). */
export interface AnalyseGameOptions { nodes?: number; depth?: number; movetime?: number }
export interface AnalysisProgress { done: number; total: number; nodes: number }
/** The engine's best line from a position: its first action (UCI and SAN), the
 *  whole line as UCI tokens, in SAN and packed (as `game.engineLine()` packs a game's),
 *  and its first turn as verbose moves (what a page draws as arrows). */
export interface BestLine {
  uci: string;
  san: string;
  pv: string[];
  pvSan: string[];
  actions: number[];
  turn: Move[];
}
/** One action of an analysed game (docs/analysis.md). */
export interface PlyReport {
  /** Actions counted from 0; turns from 0. */
  ply: number;
  turn: number;
  endsTurn: boolean;
  color: 'w' | 'b';
  san: string;
  uci: string;
  /** After the action; null where a stopped analysis did not reach. */
  eval: Eval | null;
  /** The engine's line where the action was played. */
  best: BestLine | null;
  /** The mover's win percentage before and after. */
  winBefore: number | null;
  winAfter: number | null;
  forced: boolean;
  class: Mark | null;
  cause: 'win-chance' | 'missed-mate' | 'allowed-mate' | null;
}
export interface MarkCounts { inaccuracy: number; mistake: number; blunder: number }
export interface GameReport {
  variant: VariantId;
  tags: Record<string, string>;
  start: Eval | null;
  plies: PlyReport[];
  accuracy: { w: number | null; b: number | null };
  counts: { w: MarkCounts; b: MarkCounts };
  /** False after stop(): only the analysed tail has evaluations and marks. */
  complete: boolean;
  nodes: number;
}
/** analyseGame()'s answer: the report, and the game's PGN with the analysis in it. */
export interface GameAnalysis { report: GameReport; pgn: string }
/** judgeTurn()'s options: `from` (the actions before the judged turn; by default
 *  where the game's last turn starts) and one budget per position (as analyseGame). */
export interface JudgeTurnOptions extends AnalyseGameOptions { from?: number }
/** judgeTurn()'s answer: the turn tried, judged by the analysis's rule. */
export interface TurnJudgement {
  mover: 'w' | 'b';
  /** The turn tried, in SAN and as UCI tokens. */
  san: string[];
  uci: string[];
  /** Both positions searched (false after stop(): nothing accepted or marked). */
  complete: boolean;
  /** No mark: the turn loses nothing the engine sees. */
  accepted: boolean;
  mark: Mark | null;
  cause: 'win-chance' | 'missed-mate' | 'allowed-mate' | null;
  /** The positions before and after the turn, White's view. */
  before: Eval | null;
  after: Eval | null;
  /** The mover's win percentage before and after. */
  winBefore: number | null;
  winAfter: number | null;
  /** The engine's line from the position before the turn, and its first turn in SAN. */
  best: BestLine | null;
  bestTurn: string[];
  nodes: number;
}

/** One event of a job, as the worker's session sends it and the worker host hands it
 * on (`{type: 'event', ...}`) without knowing the job: `final` marks the job's answer,
 * the value `analyse()`, `analyseGame()` or `judgeTurn()` resolves with; the others go to their
 * `onInfo` / `onProgress`. A job is asked for with a `JobRequest` (`{kind, ...}`). */
export type JobEvent =
  | { id: number; kind: 'info'; final: false; value: Info }
  | { id: number; kind: 'best'; final: true; value: AnalyseResult }
  | { id: number; kind: 'progress'; final: false; value: AnalysisProgress }
  | { id: number; kind: 'analysis'; final: true; value: GameAnalysis }
  | { id: number; kind: 'judgement'; final: true; value: TurnJudgement };

/** An Error of the engine: `name` and `code` are stable. */
export interface EngineError extends Error {
  code: string;
}

/** The UCI engine in a worker. */
export declare class Engine extends EventTarget {
  constructor(options?: EngineOptions);
  /** Resolves when the wasm is loaded and the variant set; rejects with an EngineError. */
  readonly ready: Promise<void>;
  /** Settles when the networks read at the start (those of the starting rule set,
   * by default) are in use or have failed (`loaded` says whether any is in use,
   * `error` why one failed); never rejects. */
  readonly network: Promise<NetworkStatus>;
  /** The current rule set (the one asked for until `ready`). */
  readonly variant: VariantId;
  /** The engine session's options under their UCI names, as it last reported them
   *  (null until `ready`); the session owns them, this is a copy its reports update. */
  readonly options: Readonly<OptionValues> | null;
  /** 'UCI_Variant', 'Hash' (1-4096), 'Threads' (only 1: no threads in the browser),
   * 'MultiPV' (1-64), 'Skill Level' (0-20),
   * 'UCI_LimitStrength', 'UCI_Elo' (400-2850, default 1500), 'UCI_AnalyseMode' (true: a search
   * judges rather than plays, and a position seen once before is no draw), 'EvalFile' ('<none>' or
   * '<built-in>'; the worker reads no files: use the `network` option). */
  setOption(name: string, value: string | number | boolean): Promise<void>;
  /** Start position, empty hash table (UCI ucinewgame). */
  newGame(): Promise<void>;
  /** Searches a position; a running analysis is stopped first. Rejects with
   * InvalidArgumentError, InvalidFenError, IllegalMoveError or GameOverError. */
  analyse(options?: AnalyseOptions, onInfo?: (info: Info) => void): Promise<AnalyseResult>;
  /** Analyses a whole game of any rule set (a Game, or a PGN text's first game):
   *  every position searched at full strength with the budget per position, every
   *  decision judged. A Game crosses to the worker as its line only; its notes stay
   *  here and the analysis is written into a copy of it (`game.annotate(report)`),
   *  so `pgn` keeps them all. Rejects with InvalidArgumentError, InvalidPgnError, ... */
  analyseGame(game: Game | string, options?: AnalyseGameOptions, onProgress?: (progress: AnalysisProgress) => void): Promise<GameAnalysis>;
  /** Practice: judges the turn a game ends with (a Game of any rule set, or a PGN
   *  text) as analyseGame judges a played one (the positions before and after it
   *  searched with the same budget, the same marks); `accepted` when it earns none.
   *  A multi-action turn is judged whole. Rejects with InvalidArgumentError (not one
   *  whole turn, a bad budget), InvalidPgnError, ... */
  judgeTurn(game: Game | string, options?: JudgeTurnOptions): Promise<TurnJudgement>;
  /** The running analysis resolves with its best action so far (within ~10 ms); a
   *  game's analysis with what it has analysed. */
  stop(): void;
  /** Kills the worker; pending promises reject with EngineTerminatedError. */
  terminate(): void;
  /** Sends raw UCI text; replies come as 'message' events (event.data: one line).
   * Only raw UCI prints lines: `analyse()` and `analyseGame()` answer in objects. */
  postMessage(line: string): void;
  /** The same as postMessage(line). */
  uci(line: string): void;
  /** A handler for every UCI output line, like Worker.onmessage. */
  onmessage: ((this: Engine, event: MessageEvent<string>) => void) | null;
  addEventListener(type: 'message', listener: (event: MessageEvent<string>) => void, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | AddEventListenerOptions): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent<string>) => void, options?: boolean | EventListenerOptions): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | EventListenerOptions): void;
}


