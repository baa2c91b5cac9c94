#!/usr/bin/env python3
"""Writes the seed inputs of the fuzz targets into corpus/<target>/seed-*.

Usage: python3 fuzz/make_seeds.py <path of the alfiere binary>

The binary gives the FEN of every data position (`position ...` then `d`), so the
seeds start where the perft data does: hands, board B, mid-turn states. Run it once
before the first fuzzing run; `cargo fuzz cmin` then keeps what adds coverage.
The byte layouts follow fuzz/src/text.rs, uci_loop.rs and play.rs.
"""
import hashlib
import pathlib
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
DATA = HERE.parent / "tests" / "data"
VARIANTS = ["chess", "chessgi", "racingkings", "alice", "billiards",
            "progressive-scottish", "progressive-italian", "marseillais",
            "marseillais-balanced", "avalanche"]


def data_positions():
    """(variant, position args) of every data line."""
    out = []
    for path in sorted(DATA.iterdir()):
        for line in path.read_text().splitlines():
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            if path.suffix == ".txt":
                fields = line.split(";")
                variant, pos = fields[0], fields[1].strip().removeprefix("position ").strip()
            else:
                stem = path.stem.removesuffix("-standard")
                variant, pos = stem, line.split(";")[0].strip()
            if not (pos.startswith("startpos") or pos.startswith("fen ")):
                pos = "fen " + pos
            out.append((variant, pos))
    return out


def fens(binary):
    """FENs per variant: the start, then every data position."""
    script = []
    order = []
    for v in VARIANTS:
        script += [f"setoption name UCI_Variant value {v}", "position startpos", "d"]
        order.append(v)
    for v, pos in data_positions():
        script += [f"setoption name UCI_Variant value {v}", f"position {pos}", "d"]
        order.append(v)
    out = subprocess.run([binary], input="\n".join(script) + "\nquit\n",
                         capture_output=True, text=True, check=True).stdout
    got = [l.removeprefix("Fen: ") for l in out.splitlines() if l.startswith("Fen: ")]
    assert len(got) == len(order), (len(got), len(order))
    by_variant = {v: [] for v in VARIANTS}
    for v, f in zip(order, got):
        if f not in by_variant[v]:
            by_variant[v].append(f)
    return by_variant


def write(target, data):
    folder = HERE / "corpus" / target
    folder.mkdir(parents=True, exist_ok=True)
    name = "seed-" + hashlib.sha1(data).hexdigest()[:16]
    (folder / name).write_bytes(data)


SAN = ["e4", "Nf3", "O-O", "O-O-O", "0-0", "exd5", "e8=Q+", "exd6", "Qxf7#", "N@e4",
       "P@e3", "Kg3", "Nbd7", "R1e2", "Qh4xe1", "e4/e5", "d4/e6", "e4,Nf3", "d1q", "e2e4"]
UCI = ["e2e4", "e7e8q", "g1f3", "e1g1", "e1h1", "N@e4", "P@e3", "d1q", "h2g3", "a7a8n"]
PGN = [
    '[Event "x"]\n\n1. e4 e5 (1... c5 2. Nf3) 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n',
    '1. e4 {a comment} e5 $1 2. Nf3 Nc6 *',
    '[Variant "Chessgi"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qe6+ 4. Be2 P@e4 *',
    '[Variant "Racing Kings"]\n\n1. Kg3 Ka3 *',
    '[Variant "Alice"]\n\n1. e4 d5 2. Bb5+ *',
    '[Variant "Billiards"]\n\n1. e4 e5 2. Bc4 *',
    '[Variant "Progressive (Scottish)"]\n\n1. e4 2. e5 Qh4 3. Nf3 Nc3 d4 *',
    '[Variant "Progressive (Italian)"]\n\n1. e4 2. e5 Qh4 *',
    '[Variant "Marseillais"]\n\n1. e4,d4 e5,Nc6 *',
    '[Variant "Marseillais (balanced)"]\n\n1. e4 e5,Nc6 2. d4,Nf3 *',
    '[Variant "Avalanche"]\n\n1. d4/e6 Nf6/e3 *',
    '[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]\n\n1. e4 Kd7 *',
]
UCI_LOOP = [
    "uci\nisready\nucinewgame\nposition startpos moves e2e4 e7e5\ngo depth 2\nd\n",
    "position fen 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 moves e2e4\ngo nodes 500\n",
    "setoption name MultiPV value 3\ngo depth 2\nsetoption name Skill Level value 3\ngo nodes 300\n",
    "setoption name UCI_LimitStrength value true\nsetoption name UCI_Elo value 1200\ngo depth 1\n",
    "go perft 2\ngo infinite\nstop\ngo movetime 10\ngo wtime 100 btime 100 winc 1 binc 1 movestogo 3\n",
    "go searchmoves e2e4 d2d4 depth 2\nposition startpos moves e2e4 e9e5\nxyzzy\nquit\n",
] + [f"setoption name UCI_Variant value {v}\nposition startpos\ngo depth 1\ngo perft 1\nd\n"
     for v in VARIANTS]


def main():
    binary = sys.argv[1]
    by_variant = fens(binary)
    for i, v in enumerate(VARIANTS):
        for f in by_variant[v]:
            write("fen", bytes([i]) + f.encode())
        for seed in range(min(4, len(by_variant[v]))):
            for text in SAN:
                write("san", bytes([i, seed, 0]) + text.encode())
            for text in UCI:
                write("uci_action", bytes([i, seed, 0]) + text.encode())
        # Play: start or a data position, then a mix of steps.
        for seed in range(8):
            steps = bytes((seed * 37 + k * 11) % 256 for k in range(96))
            write(f"play_{v.replace('-', '_')}", bytes([seed]) + steps)
    for i, v in enumerate(VARIANTS):
        for text in PGN:
            write("pgn", bytes([i]) + text.encode())
    for text in UCI_LOOP:
        write("uci_loop", text.encode())


if __name__ == "__main__":
    main()
