"""`boardgen rzuc-na-tace …`: print score-sheet pads, score a filled sheet, check a sheet by play.

    sheet   a pad of sheets (standard or a balanced random variant) as PDF, plus its setup JSON
    score   the breakdown of a filled sheet (JSON); violations exit 1, a malformed file exits 2
    check   a sheet's rules, then random and greedy playouts per player count
    play    one game with bots, the filled sheets written as JSON (input for `score`)
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Annotated, Any

import typer

from generator.clikit import (
    CodeOpt,
    JobsOpt,
    JsonOpt,
    LangOpt,
    OutOpt,
    PaperOpt,
    SeedOpt,
    check_lang,
    check_out,
    check_paper,
    fail,
    guarded,
    out_console,
    print_json,
    progress_bar,
    resolve,
)
from generator.core.checks import UserInputError
from generator.core.data import load_toml
from generator.core.files import dumps_setup, load_setup, output_files, output_set, relocate, save_setup, write_atomic
from generator.core.parallel import map_jobs
from generator.core.playout import get_bot, play_one, run_playouts
from generator.core.rng import make_rng
from generator.games.rzuc_na_tace import draw
from generator.games.rzuc_na_tace.engine import State, make_invariant_checker
from generator.games.rzuc_na_tace.model import GAME, Layout, standard_layout
from generator.games.rzuc_na_tace.rules import (
    check_filled,
    check_layout,
    parse_filled,
    parse_pad_layout,
    score,
    sheet_to_filled_json,
)
from generator.games.rzuc_na_tace.setup import (
    CODE,
    DEFAULT_BALANCE_GAMES,
    MAX_TRIES,
    MIN_BALANCE_GAMES,
    VARIANTS,
    Setup,
    generate,
)
from generator.render.pdf import write_pdf
from generator.render.png import write_png

SETUP_VERSION = 1
MAX_COUNT = 1000
#: the names a sheet set may hold (an old one that the new set does not write is dropped)
OUTPUT_NAMES = ("setup.json", "sheets.pdf", "sheets.png")

app = typer.Typer(help="Rzuć na tacę — score-sheet pads (standard or balanced random variants), scoring of "
                  "a filled sheet, and a dice engine that plays it.", no_args_is_help=True)

PlayersOpt = Annotated[int, typer.Option("--players", help="Number of players 1-4 (sets the round track).")]
VariantOpt = Annotated[str, typer.Option("--variant", metavar="standard|random",
                                         help="standard, or random: a reshuffled sheet accepted only if greedy play "
                                              "shows it within ±5% of the standard (a sequential test on the same "
                                              "dice; at most 1 variant in 20 outside the band).")]
MAX_BALANCE_GAMES = 100_000
BalanceGamesOpt = Annotated[int, typer.Option(
    "--balance-games", help=f"Most solo greedy games per variant candidate ({MIN_BALANCE_GAMES}-{MAX_BALANCE_GAMES}); "
    "the test stops as soon as a candidate is clearly in or out.")]
_SUFFIX = re.compile(r"G([0-9]{1,6})")  # ASCII digits only: str.isdigit() also takes '²'


def _split_code(code: str | None, balance_games: int) -> tuple[str | None, int]:
    """CODE~G<games> -> (CODE, games): a variant balanced on other than the default number of
    games carries it in its code, so --code gives back the same sheet (in `sheet` and `check`)."""
    if not balance_games_ok(balance_games):
        fail(f"--balance-games must be {MIN_BALANCE_GAMES}..{MAX_BALANCE_GAMES}, not {balance_games} "
             f"(fewer games can never show a variant inside the ±5% band)")
    if code is None:
        return None, balance_games
    base, sep, mark = code.strip().partition("~")
    if not base:
        fail(f"setup code {code!r} is malformed (expected PREFIX-OPTIONS-SEED-CHECK)")
    if not sep:
        return base, balance_games
    m = _SUFFIX.fullmatch(mark.upper())
    if m is None:
        fail(f"setup code {code!r}: unknown suffix ~{mark} (expected ~G<balance games>)")
    games = int(m[1])
    if not balance_games_ok(games):
        fail(f"setup code {code!r}: ~G{games} is outside {MIN_BALANCE_GAMES}..{MAX_BALANCE_GAMES} balance games")
    return base, games


def balance_games_ok(games: int) -> bool:
    return MIN_BALANCE_GAMES <= games <= MAX_BALANCE_GAMES


def _code_with_games(code: str, variant: str, games: int) -> str:
    return f"{code}~G{games}" if variant != "standard" and games != DEFAULT_BALANCE_GAMES else code


def _load_setup(path: Path) -> dict[str, Any]:
    return load_setup(path, GAME, (SETUP_VERSION,))


def _options(players: int, variant: str) -> dict[str, Any]:
    if not 1 <= players <= 4:
        fail(f"--players must be 1..4, not {players}")
    if variant not in VARIANTS:
        fail(f"unknown variant {variant!r} (choose {' or '.join(VARIANTS)})")
    return {"players": players, "variant": variant}


def write_outputs(setup: Setup, code: str, folder: Path, paper_name: str = "a4", lang: str = "pl",
                  count: int = 1, per_page: int = 2, png: bool = False) -> dict[str, Path]:
    """setup.json and sheets.pdf (and sheets.png, the first page) in `folder` — a stage of
    core.files.output_set, so the set is swapped in whole."""
    paper = check_paper(paper_name)
    files = {"setup": folder / "setup.json", "pdf": folder / "sheets.pdf"}
    scene = draw.sheet_scene(setup, code, paper, per_page, count, lang)
    save_setup(files["setup"], GAME, SETUP_VERSION, code, setup.to_json())
    write_pdf(scene, files["pdf"])
    if png:
        files["png"] = folder / "sheets.png"
        write_png(scene, 0, files["png"], dpi=100)
    return files


@app.command("sheet")
def sheet_cmd(
    players: PlayersOpt = 2,
    count: Annotated[int, typer.Option("--count", help="Number of sheets in the pad.")] = 10,
    per_page: Annotated[int, typer.Option("--per-page", help="1 (one enlarged sheet per portrait page) or 2 "
                                          "(two true-scale sheets side by side on a landscape page).")] = 2,
    variant: VariantOpt = "standard",
    seed: SeedOpt = None,
    code: CodeOpt = None,
    paper: PaperOpt = "a4",
    lang: LangOpt = "pl",
    out: OutOpt = Path("output"),
    balance_games: BalanceGamesOpt = DEFAULT_BALANCE_GAMES,
    tries: Annotated[int, typer.Option("--tries", help="Most variant candidates to try before giving up.")] = MAX_TRIES,
    png: Annotated[bool, typer.Option("--png", help="Also write a PNG preview of the first page.")] = False,
    jobs: JobsOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Print a pad of score sheets (PDF + setup JSON) into OUT/<code>/."""
    lang = check_lang(lang)
    check_paper(paper)
    check_out(out)
    if per_page not in (1, 2):
        fail(f"--per-page must be 1 or 2, not {per_page}")
    if not 1 <= count <= MAX_COUNT:
        fail(f"--count must be 1..{MAX_COUNT}, not {count}")
    if not 1 <= tries <= 1000:
        fail(f"--tries must be 1..1000, not {tries}")
    base, balance_games = _split_code(code, balance_games)
    options, seed_, code_ = resolve(CODE, _options(players, variant), seed, base)
    code_ = _code_with_games(code_, options["variant"], balance_games)  # the candidate depends on the games
    with guarded():
        with progress_bar(tries, "balancing variant", threshold=2) as tick:
            setup = generate(options["players"], options["variant"], seed_, balance_games, tries, tick, jobs=jobs)
        with output_set(out / code_, owns=OUTPUT_NAMES) as stage:
            files = relocate(write_outputs(setup, code_, stage, paper, lang, count, per_page, png), stage,
                             out / code_)
    if as_json:
        print_json({"code": code_, "seed": seed_, "setup": setup.to_json(),
                    "files": {k: str(v) for k, v in files.items()}})
        return
    out_console.print(f"code {code_} (seed {seed_}) · {options['variant']} sheet · {options['players']} players",
                      highlight=False)
    if setup.balance is not None:
        b = setup.balance
        lo, hi = b.interval
        out_console.print(f"balanced: variant mean {b.variant_mean:.1f} vs standard {b.standard_mean:.1f}, "
                          f"gap {b.gap:+.1%} ({b.plan.confidence:.0%} interval {lo:+.1%} to {hi:+.1%}) over "
                          f"{b.games} paired solo greedy games, candidate {b.tries}", highlight=False)
    for v in files.values():
        out_console.print(f"wrote {v}", highlight=False)


@app.command("score")
def score_cmd(file: Annotated[Path, typer.Argument(help="A filled sheet (boardgen setup JSON).")],
              as_json: JsonOpt = False) -> None:
    """Score a filled sheet, area by area; a sheet that breaks a rule is reported (exit 1)."""
    with guarded():
        doc = _load_setup(file)
        rep, sheet = check_filled(parse_filled(doc["setup"], str(file)))
    breakdown = score(sheet)
    if as_json:
        print_json({"code": doc["code"], "ok": rep.ok, "violations": rep.to_json(), "score": breakdown})
    else:
        for v in rep:
            out_console.print(f"violation: {v}", highlight=False, markup=False)
        for key in ("yellow", "blue", "green", "orange", "purple"):
            out_console.print(f"{key:>8}: {breakdown[key]}", highlight=False)
        lowest = min(breakdown[k] for k in ("yellow", "blue", "green", "orange", "purple"))
        out_console.print(f"   foxes: {breakdown['foxes']} × {lowest} = {breakdown['fox_points']}", highlight=False)
        out_console.print(f"   total: {breakdown['total']}", highlight=False)
    if not rep.ok:
        raise typer.Exit(1)


def _layout_from(path: Path) -> Layout:
    if path.suffix.lower() == ".toml":  # read as every user TOML is: bounded, one-line errors
        return Layout.from_dict(load_toml(path), source=path.name)
    return parse_pad_layout(_load_setup(path)["setup"], str(path))


@app.command("check")
def check_cmd(
    layout_file: Annotated[Path | None, typer.Option("--layout", help="A sheet to check: a layout TOML or a "
                                                     "setup.json written by `sheet` (default: --variant).")] = None,
    variant: VariantOpt = "standard",
    seed: SeedOpt = None,
    code: CodeOpt = None,
    games: Annotated[int, typer.Option("--games", help="Playouts per bot and player count.")] = 200,
    players: Annotated[int | None, typer.Option("--players", help="Only this player count (default 1-4).")] = None,
    balance_games: BalanceGamesOpt = DEFAULT_BALANCE_GAMES,
    jobs: JobsOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Check a sheet's rules, then play it with random and greedy bots (invariants checked after
    every move): completion and mean/min/max score per player count. Exit 1 on any problem."""
    if not 1 <= games <= 100_000:
        fail(f"--games must be 1..100000, not {games}")
    if players is not None and not 1 <= players <= 4:
        fail(f"--players must be 1..4, not {players}")
    balance = None
    with guarded():
        if layout_file is not None:
            lay, code_, seed_ = _layout_from(layout_file), str(layout_file), 1
        else:
            base, balance_games = _split_code(code, balance_games)
            options, seed_, code_ = resolve(CODE, _options(players or 1, variant), seed, base)
            code_ = _code_with_games(code_, options["variant"], balance_games)
            setup = generate(options["players"], options["variant"], seed_, balance_games, jobs=jobs)
            lay, balance = setup.layout, setup.balance
        ref = standard_layout() if lay.name == "variant" else None
        report = check_layout(lay, reference=ref)
    result: dict[str, Any] = {"code": code_, "violations": report.to_json(), "players": {}}
    if balance is not None:
        result["balance"] = balance.to_json()
    ok = report.ok
    if ok:
        counts = [players] if players else [1, 2, 3, 4]
        work = [(lay, n, bot, games, seed_) for n in counts for bot in ("random", "greedy")]
        with progress_bar(len(work), "playouts", threshold=2) as tick:
            outcomes = map_jobs(_playout_job, work, jobs, progress=tick)
        for (_, n, bot, _, _), (per_bot, playable) in zip(work, outcomes, strict=True):
            result["players"].setdefault(str(n), {})[bot] = per_bot
            ok = ok and playable
    result["ok"] = ok
    if as_json:
        print_json(result)
    else:
        out_console.print(f"sheet {code_}: {'rules OK' if report.ok else f'{len(report)} violation(s)'}",
                          highlight=False, markup=False)
        if "balance" in result:
            bj = result["balance"]
            out_console.print(f"balance: gap {bj['gap']:+.1%} vs the standard ({bj['test']['confidence']:.0%} interval "
                              f"{bj['interval'][0]:+.1%} to {bj['interval'][1]:+.1%}, band ±"
                              f"{bj['test']['tolerance']:.0%}) over {bj['games']} paired games", highlight=False)
        for v in report:
            out_console.print(f"  {v}", highlight=False, markup=False)
        for n, per in result["players"].items():
            for bot, r in per.items():
                out_console.print(f"{n} player(s), {bot:>6}: {r['completed']}/{r['games']} completed, score mean "
                                  f"{r['mean']}, min {r['min']}, max {r['max']}", highlight=False)
                for f in r["failures"][:2]:
                    out_console.print(f"  failed playout seed {f['seed']}: {f['reason']}", highlight=False,
                                      markup=False)
    if not ok:
        raise typer.Exit(1)


def _playout_job(job: tuple[Layout, int, str, int, int]) -> tuple[dict[str, Any], bool]:
    """One player count and bot of `check` (a module-level job for map_jobs: its seed is fixed)."""
    lay, n, bot, games, seed = job
    rep = run_playouts(lambda rng: State(n, rng, lay), games, seed, bot, invariant=make_invariant_checker())
    scores = [s for g in rep.scores for s in g]
    js = rep.to_json()
    return ({"completed": rep.completed, "games": rep.games, "playable": rep.playable,
             "mean": round(sum(scores) / len(scores), 2) if scores else 0.0,
             "min": min(scores, default=0), "max": max(scores, default=0),
             "moves": js["length"], "extras": js["extras"], "failures": js["failures"]}, rep.playable)


@app.command("play")
def play_cmd(
    players: PlayersOpt = 1,
    bot: Annotated[str, typer.Option("--bot", metavar="random|greedy", help="random or greedy (every seat).")]
    = "greedy",
    seed: SeedOpt = None,
    out: Annotated[Path | None, typer.Option("--out", help="A folder: write each player's filled sheet as JSON into it "
                                             "(input for `score`).")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Play one standard game with bots and show each player's breakdown."""
    options, seed_, code_ = resolve(CODE, _options(players, "standard"), seed, None)
    if bot not in ("random", "greedy"):
        fail(f"unknown bot {bot!r} (choose random or greedy)")
    if out is not None:
        check_out(out)  # a folder, checked before the game is played
    state = State(players, make_rng(seed_, "dice"))
    moves = play_one(state, [get_bot(bot)] * players, random.Random(seed_))
    sheets = [sheet_to_filled_json(s) for s in state.sheets]
    written = []
    if out is not None:
        with guarded(), output_files(out) as stage:  # every player's sheet, or none
            for i, body in enumerate(sheets, start=1):
                write_atomic(stage / f"{code_}-player{i}.json", dumps_setup(GAME, SETUP_VERSION, code_, body))
                written.append(str(out / f"{code_}-player{i}.json"))
    if as_json:
        print_json({"code": code_, "moves": moves, "scores": state.breakdowns(), "sheets": sheets,
                    "files": written})
        return
    out_console.print(f"code {code_} · {players} player(s) · {bot} · {moves} moves", highlight=False)
    for i, b in enumerate(state.breakdowns(), start=1):
        out_console.print(f"player {i}: " + ", ".join(f"{k} {v}" for k, v in b.items()), highlight=False)
    for w in written:
        out_console.print(f"wrote {w}", highlight=False)


def make_all(out: Path, seed: int, paper: str = "a4", lang: str = "pl", jobs: int | None = 1) -> list[Path]:
    """The Rzuć na tacę part of `boardgen all`: a standard 2-player pad and a balanced variant,
    each with a PNG preview of its first page."""
    written: list[Path] = []
    with output_set(out / "rzuc-na-tace") as stage:  # the game's folder is one unit
        for options in ({"players": 2, "variant": "standard"}, {"players": 2, "variant": "random"}):
            code = CODE.encode(options, seed)
            try:
                setup = generate(options["players"], options["variant"], seed, jobs=jobs)
            except UserInputError as exc:  # pragma: no cover - built-in data always works
                fail(str(exc))
            written.extend(write_outputs(setup, code, stage / code, paper, lang, 10, 2, png=True).values())
        return relocate(written, stage, out / "rzuc-na-tace")
