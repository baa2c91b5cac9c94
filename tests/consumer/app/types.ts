// Type-checked with tsc --noEmit against the package's .d.ts files (generated + js/engine.d.ts).
import { Game, validateFen, variants, type Move, type Outcome, type VariantId } from 'alfiere';
import { Engine, type AnalyseResult, type Info } from 'alfiere/engine';
import { Chess, type Move as ChessJsMove, type Square, IllegalMoveError } from 'alfiere/chessjs';
import { InvalidFenError, PuzzleSession, parsePuzzles, InvalidPuzzleError, type Puzzle, type PuzzleAnswer } from 'alfiere';

const variant: VariantId = 'marseillais';
const game = new Game(variant);
const played: Move = game.move('e4');
const san: string[] = game.moves();
const verbose: Move[] = game.moves({ verbose: true, square: 'd2' });
const history: Move[] = game.history({ verbose: true });
const outcome: Outcome | null = game.outcome();
const dests: Map<string, string[]> = game.dests();
const check = validateFen('8/8/8/8/8/8/8/K1k5 w - - 0 1');
if (!check.ok) console.log(check.error.length);
const names: string[] = variants().map((v) => v.name);

async function analyse(): Promise<string> {
  const engine = new Engine({ variant: 'alice' });
  await engine.ready;
  const infos: Info[] = [];
  const result: AnalyseResult = await engine.analyse({ depth: 4, multipv: 2 }, (info) => infos.push(info));
  engine.onmessage = (event) => console.log(event.data.toUpperCase());
  engine.postMessage('isready');
  const fromGame: AnalyseResult = await engine.analyse({ game: new Game('alice'), depth: 2 });
  // Lines as data: packed actions and verbose moves; a report's best line likewise.
  const line: Move[] = infos[0]?.moves ?? [];
  const packed: number[] = infos[0]?.actions ?? [];
  const analysed = new Game('alice');
  const { report, pgn } = await engine.analyseGame(analysed, { depth: 2 });
  const better: Move[] = report.plies[0]?.best?.turn ?? [];
  analysed.annotate(report);
  engine.terminate();
  return `${result.bestmove} ${'cp' in result.score ? result.score.cp : result.score.mate} ${fromGame.bestmove} ${line.length} ${packed.length} ${better.length} ${pgn.length}`;
}

const chess = new Chess();
const chessMove: ChessJsMove = chess.move({ from: 'e2', to: 'e4' });
const target: Square = chessMove.to;
const sans: string[] = chess.moves();
const objects: ChessJsMove[] = chess.moves({ verbose: true });
const isError = (e: unknown): boolean => e instanceof IllegalMoveError || e instanceof InvalidFenError;

export { chessMove, target, sans, objects, isError };
export { played, san, verbose, history, outcome, dests, names, analyse };

// The board component: the element's class, mountBoard's options, typed events.
import { mountBoard, type AlfiereBoard, type BoardMoveDetail } from 'alfiere/board';
const board: AlfiereBoard = mountBoard(document.body, { variant: 'chessgi', engine: 'black', level: 3, storageKey: 'k' });
board.addEventListener('move', (event) => {
  const detail: BoardMoveDetail = event.detail;
  const text: string = detail.san + detail.fen;
  void text;
});
const tagged: AlfiereBoard = document.createElement('alfiere-board');
const withTags: Game = tagged.gameWithTags({ tags: { Event: 'Club night' } });
withTags.free();
tagged.orientation = 'black';
void board.ready.then((ready) => ready.move({ from: 'e2', to: 'e4' }).san);
void tagged.loadPuzzle({ variant: 'chess', fen: '7k/5ppp/8/8/8/8/5PPP/R3R1K1 b - - 0 1', moves: 'h8g8 e1e8' }, { pause: 0 }).then((state) => state?.mistakes);
tagged.addEventListener('failed', (event) => console.log(event.detail.reason, event.detail.hintUsed));
const boardHint: string | undefined = tagged.hint()?.square;
void tagged.showSolution().then((shown: boolean) => shown || boardHint);

const puzzles: Puzzle[] = parsePuzzles('PuzzleId,FEN,Moves,Rating,Themes\n', { variant: 'alice' });
const puzzleSession = new PuzzleSession({ variant: 'chess', fen: '7k/5ppp/8/8/8/8/5PPP/R3R1K1 b - - 0 1', moves: ['h8g8', 'e1e8'] });
puzzleSession.playNext();
const answer: PuzzleAnswer = puzzleSession.answer({ from: 'e1', to: 'e8' });
const badPuzzle: boolean = new Error('x') instanceof InvalidPuzzleError;
console.log(puzzles.length, answer.correct, puzzleSession.hint()?.square, badPuzzle);

// The board's storage helpers, for a page's own records beside the board's game.
import { read as readStored, save as saveStored, store, remove as removeStored, type StoredRecord } from 'alfiere/board/storage';
const stored: StoredRecord = readStored('my-page.settings');
const settings: unknown = stored.status === 'ok' ? stored.value : null;
const kept: boolean = saveStored('my-page.settings', { level: 'club' });
const why: 'ok' | 'full' | 'unavailable' = store('my-page.settings', settings);
removeStored('my-page.old');
console.log(kept, why, stored.status === 'unreadable' ? stored.text.length : 0);
