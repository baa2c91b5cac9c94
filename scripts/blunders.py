#!/usr/bin/env python3
"""Where one engine's points went in a match: Stockfish judges every move it played.

    cargo run --release --example pgn_positions -- --moves GAMES.pgn > moves.tsv
    python3 scripts/blunders.py moves.tsv NAME [--nodes N] [--threshold CP]
        [--games lost|all] [--workers K] [--recheck BIN --recheck-ms MS]

NAME is the engine's name in the PGN (`White`/`Black` tags). Every position of the
chosen games (by default those NAME lost) is searched by full-strength Stockfish to
`--nodes` nodes (default 100,000); a move of NAME that lowers its score, as
Stockfish sees it before and after, by `--threshold` centipawns or more (default
150; scores clamped to +-1,500, mates counted as the clamp) is a blunder. For each
game it prints the first blunder: the move number, the move, the score before and
after, and whether the move was a capture. A summary then counts the first
blunders by phase of the game.

With `--recheck BIN`, each first blunder's position is searched again by the UCI
engine BIN for `--recheck-ms` milliseconds (default 1,000, about five times what a
move gets at 10 s + 0.1 s), and Stockfish judges its choice: a blunder that more
time avoids points at the search's depth; one that it repeats, at the evaluation
or a pruning rule. Needs Debian's `stockfish` (/usr/games/stockfish). Only
Stockfish's scores are used: numbers, not code.
"""
import argparse
import multiprocessing

from uci_engine import Engine, piece_on

STOCKFISH = "/usr/games/stockfish"
CLAMP = 1500


def read_games(path):
    """[(number, white, black, result, [(ply, fen, uci, move_number)])]"""
    games = []
    with open(path) as f:
        for line in f:
            parts = line.rstrip("\n").split("\t")
            if parts[0].startswith("game "):
                number = int(parts[0].split()[1])
                games.append((number, parts[1], parts[2], parts[3], []))
            elif games and len(parts) == 4:
                games[-1][4].append((int(parts[0]), parts[1], parts[2], int(parts[3])))
    return games


def side_of(game, name):
    """'w' or 'b' for the side `name` played, or None."""
    _, white, black, _, _ = game
    return "w" if white == name else "b" if black == name else None


def lost(game, side):
    result = game[3]
    return (side == "w" and result == "0-1") or (side == "b" and result == "1-0")


def clamp_score(score):
    """Centipawns for the side to move, mates and big scores clamped."""
    if score is None:
        return 0
    kind, value = score
    if kind == "mate":
        return CLAMP if value > 0 else -CLAMP
    return max(-CLAMP, min(CLAMP, value))


def is_capture(fen, move):
    if piece_on(fen, move[2:4]) is not None:
        return True
    # En passant: a pawn lands on the empty en-passant square.
    return piece_on(fen, move[0:2]) in ("P", "p") and fen.split()[3] == move[2:4]


def judge_game(task):
    """The first blunder of `side` in one game, or None."""
    game, side, args = task
    engine = Engine(STOCKFISH)
    engine.new_game()
    plies = game[4]
    # Each position's score from `side`'s point of view.
    scores = []
    for _, fen, _, _ in plies:
        score, _ = engine.search_fen(fen, f"nodes {args.nodes}")
        mover = fen.split()[1]
        scores.append(clamp_score(score) * (1 if mover == side else -1))
    first = None
    for i, (_, fen, move, number) in enumerate(plies):
        if fen.split()[1] != side or i + 1 >= len(scores):
            continue
        drop = scores[i] - scores[i + 1]
        if drop >= args.threshold:
            first = {
                "move_number": number,
                "fen": fen,
                "move": move,
                "before": scores[i],
                "after": scores[i + 1],
                "capture": is_capture(fen, move),
            }
            break
    if first and args.recheck:
        first["recheck"] = recheck(engine, first, args)
    engine.send("quit")
    return game[0], first


def recheck(stockfish, blunder, args):
    """What BIN plays in the blunder's position with more time, and Stockfish's
    score of the position after it (from the blunderer's side)."""
    engine = Engine(args.recheck)
    engine.new_game()
    _, move = engine.search_fen(blunder["fen"], f"movetime {args.recheck_ms}")
    engine.send("quit")
    score, _ = stockfish.search_fen(blunder["fen"], f"nodes {args.nodes}", [move])
    return {"move": move, "after": -clamp_score(score)}


def phase(number):
    if number <= 20:
        return "moves 1-20"
    if number <= 40:
        return "moves 21-40"
    if number <= 60:
        return "moves 41-60"
    return "moves 61+"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("moves")
    parser.add_argument("name")
    parser.add_argument("--nodes", type=int, default=100_000)
    parser.add_argument("--threshold", type=int, default=150)
    parser.add_argument("--games", choices=["lost", "all"], default="lost")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--recheck")
    parser.add_argument("--recheck-ms", type=int, default=1000)
    args = parser.parse_args()

    tasks = []
    for game in read_games(args.moves):
        side = side_of(game, args.name)
        if side and (args.games == "all" or lost(game, side)):
            tasks.append((game, side, args))
    print(f"{len(tasks)} games of {args.name} judged")
    with multiprocessing.Pool(args.workers) as pool:
        results = sorted(pool.map(judge_game, tasks), key=lambda r: r[0])

    by_phase, captures, avoided, rechecked = {}, 0, 0, 0
    for number, first in results:
        if first is None:
            print(f"game {number}: no move of {args.name} lost {args.threshold} cp or more")
            continue
        by_phase[phase(first["move_number"])] = by_phase.get(phase(first["move_number"]), 0) + 1
        captures += first["capture"]
        line = (
            f"game {number}: move {first['move_number']} {first['move']}"
            f" {first['before']:+d} -> {first['after']:+d}"
            f"{' (capture)' if first['capture'] else ''}  {first['fen']}"
        )
        if "recheck" in first:
            again = first["recheck"]
            rechecked += 1
            better = first["before"] - again["after"] < args.threshold / 2
            avoided += better
            line += f"\n    with {args.recheck_ms} ms: {again['move']} {again['after']:+d}"
            line += " (avoided)" if better else " (repeated)"
        print(line)
    total = sum(by_phase.values())
    print(f"\nfirst blunders: {total} of {len(results)} games; {captures} of them captures")
    for name in sorted(by_phase):
        print(f"  {name}: {by_phase[name]}")
    if rechecked:
        print(f"with {args.recheck_ms} ms: {avoided} of {rechecked} avoided")


if __name__ == "__main__":
    main()
