"""A UCI engine driven over a pipe, and a look at a FEN's board, for the scripts
that ask Stockfish about positions (scripts/tune-data.py, scripts/blunders.py)."""
import subprocess


def piece_on(fen, square):
    """The FEN letter of the piece on `square` (such as "e4"), or None."""
    rank_text = fen.split()[0].split("/")[8 - int(square[1])]
    row = "".join("." * int(c) if c.isdigit() else c for c in rank_text)
    piece = row[ord(square[0]) - ord("a")]
    return None if piece == "." else piece


class Engine:
    def __init__(self, path):
        self.proc = subprocess.Popen(
            [path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.send("uci")
        self.until("uciok")
        self.send("setoption name Hash value 16")
        self.send("isready")
        self.until("readyok")

    def send(self, command):
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()

    def until(self, prefix):
        lines = []
        while True:
            line = self.proc.stdout.readline().strip()
            lines.append(line)
            if line.startswith(prefix):
                return lines

    def position(self, moves):
        self.send("position startpos moves " + " ".join(moves))

    def legal(self, moves):
        self.position(moves)
        self.send("go perft 1")
        out = self.until("Nodes searched")
        return [l.split(":")[0] for l in out if ":" in l and not l.startswith("Nodes")]

    def search(self, moves, limit):
        """(score kind, value) of the last full line, and the best move."""
        self.position(moves)
        return self.go(limit)

    def search_fen(self, fen, limit, moves=()):
        """As `search`, from a FEN (and `moves` after it)."""
        suffix = " moves " + " ".join(moves) if moves else ""
        self.send("position fen " + fen + suffix)
        return self.go(limit)

    def new_game(self):
        self.send("ucinewgame")
        self.send("isready")
        self.until("readyok")

    def go(self, limit):
        self.send("go " + limit)
        out = self.until("bestmove")
        score = None
        for line in out:
            tokens = line.split()
            if "score" in tokens and "pv" in tokens:
                i = tokens.index("score")
                score = (tokens[i + 1], int(tokens[i + 2]))
        return score, out[-1].split()[1]

    def fen_and_check(self, moves):
        self.position(moves)
        self.send("d")
        out = self.until("Checkers")
        fen = next(l for l in out if l.startswith("Fen:"))[5:]
        return fen, out[-1].strip() != "Checkers:"
