"""Types of alfiere._core, the Rust extension (python/src/)."""

import sys
from typing import Any, Dict, List, Optional, Tuple

if sys.version_info >= (3, 11):
    from typing import NotRequired, TypedDict
else:  # pragma: no cover
    from typing_extensions import NotRequired, TypedDict

DEFAULT_ANNOTATE_NODES: int
DEFAULT_PUZZLE_NODES: int
MAX_PERFT_DEPTH: int

class AlfiereError(ValueError): ...
class IllegalMoveError(AlfiereError): ...
class InvalidFenError(AlfiereError): ...
class InvalidPgnError(AlfiereError): ...
class UnknownVariantError(AlfiereError): ...
class InvalidArgumentError(AlfiereError): ...
class GameOverError(AlfiereError): ...
class NoClaimError(AlfiereError): ...
class InvalidNetworkError(AlfiereError): ...
class InvalidPositionError(AlfiereError): ...

# An action described, the JS API's `Move` ("from" is a keyword, hence this form).
Move = TypedDict(
    "Move",
    {
        "color": str,
        "from": NotRequired[str],
        "to": str,
        "piece": str,
        "captured": NotRequired[str],
        "promotion": NotRequired[str],
        "flags": str,
        "san": str,
        "lan": str,
        "before": str,
        "after": str,
        "kind": str,
        "board": NotRequired[str],
        "endsTurn": bool,
        "path": NotRequired[List[str]],
        "rook": NotRequired[str],
    },
)

class Outcome(TypedDict):
    winner: Optional[str]
    reason: str
    text: str

class Score(TypedDict, total=False):
    cp: int
    mate: int

class SearchResult(TypedDict):
    best: Optional[str]
    san: Optional[str]
    score: Score
    depth: int
    nodes: int
    line: List[str]

class PuzzleRow(TypedDict):
    id: str
    fen: str
    moves: List[str]
    rating: int
    themes: List[str]

GameTuple = Tuple[str, int, int, str]
VerdictTuple = Tuple[Optional[str], str]

class Game:
    """A game of any rule set; a failed call raises and changes nothing."""

    def __init__(self, variant: str = "chess", fen: Optional[str] = None) -> None: ...
    @classmethod
    def from_pgn(cls, pgn: str) -> "Game": ...
    @classmethod
    def from_board(cls, board: Any) -> "Game": ...
    @property
    def variant(self) -> str: ...
    @property
    def turn(self) -> str: ...
    def legal_moves(self) -> List[str]: ...
    def play(self, move: str) -> Move: ...
    def undo(self) -> Optional[Move]: ...
    def history(self) -> List[str]: ...
    def fen(self) -> str: ...
    def start_fen(self) -> str: ...
    def pgn(self) -> str: ...
    def outcome(self) -> Optional[Outcome]: ...
    def perft(self, depth: int) -> int: ...
    def to_board(self) -> Any: ...
    def copy(self) -> "Game": ...
    def __copy__(self) -> "Game": ...
    def __deepcopy__(self, memo: Any) -> "Game": ...

def read_pgn(text: str) -> List[Game]: ...
def variants() -> List[str]: ...
def search(
    game: Game, *, nodes: Optional[int] = None, depth: Optional[int] = None, movetime: Optional[int] = None
) -> SearchResult: ...
def split_games(text: str, source: str = "<text>") -> List[GameTuple]: ...
def annotate_games(
    games: List[GameTuple],
    *,
    nodes: Optional[int] = None,
    depth: Optional[int] = None,
    movetime: Optional[int] = None,
    strict: bool = False,
) -> List[Tuple[bool, Any]]: ...
def mine_games(
    variant: str, games: List[GameTuple], *, nodes: int, play_nodes: int, strict: bool = False
) -> List[Tuple[bool, Any]]: ...
def gather_puzzles(
    variant: str, games: List[List[VerdictTuple]], count: Optional[int] = None
) -> Tuple[List[PuzzleRow], Dict[str, int]]: ...
def puzzle_file(rows: List[PuzzleRow]) -> str: ...
