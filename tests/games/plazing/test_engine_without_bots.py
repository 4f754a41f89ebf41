"""The Plażing engine is the rules only (issues 22, 27): its State modules import no bot, none of
the game's modules takes part in an import cycle (function-level and TYPE_CHECKING imports count),
no State module is over ~600 lines, and the State carries no bot memo or hook. The greedy bot
(bots.BOTS, found by core.playout beside the engine) plays the very games it played when it lived
inside the State: pinned."""

from __future__ import annotations

import ast
import hashlib
import random
from pathlib import Path

from generator.core.playout import game_bot, greedy_bot, play_one, random_bot, run_playouts
from generator.games.plazing import bots, engine, greedy
from generator.games.plazing.board import board_for
from generator.games.plazing.engine import State
from generator.games.plazing.model import Options
from generator.games.plazing.setup import generate

PACKAGE = Path(engine.__file__).resolve().parent
PREFIX = "generator.games.plazing."
#: the rules: the State and what it is built of or calls
ENGINE = ("engine", "closing", "ownership", "legal", "events", "board", "moves", "scoring", "model", "kernels")
BOTS = ("greedy", "bots")


def imports(name: str) -> set[str]:
    """The modules of this game that module `name` imports anywhere (top, functions, TYPE_CHECKING)."""
    tree = ast.parse((PACKAGE / f"{name}.py").read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module.startswith(PREFIX):
                found.add(node.module[len(PREFIX):])
            elif node.module == PREFIX[:-1]:
                found.update(a.name for a in node.names)
        elif isinstance(node, ast.Import):
            found.update(a.name[len(PREFIX):] for a in node.names if a.name.startswith(PREFIX))
    return {m.split(".")[0] for m in found}


def test_no_engine_module_imports_a_bot():
    for name in ENGINE:
        assert not imports(name) & set(BOTS), name
        assert "playability" not in imports(name), name


def test_no_import_cycle_among_the_game_modules():
    names = [p.stem for p in PACKAGE.glob("*.py") if p.stem != "__init__"]
    graph = {n: imports(n) & set(names) for n in names}
    for start in names:  # depth-first from each module: never back to itself
        seen, todo = set(), list(graph[start])
        while todo:
            n = todo.pop()
            assert n != start, f"{start} is in an import cycle"
            if n not in seen:
                seen.add(n)
                todo.extend(graph[n])


def test_the_state_modules_stay_readable():
    for name in ("engine", "closing", "ownership", "legal"):
        lines = (PACKAGE / f"{name}.py").read_text(encoding="utf-8").count("\n")
        assert lines <= 600, (name, lines)


def test_the_state_carries_no_bot():
    s = State(generate(Options(players=4), 1), random.Random(0))
    for hook in ("move_value", "greedy_moves"):
        assert not hasattr(s, hook)
    for memo in ("values", "values_key", "weather_values", "anchor_masks", "waste_bad", "closer_mask"):
        assert not hasattr(s, memo)
    b = s.b
    assert not any(hasattr(b, t) for t in ("square_value", "square_mask", "square_levels"))
    play_one(s, [random_bot] * 4, s.rng, max_moves=3000)
    assert s.is_over()


def test_greedy_state_plays_the_rules_state_games_with_random_bots():
    setup = generate(Options(players=3, surprises=True, events=True, clean_beach=True), 4)
    for seed in range(3):
        a, b = State(setup, random.Random(seed)), State(setup, random.Random(seed))
        play_one(a, [random_bot] * 3, a.rng, max_moves=3000)
        play_one(b, [random_bot] * 3, b.rng, max_moves=3000)
        assert a.pieces == b.pieces and [x.parts for x in a.scores()] == [x.parts for x in b.scores()]


#: bench/bench_plazing_engine.py --fingerprint's hash for the 4-player base game (10 greedy games on
#: each of 5 setups: lengths, scores, stats), recorded with the bot inside the State, after the
#: largest-area rule of issue 24 (which changed scores, not moves)
PINNED = "70689747c12c6185"


def test_greedy_games_are_the_games_of_before():
    h = hashlib.sha256()
    for seed in range(5):
        board = board_for(generate(Options(players=4), seed))
        report = run_playouts(lambda rng, b=board: State(b, rng), 10, seed, "greedy")
        h.update(repr((report.lengths, report.scores, report.extras)).encode())
    assert h.hexdigest()[:16] == PINNED


def test_greedy_bot_on_a_clone_keeps_its_own_memo():
    s = State(generate(Options(players=4), 2), random.Random(3))
    for _ in range(30):
        s.apply(greedy_bot(s, s.rng))
    assert greedy.values_of(s).key == (s.moves, s.colour)
    c = s.clone()
    assert c not in greedy._MEMO and not hasattr(c, "values")  # the memo is beside the State, per State
    assert list(greedy.greedy_moves(c)) == list(greedy.greedy_moves(s))


def test_core_finds_the_greedy_bot_beside_the_engine():
    s = State(generate(Options(players=4), 2), random.Random(3))
    assert game_bot(s, "greedy") is bots.greedy_move
