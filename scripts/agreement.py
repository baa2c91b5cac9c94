#!/usr/bin/env python3
"""How far alfiere's game analysis agrees with Stockfish's, judged by lichess's rules.

    python3 scripts/agreement.py games OUT.pgn [--pairs 12] [--seed 1] [--tc 5+0.05]
    python3 scripts/agreement.py judge GAMES.pgn [--nodes 300000] [--sf-depth 14]
        [--threads 2] [--alfiere target/release/alfiere] [--cache FILE]
        [--reports FILE] [--list] [--scale] [--compress T:K ...]
        [--reference-depth D] [--recheck-depth D --recheck-sample N]

`games` plays orthodox games between two Stockfish players limited to human
strength (`UCI_LimitStrength`, `UCI_Elo` drawn from 1,350-1,900 by the seed), two
games a pair with colours swapped, through the project's match runner
(`target/release/alfiere-match`, built first), and writes them to OUT.pgn.

`judge` annotates every game with `alfiere annotate --json` at the given budget,
searches every position of every game with full-strength Stockfish to
`--sf-depth`, marks every move from Stockfish's evaluations by lichess's rules
(the win-chance curve and thresholds of docs/analysis.md; a mate walked into or
lost judged as lichess does; a move with a mate on either side and no such change
unmarked), and prints the agreement:

- the share of Stockfish's blunders that alfiere marks `?` or `??`;
- the share of alfiere's `??` that are `?` or `??` for Stockfish;
- the share of Stockfish's `?` and `??` that alfiere marks `?` or `??`;
- the positions alfiere scores 0.00 where Stockfish sees 1.5 pawns or a mate.

`--cache FILE` keeps Stockfish's evaluations (JSON, keyed by position) so that a
second run with another alfiere build searches only what is new; `--reports FILE`
keeps alfiere's reports (the JSON lines of `alfiere annotate --json`: made and
written when FILE does not exist, read when it does), so that one build's analysis
can be made apart and judged again; `--list` prints every disagreement.

`--scale` compares the two engines' centipawn scales: the quantiles of the size of
every evaluation both give in centipawns, alfiere's beside Stockfish's. Each
`--compress T:K` then marks alfiere's moves again from its own reports'
evaluations, brought towards Stockfish's scale first (sizes above T centipawns
shrunk by the factor K beyond T), and prints the agreement so (`--compress 0:1`,
no change, gives alfiere's own marks back). `--reference-depth D` judges Stockfish
at depth D against its own deeper judgement the same way: how far an engine of
that strength agrees at all.

`--recheck-depth D` asks a deeper Stockfish about the disagreements: from each
group of moves (Stockfish's `?` and `??` that alfiere does not mark `?` or `??`,
the ones it does, the same two for Stockfish's blunders, and alfiere's `?` and
`??` that Stockfish does not mark) a seeded sample of `--recheck-sample N`
moves (default 40) has its two positions searched again to depth D, each from an
empty table, and the share that are still `?` or `??` at depth D is printed,
with the recall it implies for the marks both depths agree on; every position
alfiere scores 0.00 where the judge sees 1.5 pawns or a mate is searched again the
same way, and those the deeper Stockfish still sees so are counted. Needs
Debian's `stockfish` (/usr/games/stockfish). Only Stockfish's numbers are used, none
of its code.
"""
import argparse
import json
import math
import os
import random
import subprocess
import sys

from uci_engine import Engine

STOCKFISH = "/usr/games/stockfish"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# lichess's win-chance constant and cap (docs/analysis.md, "Win chance").
WIN_K = 0.00368208
CAP = 1000
MARKS = ("inaccuracy", "mistake", "blunder")
SYMBOL = {"inaccuracy": "?!", "mistake": "?", "blunder": "??", None: ""}


def make_games(args):
    subprocess.run(
        ["cargo", "build", "--release", "--bin", "alfiere-match"], cwd=ROOT, check=True
    )
    runner = os.path.join(ROOT, "target", "release", "alfiere-match")
    rng = random.Random(args.seed)
    with open(args.out, "w") as out:
        for pair in range(args.pairs):
            elos = [rng.randrange(1350, 1901, 50) for _ in range(2)]
            part = f"{args.out}.part{pair}"
            engines = []
            for i, elo in enumerate(elos):
                engines += [
                    "--engine",
                    f"cmd={STOCKFISH} name=sf{elo}-{'ab'[i]} option.UCI_LimitStrength=true "
                    f"option.UCI_Elo={elo} option.Move_Overhead=50",
                ]
            subprocess.run(
                [runner, "--variant", "chess", "--games", "2", "--tc", args.tc,
                 "--seed", str(args.seed * 1000 + pair), "--concurrency", "2",
                 "--pgn", part, "--quiet"] + engines,
                check=True,
            )
            with open(part) as f:
                out.write(f.read().rstrip() + "\n\n")
            os.remove(part)
            print(f"pair {pair + 1}/{args.pairs}: Elo {elos[0]} and {elos[1]}", file=sys.stderr)


def win_percent(cp):
    """The mover's win chance in percent from its evaluation (capped)."""
    cp = max(-CAP, min(CAP, cp))
    return 50 + 50 * (2 / (1 + math.exp(-WIN_K * cp)) - 1)


def as_cp(ev):
    """A White-view evaluation ("cp", n) / ("mate", n) as centipawns (mate as the cap)."""
    kind, value = ev
    if kind == "mate":
        return CAP if value > 0 else -CAP
    return value


def lichess_mark(before, after, white_moved):
    """lichess's mark of a move from the White-view evaluations before and after it."""
    sign = 1 if white_moved else -1
    mate_before = before[1] * sign if before[0] == "mate" else None
    mate_after = after[1] * sign if after[0] == "mate" else None
    cp_before = before[1] * sign if before[0] == "cp" else 0
    cp_after = after[1] * sign if after[0] == "cp" else 0
    if mate_before is None and mate_after is not None and mate_after < 0:
        return "inaccuracy" if cp_before < -999 else "mistake" if cp_before < -700 else "blunder"
    if mate_before is not None and mate_before > 0 and (mate_after is None or mate_after < 0):
        return "inaccuracy" if cp_after > 999 else "mistake" if cp_after > 700 else "blunder"
    if mate_before is not None or mate_after is not None:
        return None
    drop = win_percent(cp_before) - win_percent(cp_after)
    if drop >= 15:
        return "blunder"
    if drop >= 10:
        return "mistake"
    if drop >= 5:
        return "inaccuracy"
    return None


def annotate(args):
    """alfiere's reports of every game: read from `--reports` when that file exists,
    else made by `alfiere annotate --json` (and kept in `--reports` when given)."""
    if args.reports and os.path.exists(args.reports):
        with open(args.reports) as f:
            text = f.read()
    else:
        command = [args.alfiere, "annotate", "--json", "--nodes", str(args.nodes),
                   "--threads", str(args.threads), args.games]
        done = subprocess.run(command, capture_output=True, text=True)
        if done.returncode not in (0, 1):
            sys.exit(f"{' '.join(command)} failed: {done.stderr}")
        text = done.stdout
        if args.reports:
            with open(args.reports, "w") as f:
                f.write(text)
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def stockfish_evals(reports, depth, cache):
    """White-view evaluations of every position of every game: [[start, after 1, ...]]."""
    engine = Engine(STOCKFISH)
    evals = []
    for number, report in enumerate(reports):
        fen = report["tags"].get("FEN")
        moves = [p["uci"] for p in report["plies"]]
        line = []
        for n in range(len(moves) + 1):
            key = f"{fen or 'startpos'}|{' '.join(moves[:n])}|{depth}"
            if key not in cache:
                if n == 0:
                    engine.new_game()
                cache[key] = white_view_score(engine, fen, moves[:n], depth)
            line.append(tuple(cache[key]))
        evals.append(line)
        print(f"stockfish: game {number + 1}/{len(reports)}", file=sys.stderr)
    engine.send("quit")
    return evals


def white_view_score(engine, fen, moves, depth):
    """Stockfish's evaluation at `depth` of the position after `moves` from `fen`
    (or the start), as [kind, value] from White's view; searched with whatever the
    engine's table holds."""
    start = f"fen {fen}" if fen else "startpos"
    engine.send(f"position {start} moves {' '.join(moves)}".rstrip())
    kind, value = last_score(engine, depth)
    if kind == "mate" and value == 0:
        value = -1  # the side to act is mated
    white_to_act = (len(moves) % 2 == 0) == (fen is None or fen.split()[1] == "w")
    return [kind, value if white_to_act else -value]


def last_score(engine, depth):
    """The score of Stockfish's deepest line, the side to act's view (a finished
    position's depth-0 line too: `mate 0` for a mate, `cp 0` for a stalemate)."""
    engine.send(f"go depth {depth}")
    score = None
    for line in engine.until("bestmove"):
        tokens = line.split()
        if line.startswith("info") and "score" in tokens:
            i = tokens.index("score")
            score = (tokens[i + 1], int(tokens[i + 2]))
    return score


def ours(ev):
    """alfiere's White-view evaluation from the JSON (a finished game's result as mate)."""
    if ev is None:
        return None
    if "cp" in ev:
        return ("cp", ev["cp"])
    if "mate" in ev:
        return ("mate", ev["mate"])
    return ("result", ev["result"])


def our_evals(report):
    """alfiere's White-view evaluations of a game's positions, the start first."""
    return [ours(report["start"])] + [ours(p["eval"]) for p in report["plies"]]


def compressed(ev, threshold, factor):
    """A White-view evaluation with its size beyond `threshold` centipawns scaled by
    `factor` (mates and results unchanged)."""
    if ev is None or ev[0] != "cp" or abs(ev[1]) <= threshold:
        return ev
    return ("cp", math.copysign(threshold + (abs(ev[1]) - threshold) * factor, ev[1]))


def print_scale(reports, sf, maps):
    """alfiere's centipawn scale against Stockfish's, and the agreement of marks
    recomputed from alfiere's evaluations under each compression in `maps`."""
    sizes = [(abs(m[1]), abs(t[1]))
             for report, line in zip(reports, sf)
             for m, t in zip(our_evals(report), line)
             if m and m[0] == "cp" and t[0] == "cp"]
    mine = sorted(a for a, _ in sizes)
    theirs = sorted(b for _, b in sizes)
    print(f"centipawn sizes of {len(sizes)} positions, quantile: alfiere / Stockfish")
    for q in (0.25, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.99) if sizes else ():
        k = int(q * len(sizes))
        print(f"  {q:.2f}: {mine[k]} / {theirs[k]}")
    for threshold, factor in maps:
        lines = [[as_judged(compressed(e, threshold, factor)) for e in our_evals(report)]
                 for report in reports]
        pairs = marked_pairs(reports, sf, lines)
        print(f"compress {threshold:g}:{factor:g}: {', '.join(map(share, agreement(pairs)))}")


def as_judged(ev):
    """An evaluation of alfiere's report as lichess's rules read it: a finished
    game's result as a mate (or 0.00 for a draw)."""
    if ev is None or ev[0] != "result":
        return ev
    return ("cp", 0) if ev[1] == "1/2-1/2" else ("mate", 1 if ev[1] == "1-0" else -1)


def marked_pairs(reports, sf, lines):
    """(mark by `lines`, mark by Stockfish's `sf`) of every move, both by lichess's
    rules from White-view evaluations; a forced move gets no mark of `lines`."""
    pairs = []
    for report, line, near in zip(reports, sf, lines):
        for i, ply in enumerate(report["plies"]):
            white = ply["color"] == "w"
            mine = None if ply["forced"] else lichess_mark(near[i], near[i + 1], white)
            pairs.append((mine, lichess_mark(line[i], line[i + 1], white)))
    return pairs


SERIOUS = ("mistake", "blunder")


def agreement(pairs):
    """The three agreement counts (hits, of how many) of (ours, Stockfish's) mark
    pairs: Stockfish's blunders marked ? or ??, our ?? that are ? or ?? for it, its
    ? and ?? marked ? or ??."""
    return [(sum(1 for m, t in pairs if t == "blunder" and m in SERIOUS),
             sum(1 for m, t in pairs if t == "blunder")),
            (sum(1 for m, t in pairs if m == "blunder" and t in SERIOUS),
             sum(1 for m, t in pairs if m == "blunder")),
            (sum(1 for m, t in pairs if t in SERIOUS and m in SERIOUS),
             sum(1 for m, t in pairs if t in SERIOUS))]


def share(counts):
    hit, n = counts
    return f"{hit}/{n} ({100 * hit / n:.1f}%)" if n else "0/0"


def print_reference(reports, sf, reference, depth):
    """The agreement Stockfish itself at `depth` reaches with its deeper judgement:
    what an engine of that strength can be expected to score."""
    pairs = marked_pairs(reports, sf, reference)
    print(f"Stockfish at depth {depth} judged the same way: {', '.join(map(share, agreement(pairs)))}")


def judge(args):
    cache = {}
    if args.cache and os.path.exists(args.cache):
        with open(args.cache) as f:
            cache = json.load(f)
    reports = annotate(args)
    sf = stockfish_evals(reports, args.sf_depth, cache)
    reference = stockfish_evals(reports, args.reference_depth, cache) if args.reference_depth else None
    if args.cache:
        with open(args.cache, "w") as f:
            json.dump(cache, f)
    pairs = []  # (game, ply, san, ours, stockfish's)
    false_draws = []
    positions = 0
    for g, (report, line) in enumerate(zip(reports, sf)):
        for n, (mine, theirs) in enumerate(zip(our_evals(report), line)):
            if mine is None or mine[0] == "result":
                continue
            positions += 1
            if mine == ("cp", 0) and far_from_draw(theirs):
                false_draws.append((g, n, theirs))
        for i, ply in enumerate(report["plies"]):
            mark = lichess_mark(line[i], line[i + 1], ply["color"] == "w")
            pairs.append((g, i, ply["san"], ply["class"], mark))

    blunders, confirmed, serious = map(share, agreement([(p[3], p[4]) for p in pairs]))
    print(f"games {len(reports)}, moves {len(pairs)}, positions {positions}; "
          f"alfiere {args.nodes} nodes, Stockfish depth {args.sf_depth}")
    print(f"Stockfish's ?? marked ? or ?? by alfiere: {blunders}")
    print(f"alfiere's ?? that are ? or ?? for Stockfish: {confirmed}")
    print(f"Stockfish's ? and ?? marked ? or ?? by alfiere: {serious}")
    print(f"positions at 0.00 where Stockfish sees 1.5 pawns or a mate: "
          f"{len(false_draws)} of {positions}")
    print(f"alfiere's nodes in all (the analysis' cost): {sum(r['nodes'] for r in reports):,}")
    for mark in MARKS:
        print(f"  {mark}: alfiere {sum(p[3] == mark for p in pairs)}, "
              f"Stockfish {sum(p[4] == mark for p in pairs)}")
    if args.list:
        for g, i, san, mine, theirs in pairs:
            if (mine in SERIOUS) != (theirs in SERIOUS) or (mine == "blunder") != (theirs == "blunder"):
                before, after = sf[g][i], sf[g][i + 1]
                print(f"game {g + 1} ply {i + 1} {san}: alfiere {SYMBOL[mine] or '-'} "
                      f"Stockfish {SYMBOL[theirs] or '-'} (Stockfish {before} -> {after})")
        for g, n, theirs in false_draws:
            print(f"game {g + 1} position {n}: alfiere 0.00, Stockfish {theirs}")
    if args.scale or args.compress:
        print_scale(reports, sf, args.compress)
    if reference:
        print_reference(reports, sf, reference, args.reference_depth)
    if args.recheck_depth:
        recheck(reports, sf, args, cache)
        recheck_draws(reports, false_draws, args, cache)
        if args.cache:
            with open(args.cache, "w") as f:
                json.dump(cache, f)


def far_from_draw(ev):
    """Whether Stockfish's evaluation is 1.5 pawns or more, or a mate: a position
    alfiere must not score 0.00."""
    return ev[0] == "mate" or abs(ev[1]) >= 150


def recheck_draws(reports, false_draws, args, cache):
    """Every position alfiere scores 0.00 where the judge sees 1.5 pawns or a mate,
    searched again to the recheck depth from an empty table: how many the deeper
    Stockfish still sees so far from a draw."""
    engine = Engine(STOCKFISH)
    kept = 0
    for g, n, theirs in false_draws:
        deeper = deep_eval(engine, reports[g], n, args.recheck_depth, cache)
        kept += far_from_draw(deeper)
        if args.list:
            print(f"game {g + 1} position {n}: Stockfish {theirs} at depth {args.sf_depth}, "
                  f"{deeper} at depth {args.recheck_depth}")
    engine.send("quit")
    print(f"positions at 0.00 that Stockfish at depth {args.recheck_depth} still sees 1.5 "
          f"pawns or a mate from: {kept} of {len(false_draws)}")


def deep_eval(engine, report, n, depth, cache):
    """Stockfish's White-view evaluation of position `n` of a game at `depth`,
    searched from an empty table (kept in `cache` under its own key)."""
    fen = report["tags"].get("FEN")
    moves = [p["uci"] for p in report["plies"]][:n]
    key = f"{fen or 'startpos'}|{' '.join(moves)}|{depth}|fresh"
    if key not in cache:
        engine.new_game()
        cache[key] = white_view_score(engine, fen, moves, depth)
    return tuple(cache[key])


def recheck(reports, sf, args, cache):
    """How many of each kind of (dis)agreement a deeper Stockfish upholds, on a
    seeded sample of each, and the recall that implies for the marks Stockfish at
    both depths gives."""
    groups = {}
    for g, (report, line) in enumerate(zip(reports, sf)):
        for i, ply in enumerate(report["plies"]):
            theirs = lichess_mark(line[i], line[i + 1], ply["color"] == "w")
            mine = ply["class"]
            for kind in ("serious", "blunder"):
                judged = theirs in SERIOUS if kind == "serious" else theirs == "blunder"
                if judged:
                    groups.setdefault((kind, mine in SERIOUS), []).append((g, i))
            if mine in SERIOUS and theirs not in SERIOUS:
                groups.setdefault(("ours", False), []).append((g, i))
    engine = Engine(STOCKFISH)
    rng = random.Random(args.recheck_seed)
    upheld = {}
    for key in sorted(groups):
        moves = groups[key]
        sample = rng.sample(moves, min(args.recheck_sample, len(moves)))
        kept = 0
        for g, i in sample:
            before = deep_eval(engine, reports[g], i, args.recheck_depth, cache)
            after = deep_eval(engine, reports[g], i + 1, args.recheck_depth, cache)
            white = reports[g]["plies"][i]["color"] == "w"
            kept += lichess_mark(before, after, white) in SERIOUS
        upheld[key] = (kept / len(sample) if sample else 0, len(moves))
        print(f"depth {args.recheck_depth} upholds as ? or ??: {kept}/{len(sample)} sampled of "
              f"{len(moves)} {RECHECK_GROUPS[key]}")
    engine.send("quit")
    for kind, label in (("serious", "? and ??"), ("blunder", "??")):
        hit_share, hits = upheld.get((kind, True), (0, 0))
        miss_share, misses = upheld.get((kind, False), (0, 0))
        kept_hits, kept_misses = hit_share * hits, miss_share * misses
        if kept_hits + kept_misses:
            print(f"Stockfish's {label} that depth {args.recheck_depth} upholds, marked ? or ?? "
                  f"by alfiere (estimated): {100 * kept_hits / (kept_hits + kept_misses):.1f}%")
    share, count = upheld.get(("ours", False), (0, 0))
    print(f"alfiere's ? and ?? that Stockfish at depth {args.sf_depth} does not mark: {count}, "
          f"of which depth {args.recheck_depth} marks ? or ?? {100 * share:.0f}% (sampled)")


RECHECK_GROUPS = {
    ("serious", False): "Stockfish's ? and ?? that alfiere does not mark ? or ??",
    ("serious", True): "Stockfish's ? and ?? that alfiere marks ? or ??",
    ("blunder", False): "Stockfish's ?? that alfiere does not mark ? or ??",
    ("blunder", True): "Stockfish's ?? that alfiere marks ? or ??",
    ("ours", False): "alfiere's ? and ?? that Stockfish does not mark",
}


def threshold_factor(text):
    """`--compress T:K`: centipawns T >= 0 and a factor K > 0."""
    try:
        threshold, factor = (float(x) for x in text.split(":"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected T:K (centipawns:factor), got {text!r}")
    if threshold < 0 or factor <= 0:
        raise argparse.ArgumentTypeError(f"T must be at least 0 and K above 0, got {text!r}")
    return threshold, factor


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    g = sub.add_parser("games")
    g.add_argument("out")
    g.add_argument("--pairs", type=int, default=12)
    g.add_argument("--seed", type=int, default=1)
    g.add_argument("--tc", default="5+0.05")
    j = sub.add_parser("judge")
    j.add_argument("games")
    j.add_argument("--nodes", type=int, default=300000)
    j.add_argument("--sf-depth", type=int, default=14)
    j.add_argument("--threads", type=int, default=2)
    j.add_argument("--alfiere", default=os.path.join(ROOT, "target", "release", "alfiere"))
    j.add_argument("--cache")
    j.add_argument("--reports")
    j.add_argument("--list", action="store_true")
    j.add_argument("--scale", action="store_true")
    j.add_argument("--reference-depth", type=int)
    j.add_argument("--compress", action="append", default=[], type=threshold_factor)
    j.add_argument("--recheck-depth", type=int)
    j.add_argument("--recheck-sample", type=int, default=40)
    j.add_argument("--recheck-seed", type=int, default=1)
    args = parser.parse_args()
    make_games(args) if args.command == "games" else judge(args)


if __name__ == "__main__":
    main()
