// Types of 'alfiere/board': the <alfiere-board> custom element and mountBoard().

import type { Color, EngineLine, Game, Move, Outcome, Refusal, TurnState, VariantInfo } from '../../pkg/web/alfiere.js';
import type { AnalyseResult, Engine } from '../engine.js';
import type { Puzzle, PuzzleInput, PuzzleHint, PuzzleStatus } from '../puzzles.js';

export type Side = 'white' | 'black';

/** `detail` of the `move` event: every action, by a person, the engine or a method. */
export interface BoardMoveDetail {
  san: string;
  lan: string;
  /** The position after the action. */
  fen: string;
  color: Color;
  turnState: TurnState;
  move: Move;
}
/** `detail` of `gameover`: the outcome, or the result recorded in an imported PGN. */
export interface BoardGameOverDetail { outcome: Outcome | null; result?: '1-0' | '0-1' | '1/2-1/2' }
/** `detail` of `change`: after undo, load, reset or a new variant. */
/** `detail` of `flag`: the side whose time ran out (a `gameover` on time follows). */
export interface BoardFlagDetail { color: Color }
/** The `clock` property: each side's time left (ms) and the side whose clock runs. */
export interface BoardClock { w: number; b: number; running: Color | null }

export interface BoardChangeDetail { reason: 'undo' | 'load' | 'reset' | 'variant'; fen: string }
/** `detail` of `error`: a bad attribute value, the engine stopped, or the stored game could
 * not be saved whole or read back (`StorageError`). Nothing is thrown. */
export interface BoardErrorDetail { error: Error; message: string }

/** The named brushes; any CSS colour works too. */
export type Brush = 'green' | 'red' | 'blue' | 'yellow' | (string & {});
interface ShapeCommon {
  brush?: Brush;
  /** Alice: the board (an arrow: the one its piece leaves). */
  board?: 'a' | 'b';
  /** Up to three characters in a corner (e.g. `?!`, `1`, `#`). */
  label?: string;
  /** Drawn thinner and paler. */
  light?: boolean;
}
/** An arrow; `from` may be a Chess-Gi pocket (`'N@'`); `path` bends it (Billiards). */
export interface ArrowShape extends ShapeCommon { from: string; to: string; path?: string[] }
export interface CircleShape extends ShapeCommon { square: string }
export type Shape = ArrowShape | CircleShape;
/** `detail` of `shapes`: a person drew or cleared; their shapes on the position after `ply` actions. */
export interface BoardShapesDetail { shapes: Shape[]; ply: number }

/** `detail` of `premove`: the actions queued for the person's next turn (UCI), why the
 *  queue changed, and the action concerned (queued, played, or the one that dropped it). */
export interface BoardPremoveDetail { premoves: string[]; reason: 'queued' | 'played' | 'dropped' | 'cancelled'; token: string | null }
/** `detail` of `edit`: the edited position and every problem the rule set finds in it (none: it can be played). */
export interface BoardEditDetail { fen: string; problems: string[] }

/** `board.puzzle`: the puzzle in play and how it goes. `ply` counts the line's actions
 *  played; `solved`: the line is over and the person found it (after any mistakes);
 *  `failed`: a wrong action was tried or the solution shown. */
export interface BoardPuzzleState extends Puzzle {
  status: PuzzleStatus;
  solver: Color | null;
  ply: number;
  mistakes: number;
  hintUsed: boolean;
  solved: boolean;
  failed: boolean;
}
/** What every puzzle event's `detail` holds. */
export interface BoardPuzzleDetail { id: string | null; mistakes: number; hintUsed: boolean }
/** `detail` of `puzzlemove`: the person's action in a puzzle, judged (a wrong one is taken back;
 *  `takeBack` actions go). In a last turn that wins in several actions, `offLine` for an action
 *  off the line after which the turn can still win, `provisional` when that could not be told
 *  yet, and for a wrong one `reason` 'turn-cannot-win' with `firstWrong` the SAN of the first
 *  action after which it could not (null when not known). */
export interface BoardPuzzleMoveDetail extends BoardPuzzleDetail {
  correct: boolean;
  san: string;
  lan: string;
  complete: boolean;
  provisional: boolean;
  offLine: boolean;
  takeBack: number;
  firstWrong: string | null;
  reason: 'turn-cannot-win' | 'not-the-line' | null;
}
/** `detail` of `failed`: once a puzzle, at the first wrong action or when the solution is shown. */
export interface BoardPuzzleFailedDetail extends BoardPuzzleDetail { reason: 'mistake' | 'solution' }

/** One engine shared by jobs that take turns on it (see sharedEngine). */
export declare class EngineQueue {
  constructor(factory?: ((variant: string) => Promise<Engine>) | null);
  submit(job: {
    variant: string;
    options?: Record<string, string | number | boolean>;
    request: {
      fen?: string; moves?: string[]; line?: EngineLine; movetime?: number; depth?: number; nodes?: number; infinite?: boolean;
      wtime?: number; btime?: number; winc?: number; binc?: number; movestogo?: number;
    };
    onInfo?: (info: unknown) => void;
    preemptible?: boolean;
  }): { result: Promise<AnalyseResult | null>; cancel(): void };
  /** A job that does its own work on the Engine (e.g. `engine.analyseGame(...)`). */
  submit<T>(job: {
    variant: string;
    options?: Record<string, string | number | boolean>;
    run: (engine: Engine) => Promise<T>;
    preemptible?: boolean;
  }): { result: Promise<T | null>; cancel(): void };
  hurry(): void;
}

export interface BoardOptions {
  variant?: string;
  fen?: string;
  orientation?: Side;
  engine?: Side | 'none';
  level?: string | number;
  movable?: Side | 'both' | 'none';
  coordinates?: boolean;
  sound?: boolean;
  storageKey?: string;
  pieceImages?: string;
  engineWorker?: 'shared' | 'own';
  engineInstance?: Engine;
  /** The `time-control` attribute: a PGN TimeControl such as '300+3', or 'none'. */
  timeControl?: string;
}

export declare class AlfiereBoard extends HTMLElement {
  /** Resolves once the rules are loaded and the board takes clicks. */
  readonly ready: Promise<AlfiereBoard>;
  variant: string;
  /** Reading gives the current position; setting starts a game from it. */
  fen: string | null;
  orientation: Side;
  engine: Side | 'none';
  level: string;
  movable: Side | 'both' | 'none';
  coordinates: boolean;
  sound: boolean;
  storageKey: string | null;
  /** A URL template for piece images: {color} is w/b, {piece} is P N B R Q K. */
  pieceImages: string | null;
  engineInstance: Engine | null;
  /** Whether a person may draw (the `draw` attribute). */
  draw: boolean;
  /** Whether the board asks before an action that leaves the own king attacked (the `warn` attribute). */
  warn: boolean;
  /** Whether a person may act while the engine thinks: the next action, or a multi-action rule set's whole next turn (the `premove` attribute). */
  premove: boolean;
  /** The actions queued for the person's next turn (UCI). Setting a list queues it (each an action of that turn after some reply of the engine); `[]` cancels; a bad list fires `error`. */
  premoves: string[];
  /** Whether the position editor is on (the `editor` attribute): while it is, `fen` reads and sets the edited position. */
  editor: boolean;
  /** While editing, every problem the rule set finds in the edited position (none: it can be played). */
  readonly problems: string[];
  /** The clock of each new game (the `time-control` attribute): a PGN TimeControl such as '300+3', or 'none'. */
  timeControl: string;
  /** The clocks now, or null when the game has no clock. */
  readonly clock: BoardClock | null;
  /** What the clocks read the time from (`performance` by default): tests set their own. */
  timeSource: { now(): number };
  /** A person's shapes on the shown position (kept in its PGN comment); a string such as `'Ge2e4,Rd4'` is read too. Bad shapes fire `error`. */
  get shapes(): Shape[];
  set shapes(value: Shape[] | string);
  /** The program's shapes (engine arrows, hints), never stored. */
  get autoShapes(): Shape[];
  set autoShapes(value: Shape[] | string);
  /** The underlying Game: read it freely, change the game through the board's methods. */
  readonly game: Game | null;
  readonly thinking: boolean;
  readonly status: string;
  readonly over: boolean;
  readonly reviewing: number | null;
  /** The FEN of the position previewed with preview(), or null. */
  readonly previewing: string | null;
  readonly variants: VariantInfo[];
  move(action: string | { from: string; to: string; promotion?: string }): Move;
  undo(): boolean;
  redo(): boolean;
  canUndo(): boolean;
  canRedo(): boolean;
  reset(): void;
  flip(): void;
  load(fen: string): void;
  loadPgn(pgn: string): void;
  pgn(options?: { tags?: Record<string, string> }): string;
  /** A copy of the game with the tags `pgn({tags})` writes; the caller frees it. */
  gameWithTags(options?: { tags?: Record<string, string> }): Game;
  history(): Move[];
  review(ply: number | null): void;
  /**
   * Shows a position outside the game for a while (an engine line played out): `move`
   * marks its squares, `caption` is said in the turn line; null goes back. The game is
   * untouched; a change of it or review() ends the preview.
   */
  preview(position: { fen: string; move?: Move | null; caption?: string } | null): void;
  resign(color?: Side | Color): boolean;
  agreeDraw(): void;
  claimDraw(): void;
  offerDraw(): Promise<boolean>;
  moveNow(): void;
  forget(): void;
  /** Why `from` → `to`, or a move typed as text, is refused (said in the board, its pieces drawn); null when it is legal. */
  explain(from: string, to?: string): Refusal | null;
  engineQueue(): EngineQueue;
  /**
   * Plays a puzzle ({variant, fen, moves, id?}, or its JSON text as in the `puzzle`
   * attribute; null ends it): the setup action is played after `pause` ms (500 by
   * default; also the pause before each of the board's own actions). Resolves with its
   * state once the person is to act (null if the puzzle ended before); a bad one
   * rejects with InvalidPuzzleError, fires `error` and changes nothing.
   */
  loadPuzzle(puzzle: PuzzleInput | string | null, options?: { pause?: number }): Promise<BoardPuzzleState | null>;
  /** The puzzle in play, or null. */
  readonly puzzle: BoardPuzzleState | null;
  /** Circles the piece to move (a drop: its square) until the next action; null when the person is not to act. */
  hint(): PuzzleHint | null;
  /** Plays the rest of the line, an action at a time (the puzzle fails); resolves true once it is on the board, false when there is no puzzle to show or it ended first. */
  showSolution(): Promise<boolean>;
  addEventListener(type: 'move', listener: (event: CustomEvent<BoardMoveDetail>) => void, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: 'flag', listener: (event: CustomEvent<BoardFlagDetail>) => void, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: 'gameover', listener: (event: CustomEvent<BoardGameOverDetail>) => void, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: 'change', listener: (event: CustomEvent<BoardChangeDetail>) => void, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: 'shapes', listener: (event: CustomEvent<BoardShapesDetail>) => void, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: 'error', listener: (event: CustomEvent<BoardErrorDetail>) => void, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: 'puzzlemove', listener: (event: CustomEvent<BoardPuzzleMoveDetail>) => void, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: 'solved', listener: (event: CustomEvent<BoardPuzzleDetail>) => void, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: 'premove', listener: (event: CustomEvent<BoardPremoveDetail>) => void, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: 'edit', listener: (event: CustomEvent<BoardEditDetail>) => void, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: 'failed', listener: (event: CustomEvent<BoardPuzzleFailedDetail>) => void, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
}

/** Puts an <alfiere-board> into `container` and returns it. */
export declare function mountBoard(container: Element, options?: BoardOptions): AlfiereBoard;
/** Replaces how the wasm rules load (call before the first board connects). */
export declare function setRulesLoader(load: () => Promise<unknown>): void;
/** Replaces how engines are made. */
export declare function setEngineFactory(factory: (variant: string) => Promise<Engine>): void;
/** The engine every board shares unless told otherwise. */
export declare function sharedEngine(): EngineQueue;
export declare const LEVELS: ReadonlyArray<{ id: string; name: string; skill: number; movetime: number }>;

declare global {
  interface HTMLElementTagNameMap { 'alfiere-board': AlfiereBoard }
}
