// `npm run bench` part 3: alfiere/chessjs against chess.js 1.4 (devDependency) in the
// same run, on the work chess.js users do. Both libraries play the same seeded random
// games (their move lists come in the same order), and every row checks that the two
// produced the same result before it reports a time. Medians of CPU time over the runs.
//
// The PGN row reads real games: `alfiere-match` plays them (fast, fixed nodes, random
// openings) into target/bench/games.pgn, made once and reused; each game then gets
// comments every ten plies and a variation at its first move, as annotated files have.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { Chess as ChessJs } from 'chess.js';
import { Chess as Drop } from 'alfiere/chessjs';

const GAMES = 1000;
const PGN_GAMES = 2000;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const pad = (text, width) => String(text).padEnd(width);
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

function seeded(seed) {
  let state = seed >>> 0 || 1;
  return (n) => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) % n;
  };
}

/** CPU time of `fn` in ms, and its value. */
function timed(fn) {
  const t0 = cpuMs();
  const value = fn();
  return { value, ms: cpuMs() - t0 };
}

/**
 * Random games with moves() + move(san) until the game is over (or 300 plies). The
 * games are dropped as they end (holding a thousand would time the garbage collector),
 * and only their final positions are kept for the check.
 */
function randomGames(Chess, verbose) {
  const next = seeded(12345);
  const ends = [];
  let plies = 0;
  const { ms } = timed(() => {
    for (let g = 0; g < GAMES; g++) {
      const chess = new Chess();
      for (let ply = 0; ply < 300 && !chess.isGameOver(); ply++) {
        const moves = verbose ? chess.moves({ verbose: true }) : chess.moves();
        chess.move(moves[next(moves.length)]);
        plies++;
      }
      ends.push(chess.fen());
    }
  });
  return { plies, ms, check: ends.join('\n') };
}

/** The same games, each taken back to its start with undo(); only the undoing is timed. */
function undoGames(Chess) {
  const next = seeded(12345);
  const starts = [];
  let plies = 0;
  let ms = 0;
  for (let g = 0; g < GAMES; g++) {
    const chess = new Chess();
    for (let ply = 0; ply < 300 && !chess.isGameOver(); ply++) {
      const moves = chess.moves();
      chess.move(moves[next(moves.length)]);
    }
    const undo = timed(() => {
      let count = 0;
      while (chess.undo()) count++;
      return count;
    });
    plies += undo.value;
    ms += undo.ms;
    starts.push(chess.fen());
  }
  return { plies, ms, check: starts.join('\n') };
}

/** fen() and load() of every position of the games. */
function fenRoundTrips(Chess, fens) {
  const chess = new Chess();
  let same = 0;
  const { ms } = timed(() => {
    for (const fen of fens) {
      chess.load(fen);
      if (chess.fen() === fen) same++;
    }
  });
  return { plies: fens.length, ms, check: String(same) };
}

function pgnRoundTrips(Chess, texts) {
  const chess = new Chess();
  const out = [];
  const { ms } = timed(() => {
    for (const text of texts) {
      chess.loadPgn(text);
      out.push(chess.pgn());
    }
  });
  return { plies: texts.length, ms, check: out.join('\n\n') };
}

function perftRow(Chess, fen, depth) {
  const { value, ms } = timed(() => new Chess(fen).perft(depth));
  return { plies: value, ms, check: String(value) };
}

/** Every position of the random games, as FEN. */
function gameFens() {
  const next = seeded(12345);
  const fens = [];
  for (let g = 0; g < GAMES; g++) {
    const chess = new ChessJs();
    for (let ply = 0; ply < 300 && !chess.isGameOver(); ply++) {
      const moves = chess.moves();
      chess.move(moves[next(moves.length)]);
      fens.push(chess.fen());
    }
  }
  return fens;
}

/** The annotated PGN games of the PGN row, one string per game. */
function pgnGames(repo, nativeDir) {
  const dir = `${repo}/target/bench`;
  const file = `${dir}/games.pgn`;
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    const engine = `cmd=${nativeDir}/alfiere nodes=400`;
    const command = ['--variant', 'chess', '--games', String(PGN_GAMES), '--concurrency', '2', '--seed', '1',
      '--opening-plies', '8', '--quiet', '--pgn', file, '--engine', engine, '--engine', engine];
    console.log(`making ${PGN_GAMES} games: alfiere-match ${command.join(' ')}`);
    execFileSync('cargo', ['build', '--release', '--bin', 'alfiere-match'], { cwd: repo, stdio: ['ignore', 'ignore', 'inherit'] });
    execFileSync(`${nativeDir}/alfiere-match`, command, { cwd: repo, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  const games = readFileSync(file, 'utf8').split(/\n(?=\[Event )/).filter((g) => g.trim());
  // Comments and a variation, written by chess.js itself so that both read the same text.
  return games.map((text) => {
    const chess = new ChessJs();
    chess.loadPgn(text);
    const moves = chess.history();
    const annotated = new ChessJs();
    for (const [name, value] of Object.entries(chess.getHeaders())) annotated.setHeader(name, value);
    moves.forEach((san, ply) => {
      annotated.move(san);
      if (ply % 10 === 0) annotated.setComment(`ply ${ply + 1}: ${san} was played`);
    });
    const first = moves[0] === 'd4' ? '1. e4 e5' : '1. d4 d5';
    // After the first move's comment: chess.js's grammar takes no comment after a variation.
    return annotated.pgn().replace(/\n1\. (\S+) (\{[^}]*\})/, `\n1. $1 $2 (${first})`);
  });
}

/**
 * Prints the table; `repo` is the checkout, `nativeDir` where cargo puts release
 * binaries, `rows` the numbers of the rows to measure (1-based; all when absent).
 */
export function chessJsBench({ runs, repo, nativeDir, rows: wanted }) {
  const texts = pgnGames(repo, nativeDir);
  const fens = gameFens();
  const kiwipete = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';
  const allRows = [
    ['1,000 random games: moves() + move(san)', (C) => randomGames(C, false)],
    ['the same with moves({ verbose: true })', (C) => randomGames(C, true)],
    ['undo() back to the start', (C) => undoGames(C)],
    [`fen() + load() of ${fens.length.toLocaleString('en')} positions`, (C) => fenRoundTrips(C, fens)],
    [`loadPgn() + pgn() of ${texts.length.toLocaleString('en')} annotated games`, (C) => pgnRoundTrips(C, texts)],
    ['perft(4) of the start position (nodes)', (C) => perftRow(C, undefined, 4)],
    ['perft(3) of Kiwipete (nodes)', (C) => perftRow(C, kiwipete, 3)],
  ];
  const rows = allRows.filter((_, index) => !wanted || wanted.includes(index + 1));
  console.log(`\nalfiere/chessjs against chess.js 1.4, ${runs} runs each, median CPU ms (the same work, results checked equal)\n`);
  console.log(`${pad('work', 46)} ${pad('items', 9)} ${pad('chess.js', 10)} ${pad('alfiere', 10)} speed-up`);
  for (const [name, work] of rows) {
    const times = { chessjs: [], alfiere: [] };
    let items;
    for (let run = 0; run < runs; run++) {
      const results = {};
      // Each library goes first in every other run, so that neither always runs in the
      // other's garbage.
      const order = [['chessjs', ChessJs], ['alfiere', Drop]];
      if (run % 2 === 1) order.reverse();
      for (const [key, Chess] of order) {
        results[key] = work(Chess);
        times[key].push(results[key].ms);
      }
      if (results.chessjs.check !== results.alfiere.check) throw new Error(`${name}: the two libraries disagree`);
      items = results.alfiere.plies;
    }
    const [a, b] = [median(times.chessjs), median(times.alfiere)];
    console.log(`${pad(name, 46)} ${pad(items.toLocaleString('en'), 9)} ${pad(a.toFixed(0), 10)} ${pad(b.toFixed(0), 10)} ${(a / b).toFixed(1)}x`);
  }
}
