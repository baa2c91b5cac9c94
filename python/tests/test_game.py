"""The Game in every rule set: play (SAN or UCI), undo, FEN and PGN round trips,
read_pgn of many games, pickling; and bad input raises the core's error, a
ValueError, and leaves the game as it was."""

from __future__ import annotations

import copy
import pickle

import pytest

import alfiere
from conftest import random_game

VARIANTS = alfiere.variants()


@pytest.mark.parametrize("variant", VARIANTS)
def test_play_and_undo_walk_back_through_the_same_positions(variant: str) -> None:
    game = alfiere.Game(variant)
    fens = [game.fen()]
    played = []
    for seed in range(30):
        moves = game.legal_moves()
        if not moves or game.outcome() is not None:
            break
        token = moves[(seed * 7) % len(moves)]
        move = game.play(token)
        assert move["lan"] == token
        played.append(token)
        fens.append(game.fen())
    assert game.history() == played
    assert len(played) >= 10
    while played:
        undone = game.undo()
        assert undone is not None and undone["lan"] == played.pop()
        fens.pop()
        assert game.fen() == fens[-1]
    assert game.undo() is None


@pytest.mark.parametrize("variant", VARIANTS)
def test_san_and_uci_play_the_same_action(variant: str) -> None:
    by_uci = random_game(variant, 16, 11)
    by_san = alfiere.Game(variant)
    replay = alfiere.Game(variant)
    for token in by_uci.history():
        san = replay.play(token)["san"]
        by_san.play(san)
    assert by_san.fen() == by_uci.fen()
    assert by_san.history() == by_uci.history()


@pytest.mark.parametrize("variant", VARIANTS)
def test_fen_and_pgn_round_trip(variant: str) -> None:
    for seed in range(3):
        game = random_game(variant, 20 + seed, seed)
        assert alfiere.Game(variant, game.fen()).fen() == game.fen()
        again = alfiere.Game.from_pgn(game.pgn())
        assert again.variant == variant
        assert again.fen() == game.fen()
        assert again.history() == game.history()
        assert again.pgn() == game.pgn()
        # From a set-up position too: the PGN carries it.
        later = alfiere.Game(variant, game.fen())
        for token in later.legal_moves()[:1]:
            later.play(token)
        assert alfiere.Game.from_pgn(later.pgn()).fen() == later.fen()
        assert later.start_fen() == game.fen()


def test_read_pgn_gives_every_game_of_a_text_in_order() -> None:
    games = [random_game(v, 12, i) for i, v in enumerate(VARIANTS)]
    text = "\n".join(g.pgn() for g in games)
    read = alfiere.read_pgn(text)
    assert [g.variant for g in read] == VARIANTS
    assert [g.fen() for g in read] == [g.fen() for g in games]


def test_read_pgn_names_the_game_that_does_not_read() -> None:
    text = random_game("chess", 6, 1).pgn() + '\n[Event "b"]\n\n1. e4 e5 2. Ke3 *\n'
    with pytest.raises(alfiere.InvalidPgnError) as caught:
        alfiere.read_pgn(text)
    assert str(caught.value).startswith("game 2 (line ")
    assert "illegal move 'Ke3'" in str(caught.value)


def test_outcome_is_none_or_winner_and_reason() -> None:
    game = alfiere.Game()
    assert game.outcome() is None
    for san in ["f3", "e5", "g4", "Qh4#"]:
        game.play(san)
    assert game.outcome() == {"winner": "b", "reason": "checkmate", "text": "Black wins by checkmate"}
    stalemate = alfiere.Game("chess", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    assert stalemate.outcome()["winner"] is None
    assert stalemate.outcome()["reason"] == "stalemate"


@pytest.mark.parametrize("variant", VARIANTS)
def test_games_pickle_and_copy(variant: str) -> None:
    game = random_game(variant, 14, 5)
    for other in (pickle.loads(pickle.dumps(game)), copy.copy(game), copy.deepcopy(game), game.copy()):
        assert other.fen() == game.fen() and other.history() == game.history()
    other = game.copy()
    if other.history():
        other.undo()
        assert other.fen() != game.fen()


def test_an_illegal_move_raises_the_cores_error_and_changes_nothing() -> None:
    game = alfiere.Game()
    for san in ["e4", "e5", "Nf3"]:
        game.play(san)
    before = (game.fen(), game.history(), game.pgn())
    for bad in ["Ke3", "e2e5", "", "zz", "x" * 600, "Qh8", "e7e5"]:
        with pytest.raises(ValueError) as caught:
            game.play(bad)
        assert isinstance(caught.value, alfiere.IllegalMoveError)
        assert (game.fen(), game.history(), game.pgn()) == before
    with pytest.raises(alfiere.IllegalMoveError) as caught:
        alfiere.Game().play("Ke2")
    assert str(caught.value) == "illegal move 'Ke2' in rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def test_bad_variant_fen_and_pgn_raise_their_errors() -> None:
    with pytest.raises(alfiere.UnknownVariantError, match="shogi"):
        alfiere.Game("shogi")
    with pytest.raises(alfiere.InvalidFenError):
        alfiere.Game("chess", "not a fen")
    with pytest.raises(alfiere.InvalidFenError):
        alfiere.Game("chess", "8/8/8/8/8/8/8/8 w - - 0 1")
    with pytest.raises(alfiere.InvalidPgnError, match="Ke3"):
        alfiere.Game.from_pgn("1. e4 e5 2. Ke3 *")
    for error in (alfiere.UnknownVariantError, alfiere.InvalidFenError, alfiere.InvalidPgnError):
        assert issubclass(error, alfiere.AlfiereError) and issubclass(error, ValueError)


def test_a_move_after_the_end_raises_and_changes_nothing() -> None:
    game = alfiere.Game()
    for san in ["f3", "e5", "g4", "Qh4#"]:
        game.play(san)
    fen = game.fen()
    with pytest.raises(alfiere.AlfiereError):
        game.play("a3")
    assert game.fen() == fen


def test_the_stub_names_everything_the_extension_has() -> None:
    import ast
    from pathlib import Path

    stub = Path(alfiere._core.__file__).with_name("_core.pyi")
    tree = ast.parse(stub.read_text())
    named = set()
    for node in tree.body:
        if isinstance(node, (ast.ClassDef, ast.FunctionDef)):
            named.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            named.add(node.target.id)
    public = {name for name in dir(alfiere._core) if not name.startswith("_")}
    assert public <= named, public - named
    game_methods = {name for name in dir(alfiere.Game) if not name.startswith("_")}
    stub_game = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Game")
    assert game_methods <= {n.name for n in stub_game.body if isinstance(n, ast.FunctionDef)}
    assert (stub.parent / "py.typed").exists()


def test_the_package_docstring_example_runs() -> None:
    import doctest

    result = doctest.testmod(alfiere)
    assert result.attempted >= 3 and result.failed == 0
