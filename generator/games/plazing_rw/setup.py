"""Plażing roll&write setups: the printed boards 1-4 and random beaches.

A random beach is built from data/random.toml in a few placement steps, then must pass
`rules.check_board` (legal: nothing closed before play, every resource closable in at most 6
squares, waste never cuts the beach) and a balance test: the greedy bot plays it solo a few
times and its mean score must lie inside the band measured on boards 1-4. Candidates are drawn
from sub-streams of the seed, a bounded number of times; when all fail the GenerationError
names the constraint that failed most often, so a user with an impossible option set sees why.
"""

from __future__ import annotations

import random
import statistics
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from generator.core.checks import GenerationError, UserInputError
from generator.core.grid import get_grid
from generator.core.playout import run_playouts
from generator.core.rng import MAX_SEED, CodeField, CodeSpec, make_rng

from .engine import new_game
from .model import Board, boards, grid_size, random_params
from .rules import check_board

BOARD_CHOICES = ("1", "2", "3", "4", "random")
FEATURES = ("edge", "blankets", "bar", "waste")
FEATURE_RANDOM = "random"
# features are coded as a bit mask (edge=1, blankets=2, bar=4, waste=8) or "random"
FEATURE_CHOICES: tuple[Any, ...] = (*range(16), FEATURE_RANDOM)
CODE = CodeSpec("PR", (CodeField("board", BOARD_CHOICES), CodeField("hard", (False, True)),
                       CodeField("features", FEATURE_CHOICES)))


def parse_features(text: str) -> int | str:
    """'random', 'none' or a comma list of edge, blankets, bar, waste -> coded value."""
    t = text.strip().lower()
    if t == FEATURE_RANDOM:
        return FEATURE_RANDOM
    if t in ("none", ""):
        return 0
    mask = 0
    for part in t.split(","):
        name = part.strip()
        if name not in FEATURES:
            raise UserInputError(f"unknown feature {name!r} (choose random, none or a list of "
                                 f"{', '.join(FEATURES)})")
        mask |= 1 << FEATURES.index(name)
    return mask


def feature_names(mask: int) -> list[str]:
    return [f for i, f in enumerate(FEATURES) if mask >> i & 1]


@dataclass(frozen=True)
class SheetSetup:
    """One sheet of a pad: its board and the setup code printed on it."""

    code: str
    seed: int
    board: Board
    balance: dict[str, float] | None = None  # playout figures of a random board

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"code": self.code, "seed": self.seed, "board": self.board.to_json()}
        if self.balance is not None:
            out["balance"] = self.balance
        return out


def sheet_setups(options: dict[str, Any], seed: int, count: int,
                 progress: Callable[[int], None] | None = None) -> list[SheetSetup]:
    """The boards of a pad of `count` sheets.

    A printed board gives the same board (and code) on every sheet. `random` gives sheet i the
    board of seed `seed + i`, so the code printed on each sheet reproduces exactly that sheet.
    """
    if count < 1:
        raise UserInputError("--count must be at least 1")
    if options["board"] != "random":
        b = boards()[options["board"]]
        code = CODE.encode(options, seed)
        if progress:
            progress(count)
        return [SheetSetup(code, seed, b)] * count
    if seed + count - 1 > MAX_SEED:
        raise UserInputError(f"seed {seed} + {count} sheets runs past the largest seed {MAX_SEED}")
    out = []
    for i in range(count):
        s = seed + i
        board, balance = random_board(s, options["hard"], options["features"])
        out.append(SheetSetup(CODE.encode(options, s), s, board, balance))
        if progress:
            progress(i + 1)
    return out


# --- random boards ------------------------------------------------------------------------------


def balance_figures(board: Board, hard: bool, seed: int, games: int | None = None,
                    bot: str | None = None) -> dict[str, float]:
    """Solo playouts of a board: mean/min/max score of the balance bot."""
    bal = random_params()["balance"]
    rep = run_playouts(lambda rng: new_game(board, rng, hard), games or bal["games"], seed,
                       bot or bal["bot"])
    if not rep.playable:
        raise GenerationError(f"board {board.id}: a playout failed ({rep.failures[0][1]})")
    scores = [s[0] for s in rep.scores]
    return {"mean": round(statistics.fmean(scores), 2), "min": min(scores), "max": max(scores)}


def random_board(seed: int, hard: bool = False, features: int | str = FEATURE_RANDOM,
                 balance: bool = True) -> tuple[Board, dict[str, float] | None]:
    """A legal, balanced random beach for `seed`; GenerationError after the bounded tries."""
    params = random_params()
    gen = params["generate"]
    lo, hi = params["balance"]["band"]
    failures: Counter[str] = Counter()
    for attempt in range(gen["max_tries"]):
        rng = make_rng(seed, "plazing-rw", "board", str(attempt))
        mask = _choose_features(rng, features, gen)
        board = candidate(rng, mask, gen, board_id=f"R{seed}")
        if board is None:
            failures["placement"] += 1
            continue
        rep = check_board(board, hard)
        if not rep.ok:
            for v in rep:
                failures[v.rule] += 1
            continue
        if not balance:
            return board, None
        fig = balance_figures(board, hard, make_rng(seed, "plazing-rw", "balance", str(attempt)).randrange(2**40))
        if lo <= fig["mean"] <= hi:
            return board, fig
        failures["balance (mean score {:.0f} outside {:g}..{:g})".format(fig["mean"], lo, hi)
                 if len(failures) < 50 else "balance"] += 1
    worst = ", ".join(f"{k} x{n}" for k, n in failures.most_common(3))
    raise GenerationError(f"no legal balanced random board for seed {seed} after {gen['max_tries']} tries "
                          f"(most frequent failures: {worst})")


def _choose_features(rng: random.Random, features: int | str, gen: dict[str, Any]) -> int:
    if features != FEATURE_RANDOM:
        return int(features)
    mask = 0
    for i, f in enumerate(FEATURES):
        if rng.random() < gen["chance"][f]:
            mask |= 1 << i
    return mask


def candidate(rng: random.Random, mask: int, gen: dict[str, Any], board_id: str = "random") -> Board | None:
    """One random beach with the features of `mask` (not yet checked); None if placement failed."""
    w, h = grid_size()
    cells = [["."] * w for _ in range(h)]
    edge, blankets, bar, waste = (bool(mask >> i & 1) for i in range(4))
    interior = [(x, y) for y in range(1, h - 1) for x in range(1, w - 1)]

    def empty(x: int, y: int) -> bool:
        return 0 <= x < w and 0 <= y < h and cells[y][x] == "."

    def around8(x: int, y: int) -> list[tuple[int, int]]:
        return [(x + dx, y + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1)
                if (dx or dy) and 0 <= x + dx < w and 0 <= y + dy < h]

    if bar:
        bw = rng.randint(*gen["bar_width"])
        x0 = rng.randint(2, w - bw - 2)
        for x in range(x0, x0 + bw):
            cells[0][x] = "#"
            cells[1][x] = "$"
        cells[0][x0 - 1] = "$"
        cells[0][x0 + bw] = "$"
    elif edge:  # the sea with its pier
        px = rng.randint(2, w - 3)
        for y in range(rng.randint(*gen["pier_length"])):
            cells[y][px] = "#"
    if blankets:
        for _ in range(rng.randint(*gen["blankets"])):
            for _try in range(50):
                x, y = rng.choice(interior)
                dx, dy = rng.choice(((1, 0), (0, 1)))
                a, b = (x, y), (x + dx, y + dy)
                if not (empty(*a) and empty(*b) and 0 < b[0] < w - 1 and 0 < b[1] < h - 1):
                    continue
                ring = set(around8(*a)) | set(around8(*b))
                if any(cells[yy][xx] != "." for xx, yy in ring):
                    continue
                cells[a[1]][a[0]] = cells[b[1]][b[0]] = "B"
                break
            else:
                return None
    if waste:
        for _ in range(rng.randint(*gen["waste"])):
            spots = [(x, y) for x, y in interior if empty(x, y)
                     and all(cells[yy][xx] in ".asp" for xx, yy in around8(x, y))]
            if not spots:
                return None
            x, y = rng.choice(spots)
            cells[y][x] = "x"
    open_rows = range(0 if edge else 1, h - 1)
    inner = [(x, y) for y in open_rows for x in range(1, w - 1)]
    touching = 0
    for ch in "asp":
        for _ in range(rng.randint(*gen["resources_per_kind"])):
            spots = [(x, y) for x, y in inner if empty(x, y)
                     and all(cells[yy][xx] != "x" for xx, yy in get_grid(w, h).neighbours4(x, y))]
            if not spots:
                return None
            x, y = rng.choice(spots)
            near = sum(cells[yy][xx] in "asp" for xx, yy in get_grid(w, h).neighbours4(x, y))
            if touching + near > gen["max_touching_resources"]:
                spots = [(a, b) for a, b in spots
                         if not any(cells[yy][xx] in "asp" for xx, yy in get_grid(w, h).neighbours4(a, b))]
                if not spots:
                    return None
                x, y = rng.choice(spots)
                near = 0
            touching += near
            cells[y][x] = ch
    north = "bar" if bar and edge else ("sea" if edge else "none")
    return Board(id=board_id, rows=tuple("".join(r) for r in cells), closed_edges=("north",) if edge else (),
                 north=north, bar_points=gen["bar_points"] if bar else 0,
                 name={"pl": "Losowa plaża", "en": "Random beach"})
