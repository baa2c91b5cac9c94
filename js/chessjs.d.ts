// Types of 'alfiere/chessjs': the API of chess.js 1.4 (README, "Coming from chess.js").

export { IllegalMoveError, InvalidFenError, InvalidPgnError, InvalidArgumentError } from './errors.js';

export type Color = 'w' | 'b';
export type PieceSymbol = 'p' | 'n' | 'b' | 'r' | 'q' | 'k';
type File = 'a' | 'b' | 'c' | 'd' | 'e' | 'f' | 'g' | 'h';
type Rank = '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8';
export type Square = `${File}${Rank}`;
export interface Piece { color: Color; type: PieceSymbol }

export declare const WHITE: 'w';
export declare const BLACK: 'b';
export declare const PAWN: 'p';
export declare const KNIGHT: 'n';
export declare const BISHOP: 'b';
export declare const ROOK: 'r';
export declare const QUEEN: 'q';
export declare const KING: 'k';
export declare const DEFAULT_POSITION: string;
export declare const SQUARES: Square[];
export declare const SEVEN_TAG_ROSTER: Record<string, string>;

/** chess.js's FEN check: `{ ok: true }` or the first problem found. */
export declare function validateFen(fen: string): { ok: boolean; error?: string };
/** The xoroshiro128** generator chess.js draws its hash keys from. */
export declare function xoroshiro128(state: bigint): () => bigint;

export declare class Move {
  color: Color;
  from: Square;
  to: Square;
  piece: PieceSymbol;
  captured?: PieceSymbol;
  promotion?: PieceSymbol;
  /** @deprecated chess.js's flag letters; use the predicates. */
  flags: string;
  san: string;
  lan: string;
  before: string;
  after: string;
  isCapture(): boolean;
  isPromotion(): boolean;
  isEnPassant(): boolean;
  isKingsideCastle(): boolean;
  isQueensideCastle(): boolean;
  isBigPawn(): boolean;
}

export declare class Chess {
  constructor(fen?: string, options?: { skipValidation?: boolean });
  clear(options?: { preserveHeaders?: boolean }): void;
  load(fen: string, options?: { skipValidation?: boolean; preserveHeaders?: boolean }): void;
  fen(options?: { forceEnpassantSquare?: boolean }): string;
  reset(): void;
  get(square: Square): Piece | undefined;
  findPiece(piece: Piece): Square[];
  put(piece: { type: PieceSymbol; color: Color }, square: Square): boolean;
  remove(square: Square): Piece | undefined;
  attackers(square: Square, attackedBy?: Color): Square[];
  isAttacked(square: Square, attackedBy: Color): boolean;
  isCheck(): boolean;
  inCheck(): boolean;
  isCheckmate(): boolean;
  isStalemate(): boolean;
  isInsufficientMaterial(): boolean;
  isThreefoldRepetition(): boolean;
  isDrawByFiftyMoves(): boolean;
  isDraw(): boolean;
  isGameOver(): boolean;
  moves(options: { verbose: true; square?: string; piece?: PieceSymbol }): Move[];
  moves(options?: { verbose?: false; square?: string; piece?: PieceSymbol }): string[];
  moves(options?: { verbose?: boolean; square?: string; piece?: PieceSymbol }): string[] | Move[];
  move(move: string | { from: string; to: string; promotion?: string } | null, options?: { strict?: boolean }): Move;
  undo(): Move | null;
  pgn(options?: { newline?: string; maxWidth?: number }): string;
  /** @deprecated use setHeader and getHeaders */
  header(...args: string[]): Record<string, string | null>;
  setHeader(key: string, value: string): Record<string, string>;
  removeHeader(key: string): boolean;
  getHeaders(): Record<string, string>;
  loadPgn(pgn: string, options?: { strict?: boolean; newlineChar?: string }): void;
  ascii(): string;
  perft(depth: number): number;
  turn(): Color;
  board(): ({ square: Square; type: PieceSymbol; color: Color } | null)[][];
  squareColor(square: Square): 'light' | 'dark' | null;
  history(options: { verbose: true }): Move[];
  history(options?: { verbose?: false }): string[];
  history(options?: { verbose?: boolean }): string[] | Move[];
  getComment(): string | undefined;
  setComment(comment: string): void;
  removeComment(): string | undefined;
  /** @deprecated renamed removeComment */
  deleteComment(): string | undefined;
  getComments(): { fen: string; comment: string }[];
  removeComments(): { fen: string; comment: string }[];
  /** @deprecated renamed removeComments */
  deleteComments(): { fen: string; comment: string }[];
  getCastlingRights(color: Color): { k: boolean; q: boolean };
  setCastlingRights(color: Color, rights: Partial<Record<'k' | 'q', boolean>>): boolean;
  setTurn(color: Color): boolean;
  moveNumber(): number;
  hash(): string;
}
