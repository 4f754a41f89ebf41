"""`boardgen planety …`: the star draw and a big bang proved playable, its check, and its print kit.

    setup   draw the stars, throw the big bang until it is playable; setup.json, summary, print kit
    check   a setup file against every rule (names the player and orbit that cannot be filled);
            with --playouts N, bot games on it (completion, turns, wins, life, stranding)
    play    one bot game on a setup file, move by move
    catalog check a catalog by rule id, with the sampled odds of a playable big bang (--template:
            the built-in content to copy and edit)
    compare the built-in content against your catalog, with bots, on the same seeds

A user's own content (`--catalog FILE`, the shape of data/content.toml) is validated by the same
catalog rules as ours; a setup made with it carries `~C<digest>` in its code, and `--code` or
`check` then need the same catalog.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from generator import clikit, face
from generator.clikit import (
    check_lang,
    check_paper,
    err_console,
    fail,
    guarded,
    out_console,
    print_json,
    progress_bar,
    resolve,
    write_component_preview,
)
from generator.core.checks import UserInputError
from generator.core.files import SetupFileError, load_setup, output_set, save_setup
from generator.core.playout import get_bot
from generator.core.rng import make_rng
from generator.games.planety import playability
from generator.games.planety.engine import State, check_invariants
from generator.games.planety.face import FACE
from generator.games.planety.model import GAME, SETUP_VERSION, Catalog, Setup, builtin_catalog, load_catalog
from generator.games.planety.rules import CODE, check, check_catalog
from generator.games.planety.setup import generate, regenerates

if TYPE_CHECKING:
    from generator.render.component_preview import Shown
    from generator.render.scene import Scene

app = typer.Typer(help="Planety — a big bang proved playable (every orbit can get its own planet), "
                  "double-sided tiles to print, and an engine that plays it.", no_args_is_help=True)

MAX_FILE = 2_000_000
MAX_PLAYOUTS = 100_000

NAMES = FACE.outputs  # kind -> file name
BACKS = tuple(FACE.commands["setup"].option("backs").choices)
EXPORTS = tuple(FACE.commands["setup"].option("export").choices)


def get_catalog(path: Path | None) -> Catalog:
    """The built-in catalog or the user's, which must pass every catalog rule (else one line, exit 2)."""
    with guarded():
        cat = load_catalog(path)
        rep = check_catalog(cat)
        if not rep.ok:
            fail(f"{path}: not a Planety catalog: {rep.violations[0]}"
                 + (f" (and {len(rep) - 1} more)" if len(rep) > 1 else ""))
        return cat
    raise AssertionError  # unreachable: guarded() exits


def split_code(code: str) -> tuple[str, str]:
    """CODE or CODE~C<catalog digest> -> (CODE, digest or "")."""
    base, _, mark = code.strip().partition("~")
    return base, mark.upper()


def write_outputs(stage: Path, setup: Setup, code: str, paper_name: str = "a4", lang: str = "pl",
                  bleed: float = 0.0, cat: Catalog | None = None, backs: str = "duplex") -> dict[str, Path]:
    """Every file of one setup but the setup card, written into `stage` (an output_set folder); the
    summary counts the kit's sheets from these files' pages (and the setup card's, printed with `backs`)."""
    from generator.games.planety import draw  # drawing, PDF and PNG load only in the commands that draw
    from generator.render.pdf import write_pdf
    from generator.render.png import write_png

    paper = check_paper(paper_name)
    cat = cat or builtin_catalog()
    for note in draw.bleed_notes(paper, bleed, cat):  # e.g. bleed costing tiles per sheet: said, never silent
        err_console.print(f"note: {note}", markup=False, highlight=False)
    files = {kind: stage / NAMES[kind] for kind in ("setup", "summary", "preview", "tiles_duplex", "tiles_fold", "kit")}
    save_setup(files["setup"], GAME, SETUP_VERSION, code, setup.to_json())
    duplex = draw.tiles_duplex_scene(code, paper, lang, bleed, cat)
    fold = draw.tiles_fold_scene(code, paper, lang, bleed, cat)
    kit = draw.kit_scene(code, paper, lang, cat)
    sheets = draw.kit_sheets(duplex.pages, fold.pages, kit.pages, paper, lang, backs)
    summary = draw.summary_scene(setup, code, paper, lang, cat, sheets)
    write_pdf(summary, files["summary"])
    write_png(summary, 0, files["preview"], dpi=90)
    write_pdf(duplex, files["tiles_duplex"])
    write_pdf(fold, files["tiles_fold"])
    write_pdf(kit, files["kit"])
    return files


def write_setup_card(setup: Setup, cat: Catalog, code: str, stage: Path, paper_name: str, lang: str,
                     report: dict[str, Any] | None, bleed: float = 0.0, backs: str = "duplex") -> Scene:
    """setup-card.pdf: the stars drawn and the big bangs it took, how often bots strand a player on
    this table (and whether the big bang is balanced), the checks passed and the headline playout
    figures, on one card in the chosen language; `backs` as for every card file (duplex, fold, none).
    Returns the card's scene (its card is what --export cards-png writes)."""
    from generator.games.planety.cards import STYLE
    from generator.games.planety.draw import card_facts
    from generator.render.pdf import write_pdf
    from generator.render.rulecards import CardOverflowError, Played, setup_card_scene

    played = [Played(bot, d["games"], d["completed"], "turns", d["turns"] or {"mean": 0, "min": 0, "max": 0},
                     tuple(d["wins_per_seat"]), (("stranded", f"{d['stranding_rate']:.0%}"),))
              for bot, d in (report or {}).items() if isinstance(d, dict) and "games" in d]
    facts = card_facts(setup, cat, lang, stranded=not played)  # the played rows give stranding per bot
    try:
        scene = setup_card_scene(STYLE, GAME, code, lang, check_paper(paper_name), facts, played, bleed, backs=backs)
    except CardOverflowError:
        if not (setup.balanced and played):
            raise
        # four stars, the balanced line and both bots' rows overflow the card: the greedy row gives the
        # stranded rate that made it balanced, and the code (PN-x1) says it is balanced
        err_console.print("note: setup-card.pdf: no room for the balanced line beside the playout figures "
                          f"(the code {code} says it is balanced)", markup=False, highlight=False)
        scene = setup_card_scene(STYLE, GAME, code, lang, check_paper(paper_name), facts[:-1], played, bleed,
                                 backs=backs)
    write_pdf(scene, stage / NAMES["setup_card"])
    return scene


def _summary_lines(setup: Setup, cat: Catalog) -> list[str]:
    lines = [f"{setup.players} players · big bangs thrown: {setup.throws}"]
    for seat, sid in enumerate(setup.stars, start=1):
        s = cat.star(sid)
        fill = " ".join(setup.fill[seat - 1]) if setup.fill else ""
        lines.append(f"player {seat}: {s.name['en']} ({s.orbits} orbits, {s.light} light) · a fill: {fill}")
    faces = []
    for t in cat.tiles:
        f = t.face(setup.faces[t.id])
        faces.append(f"{t.id}{setup.faces[t.id]}={f.id}")
    lines.append("face up: " + " ".join(faces))
    return lines


@face.command(app, FACE, "setup")
def setup_cmd(
    players: int,
    balanced: bool,
    seed: int | None,
    code: str | None,
    paper: str,
    lang: str,
    bleed: float,
    backs: str,
    export: str | None,
    out: Path,
    catalog: Path | None,
    playouts: int,
    jobs: int | None,
    as_json: bool,
) -> None:
    """`boardgen planety setup` (its help and options: face.toml [commands.setup])."""
    lang = check_lang(lang)
    check_paper(paper)
    base, mark = split_code(code) if code is not None else (None, "")
    cat = get_catalog(catalog)
    if mark and catalog is None:
        fail(f"setup code {code!r} was made with a custom catalog: pass the same --catalog FILE")
    if mark and mark != f"C{cat.digest}":
        fail(f"--catalog {catalog} is not the catalog of setup code {code!r} (this catalog is ~C{cat.digest})")
    options, seed_v, code_s = resolve(CODE, {"players": players, "balanced": balanced}, seed, base)
    if catalog is not None:
        code_s = f"{code_s}~C{cat.digest}"  # the content is part of what the code must name
    report = None
    with guarded():
        setup = generate(options["players"], seed_v, cat, balanced=options["balanced"])
        if playouts:
            report = _playouts(setup, playouts, jobs, cat)
        folder = face.set_folder(out, FACE.game, code_s)
        clikit.print_moved(FACE, folder)
        with output_set(folder, owns=face.owns(FACE)) as stage:
            files = write_outputs(stage, setup, code_s, paper, lang, bleed, cat, backs)
            if report is not None:
                files["playouts"] = _write_report(stage, report)
            card = write_setup_card(setup, cat, code_s, stage, paper, lang, report, bleed, backs)
            files["setup_card"] = stage / NAMES["setup_card"]
            if export == "cards-png":
                from generator.render.export import cards_png

                written = cards_png([card], stage / NAMES["cards_png"], jobs=jobs)
                files["cards_png"] = written[-1].parent  # the folder: its manifest.csv lists every image
            files["command"] = face.stamp(stage, code_s, FACE, "setup")
        files = {k: folder / v.name for k, v in files.items()}
    if as_json:
        data: dict[str, Any] = {"code": code_s, "seed": seed_v, "setup": setup.to_json(),
                                "files": {k: str(v) for k, v in files.items()}}
        if report is not None:
            data["playouts"] = report
        print_json(data)
        if report is not None and not report["playable"]:
            raise typer.Exit(1)
        return
    out_console.print(f"[bold]Planety[/] setup [bold cyan]{code_s}[/] (seed {seed_v})", highlight=False)
    for line in _summary_lines(setup, cat):
        out_console.print(f"  {line}", highlight=False, markup=False)
    for path in files.values():
        out_console.print(f"  wrote {path}", highlight=False, markup=False)
    if report is not None:
        _print_report(report)
        if not report["playable"]:
            raise typer.Exit(1)


def read_setup(path: Path) -> tuple[Setup, str]:
    """A setup file (possibly hand-edited): a malformed one exits 2 with one line."""
    with guarded():
        if path.is_file() and path.stat().st_size > MAX_FILE:
            fail(f"{path}: too big for a setup file (over {MAX_FILE // 1_000_000} MB)")
        if path.exists() and not path.is_file():
            fail(f"{path}: not a regular file")
        try:
            doc = load_setup(path, GAME, (SETUP_VERSION,))
        except ValueError as exc:  # json's int limit (> 4300 digits) is a ValueError core does not catch
            if isinstance(exc, (UserInputError, SetupFileError)):
                raise
            fail(f"{path}: not a setup file ({str(exc).split(':')[0]})")
        return Setup.from_json(doc["setup"], str(path)), doc["code"]
    raise AssertionError  # unreachable: guarded() exits


@face.command(app, FACE, "catalog")
def catalog_cmd(
    file: Path | None,
    template: bool,
    preview: bool,
    lang: str,
    out: Path,
    as_json: bool,
) -> None:
    """`boardgen planety catalog` (its help and options: face.toml [commands.catalog])."""
    if template:
        from generator.games.planety.template import template as content_template

        typer.echo(content_template(), nl=False)
        return
    from generator.games.planety.catalog import catalog_report

    with guarded():
        cat, report, odds = catalog_report(file)
    shown = preview_components(cat, check_lang(lang), out) if preview else None
    if as_json:
        print_json({"ok": report.ok, "digest": cat.digest, "violations": report.to_json(),
                    "odds": [{"players": o.players, "orbits": list(o.orbits), "sampled": o.sampled,
                              "playable": o.playable, "short": dict(o.short)} for o in odds],
                    **({"preview": shown.to_json()} if shown is not None else {})})
    else:
        for v in report:
            out_console.print(str(v), highlight=False, markup=False)
        if report.ok:
            out_console.print(f"{cat.source}: usable (digest {cat.digest})", highlight=False, markup=False)
        for o in odds:
            out_console.print(f"  {o.line()}", highlight=False, markup=False)
        if shown is not None:
            for line in shown.lines:
                out_console.print(line, highlight=False, markup=False)
    if not report.ok:
        raise typer.Exit(1)


def preview_components(cat: Catalog, lang: str, out: Path) -> Shown:
    """`catalog --preview`: each tile side and star that is new or changed against the built-in
    catalog alone, into OUT/planety/catalog-C<digest>/ (components/<id>.png, components.pdf,
    command.txt), staged and swapped in whole; nothing is written when none is."""
    from generator.games.planety.preview import components

    return write_component_preview(out, FACE, cat.source, cat.digest, components(cat, lang),
                                   components(builtin_catalog(), lang), lang, "Planety")


@face.command(app, FACE, "compare")
def compare_cmd(
    catalog: Path,
    players: int,
    setups: int,
    games: int,
    seed: int,
    jobs: int | None,
    as_json: bool,
) -> None:
    """`boardgen planety compare` (its help and options: face.toml [commands.compare])."""
    from generator.core.compare import study_size
    from generator.games.planety import compare as study_of
    from generator.games.planety import playability as bots

    with guarded(), progress_bar(study_size(setups, games, len(bots.BOTS)), "games") as tick:
        study = study_of.compare(catalog, players, setups, games, seed, jobs, progress=tick)
    clikit.print_study(study, as_json)


@face.command(app, FACE, "check")
def check_cmd(
    file: Path,
    catalog: Path | None,
    playouts: int,
    jobs: int | None,
    as_json: bool,
) -> None:
    """`boardgen planety check` (its help and options: face.toml [commands.check])."""
    setup, code = read_setup(file)
    cat = get_catalog(catalog)
    base, mark = split_code(code)
    report = check(setup, cat, code=base)
    edited = False
    if report.ok:
        made = regenerates(setup, cat)
        edited = made is None
        if made is not None and made.throws != setup.throws:
            report.add("planety.throws", f"code {base}'s big bang took {made.throws} throw(s), the file says "
                       f"{setup.throws}")
    if catalog is not None and mark != f"C{cat.digest}":
        report.add("planety.code", f"the file's code {code!r} does not name this catalog (~C{cat.digest})")
    elif catalog is None and mark:
        report.add("planety.code", f"the file's code {code!r} names a custom catalog: pass it with --catalog")
    played = None
    if report.ok and playouts:
        with guarded():
            played = _playouts(setup, playouts, jobs, cat)
    if as_json:
        data: dict[str, Any] = {"code": code, "ok": report.ok, "violations": report.to_json()}
        if report.ok:
            data["provenance"] = "edited" if edited else "exact"
        if played is not None:
            data["playouts"] = played
        print_json(data)
    elif report.ok:
        how = (f"edited by hand: code {base} makes another big bang" if edited
               else f"code {code}, {setup.throws} big bang(s)")
        out_console.print(f"{file}: legal and playable setup ({how})", highlight=False, markup=False)
        if played is not None:
            _print_report(played)
    else:
        for v in report:
            out_console.print(str(v), highlight=False, markup=False)
        err_console.print(f"{file}: {len(report)} rule(s) broken", highlight=False, markup=False)
    if not report.ok or (played is not None and not played["playable"]):
        raise typer.Exit(1)


@face.command(app, FACE, "play")
def play_cmd(
    file: Path,
    bot: str,
    seed: int,
    catalog: Path | None,
    as_json: bool,
) -> None:
    """`boardgen planety play` (its help and options: face.toml [commands.play])."""
    setup, code = read_setup(file)
    cat = get_catalog(catalog)
    report = check(setup, cat)
    if not report.ok:
        fail(f"{file} breaks {len(report)} rule(s), first: {report.violations[0]} (see `boardgen planety check`)")
    state = State(setup, cat)
    rng = make_rng(seed, "planety", "play")
    moves: list[dict[str, Any]] = []
    while not state.is_over():
        who = state.current_player()
        move = get_bot(bot)(state, rng)
        moves.append({"player": who + 1, "move": list(move), "text": state.describe(move)})
        state.apply(move)
        check_invariants(state)
    result = {"code": code, "bot": bot, "moves": moves, "end": state.reason, "life": state.scores(),
              "stats": state.stats()}
    if as_json:
        print_json(result)
        return
    for m in moves:
        out_console.print(f"player {m['player']}: {m['text']}", highlight=False, markup=False)
    life = ", ".join(f"player {i}: {int(v)}" for i, v in enumerate(state.scores(), start=1))
    why = f"a player has {cat.win_life} life" if state.reason == "life" else "nobody can play any more"
    out_console.print(f"end ({why}) after {len(moves)} moves · life {life}", highlight=False, markup=False)


def _playouts(setup: Setup, games: int, jobs: int | None, cat: Catalog | None = None) -> dict[str, Any]:
    """Random and greedy games on the setup (seeded by the setup's seed), as report JSON."""
    chunks = 2 * -(-games // playability.CHUNK)
    with progress_bar(chunks, "playouts", threshold=2) as tick:
        reports = playability.playout_reports(setup, games, setup.seed, jobs, progress=tick, cat=cat)
    return playability.report_json(reports, setup.seed)


def _write_report(stage: Path, report: dict[str, Any]) -> Path:
    return playability.write_report(stage / NAMES["playouts"], report)


def _print_report(report: dict[str, Any]) -> None:
    for line in playability.summary_lines(report):
        out_console.print(f"  {line}", highlight=False, markup=False)


def make_all(out: Path, seed: int, paper: str = "a4", lang: str = "pl") -> list[Path]:
    """The Planety part of `boardgen all`: a 4-player setup with its summary, print kit and a
    playout report (20 random and 20 greedy games; face.toml [[all]])."""
    return clikit.make_game_part(app, FACE, out, seed, paper, lang)
