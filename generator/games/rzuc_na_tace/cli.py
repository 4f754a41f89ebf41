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
from typing import Any

import typer

from generator import clikit, face
from generator.clikit import (
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
from generator.core.data import load_toml
from generator.core.fields import LIST, OBJECT, STR, Fields, Kind
from generator.core.files import dumps_setup, load_setup, output_files, output_set, relocate, save_setup, write_atomic
from generator.core.parallel import map_jobs
from generator.core.playout import get_bot, play_one, run_playouts
from generator.core.rng import make_rng
from generator.games.rzuc_na_tace import draw
from generator.games.rzuc_na_tace.face import FACE
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
    MIN_BALANCE_GAMES,
    Setup,
    generate,
)
from generator.render.pdf import write_pdf
from generator.render.png import write_png

SETUP_VERSION = 1
MAX_COUNT = 1000
#: the names a sheet set may hold (an old one that the new set does not write is dropped)
OUTPUT_NAMES = face.owns(FACE)
NAMES = FACE.outputs

app = typer.Typer(help="Rzuć na tacę — score-sheet pads (standard or balanced random variants), scoring of "
                  "a filled sheet, and a dice engine that plays it.", no_args_is_help=True)

MAX_BALANCE_GAMES = 100_000
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
    return {"players": players, "variant": variant}


def write_outputs(setup: Setup, code: str, folder: Path, paper_name: str = "a4", lang: str = "pl",
                  count: int = 1, per_page: int = 2, png: bool = False, title: str = "",
                  player_names: tuple[str, ...] = (), extra: dict[str, Any] | None = None) -> dict[str, Path]:
    """setup.json and sheets.pdf (and preview.png, the first page) in `folder` — a stage of
    core.files.output_set, so the set is swapped in whole. A `title` heads every sheet; with
    `player_names` each name gets `count` sheets with the name on its Player line (pad_text);
    `extra` holds more of the pad's record (a layout file's rating) for setup.json."""
    from generator.core.pad_text import sheet_names

    from . import pad_text as rz_text

    paper = check_paper(paper_name)
    files = {"setup": folder / NAMES["setup"], "sheets": folder / NAMES["sheets"]}
    who = sheet_names(player_names, count)
    rating = (extra or {}).get("rating_text", "")
    scene = draw.sheet_scene(setup, code, paper, per_page, count, lang, title=title, names=who,
                             name_at=(rz_text.name_x(), rz_text.NAME_BASELINE), rating=rating)
    body = setup.to_json()
    body.update({k: v for k, v in (extra or {}).items() if k not in ("rating_text", "rating_en")})
    if title:
        body["title"] = title
    if player_names:
        body["names"] = list(player_names)
        body["sheets"] = [{"name": n} for n in who]
    save_setup(files["setup"], GAME, SETUP_VERSION, code, body)
    write_pdf(scene, files["sheets"])
    if png:
        files["preview"] = folder / NAMES["preview"]
        write_png(scene, 0, files["preview"], dpi=100)
    return files


@face.command(app, FACE, "sheet")
def sheet_cmd(
    players: int,
    count: int,
    per_page: int,
    variant: str,
    layout_file: Path | None,
    export_layout: bool,
    seed: int | None,
    code: str | None,
    paper: str,
    lang: str,
    title: str | None,
    names: str | None,
    out: Path,
    balance_games: int,
    tries: int,
    png: bool,
    jobs: int | None,
    as_json: bool,
) -> None:
    """`boardgen rzuc-na-tace sheet` (its help and options: face.toml [commands.sheet])."""
    lang = check_lang(lang)
    check_paper(paper)
    check_out(out)
    if not 1 <= count <= MAX_COUNT:
        fail(f"--count must be 1..{MAX_COUNT}, not {count}")
    if not 1 <= tries <= 1000:
        fail(f"--tries must be 1..1000, not {tries}")
    own = _own_layout(layout_file, variant, export_layout)
    code = _layout_mark(code, own)
    base, balance_games = _split_code(code, balance_games)
    options, seed_, code_ = resolve(CODE, _options(players, variant), seed, base)
    code_ = _code_with_games(code_, options["variant"], balance_games)  # the candidate depends on the games
    heading, who = _pad_words(title, names, lang)
    if len(who) * count > MAX_COUNT:
        fail(f"{len(who)} names x --count {count} is {len(who) * count} sheets, at most {MAX_COUNT}")
    extra: dict[str, Any] = {}
    with guarded():
        if own is not None:
            from .layout_file import mark_code, rate_layout

            if options["variant"] != "standard":
                fail(f"setup code {code} is of a random variant; --layout prints the file's sheet")
            rating = rate_layout(own, balance_games)
            extra = {"rating": rating.to_json(), "rating_text": rating.describe(lang), "rating_en": rating.describe()}
            setup = Setup(own, options["players"], "standard" if own == standard_layout() else "custom")
            code_ = mark_code(code_, own)
        else:
            with progress_bar(tries, "balancing variant", threshold=2) as tick:
                setup = generate(options["players"], options["variant"], seed_, balance_games, tries, tick,
                                 jobs=jobs)
        if export_layout:
            from .layout_file import export_layout as export

            origin = "the standard sheet" if options["variant"] == "standard" else f"code {code_}"
            typer.echo(export(setup.layout, origin), nl=False)
            return
        folder = face.set_folder(out, FACE.game, code_)
        clikit.print_moved(FACE, folder)
        with output_set(folder, owns=OUTPUT_NAMES) as stage:
            files = write_outputs(setup, code_, stage, paper, lang, count, per_page, png, title=heading,
                                  player_names=who, extra=extra)
            files["command"] = face.stamp(stage, code_, FACE, "sheet")
            files = relocate(files, stage, folder)
    if as_json:
        doc: dict[str, Any] = {"code": code_, "seed": seed_, "setup": setup.to_json(),
                               "files": {k: str(v) for k, v in files.items()},
                               "sheets": len(who) * count if who else count}
        if heading:
            doc["title"] = heading
        if who:
            doc["names"] = list(who)
        if "rating" in extra:
            doc["rating"] = extra["rating"]
        print_json(doc)
        return
    out_console.print(f"code {code_} (seed {seed_}) · {options['variant']} sheet · {options['players']} players",
                      highlight=False)
    if setup.balance is not None:
        b = setup.balance
        lo, hi = b.interval
        out_console.print(f"balanced: variant mean {b.variant_mean:.1f} vs standard {b.standard_mean:.1f}, "
                          f"gap {b.gap:+.1%} ({b.plan.confidence:.0%} interval {lo:+.1%} to {hi:+.1%}) over "
                          f"{b.games} paired solo greedy games, candidate {b.tries}", highlight=False)
    if "rating" in extra:
        out_console.print(f"{layout_file}: {extra['rating_en']}", highlight=False, markup=False)
    for v in files.values():
        out_console.print(f"wrote {v}", highlight=False)


def _own_layout(path: Path | None, variant: str, export: bool) -> Layout | None:
    """`sheet --layout FILE`: the file's layout, read strictly (exit 2 when malformed) and
    checked by rule (exit 1, each broken rule on its own line), or None without --layout."""
    if path is None:
        return None
    if export:
        fail("--export-layout writes a sheet's layout and --layout reads one: give one of them")
    if variant != "standard":
        fail("--layout prints the file's sheet and --variant random makes a new one: give one of them")
    from .layout_file import check_layout_file

    with guarded():
        lay = _layout_from(path)
    rep = check_layout_file(lay)
    if not rep.ok:
        out_console.print(f"{path}: {len(rep)} broken rule(s)", highlight=False, markup=False)
        for v in rep:
            out_console.print(f"  {v}", highlight=False, markup=False)
        raise typer.Exit(1)
    return lay


_LAYOUT_MARK = re.compile(r"L[0-9A-F]{6}")


def _layout_mark(code: str | None, own: Layout | None) -> str | None:
    """A code printed on a sheet from a layout file ends in ~L<digest>: it reproduces only with
    the same file. Returns the code without the mark (the ~G mark of a variant stays)."""
    if code is None:
        return None
    base, sep, mark = code.strip().partition("~")
    if not sep or not mark.upper().startswith("L"):
        if own is not None:
            fail(f"setup code {code!r} is not of a sheet from a layout file (drop --layout, or give its code)")
        return code
    from .layout_file import layout_digest

    if not _LAYOUT_MARK.fullmatch(mark.upper()):
        fail(f"setup code {code!r}: unknown suffix ~{mark} (a layout file's code ends in ~L and 6 characters)")
    if own is None:
        fail(f"setup code {code!r} was made with a layout file: pass the same --layout FILE")
    if layout_digest(own) != mark[1:].upper():
        fail(f"--layout is not the layout of setup code {code!r} (this layout is ~L{layout_digest(own)})")
    return base


@face.command(app, FACE, "score")
def score_cmd(
    file: Path,
    as_json: bool,
) -> None:
    """`boardgen rzuc-na-tace score` (its help and options: face.toml [commands.score])."""
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


#: the keys `sheet` adds to a pad's setup.json beside the layout's record (rules.parse_pad_layout
#: reads the rest): the pad's title, its players' names, each sheet's name, a layout file's rating
PAD_EXTRA_FIELDS: dict[str, Kind] = {"title": STR, "names": LIST, "sheets": LIST, "rating": OBJECT}



def _pad_words(title: str | None, names: str | None, lang: str) -> tuple[str, tuple[str, ...]]:
    """--title and --names checked to fit where the sheet prints them (rzuc_na_tace.pad_text):
    one line and exit 2 for a title or name that is empty, unprintable or too wide."""
    from generator.core.pad_text import parse_names, parse_title

    from . import pad_text as rz_text

    with guarded():
        heading = parse_title(title, rz_text.title_slot(lang)) if title is not None else ""
        who = parse_names(names, rz_text.name_slot()) if names is not None else ()
    return heading, who


def _layout_from(path: Path) -> Layout:
    """A layout TOML, or the layout of a setup.json `sheet` wrote, read strictly."""
    if path.suffix.lower() == ".toml":  # read as every user TOML is: bounded, one-line errors
        return Layout.from_dict(load_toml(path), source=path.name)
    body = _load_setup(path)["setup"]
    if isinstance(body, dict) and set(body) & set(PAD_EXTRA_FIELDS):
        f = Fields(str(path))
        for key, kind in PAD_EXTRA_FIELDS.items():
            if key in body:
                f.obj({key: body[key]}, "setup", {key: kind})
        body = {k: v for k, v in body.items() if k not in PAD_EXTRA_FIELDS}
    return parse_pad_layout(body, str(path))


@face.command(app, FACE, "check")
def check_cmd(
    layout_file: Path | None,
    variant: str,
    seed: int | None,
    code: str | None,
    games: int,
    players: int | None,
    balance_games: int,
    jobs: int | None,
    as_json: bool,
) -> None:
    """`boardgen rzuc-na-tace check` (its help and options: face.toml [commands.check])."""
    if not 1 <= games <= 100_000:
        fail(f"--games must be 1..100000, not {games}")
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
    from generator.games.rzuc_na_tace.engine import State, make_invariant_checker  # playing loads the compiled engine

    lay, n, bot, games, seed = job
    rep = run_playouts(lambda rng: State(n, rng, lay), games, seed, bot, invariant=make_invariant_checker())
    scores = [s for g in rep.scores for s in g]
    js = rep.to_json()
    return ({"completed": rep.completed, "games": rep.games, "playable": rep.playable,
             "mean": round(sum(scores) / len(scores), 2) if scores else 0.0,
             "min": min(scores, default=0), "max": max(scores, default=0),
             "moves": js["length"], "extras": js["extras"], "failures": js["failures"]}, rep.playable)


@face.command(app, FACE, "play")
def play_cmd(
    players: int,
    bot: str,
    seed: int | None,
    out: Path | None,
    as_json: bool,
) -> None:
    """`boardgen rzuc-na-tace play` (its help and options: face.toml [commands.play])."""
    options, seed_, code_ = resolve(CODE, _options(players, "standard"), seed, None)
    if out is not None:
        check_out(out)  # a folder, checked before the game is played
    from generator.games.rzuc_na_tace.engine import State  # playing loads the compiled engine

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


def make_all(out: Path, seed: int, paper: str = "a4", lang: str = "pl") -> list[Path]:
    """The Rzuć na tacę part of `boardgen all`: a standard 2-player pad and a balanced variant, each
    with a PNG preview of its first page (face.toml [[all]])."""
    return clikit.make_game_part(app, FACE, out, seed, paper, lang)
