"""`boardgen plazing …`: generate, check and print Plażing board setups."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated, Any

import typer

from generator.clikit import (
    CodeOpt,
    JsonOpt,
    LangOpt,
    OutOpt,
    PaperOpt,
    SeedOpt,
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
)
from generator.core.checks import GenerationError, UserInputError
from generator.core.files import load_setup, output_files, output_set, relocate, save_setup
from generator.core.playout import PlayoutReport
from generator.core.rng import CodeError
from generator.games.plazing import playability
from generator.games.plazing.codes import parse_code, split_code
from generator.games.plazing.model import GAME, SETUP_VERSION, Catalog, Options, Setup, content_digest, load_catalog
from generator.games.plazing.rules import check
from generator.games.plazing.setup import CODE, catalog_report, generate

app = typer.Typer(help="Plażing: parawany w dłoń — random legal beaches, printable boards and event cards.",
                  no_args_is_help=True)

CatalogOpt = Annotated[Path | None, typer.Option("--catalog", help="Your own tile catalog (TOML, same format "
                                                 "as the built-in data/tiles.toml); validated before use.")]
MAX_PLAYOUTS = 100_000
PlayoutsOpt = Annotated[int, typer.Option("--playouts", min=0, max=MAX_PLAYOUTS,
                                          help="Play this many random-bot games on the "
                                           "setup and report completion, length, seat balance, areas and "
                                           "resources (stored as playouts.json); 0 skips.")]
BleedOpt = Annotated[float, typer.Option("--bleed", help="Bleed around each event card in mm (0 = none; 3 is "
                                         "usual).", min=0, max=5)]


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
OUTPUT_NAMES = ("setup.json", "board.pdf", "board.png", "rules.pdf", "events.pdf", "playouts.json", "setup-card.pdf")


def write_outputs(setup: Setup, code: str, folder: Path, paper_name: str = "a4", lang: str = "pl",
                  bleed: float = 0.0) -> dict[str, Path]:
    """Write setup.json, board.pdf, board.png and (with events) events.pdf into `folder` — a stage
    of core.files.output_set, so the set is swapped in whole."""
    paper = check_paper(paper_name)
    files = {"setup": folder / "setup.json", "board_pdf": folder / "board.pdf", "board_png": folder / "board.png"}
    save_setup(files["setup"], GAME, SETUP_VERSION, code, setup.to_json())
    from generator.games.plazing import draw  # drawing loads only for commands that draw (check stays quick)
    from generator.render.pdf import write_pdf
    from generator.render.png import write_png

    scene = draw.board_scene(setup, code, paper, lang)
    write_pdf(scene, files["board_pdf"])
    overview_index = next(i for i, p in enumerate(scene.pages) if p.label.startswith("overview"))
    write_png(scene, overview_index, files["board_png"], dpi=90)
    files["rules_pdf"] = folder / "rules.pdf"
    write_pdf(draw.rules_card_scene(setup, code, paper, lang), files["rules_pdf"])
    if setup.event_deck:
        files["events_pdf"] = folder / "events.pdf"
        events = draw.events_scene(setup, code, paper, lang, bleed)
        for note in events.warnings:  # e.g. bleed costing cards per sheet: said, never silent
            err_console.print(f"note: {note}", markup=False, highlight=False)
        write_pdf(events, files["events_pdf"])
    return files


def write_setup_card(setup: Setup, code: str, folder: Path, paper_name: str, lang: str,
                     report: PlayoutReport | None, bleed: float = 0.0) -> Path:
    """setup-card.pdf: this seed's facts, the checks it passed and the playout figures on one card."""
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
                             played, bleed)
    path = folder / "setup-card.pdf"
    write_pdf(scene, path)
    return path


def _catalog(path: Path | None) -> Catalog:
    with guarded():
        return load_catalog(path)
    raise AssertionError  # unreachable: guarded() exits


@app.command("setup")
def setup_cmd(
    players: Annotated[int, typer.Option("--players", help="Number of players: 2, 3 or 4.")] = 4,
    two_colours: Annotated[bool, typer.Option("--two-colours", help="2 players on the 4-player board, two "
                                              "colours each; a player scores their weaker colour.")] = False,
    surprises: Annotated[bool, typer.Option("--surprises", help="Expansion 2: surprise tokens on sticks "
                                            "squares.")] = False,
    events: Annotated[bool, typer.Option("--events", help="Expansion 2: the event deck (implies "
                                         "--surprises; events are drawn for surprises).")] = False,
    extra_events: Annotated[bool, typer.Option("--extra-events", help="Add the extra pack: 10 events and 6 "
                                               "special cards (implies --events).")] = False,
    clean_beach: Annotated[bool, typer.Option("--clean-beach", help="Expansion 1: waste tokens placed by the "
                                              "players in turn.")] = False,
    extra_tiles: Annotated[bool, typer.Option("--extra-tiles", help="Draw the special tiles from the 4 base "
                                              "and 5 extra special tiles.")] = False,
    no_weather: Annotated[bool, typer.Option("--no-weather", help="Game with young children: no weather die, "
                                             "no weather points.")] = False,
    one_special: Annotated[bool, typer.Option("--one-special", help="Game with young children, 3 players: a "
                                              "single special tile (one without score squares).")] = False,
    seed: SeedOpt = None,
    code: CodeOpt = None,
    catalog: CatalogOpt = None,
    paper: PaperOpt = "a4",
    lang: LangOpt = "pl",
    bleed: BleedOpt = 0.0,
    out: OutOpt = Path("output"),
    playouts: PlayoutsOpt = int(playability.limits()["games"]),
    balanced: Annotated[bool, typer.Option("--balanced", help="Keep generating (bounded tries) until the playout "
                                           "report's seat balance and resource spread are within the bounds "
                                           "of rules.toml \\[playability].")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Generate a random legal beach and write setup.json, board.pdf, board.png (and events.pdf).

    The files go into OUT/CODE/, where CODE is the setup code printed on every page:
    `--code CODE` gives the same setup again. Bot playouts check that the beach plays to the end
    (--playouts, default 100; playouts.json); --balanced searches for an even beach.
    """
    lang = check_lang(lang)
    check_paper(paper)
    check_out(out)
    if extra_events:
        events = True
    if events:
        surprises = True
    opts = {"players": players, "two_colours": two_colours, "surprises": surprises, "events": events,
            "extra_events": extra_events, "clean_beach": clean_beach, "extra_tiles": extra_tiles,
            "no_weather": no_weather, "one_special": one_special}
    if players not in (2, 3, 4):
        fail(f"--players {players}: Plażing is for 2 to 4 players")
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
        if catalog is not None:
            code_s = f"{code_s}~C{cat.digest}"  # a custom catalog is part of what the code must name
        with output_set(out / code_s, owns=OUTPUT_NAMES) as stage:
            files = write_outputs(setup, code_s, stage, paper, lang, bleed)
            if report is not None:
                files["playouts"] = playability.write_report(stage / "playouts.json", report, seed_v)
            files["setup_card"] = write_setup_card(setup, code_s, stage, paper, lang, report, bleed)
            files = relocate(files, stage, out / code_s)
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


@app.command("check")
def check_cmd(
    file: Annotated[Path, typer.Argument(help="A setup.json written by `boardgen plazing setup` (hand edits "
                                         "welcome).")],
    playouts: Annotated[int, typer.Option("--playouts", min=0, max=MAX_PLAYOUTS,
                                          help="Also play this many random-bot games on a "
                                          "legal setup and report them (playouts.json beside the file); "
                                          "an unplayable setup exits 1.")] = 0,
    as_json: JsonOpt = False,
) -> None:
    """Check a setup file against every setup rule; exit 1 and name each broken rule if any.

    Also says whether the file's code still regenerates it ("edited" setups are printed with
    CODE~E<fingerprint>, since the code alone no longer gives them back).
    """
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


@app.command("board")
def board_cmd(
    file: Annotated[Path, typer.Argument(help="A setup.json (e.g. one you edited).")],
    paper: PaperOpt = "a4",
    lang: LangOpt = "pl",
    bleed: BleedOpt = 0.0,
    out: Annotated[Path, typer.Option("--out", help="Output folder: the files go into OUT/CODE/, CODE being "
                                      "the code the pages print (CODE~E… for an edited setup); the input "
                                      "file is never overwritten.")] = Path("output"),
) -> None:
    """Print board.pdf/board.png (and events.pdf) for an existing setup file, after checking it."""
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
        folder = out / shown  # named by what the pages print, never the input file's own folder as such
        with output_set(folder, owns=OUTPUT_NAMES, keep=(file,)) as stage:
            files = relocate(write_outputs(setup, shown, stage, paper, lang, bleed), stage, folder)
    for path in files.values():
        if path.exists() and os.path.samefile(path, file):  # output_set keeps the input file as it was
            out_console.print(f"kept {path} (the input file, not rewritten)", highlight=False, markup=False)
        else:
            out_console.print(f"wrote {path}", highlight=False, markup=False)


@app.command("catalog")
def catalog_cmd(
    file: Annotated[Path | None, typer.Argument(help="Your tile catalog (TOML); the built-in one if omitted.")] = None,
    players: Annotated[int, typer.Option("--players", help="Check it for this many players.")] = 4,
    extra_tiles: Annotated[bool, typer.Option("--extra-tiles", help="Count the extra special tiles.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Validate a tile catalog: tile rules, counts for the player count, the resource supply."""
    if players not in (2, 3, 4):
        fail(f"--players {players}: Plażing is for 2 to 4 players")
    cat = _catalog(file)
    with guarded():
        report = catalog_report(cat, Options(players=players, extra_tiles=extra_tiles))
    if as_json:
        print_json({"ok": report.ok, "tiles": len(cat.tiles), "violations": report.to_json()})
    elif report.ok:
        out_console.print(f"{cat.source}: {len(cat.tiles)} tiles, usable for {players} players",
                          highlight=False, markup=False)
    else:
        for v in report:
            out_console.print(str(v), highlight=False, markup=False)
    if not report.ok:
        raise typer.Exit(1)


def make_all(out: Path, seed: int, paper: str = "a4", lang: str = "pl") -> list[Path]:
    """The Plażing part of `boardgen all`: a full 4-player setup with every expansion and a 2-player one,
    each with its files and a playout report."""
    written = []
    with output_set(out / "plazing") as stage:  # the game's folder is one unit
        for options in (Options(players=4, surprises=True, events=True, extra_events=True, clean_beach=True),
                        Options(players=2, clean_beach=True)):
            code = CODE.encode(options.to_json(), seed)
            try:
                setup = generate(options, seed)
            except UserInputError as exc:  # pragma: no cover - built-in data always works
                fail(str(exc))
            folder = stage / code
            written.extend(write_outputs(setup, code, folder, paper, lang).values())
            report = playability.playout_report(setup, int(playability.limits()["games"]), seed)
            written.append(playability.write_report(folder / "playouts.json", report, seed))
        return relocate(written, stage, out / "plazing")
