"""Plażing roll&write setups: the printed boards 1-4 and random beaches.

A random beach is built from data/random.toml in a few placement steps, then must pass
`rules.check_board` (legal: nothing closed before play, every resource closable in at most 6
squares, waste never cuts the beach, a bar only on a closed north edge) and the fairness test
(fairness.py): its expected greedy solo score must be within ±5 % of printed board N's for
`--difficulty N`, decided by a sequential test on the shared dice streams. Candidates are drawn
from sub-streams of the seed, a bounded number of times; when all fail the GenerationError
names the constraint that failed most often, so a user with an impossible option set sees why.
Legal candidates come in batches (`screen_batch`) and are played nearest the target by a
board-feature forecast first, the ones forecast far outside the band not at all (predict.py):
most sheets then play one or two candidates instead of eight, and the test alone accepts.
The sheets of a pad are independent jobs (each one's seed fixed before dispatch), spread over
the cores with core.parallel.map_jobs: the pad is the same for any number of jobs.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from generator.core.checks import GenerationError, UserInputError
from generator.core.grid import get_grid
from generator.core.parallel import map_jobs
from generator.core.rng import MAX_SEED, CodeField, CodeSpec, make_rng

from .model import Board, boards, grid_size, random_params
from .rules import check_board

#: "custom" is a board read from a file (board_file.py): appended last, so every older code keeps
#: its meaning; its sheets are coded CODE~B<digest> and reproduce only with the same file
CUSTOM = "custom"
BOARD_CHOICES = ("1", "2", "3", "4", "random", CUSTOM)
#: the --board words that name a board without a file (anything else is a board file's path)
BOARD_WORDS = ("1", "2", "3", "4", "random")
FEATURES = ("edge", "blankets", "bar", "waste")
FEATURE_RANDOM = "random"
# features are coded as a bit mask (edge=1, blankets=2, bar=4, waste=8) or "random"
FEATURE_CHOICES: tuple[Any, ...] = (*range(16), FEATURE_RANDOM)
DIFFICULTY_CHOICES = (1, 2, 3, 4)
CODE = CodeSpec("PR", (CodeField("board", BOARD_CHOICES), CodeField("hard", (False, True)),
                       CodeField("features", FEATURE_CHOICES), CodeField("mirror", (False, True)),
                       CodeField("difficulty", DIFFICULTY_CHOICES)))
#: the name a random beach prints after the sheet's title (known before it is made: a pad's title
#: is measured against it)
RANDOM_NAME = {"pl": "Losowa plaża", "en": "Random beach"}
DEFAULTS: dict[str, Any] = {"board": "1", "hard": False, "features": FEATURE_RANDOM, "mirror": False,
                            "difficulty": 1}


def with_defaults(options: dict[str, Any]) -> dict[str, Any]:
    """Options with the house-rule and difficulty defaults filled in (mirror off, difficulty 1)."""
    return {**DEFAULTS, **options}


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
    balance: dict[str, Any] | None = None  # a random board's fairness decision (fairness.Decision.to_json)
    name: str | None = None  # the player's name printed in the name box (--names), None for a blank box

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"code": self.code, "seed": self.seed, "board": self.board.to_json()}
        if self.balance is not None:
            out["balance"] = self.balance
        if self.name is not None:
            out["name"] = self.name
        return out


def sheet_setups(options: dict[str, Any], seed: int, count: int,
                 progress: Callable[[int], None] | None = None, jobs: int | None = 1) -> list[SheetSetup]:
    """The boards of a pad of `count` sheets.

    A printed board gives the same board (and code) on every sheet. `random` gives sheet i the
    board of seed `seed + i`, so the code printed on each sheet reproduces exactly that sheet;
    the sheets are generated as `jobs` parallel jobs (None: every core) with the same result.
    """
    options = with_defaults(options)
    if count < 1:
        raise UserInputError("--count must be at least 1")
    if options["board"] == CUSTOM:
        raise UserInputError("a custom board's sheets are made from its file (--board FILE)")
    if options["board"] != "random":
        b = boards()[options["board"]]
        code = CODE.encode(options, seed)
        if progress:
            progress(count)
        return [SheetSetup(code, seed, b)] * count
    if seed + count - 1 > MAX_SEED:
        raise UserInputError(f"seed {seed} + {count} sheets runs past the largest seed {MAX_SEED}")
    _preload(options["difficulty"])
    return map_jobs(_sheet_job, [(options, seed + i) for i in range(count)], jobs, progress=progress)


def _preload(difficulty: int) -> None:
    """Read the data every sheet needs (reference scores, forecast, shapes, scoring) and load the
    compiled playouts once, before the pool forks its workers, instead of once per worker."""
    from .fairness import references, warm_up
    from .model import catalog, scoring
    from .predict import predictor

    references()
    predictor(difficulty)
    catalog()
    scoring()
    warm_up()


def _sheet_job(job: tuple[dict[str, Any], int]) -> SheetSetup:
    """One random sheet (a module-level function: it runs in a worker process)."""
    options, s = job
    board, balance = random_board(s, options["hard"], options["features"], difficulty=options["difficulty"],
                                  mirror=options["mirror"])
    return SheetSetup(CODE.encode(options, s), s, board, balance)


# --- random boards ------------------------------------------------------------------------------


def generation_params(difficulty: int) -> dict[str, Any]:
    """The [generate] table with the overrides of [difficulty.N] (candidates near the target)."""
    params = random_params()
    return {**params["generate"], **params.get("difficulty", {}).get(str(difficulty), {})}


def random_board(seed: int, hard: bool = False, features: int | str = FEATURE_RANDOM,
                 balance: bool = True, difficulty: int = 1,
                 mirror: bool = False) -> tuple[Board, dict[str, Any] | None]:
    """A legal random beach for `seed` as hard as printed board `difficulty` (fairness.py);
    GenerationError after the bounded tries."""
    from .fairness import decide, params, reference
    from .predict import predictor

    if difficulty not in DIFFICULTY_CHOICES:
        raise UserInputError(f"--difficulty must be 1, 2, 3 or 4, not {difficulty}")
    gen = generation_params(difficulty)
    failures: Counter[str] = Counter()
    played = tested = 0
    batch: list[tuple[int, Board]] = []
    legal: list[Board] = []  # every legal candidate, for the message when none is as hard as asked
    if balance:
        fp = params(difficulty)
        size, margin = int(fp["screen_batch"]), float(fp["screen_margin"])
        forecast = predictor(difficulty)
        aim = reference(difficulty).mean  # the forecast is of plain play (not hard, not mirrored)
        reach = aim * float(fp["tolerance"]) + margin * forecast.error
    for attempt in range(gen["max_tries"]):
        rng = make_rng(seed, "plazing-rw", "board", str(attempt))
        mask = _choose_features(rng, features, gen)
        board = candidate(rng, mask, gen, board_id=f"R{seed}")
        if board is None:
            failures["placement"] += 1
        else:
            rep = check_board(board, hard, mirror=mirror)
            if not rep.ok:
                for v in rep:
                    failures[v.rule] += 1
            elif not balance:
                return board, None
            else:
                batch.append((attempt, board))
                legal.append(board)
        if not batch or (len(batch) < size and attempt < gen["max_tries"] - 1):
            continue
        # the batch's candidates, nearest the target by forecast first (ties: in the order made);
        # the ones forecast far outside the band are not played (module doc of predict.py), except
        # the nearest, so that an option set the forecast knows badly is still tried
        ranked = sorted((abs(forecast.predict(b) - aim), a, b) for a, b in batch)
        batch = []
        for k, (off, _a, b) in enumerate(ranked):
            if off > reach and k:
                failures[f"difficulty {difficulty} (forecast outside the band)"] += 1
                continue
            d = decide(b, difficulty, hard, mirror)
            played += d.games
            tested += 1
            if d.accepted:
                return b, {**d.to_json(), "difficulty": difficulty, "candidates": attempt + 1,
                           "tested": tested, "games_played": played}
            failures[f"difficulty {difficulty} ({d.reason})"] += 1
    worst = ", ".join(f"{k} x{n}" for k, n in failures.most_common(3))
    hint = difficulty_hint(legal, difficulty) if balance else ""
    raise GenerationError(f"no legal random board as hard as board {difficulty} for seed {seed} after "
                          f"{gen['max_tries']} tries (most frequent failures: {worst}){hint}")


#: a difficulty is suggested when at least this share of the legal candidates made is forecast
#: inside its band (near enough that the sequential test has a fair chance to accept one)
HINT_SHARE = 0.1


def fitting_difficulties(legal: list[Board]) -> list[int]:
    """The difficulties whose band the board-feature forecast (predict.py) puts at least
    HINT_SHARE of these boards in: what a feature list can be as hard as. (`--features waste`
    makes beaches like board 4 and nothing else; `edge` or `bar` alone, like board 2 or 3.)"""
    from .fairness import params, reference
    from .predict import predictor

    out = []
    for d in DIFFICULTY_CHOICES:
        fp, forecast, aim = params(d), predictor(d), reference(d).mean
        reach = aim * float(fp["tolerance"]) + float(fp["screen_margin"]) * forecast.error
        near = sum(1 for b in legal if abs(forecast.predict(b) - aim) <= reach)
        if legal and near / len(legal) >= HINT_SHARE:
            out.append(d)
    return out


def difficulty_hint(legal: list[Board], difficulty: int) -> str:
    """The end of the message when no candidate was as hard as asked: which difficulties the
    candidates made (the feature list's boards) would fit, so the user knows what to ask for."""
    if not legal:
        return ""
    fits = [d for d in fitting_difficulties(legal) if d != difficulty]
    if not fits:
        return "; these features make beaches that fit no difficulty's band: add or drop a feature"
    words = " or ".join(str(d) for d in fits)
    return (f"; these features make beaches as hard as difficulty {words}: try --difficulty {fits[0]}, "
            "or other --features")


@cache
def _neighbours4(w: int, h: int) -> dict[tuple[int, int], list[tuple[int, int]]]:
    """Each square's 4-neighbours, in core.grid's order (the candidate builder asks thousands of times)."""
    g = get_grid(w, h)
    return {(x, y): g.neighbours4(x, y) for y in range(h) for x in range(w)}


@cache
def _neighbours8(w: int, h: int) -> dict[tuple[int, int], list[tuple[int, int]]]:
    """Each square's 8-neighbours, row by row from the north-west (the candidate builder's order)."""
    return {(x, y): [(x + dx, y + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1)
                     if (dx or dy) and 0 <= x + dx < w and 0 <= y + dy < h] for y in range(h) for x in range(w)}


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

    nb8 = _neighbours8(w, h)

    if bar:  # the bar stands on the north edge, which it closes with the boardwalk (rulebook, board 3)
        edge = True
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
                ring = set(nb8[a]) | set(nb8[b])
                if any(cells[yy][xx] != "." for xx, yy in ring):
                    continue
                cells[a[1]][a[0]] = cells[b[1]][b[0]] = "B"
                break
            else:
                return None
    nb4 = _neighbours4(w, h)
    wasted: set[tuple[int, int]] = set()  # the squares next to waste (4-neighbours)
    if waste:
        # a waste square's spot: sand with nothing but sand and resources round it (8-neighbours);
        # kept up to date as waste is placed (a waste square takes its spot and its neighbours')
        spots = [(x, y) for x, y in interior if cells[y][x] == "."
                 and all(cells[yy][xx] in ".asp" for xx, yy in nb8[x, y])]
        for _ in range(rng.randint(*gen["waste"])):
            if not spots:
                return None
            x, y = rng.choice(spots)
            cells[y][x] = "x"
            gone = {(x, y), *nb8[x, y]}
            spots = [q for q in spots if q not in gone]
            wasted.update(nb4[x, y])
    open_rows = range(0 if edge else 1, h - 1)
    # the sand squares with no waste next to them (waste is placed before the resources), in order;
    # a resource takes its square off the list
    free = [(x, y) for y in open_rows for x in range(1, w - 1) if (x, y) not in wasted and cells[y][x] == "."]
    near_resource: set[tuple[int, int]] = set()  # the squares next to a resource (4-neighbours)
    touching = 0
    for ch in "asp":
        for _ in range(rng.randint(*gen["resources_per_kind"])):
            if not free:
                return None
            x, y = rng.choice(free)
            near = sum(cells[yy][xx] in "asp" for xx, yy in nb4[x, y])
            if touching + near > gen["max_touching_resources"]:
                spots = [q for q in free if q not in near_resource]
                if not spots:
                    return None
                x, y = rng.choice(spots)
                near = 0
            touching += near
            cells[y][x] = ch
            free.remove((x, y))
            near_resource.update(nb4[x, y])
    north = "bar" if bar and edge else ("sea" if edge else "none")
    return Board(id=board_id, rows=tuple("".join(r) for r in cells), closed_edges=("north",) if edge else (),
                 north=north, bar_points=gen["bar_points"] if bar else 0,
                 name=dict(RANDOM_NAME))
