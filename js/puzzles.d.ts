import type { Game, Move, MoveInput, VariantId } from '../pkg/web/alfiere.js';

/** The header line of a puzzle file: `PuzzleId,FEN,Moves,Rating,Themes`. */
export declare const PUZZLE_HEADER: string;

/** A puzzle in its one shape. `fen` is the position before the setup action; `moves`
 *  the UCI actions of the line, one token per action, the first being the opponent's
 *  setup action; the line ends with an action of the solver (the side to act after
 *  the setup action). `id`, `rating` are null and `themes` empty when not given. */
export interface Puzzle {
  id: string | null;
  variant: VariantId;
  fen: string;
  moves: string[];
  rating: number | null;
  themes: string[];
}

/** What a puzzle may be given as: `moves` an array or one space-separated string. */
export interface PuzzleInput {
  id?: string | null;
  variant?: VariantId | string;
  fen: string;
  moves: string[] | string;
  rating?: number | null;
  themes?: string[];
}

/** The wasm Game class, for the functions that replay puzzles. */
export interface GameOption { Game?: new (variant?: VariantId | null, fen?: string | null) => Game }

/** Reads a puzzle file of rule set `variant` (the header, then one puzzle a line); with
 *  `Game`, replays each puzzle too. Throws InvalidPuzzleError with `line` (1: the header). */
export declare function parsePuzzles(text: string, options: { variant: VariantId | string } & GameOption): Puzzle[];

/** A puzzle in its one shape, checked for form only (not replayed). Throws InvalidPuzzleError. */
export declare function normalisePuzzle(puzzle: PuzzleInput): Puzzle;

/** Replays a puzzle (every action legal, the line ends with a solver action before the
 *  game is over); returns it normalised. Throws InvalidPuzzleError (the core's error as `cause`). */
export declare function checkPuzzle(puzzle: PuzzleInput, options?: GameOption): Puzzle;

/** 'setup': the setup action is to be played; 'solving': the person is to act;
 *  'reply': the opponent's reply is to be played; 'complete': the line is over. */
export type PuzzleStatus = 'setup' | 'solving' | 'reply' | 'complete';

/** The verdict on the person's action. `move` is the action tried (verbose); right, it
 *  was played; wrong, nothing was. `expected` is the line's token at that point (null
 *  off the line in the last turn); `complete` whether the line is now over.
 *  `offLine`: an action off the line in a last turn that wins the game, right because
 *  some way of finishing the turn still wins (`Game.turnCanWin`); `provisional` when
 *  that could not be told within a bounded search: played, and judged when the turn
 *  ends. Wrong only: `takeBack`, how many actions a board takes back (the one tried,
 *  and the turn's unjudged ones before it); `firstWrong`, the first action after which
 *  the turn could not win (null when that could not be told); `reason`,
 *  `'turn-cannot-win'` in such a turn, else `'not-the-line'`. */
export interface PuzzleAnswer {
  correct: boolean;
  move: Move;
  expected: string | null;
  complete: boolean;
  offLine?: boolean;
  provisional?: boolean;
  takeBack?: number;
  firstWrong?: Move | null;
  reason?: 'turn-cannot-win' | 'not-the-line';
}

/** The piece to move next: its square (for a drop, the square it is dropped on), its
 *  letter, whether it is a drop, the action's UCI token, and in Alice the board it
 *  stands on. */
export interface PuzzleHint { square: string; piece: string; drop: boolean; token: string; board?: 'a' | 'b' }

/**
 * One person solving one puzzle, on a Game of its own: the one place the solving rules
 * live. An action is right when it is the line's next one, another of the same turn's
 * that keeps the turn open (a turn's actions may come in any order), or when it ends
 * the game at once with the solver's win; in a last turn that wins the game, any action
 * after which some way of finishing the turn still wins (wrong at once when none does;
 * played and judged when the turn ends when a bounded search cannot tell). A wrong one
 * is not played and counts as a mistake.
 */
export declare class PuzzleSession {
  /** Replays the puzzle first; throws InvalidPuzzleError for a bad one. */
  constructor(puzzle: PuzzleInput, options?: GameOption);
  readonly puzzle: Puzzle;
  /** The session's Game (read it; change it only through the session). */
  readonly game: Game;
  /** The solver's side, once the setup action is played. */
  readonly solver: 'w' | 'b' | null;
  readonly status: PuzzleStatus;
  /** The number of the line's actions played. */
  readonly ply: number;
  readonly solverToAct: boolean;
  /** The line is over and the person found every action of it (after any mistakes). */
  readonly solved: boolean;
  /** A wrong action was tried, or the solution was shown. */
  readonly failed: boolean;
  readonly revealed: boolean;
  mistakes: number;
  hintUsed: boolean;
  /** Plays the next action when it is not the person's to find (the setup action, an
   *  opponent's reply; any action after `reveal`). Throws InvalidArgumentError otherwise. */
  playNext(): Move;
  /** Judges the person's action while `status` is 'solving'. An illegal one throws
   *  IllegalMoveError and counts as nothing. */
  answer(action: string | MoveInput): PuzzleAnswer;
  /** The piece to move next (marks the hint used); null when the person is not to act. */
  hint(): PuzzleHint | null;
  /** The line's actions not yet played. */
  solution(): string[];
  /** The person's actions off the line in the last turn, played but not yet judged. */
  readonly offLine: number;
  /** Takes those actions back; returns how many (call before `reveal`). */
  abandonTurn(): number;
  /** Gives up: the puzzle is failed, and `playNext` plays the person's actions too. */
  reveal(): void;
  /** Frees the session's Game. */
  free(): void;
}
