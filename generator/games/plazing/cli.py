"""`boardgen plazing …`: generate, check and print Plażing board setups."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from generator import clikit, face
from generator.clikit import (
    check_lang,
    check_out,
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
from generator.core.checks import GenerationError, UserInputError
from generator.core.files import load_setup, output_files, output_set, relocate, save_setup
from generator.core.playout import PlayoutReport
from generator.core.rng import CodeError
from generator.games.plazing import catalog_checks, playability
from generator.games.plazing.codes import parse_code, split_code
from generator.games.plazing.face import FACE
from generator.games.plazing.model import GAME, SETUP_VERSION, Catalog, Options, Setup, content_digest, load_catalog
from generator.games.plazing.rules import check
from generator.games.plazing.setup import CODE, catalog_report, generate

if TYPE_CHECKING:
    from generator.render.component_preview import Shown
    from generator.render.scene import Scene

app = typer.Typer(help="Plażing: parawany w dłoń — random legal beaches, printable boards and event cards.",
                  no_args_is_help=True)

def provenance(setup: Setup, code: str) -> tuple[str, str]:
    """How a setup relates to its code: ("exact" | "custom" | "edited" | "invalid" | "mismatch", code to print).

    "exact": the code regenerates this very setup; "custom": made from a custom catalog (the code needs
    that --catalog); "edited": the code's setup was changed by hand, so pages carry CODE~E<digest of the
    setup> — a fingerprint, never mistaken for a code that regenerates it.
    """
    base, mark = split_code(code)
    try:
        options, seed = CODE.decode(base)
    except CodeError:
        return "invalid", code
    if options != setup.options.to_json() or seed != setup.seed:
        return "mismatch", code
    if mark.startswith("C"):
        return "custom", code
    try:
        same = generate(Options(**options), seed).to_json() == setup.to_json()
    except (UserInputError, GenerationError):
        same = False
    if same:
        return "exact", base
    return "edited", f"{base}~E{content_digest(setup.to_json())}"


#: the names a Plażing output set may hold (an old one not rewritten by the new set is dropped)
OUTPUT_NAMES = face.owns(FACE)
NAMES = FACE.outputs  # kind -> file name


def write_outputs(setup: Setup, code: str, folder: Path, paper_name: str = "a4", lang: str = "pl",
                  bleed: float = 0.0, backs: str = "duplex", setup_card: bool = True,
                  ) -> tuple[dict[str, Path], list[Scene]]:
    """Write setup.json, board.pdf, preview.png, rules.pdf and (with events) events.pdf into `folder`
    — a stage of core.files.output_set, so the set is swapped in whole. Returns the files and the
    card documents written (the event deck, if any: what `--export cards-png` exports). `setup_card`:
    the kit also holds setup-card.pdf (the board's summary counts its sheets; `board` keeps the
    default, so its board.pdf is the setup's own, byte for byte)."""
    paper = check_paper(paper_name)
    files = {"setup": folder / NAMES["setup"], "board": folder / NAMES["board"], "preview": folder / NAMES["preview"]}
    save_setup(files["setup"], GAME, SETUP_VERSION, code, setup.to_json())
    from generator.games.plazing import draw  # drawing loads only for commands that draw (check stays quick)
    from generator.render.pdf import write_pdf
    from generator.render.png import write_png

    scene = draw.board_scene(setup, code, paper, lang, bleed=bleed, backs=backs, setup_card=setup_card)
    write_pdf(scene, files["board"])
    overview_index = next(i for i, p in enumerate(scene.pages) if p.label.startswith("overview"))
    write_png(scene, overview_index, files["preview"], dpi=90)
    files["rules"] = folder / NAMES["rules"]
    write_pdf(draw.rules_card_scene(setup, code, paper, lang), files["rules"])
    cards: list[Scene] = []
    if setup.event_deck:
        files["events"] = folder / NAMES["events"]
        events = draw.events_scene(setup, code, paper, lang, bleed, backs=backs)
        for note in events.warnings:  # e.g. bleed costing cards per sheet: said, never silent
            err_console.print(f"note: {note}", markup=False, highlight=False)
        write_pdf(events, files["events"])
        cards.append(events)
    return files, cards


def write_setup_card(setup: Setup, code: str, folder: Path, paper_name: str, lang: str,
                     report: PlayoutReport | None, bleed: float = 0.0, backs: str = "duplex") -> tuple[Path, Scene]:
    """setup-card.pdf: this seed's facts, the checks it passed and the playout figures on one card
    (returned with its document, for `--export cards-png`)."""
    from generator.games.plazing import draw
    from generator.games.plazing.cards import STYLE
    from generator.render.pdf import write_pdf
    from generator.render.rulecards import Played, setup_card_scene

    played = []
    if report is not None:  # the headline figures (the whole report is playouts.json)
        j = report.to_json()
        played.append(Played(report.bots[0] if len(set(report.bots)) == 1 else "/".join(report.bots),
                             report.games, report.completed, "moves", j["length"],
                             tuple(s["win_rate"] for s in report.seat_stats()),
                             (("seat_balance", f"{report.seat_balance:.0%}"),)))
    scene = setup_card_scene(STYLE, GAME, code, lang, check_paper(paper_name), draw.summary_lines(setup, lang),
                             played, bleed, backs=backs)
    path = folder / NAMES["setup_card"]
    write_pdf(scene, path)
    return path, scene


def check_print_options(backs: str, export: str | None) -> None:
    """--backs and --export checked before any work: the one-line error (exit 2) for a bad value."""
    from generator.render.export import check_export
    from generator.render.layout import check_backs

    try:
        check_backs(backs)
        if export is not None:
            check_export(export)
    except ValueError as exc:
        fail(str(exc))


def _catalog(path: Path | None) -> Catalog:
    with guarded():
        return load_catalog(path)
    raise AssertionError  # unreachable: guarded() exits


@face.command(app, FACE, "setup")
def setup_cmd(
    players: int,
    two_colours: bool,
    surprises: bool,
    events: bool,
    extra_events: bool,
    clean_beach: bool,
    extra_tiles: bool,
    no_weather: bool,
    one_special: bool,
    no_largest_area: bool,
    no_most_areas: bool,
    seed: int | None,
    code: str | None,
    catalog: Path | None,
    paper: str,
    lang: str,
    bleed: float,
    backs: str,
    export: str | None,
    jobs: int | None,
    out: Path,
    playouts: int,
    balanced: bool,
    as_json: bool,
) -> None:
    """`boardgen plazing setup` (its help and options: face.toml [commands.setup])."""
    lang = check_lang(lang)
    check_paper(paper)
    check_out(out)
    check_print_options(backs, export)
    if extra_events:
        events = True
    if events:
        surprises = True
    opts = {"players": players, "two_colours": two_colours, "surprises": surprises, "events": events,
            "extra_events": extra_events, "clean_beach": clean_beach, "extra_tiles": extra_tiles,
            "no_weather": no_weather, "one_special": one_special, "no_largest_area": no_largest_area,
            "no_most_areas": no_most_areas}
    if two_colours and players != 2:
        fail("--two-colours is the 2-player variant (use --players 2)")
    if one_special and players != 3 and code is None:
        fail("--one-special is the 3-player children's game (use --players 3)")
    if balanced and code:
        fail("--balanced searches seeds; it cannot be combined with --code (use --seed)")
    if balanced and playouts == 0:
        fail("--balanced needs playouts (--playouts 1 or more)")
    with guarded():
        base, mark = parse_code(code) if code is not None else (None, "")
    options_d, seed_v, code_s = resolve(CODE, opts, seed, base)
    options = Options(**options_d)
    cat = _catalog(catalog)
    if mark.startswith("E"):
        fail(f"setup code {code!r} marks a hand-edited setup: only its setup.json has it "
             "(print it with `boardgen plazing board FILE`)")
    if mark and catalog is None:
        fail(f"setup code {code!r} was made with a custom tile catalog: pass the same --catalog FILE")
    if mark and mark != f"C{cat.digest}":
        fail(f"--catalog {catalog} is not the catalog of setup code {code!r} (this catalog is ~C{cat.digest})")
    report: PlayoutReport | None = None
    with guarded():
        if balanced:
            tries = int(playability.limits()["tries"])
            with progress_bar(tries * playouts, "balanced search") as tick:
                found = playability.generate_balanced(options, seed_v, cat, games=playouts, progress=tick)
            setup, report, seed_v = found.setup, found.report, found.seed
            code_s = CODE.encode(options_d, seed_v)
        else:
            setup = generate(options, seed_v, cat)
            if playouts:
                with progress_bar(playouts, "playouts") as tick:
                    report = playability.playout_report(setup, playouts, seed_v, progress=tick)
        if catalog is not None and not catalog_checks.same_as_builtin(cat):
            code_s = f"{code_s}~C{cat.digest}"  # a custom catalog is part of what the code must name
        folder = face.set_folder(out, FACE.game, code_s)
        clikit.print_moved(FACE, folder)
        with output_set(folder, owns=OUTPUT_NAMES) as stage:
            files, cards = write_outputs(setup, code_s, stage, paper, lang, bleed, backs, setup_card=True)
            if report is not None:
                files["playouts"] = playability.write_report(stage / NAMES["playouts"], report, seed_v)
            files["setup_card"], card = write_setup_card(setup, code_s, stage, paper, lang, report, bleed, backs)
            if export is not None:  # the print shop's images of the same cards (bleed included)
                from generator.render.export import cards_png

                files["cards_png"] = stage / NAMES["cards_png"]
                cards_png([*cards, card], files["cards_png"], jobs=jobs)
            files["command"] = face.stamp(stage, code_s, FACE, "setup")
            files = relocate(files, stage, folder)
    if as_json:
        data = {"code": code_s, "seed": seed_v, "setup": setup.to_json(),
                "files": {k: str(v) for k, v in files.items()}}
        if report is not None:
            data["playouts"] = playability.report_json(report, seed_v)
        print_json(data)
        if report is not None and not report.playable:
            raise typer.Exit(1)
        return
    out_console.print(f"[bold]Plażing[/] setup [bold cyan]{code_s}[/] (seed {seed_v})", highlight=False)
    from generator.games.plazing.draw import summary_lines

    for line in summary_lines(setup, "en"):
        out_console.print(f"  {line}", highlight=False)
    for row in setup.squares():
        out_console.print(f"  [dim]{row}[/]", highlight=False)
    for path in files.values():
        out_console.print(f"  wrote {path}", highlight=False, markup=False)
    if report is not None:
        _print_report(report)
        if not report.playable:
            raise typer.Exit(1)


def _print_report(report: PlayoutReport) -> None:
    for line in playability.summary_lines(report):
        out_console.print(f"  {line}", highlight=False, markup=False)


def read_setup(path: Path) -> tuple[Setup, str]:
    """A setup file (possibly hand-edited): structure errors exit 2, rule problems are for check."""
    with guarded():
        doc = load_setup(path, GAME, (SETUP_VERSION,))
        return Setup.from_json(doc["setup"], str(path)), doc["code"]
    raise AssertionError


@face.command(app, FACE, "check")
def check_cmd(
    file: Path,
    playouts: int,
    as_json: bool,
) -> None:
    """`boardgen plazing check` (its help and options: face.toml [commands.check])."""
    setup, code = read_setup(file)
    report = check(setup)
    status, shown = provenance(setup, code)
    if status == "invalid":
        report.add("plazing.code", f"the file's code {code!r} is not a valid Plażing setup code")
    elif status == "mismatch":
        report.add("plazing.code", f"the file's code {code!r} names other options or another seed than the setup")
    played: PlayoutReport | None = None
    if report.ok and playouts:
        with guarded(), progress_bar(playouts, "playouts") as tick:
            played = playability.playout_report(setup, playouts, setup.seed, progress=tick)
            with output_files(file.parent, keep=(file,)) as stage:  # never over the input file
                playability.write_report(stage / "playouts.json", played, setup.seed)
    if as_json:
        data: dict[str, Any] = {"code": code, "ok": report.ok, "provenance": status, "printed_code": shown,
                                "violations": report.to_json()}
        if played is not None:
            data["playouts"] = playability.report_json(played, setup.seed)
        print_json(data)
    elif report.ok:
        note = {"exact": f"code {shown} regenerates it", "custom": f"code {shown}, made with a custom catalog",
                "edited": f"edited by hand from {split_code(code)[0]}; pages print {shown}"}[status]
        out_console.print(f"{file}: legal setup ({note})", highlight=False, markup=False)
        if played is not None:
            _print_report(played)
    else:
        for v in report:
            out_console.print(str(v), highlight=False, markup=False)
        err_console.print(f"{file}: {len(report)} rule(s) broken", highlight=False, markup=False)
    if not report.ok or (played is not None and not played.playable):
        raise typer.Exit(1)


@face.command(app, FACE, "board")
def board_cmd(
    file: Path,
    paper: str,
    lang: str,
    bleed: float,
    out: Path,
) -> None:
    """`boardgen plazing board` (its help and options: face.toml [commands.board])."""
    lang = check_lang(lang)
    check_out(out)
    setup, code = read_setup(file)
    report = check(setup)
    if not report.ok:
        fail(f"{file} breaks {len(report)} rule(s), first: {report.violations[0]} (see `boardgen plazing check`)")
    with guarded():
        status, shown = provenance(setup, code)
        if status in ("invalid", "mismatch"):  # the file's code is wrong: name the setup by its own options
            shown = f"{CODE.encode(setup.options.to_json(), setup.seed)}~E{content_digest(setup.to_json())}"
        folder = face.set_folder(out, FACE.game, shown)  # named by what the pages print, never the input
        clikit.print_moved(FACE, folder)  # file's own folder as such
        with output_set(folder, owns=OUTPUT_NAMES, keep=(file,)) as stage:
            files, _ = write_outputs(setup, shown, stage, paper, lang, bleed)
            files["command"] = face.stamp(stage, shown, FACE, "board")
            files = relocate(files, stage, folder)
    for path in files.values():
        if path.exists() and os.path.samefile(path, file):  # output_set keeps the input file as it was
            out_console.print(f"kept {path} (the input file, not rewritten)", highlight=False, markup=False)
        else:
            out_console.print(f"wrote {path}", highlight=False, markup=False)


@face.command(app, FACE, "catalog")
def catalog_cmd(
    file: Path | None,
    players: int,
    extra_tiles: bool,
    template: bool,
    preview: bool,
    lang: str,
    out: Path,
    as_json: bool,
) -> None:
    """`boardgen plazing catalog` (its help and options: face.toml [commands.catalog])."""
    if template:
        if file is not None:
            fail("--template prints the built-in tiles to start from: give it no FILE")
        from generator.games.plazing.template import template as tiles_template

        sys.stdout.write(tiles_template())
        return
    cat = _catalog(file)
    with guarded():
        report = catalog_report(cat, Options(players=players, extra_tiles=extra_tiles))
        culprits, warnings = catalog_checks.culprits(cat), catalog_checks.warnings(cat)
    builtin = catalog_checks.same_as_builtin(cat)
    ok = report.ok and culprits.ok
    shown = preview_tiles(cat, check_lang(lang), out) if preview else None
    if as_json:
        print_json({"ok": ok, "tiles": len(cat.tiles), "digest": cat.digest, "builtin": builtin,
                    "violations": report.to_json(), "culprits": culprits.to_json(), "warnings": warnings.to_json(),
                    **({"preview": shown.to_json()} if shown is not None else {})})
    else:
        if report.ok:
            out_console.print(f"{cat.source}: {len(cat.tiles)} tiles, usable for {players} players",
                              highlight=False, markup=False)
        for v in [*report, *culprits]:
            out_console.print(str(v), highlight=False, markup=False)
        for w in warnings:
            out_console.print(f"warning: {w}", highlight=False, markup=False)
        same = ("the built-in tiles (same digest): setups made from this file get the built-in codes" if builtin
                else f"your own tiles: setups made from this file carry ~C{cat.digest} in their code")
        out_console.print(same, highlight=False, markup=False)
        if shown is not None:
            for line in shown.lines:
                out_console.print(line, highlight=False, markup=False)
    if not ok:
        raise typer.Exit(1)


def preview_tiles(cat: Catalog, lang: str, out: Path) -> Shown:
    """`catalog --preview`: each tile that is new or changed against the built-in catalog alone,
    into OUT/plazing/catalog-C<digest>/ (components/<id>.png, components.pdf, command.txt), staged
    and swapped in whole; nothing is written when no tile is new or changed."""
    from generator.games.plazing.draw import word
    from generator.games.plazing.preview import components

    return write_component_preview(out, FACE, cat.source, cat.digest, components(cat, lang),
                                   components(load_catalog(None), lang), lang, word("title", lang))


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
    """`boardgen plazing compare` (its help and options: face.toml [commands.compare])."""
    from generator.core.compare import study_size
    from generator.games.plazing.compare import BOTS, compare

    with guarded():
        _catalog(catalog)  # a file the checks reject: its one-line message before any game
        with progress_bar(study_size(setups, games, len(BOTS)), "compare") as tick:
            study = compare(catalog, players=players, setups=setups, games=games, seed=seed, jobs=jobs,
                            progress=tick)
    clikit.print_study(study, as_json)


def make_all(out: Path, seed: int, paper: str = "a4", lang: str = "pl") -> list[Path]:
    """The Plażing part of `boardgen all`: the command lines of face.toml [[all]] (a 4-player setup
    with every expansion and a 2-player one, each with a playout report)."""
    return clikit.make_game_part(app, FACE, out, seed, paper, lang)
