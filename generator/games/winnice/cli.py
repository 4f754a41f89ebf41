"""`boardgen winnice …`: shuffled setups with their print kit, checks, playouts, one game with bots.

    setup    shuffle every deck, deal the markets, write setup.json + summary + print kit + preview
    check    a setup file's rules by id (exit 1 on violations), optionally bot playouts
    catalog  validate a catalog TOML (yours merged over the built-in one); --template to start one
    compare  the built-in catalog against yours, with bots, on the same seeds
    play     one game with bots, move by move or as a summary
"""

from __future__ import annotations

import shlex
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
from generator.core.checks import Report, UserInputError
from generator.core.files import SetupFileError, load_setup, output_set, save_setup
from generator.core.rng import CodeError
from generator.games.winnice import playability
from generator.games.winnice.face import FACE
from generator.games.winnice.model import GAME, SETUP_VERSION, Catalog, Setup, load_catalog
from generator.games.winnice.moves import PHASE_NAMES, describe
from generator.games.winnice.rules import check, check_catalog

if TYPE_CHECKING:
    from generator.render.component_preview import Shown
    from generator.render.scene import Scene
from generator.games.winnice.setup import CODE, generate

app = typer.Typer(help="Winnice — shuffled seedling, disaster and coordinate decks, the full print kit, and an "
                  "engine that plays to 8P of red.", no_args_is_help=True)

NAMES = FACE.outputs  # kind -> file name
BACKS = tuple(FACE.commands["setup"].option("backs").choices)
EXPORTS = tuple(FACE.commands["setup"].option("export").choices)
MAX_SETUP_BYTES = 2_000_000


def _catalog(path: Path | None) -> Catalog:
    with guarded():
        return load_catalog(path)
    raise AssertionError  # pragma: no cover - guarded() exits


def split_code(code: str) -> tuple[str, str]:
    """A printed code is CODE or CODE~C<digest> (made with a custom catalog)."""
    base, _, mark = code.strip().partition("~")
    return base, mark.upper()


def write_setup_card(setup: Setup, cat: Catalog, code: str, stage: Path, paper_name: str, lang: str,
                     rep: dict[str, Any] | None, bleed: float = 0.0, backs: str = "duplex") -> Scene:
    """setup-card.pdf: the markets, first player and drought decks of this seed, the checks it passed
    and the headline playout figures, on one card in the chosen language; `backs` as for cards.pdf.
    Returns the card's scene (its card goes into a --export cards-png with the decks)."""
    from generator.games.winnice import draw
    from generator.games.winnice.cards import STYLE
    from generator.render.pdf import write_pdf
    from generator.render.rulecards import Played, setup_card_scene

    ctx = draw.summary_context(setup, cat, lang)
    w = draw.word
    facts = [w("card_players", lang, n=setup.players, first=ctx["first_player"]),
             w("card_coins", lang, coins=ctx["coins"]),
             w("card_market", lang, deck="2/3", cards=", ".join(ctx["decks"]["deck23"]["market"])),
             w("card_market", lang, deck="4/5", cards=", ".join(ctx["decks"]["deck45"]["market"])),
             w("card_disaster", lang, cards=ctx["disaster"]),
             w("card_digits", lang, cards=ctx["digits"]), w("card_letters", lang, cards=ctx["letters"])]
    played = []
    if rep is not None:
        done = max(rep["completed"], 1)
        droughts = f"{rep['drought_hits_per_game']['mean']:.1f}"
        played.append(Played(rep["bot"], rep["games"], rep["completed"], "rounds", rep["rounds"],
                             tuple(w / done for w in rep["wins_per_seat"]),
                             (("drought_hits", droughts.replace(".", ",") if lang == "pl" else droughts),)))
    scene = setup_card_scene(STYLE, GAME, code, lang, check_paper(paper_name), facts, played, bleed, backs=backs)
    write_pdf(scene, stage / NAMES["setup_card"])
    return scene


def write_outputs(setup: Setup, cat: Catalog, code: str, stage: Path, paper_name: str = "a4", lang: str = "pl",
                  bleed: float = 0.0, backs: str = "duplex") -> tuple[dict[str, Path], Scene]:
    """Every file of one setup into the staging folder `stage` (see core.files.output_set), and the
    scene of cards.pdf (for --export cards-png). The summary counts the setup card's sheet: every
    setup run, `boardgen all`'s included, writes one."""
    from generator.games.winnice import draw  # drawing, PDF and PNG load only in the commands that draw
    from generator.render.pdf import write_pdf
    from generator.render.png import write_png

    paper = check_paper(paper_name)
    files = {"setup": stage / NAMES["setup"]}
    save_setup(files["setup"], GAME, SETUP_VERSION, code, setup.to_json())
    summary = draw.summary_scene(setup, cat, code, paper, lang, bleed=bleed, backs=backs, setup_card=True)
    files["summary"] = stage / NAMES["summary"]
    write_pdf(summary, files["summary"])
    boards = draw.boards_scene(setup, cat, code, paper, lang)
    files["board"] = stage / NAMES["board"]
    write_pdf(boards, files["board"])
    files["cards"] = stage / NAMES["cards"]
    cards = draw.cards_scene(setup, cat, code, paper, lang, bleed, backs=backs)
    for note in cards.warnings:  # e.g. bleed costing cards per sheet: said, never silent
        err_console.print(f"note: {note}", markup=False, highlight=False)
    write_pdf(cards, files["cards"])
    files["pieces"] = stage / NAMES["pieces"]
    write_pdf(draw.pieces_scene(setup, cat, code, paper, lang), files["pieces"])
    files["preview"] = stage / NAMES["preview"]
    write_png(boards, draw.preview_page(boards), files["preview"], dpi=60)
    return files, cards


def _final(files: dict[str, Path], stage: Path, folder: Path) -> dict[str, Path]:
    return {k: folder / v.relative_to(stage) for k, v in files.items()}


@face.command(app, FACE, "setup")
def setup_cmd(
    players: int,
    seed: int | None,
    code: str | None,
    catalog: Path | None,
    paper: str,
    lang: str,
    bleed: float,
    backs: str,
    export: str | None,
    out: Path,
    playouts: int,
    bot: str,
    jobs: int | None,
    as_json: bool,
) -> None:
    """`boardgen winnice setup` (its help and options: face.toml [commands.setup])."""
    lang = check_lang(lang)
    check_paper(paper)
    base, mark = split_code(code) if code is not None else (None, "")
    options, seed_v, code_s = resolve(CODE, {"players": players}, seed, base)
    cat = _catalog(catalog)
    builtin = cat.digest() == _catalog(None).digest()  # a --catalog that changes nothing is ours
    if mark and catalog is None and mark != f"C{cat.digest()}":
        fail(f"setup code {code!r} was made with a custom catalog: pass the same --catalog FILE")
    if mark and mark != f"C{cat.digest()}":
        fail(f"--catalog {catalog} is not the catalog of setup code {code!r} (this catalog is ~C{cat.digest()})")
    if not builtin:
        code_s = f"{code_s}~C{cat.digest()}"
    rep: dict[str, Any] | None = None
    folder = face.set_folder(out, FACE.game, code_s)
    with guarded():
        setup = generate(options["players"], seed_v, cat)
        if playouts:
            with progress_bar(playouts, "playouts") as tick:
                results = playability.play_games(setup, cat, playouts, seed_v, bot, jobs, progress=tick)
            rep = playability.with_replay(playability.report(results, setup.players, bot, cat.round_cap),
                                          folder / NAMES["setup"], catalog)
        clikit.print_moved(FACE, folder)
        with output_set(folder, owns=face.owns(FACE)) as stage:
            files, cards = write_outputs(setup, cat, code_s, stage, paper, lang, bleed, backs)
            if rep is not None:
                files["playouts"] = playability.write_report(stage / NAMES["playouts"], rep)
            card = write_setup_card(setup, cat, code_s, stage, paper, lang, rep, bleed, backs)
            files["setup_card"] = stage / NAMES["setup_card"]
            if export == "cards-png":
                from generator.render.export import cards_png

                written = cards_png([cards, card], stage / NAMES["cards_png"], jobs=jobs)
                files["cards_png"] = written[-1].parent  # the folder: its manifest.csv lists every image
            files["command"] = face.stamp(stage, code_s, FACE, "setup")
            files = _final(files, stage, folder)
    if as_json:
        data: dict[str, Any] = {"code": code_s, "seed": seed_v, "setup": setup.to_json(),
                                "files": {k: str(v) for k, v in files.items()}}
        if rep is not None:
            data["playouts"] = rep
        print_json(data)
    else:
        out_console.print(f"[bold]Winnice[/] setup [bold cyan]{code_s}[/] (seed {seed_v})", highlight=False)
        from generator.games.winnice import draw

        for line in draw.summary_lines(setup, cat, "en"):
            out_console.print(f"  {line}", highlight=False, markup=False)
        for path in files.values():
            out_console.print(f"  wrote {path}", highlight=False, markup=False)
        if rep is not None:
            for line in playability.summary_lines(rep):
                out_console.print(f"  {line}", highlight=False, markup=False)
    if rep is not None and not rep["playable"]:
        raise typer.Exit(1)


def read_setup(path: Path) -> tuple[Setup, str]:
    """A setup file: a missing/non-regular/oversized/malformed file is one line and exit 2."""
    with guarded():
        if path.exists() and not path.is_file():
            raise UserInputError(f"{path}: not a regular file")
        if path.is_file() and path.stat().st_size > MAX_SETUP_BYTES:
            raise UserInputError(f"{path}: larger than {MAX_SETUP_BYTES // 1_000_000} MB, not a setup file")
        try:
            doc = load_setup(path, GAME, (SETUP_VERSION,))
        except SetupFileError:
            raise
        except ValueError as exc:  # json.loads of an integer with more than 4300 digits
            raise UserInputError(f"{path}: not a setup file ({str(exc).splitlines()[0][:80]})") from None
        return Setup.from_json(doc["setup"], str(path)), doc["code"]
    raise AssertionError  # pragma: no cover


def code_report(setup: Setup, code: str, cat: Catalog) -> Report:
    """Rule winnice.code: the file's code names its players, seed and catalog."""
    rep = Report()
    base, mark = split_code(code)
    try:
        options, seed = CODE.decode(base)
    except CodeError:
        rep.add("winnice.code", f"the file's code {code!r} is not a valid Winnice setup code")
        return rep
    if options["players"] != setup.players or seed != setup.seed:
        rep.add("winnice.code", f"the file's code {code!r} names {options['players']} players and seed {seed}, "
                f"the setup has {setup.players} and {setup.seed}")
    if mark and mark != f"C{cat.digest()}":
        rep.add("winnice.code", f"the code's catalog mark ~{mark} is not this catalog (~C{cat.digest()})")
    return rep


@face.command(app, FACE, "check")
def check_cmd(
    file: Path,
    catalog: Path | None,
    playouts: int,
    bot: str,
    jobs: int | None,
    scheduler: str | None,
    as_json: bool,
) -> None:
    """`boardgen winnice check` (its help and options: face.toml [commands.check])."""
    setup, code = read_setup(file)
    cat = _catalog(catalog)
    with guarded():
        report = check(setup, cat)
        report.extend(code_report(setup, code, cat))
    rep: dict[str, Any] | None = None
    if report.ok and playouts:
        from generator.core.parallel import executor_from

        with guarded(), executor_from(jobs, scheduler) as executor, progress_bar(playouts, "playouts") as tick:
            results = playability.play_games(setup, cat, playouts, setup.seed, bot, jobs, progress=tick,
                                             executor=executor)
            rep = playability.with_replay(playability.report(results, setup.players, bot, cat.round_cap), file,
                                          catalog)
    if as_json:
        data: dict[str, Any] = {"code": code, "ok": report.ok, "violations": report.to_json()}
        if rep is not None:
            data["playouts"] = rep
        print_json(data)
    elif report.ok:
        out_console.print(f"{file}: legal setup (code {code})", highlight=False, markup=False)
        if rep is not None:
            for line in playability.summary_lines(rep):
                out_console.print(f"  {line}", highlight=False, markup=False)
    else:
        for v in report:
            out_console.print(str(v), highlight=False, markup=False)
        err_console.print(f"{file}: {len(report)} rule(s) broken: {', '.join(sorted(report.rules()))}",
                          highlight=False, markup=False)
    if not report.ok or (rep is not None and not rep["playable"]):
        raise typer.Exit(1)


@face.command(app, FACE, "catalog")
def catalog_cmd(
    file: Path | None,
    template: bool,
    preview: bool,
    lang: str,
    out: Path,
    as_json: bool,
) -> None:
    """`boardgen winnice catalog` (its help and options: face.toml [commands.catalog])."""
    if template:
        from generator.games.winnice.template import template as catalog_template

        typer.echo(catalog_template(), nl=False)
        return
    from generator.games.winnice import catalog_checks

    cat = _catalog(file)
    report = check_catalog(cat)
    report.extend(catalog_checks.culprits(cat))  # the rules hold, yet no game can end: an error
    with guarded():
        warned = catalog_checks.warnings(file) if file is not None else Report()
    shown = preview_components(cat, check_lang(lang), out) if preview else None
    if as_json:
        print_json({"ok": report.ok, "digest": cat.digest(), "violations": report.to_json(),
                    "warnings": warned.to_json(), "cards": {k: sum(v.values()) for k, v in cat.decks.items()},
                    **({"preview": shown.to_json()} if shown is not None else {})})
    else:
        for v in report:
            out_console.print(str(v), highlight=False, markup=False)
        for v in warned:
            out_console.print(f"warning: {v}", highlight=False, markup=False)
        if report.ok:
            out_console.print(f"{cat.source}: usable (digest {cat.digest()})", highlight=False, markup=False)
            if file is not None:  # the rules hold; whether games end on it is a question for bots
                again = f"boardgen winnice compare --catalog {shlex.quote(str(file))}"
                out_console.print(f"  to see how bot games on it differ from ours: {again}", highlight=False,
                                  markup=False)
        if shown is not None:
            for line in shown.lines:
                out_console.print(line, highlight=False, markup=False)
    if not report.ok:
        raise typer.Exit(1)


def preview_components(cat: Catalog, lang: str, out: Path) -> Shown:
    """`catalog --preview`: each card face and action space that is new or changed against the
    built-in catalog alone, into OUT/winnice/catalog-C<digest>/ (components/<id>.png,
    components.pdf, command.txt), staged and swapped in whole; nothing is written when none is."""
    from generator.games.winnice.draw import texts
    from generator.games.winnice.preview import components

    return write_component_preview(out, FACE, cat.source, cat.digest(), components(cat, lang),
                                   components(_catalog(None), lang), lang, texts()["title"][lang])


@face.command(app, FACE, "compare")
def compare_cmd(
    catalog: Path,
    players: int,
    setups: int,
    games: int,
    seed: int,
    jobs: int | None,
    scheduler: str | None,
    as_json: bool,
) -> None:
    """`boardgen winnice compare` (its help and options: face.toml [commands.compare])."""
    from generator.core.compare import study_size
    from generator.core.parallel import executor_from
    from generator.games.winnice import compare as study_of

    total = study_size(setups, games, len(study_of.BOTS))
    with guarded(), executor_from(jobs, scheduler) as executor, progress_bar(total, "games") as tick:
        study = study_of.compare(catalog, players, setups, games, seed, jobs, executor=executor, progress=tick)
    clikit.print_study(study, as_json)


@face.command(app, FACE, "play")
def play_cmd(
    file: Path | None,
    players: int | None,
    seed: int | None,
    catalog: Path | None,
    bot: str,
    moves: bool,
    as_json: bool,
) -> None:
    """`boardgen winnice play` (its help and options: face.toml [commands.play]).

    With a setup FILE the game is the playout game of `check FILE` with that seed: the same setup,
    catalog, bot and game seed, played by the same function (playability.play_game), so a listed
    unfinished game ends here as it ended there."""
    cat = _catalog(catalog)
    if file is not None:
        setup, code_s = read_setup(file)
        if split_code(code_s)[1] and catalog is None:
            fail(f"{file} was made with a custom catalog (code {code_s}): pass the same --catalog FILE")
        if players is not None and players != setup.players:
            fail(f"--players {players}: {file} is a setup for {setup.players} players")
        with guarded():
            report = check(setup, cat)
            report.extend(code_report(setup, code_s, cat))
        if not report.ok:
            fail(f"{file}: {len(report)} rule(s) broken ({', '.join(sorted(report.rules()))}); "
                 f"`boardgen winnice check {shlex.quote(str(file))}` names them")
        if seed is None:
            fail(f"{file}: give --seed, the game's seed (`winnice check {shlex.quote(str(file))} --playouts N` "
                 "lists those of unfinished games)")
        seed_v = seed
    else:
        count = 4 if players is None else players
        _options, seed_v, code_s = resolve(CODE, {"players": count}, seed, None)
        if cat.digest() != _catalog(None).digest():
            code_s = f"{code_s}~C{cat.digest()}"
        with guarded():
            setup = generate(count, seed_v, cat)
    game, log = playability.one_game(setup, cat, seed_v, bot)
    state = game["state"]
    result: dict[str, Any] = {
        "code": code_s, "seed": seed_v, "bot": bot, "completed": game["completed"],
        "winner": None if state.winner is None else state.winner + 1, "rounds": state.round,
        "moves": len(log), "red_points": [p.red_points() for p in state.players],
        "coins": [p.coins for p in state.players], "capped": state.capped, **state.stats()}
    if not game["completed"]:
        result["reason"] = playability.reason(game, cat.round_cap)
    if as_json:
        if moves:
            result["log"] = [{"round": rnd, "phase": PHASE_NAMES[phase], "player": who + 1,
                              "move": describe(move, state.t.spaces)} for rnd, phase, who, move in log]
        print_json(result)
    else:
        if moves:
            for rnd, phase, who, move in log:
                out_console.print(f"round {rnd} · {PHASE_NAMES[phase]} · player {who + 1}: "
                                  f"{describe(move, state.t.spaces)}", highlight=False, markup=False)
        end = (f"player {result['winner']} wins after {state.round} rounds" if result["winner"]
               else f"unfinished ({result['reason']}), stopped in round {state.round}")
        red = ", ".join(f"player {i}: {p}" for i, p in enumerate(result["red_points"], start=1))
        out_console.print(f"{code_s} game seed {seed_v} ({bot} bots): {end}, {len(log)} moves; red points {red}",
                          highlight=False, markup=False)


def make_all(out: Path, seed: int, paper: str = "a4", lang: str = "pl") -> list[Path]:
    """The Winnice part of `boardgen all`: a 4-player setup with its whole print kit (face.toml [[all]])."""
    return clikit.make_game_part(app, FACE, out, seed, paper, lang)
