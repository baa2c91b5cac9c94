#!/usr/bin/env python3
"""Are the shipped puzzles unique for a stronger engine? Every solver action of every
puzzle of a file is searched by Stockfish (or Fairy-Stockfish) with three lines at a
fixed depth, and the puzzle is unique when each solver action is Stockfish's first
choice and no other action comes within `--margin` centipawns of it. An action that
mates at once is always an answer (the puzzle session accepts any action that wins
the game outright), so a second mate in one never makes a puzzle ambiguous; a slower
mate does, as lichess counts it.

    python3 scripts/puzzle-uniqueness.py data/puzzles/chess.csv [--depth 18]
        [--margin 150] [--engine /usr/games/stockfish] [--variant chess]
        [--sample N --seed S] [--list] [--out FILE]

It prints the share of unique puzzles, and with `--list` each puzzle that is not,
with why (`not best`: Stockfish prefers another action; `not unique`: another action
within the margin). `--out FILE` writes the ids of the puzzles that are not unique,
one a line. Only Stockfish's numbers are used, none of its code.
"""
import argparse
import csv
import random
import sys

from uci_engine import Engine

# A mate in n, for comparing with centipawn scores: any mate outranks every
# evaluation, and a quicker mate a slower one by one point a move.
MATE_BASE = 100_000


def value(kind, number):
    if kind == "mate":
        return MATE_BASE - number if number > 0 else -MATE_BASE - number
    return number


def lines(engine, fen, moves, depth):
    """Stockfish's lines at `depth`: {multipv: (move, kind, number)} of the last
    iteration that reported each."""
    suffix = " moves " + " ".join(moves) if moves else ""
    engine.send("position fen " + fen + suffix)
    engine.send(f"go depth {depth}")
    found = {}
    for line in engine.until("bestmove"):
        tokens = line.split()
        if "multipv" not in tokens or "pv" not in tokens or "score" not in tokens:
            continue
        if "lowerbound" in tokens or "upperbound" in tokens:
            continue
        k = int(tokens[tokens.index("multipv") + 1])
        s = tokens.index("score")
        move = tokens[tokens.index("pv") + 1]
        found[k] = (move, tokens[s + 1], int(tokens[s + 2]))
    return [found[k] for k in sorted(found)]


def judge(engine, fen, moves, depth, margin):
    """None when every solver action is unique, or the reason one is not."""
    for i in range(1, len(moves), 2):
        answer = moves[i]
        found = lines(engine, fen, moves[:i], depth)
        if not found:
            return f"step {i}: no line"
        best_move, kind, number = found[0]
        best = value(kind, number)
        mates_at_once = {m for m, k, n in found if k == "mate" and n == 1}
        if best_move != answer and best_move not in mates_at_once:
            return f"step {i} {answer}: not best (Stockfish {best_move} {kind} {number})"
        if answer in mates_at_once:
            continue
        for move, k, n in found[1:]:
            if move in mates_at_once:
                continue
            if best - value(k, n) < margin:
                return f"step {i} {answer}: not unique ({move} {k} {n} against {kind} {number})"
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file")
    parser.add_argument("--depth", type=int, default=18)
    parser.add_argument("--margin", type=int, default=150)
    parser.add_argument("--engine", default="/usr/games/stockfish")
    parser.add_argument("--variant", default=None, help="UCI_Variant (Fairy-Stockfish)")
    parser.add_argument("--chess960", action="store_true")
    parser.add_argument("--sample", type=int, default=0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--list", action="store_true")
    parser.add_argument("--out")
    args = parser.parse_args()

    with open(args.file, newline="") as f:
        puzzles = list(csv.DictReader(f))
    if args.sample:
        puzzles = random.Random(args.seed).sample(puzzles, min(args.sample, len(puzzles)))

    engine = Engine(args.engine)
    engine.send("setoption name MultiPV value 3")
    if args.variant:
        engine.send(f"setoption name UCI_Variant value {args.variant}")
    if args.chess960:
        engine.send("setoption name UCI_Chess960 value true")
    ambiguous = []
    for n, puzzle in enumerate(puzzles, 1):
        engine.new_game()
        reason = judge(engine, puzzle["FEN"], puzzle["Moves"].split(), args.depth, args.margin)
        if reason:
            ambiguous.append(puzzle["PuzzleId"])
            if args.list:
                print(f"{puzzle['PuzzleId']}: {reason}", flush=True)
        if n % 20 == 0:
            print(f"[{n}/{len(puzzles)}] {len(ambiguous)} not unique", file=sys.stderr, flush=True)
    engine.send("quit")
    unique = len(puzzles) - len(ambiguous)
    print(
        f"{args.file}: {unique} of {len(puzzles)} unique ({100 * unique / max(1, len(puzzles)):.1f}%) "
        f"at depth {args.depth}, margin {args.margin} cp"
    )
    if args.out:
        with open(args.out, "w") as f:
            f.writelines(p + "\n" for p in ambiguous)


if __name__ == "__main__":
    main()
