"""`boardgen plazing-rw`: printable roll&write sheets, scoring a filled sheet, bot playouts.

Commands: `sheet` (PDF pad + PNG preview + the boards' JSON), `score FILE` (a filled sheet's
breakdown), `play` (a bot fills a sheet, written as JSON `score` reads), `check` (board legality
and solo playouts). Bad input is one line on stderr and exit code 2; a check that finds broken
rules exits 1.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer
from rich.markup import escape

from generator import clikit, face
from generator.clikit import (
    check_lang,
    check_out,
    err_console,
    fail,
    guarded,
    out_console,
    print_json,
    progress_bar,
    resolve,
)
from generator.core.checks import Report, UserInputError
from generator.core.fields import BOOL, INT, LIST, NULL, NUMBER, OBJECT, STR, Fields, Kind, at
from generator.core.files import dumps_setup, load_setup, output_files, output_set, relocate, save_setup, write_atomic
from generator.core.playout import run_playouts
from generator.core.rng import make_rng

from .face import FACE

if TYPE_CHECKING:  # the engine loads the compiled kernels: only the commands that play import it
    from .engine import State
from .model import FILE_VERSION, GAME, Board, boards, grid_size, scoring
from .rules import check_board, check_dice, check_drawing, parse_dice, parse_drawn, score_drawing
from .setup import (
    BOARD_CHOICES,
    BOARD_WORDS,
    CODE,
    CUSTOM,
    DIFFICULTY_CHOICES,
    SheetSetup,
    feature_names,
    parse_features,
    sheet_setups,
    with_defaults,
)

app = typer.Typer(help="Plażing: roll&write — printable sheets, scoring and solo playouts.",
                  no_args_is_help=True, pretty_exceptions_enable=False)
#: `boardgen plazing-rw board ...`: your own beach as a file (board_file.py)
board_app = typer.Typer(help="Your own beach: board files (`board export`, then `sheet --board FILE`).",
                        no_args_is_help=True, pretty_exceptions_enable=False)
app.add_typer(board_app, name="board")

MAX_COUNT = 1000
#: random and greedy solo games behind a custom board's playout figures (its rating's shared-dice
#: comparison plays as many greedy games as the sequential test needs, besides these)
RATING_PLAYOUTS = 200


def _options(board: str, hard: bool, features: str, mirror: bool = False, difficulty: int = 1) -> dict[str, Any]:
    if board not in BOARD_CHOICES:
        fail(f"unknown board {board!r} (choose {', '.join(BOARD_CHOICES)})")
    if difficulty not in DIFFICULTY_CHOICES:
        fail(f"--difficulty must be 1, 2, 3 or 4, not {difficulty}")
    if board != "random" and (features != "random" or difficulty != 1):
        # they would do nothing to a printed board, yet change its code
        fail(f"--features and --difficulty shape random boards only; board {board} is printed as it is "
             "(use --board random)")
    try:
        feats = parse_features(features)
    except UserInputError as exc:
        fail(str(exc))
    return {"board": board, "hard": hard, "features": feats, "mirror": mirror, "difficulty": difficulty}


def _resolve(options: dict[str, Any], seed: int | None, code: str | None,
             custom: Board | None = None) -> tuple[dict[str, Any], int, str]:
    """Options, seed and code; a custom board's code is the base code and ~B<the file's digest>,
    and a typed code with that mark reproduces only with the same file (board_file.py)."""
    from . import board_file

    if code:
        with guarded():  # a bad code fails here, as plain text (clikit.resolve may print it as markup)
            board_file.require_board_for_code(code, custom)
            code = board_file.split_board_mark(code)[0]
            CODE.decode(code)
    options, seed_, code_ = resolve(CODE, options, seed, code)
    if custom is not None:
        if options["board"] != CUSTOM:  # pragma: no cover - _no_contradiction refuses it first
            fail(f"setup code {code} is of board {options['board']}, not of a board file")
        return options, seed_, board_file.mark_code(code_, custom)
    if options["board"] == CUSTOM:
        fail(f"setup code {code} was made with a custom board: pass the same --board FILE")
    return options, seed_, code_


def _board_file(board: str) -> Board | None:
    """--board: None for 1-4 and random, else the board file it names (read strictly: a malformed
    file is one line and exit 2; its rules are checked by `_refuse_broken`)."""
    from . import board_file

    if board in BOARD_WORDS:
        return None
    if not Path(board).exists() and not Path(board).suffix and "/" not in board and "\\" not in board:
        # a bare word such as "9" or "randon": a mistyped board name more likely than a missing file
        fail(f"--board {board!r}: choose {', '.join(BOARD_WORDS)} or a board file (no file {board!r} here)")
    with guarded():
        return board_file.read_board_file(Path(board))


def _refuse_broken(b: Board, hard: bool, mirror: bool, source: str) -> None:
    """Exit 1 with every broken rule of a board file, one `[rule] message (at C4)` a line."""
    from . import board_file

    rep = board_file.check_custom_board(b, hard, mirror)
    if rep.ok:
        return
    out_console.print(f"{source}: {len(rep)} broken rule(s)", highlight=False, markup=False)
    for v in rep:
        out_console.print(f"  {v}", highlight=False, markup=False)
    raise typer.Exit(1)


def board_rules(b: Board, hard: bool, mirror: bool) -> Report:
    """The rules a board keeps: a printed-size board the printed boards' (`check_board`), any other
    size a board file's (`check_custom_board`, which allows the sizes a sheet prints)."""
    from . import board_file

    if (b.grid.width, b.grid.height) == grid_size():
        return check_board(b, hard, mirror=mirror)
    return board_file.check_custom_board(b, hard, mirror)


def _setup(board: str, hard: bool, features: str, mirror: bool, difficulty: int, seed: int | None,
           code: str | None, refuse: bool = True) -> tuple[dict[str, Any], int, str, Board | None]:
    """What `sheet`, `play` and `check` share: options, seed and code, and the board file when
    --board names one (checked first when `refuse`: a board breaking a rule exits 1)."""
    custom = _board_file(board)
    if custom is not None and refuse:
        _refuse_broken(custom, hard, mirror, board)
    options, seed_, code_ = _resolve(_options(CUSTOM if custom else board, hard, features, mirror, difficulty),
                                     seed, code, custom)
    return options, seed_, code_, custom


def _describe(options: dict[str, Any]) -> str:
    f = options["features"]
    feats = f if isinstance(f, str) else (",".join(feature_names(f)) or "none")
    extra = f", features {feats}, difficulty {options['difficulty']}" if options["board"] == "random" else ""
    mirror = ", mirror" if options.get("mirror") else ""
    return f"board {options['board']}{', hard' if options['hard'] else ''}{mirror}{extra}"


def write_pad(out: Path, options: dict[str, Any], seed: int, code: str, count: int, per_page: int,
              paper: str, lang: str, show_progress: bool = True, jobs: int | None = None,
              custom: Board | None = None, board_path: str = "", title: str = "",
              player_names: tuple[str, ...] = ()) -> dict[str, Any]:
    """Generate, validate and draw a pad; write sheets.pdf, preview.png, setup.json and command.txt
    into OUT/plazing-rw/<code>/ as one unit. A `custom` board (read from `board_path`, checked) is
    printed on every sheet and rated on the printed boards' scale (rating.py): the rating goes
    into the JSON and the sheets' small print. A `title` (checked: pad_text) heads every sheet and
    is the PDF's title; with `player_names`, each name gets `count` sheets (the same boards for everyone,
    as the players of one game share the dice) with the name in the name box."""
    from dataclasses import replace

    from generator.core.pad_text import sheet_names
    from generator.render.layout import get_paper
    from generator.render.pdf import pdf_bytes
    from generator.render.png import png_bytes

    from . import pad_text as prw_text
    from .draw import pad_scene
    from .rating import rate_board

    try:
        get_paper(paper)
    except ValueError as exc:
        raise UserInputError(str(exc)) from None
    rating = None
    if custom is not None:
        sheets = [SheetSetup(code, seed, custom)] * count
        rating = rate_board(custom, options["hard"], options["mirror"], playouts=RATING_PLAYOUTS, jobs=jobs)
    else:
        with progress_bar(count if show_progress else 0, "boards") as tick:
            sheets = sheet_setups(options, seed, count, tick, jobs=jobs)
    boards_of_pad = sheets
    sheets = [replace(boards_of_pad[i % count], name=n) for i, n in enumerate(sheet_names(player_names, count))]
    options = with_defaults(options)
    for s in {id(s.board): s for s in sheets}.values():
        rep = board_rules(s.board, options["hard"], options["mirror"])
        if not rep.ok:  # generate must never emit what check rejects
            raise UserInputError(f"board {s.board.id} breaks {rep.violations[0]}")
    folder = face.set_folder(out, FACE.game, code)
    names = FACE.outputs
    scene = pad_scene(sheets, paper, lang, options["hard"], per_page, title=title,
                      rating=rating.describe(lang) if rating is not None else "",
                      name_at=(prw_text.name_x(), prw_text.NAME_BASELINE))
    body: dict[str, Any] = {"options": {**options, "count": count, "per_page": per_page, "paper": paper,
                                        "lang": lang},
                            "sheets": [s.to_json() for s in _unique(sheets)]}
    if rating is not None:
        body["rating"] = rating.to_json()
    if title:
        body["title"] = title
    if player_names:
        body["names"] = list(player_names)
    clikit.print_moved(FACE, folder)
    with output_set(folder, owns=face.owns(FACE)) as stage:
        files = {"sheets": (stage / names["sheets"], pdf_bytes(scene)),
                 "preview": (stage / names["preview"], png_bytes(scene, 0, dpi=100)),
                 "setup": (stage / names["setup"], dumps_setup(GAME, FILE_VERSION, code, body).encode("utf-8"))}
        _write_all(files)
        stamped = face.stamp(stage, code, FACE, "sheet")
        if board_path:
            _stamp_board_file(stamped, board_path)
        files["command"] = (stamped, stamped.read_bytes())
    result = {"code": code, "seed": seed, "sheets": len(sheets), "pages": len(scene.pages),
              "files": {k: str(relocate(path, stage, folder)) for k, (path, _data) in files.items()},
              "bytes": {k: len(data) for k, (_path, data) in files.items()},
              "difficulty": [{"code": s.code, **s.balance} for s in _unique(sheets) if s.balance]}
    if rating is not None:
        result["rating"] = rating.to_json()
    if title:
        result["title"] = title
    if player_names:
        result["names"] = list(player_names)
    return result


def _stamp_board_file(stamped: Path, board_path: str) -> None:
    """command.txt of a custom board's set: the --code alone cannot rebuild a drawn board (its
    ~B mark asks for the file), so the file is named after the command, as it was given."""
    import shlex

    words = shlex.split(stamped.read_text(encoding="utf-8"))
    words[3:3] = ["--board", board_path]
    write_atomic(stamped, shlex.join(words) + "\n")


def _write_all(files: dict[str, tuple[Path, bytes]]) -> None:
    """Write every file into the stage of core.files.output_set: all of them or none reach the
    folder (an error, Ctrl-C or SIGTERM removes the stage; the old set stays)."""
    for path, data in files.values():
        write_atomic(path, data)


def _unique(sheets: list[SheetSetup]) -> list[SheetSetup]:
    """One entry per distinct sheet: its board's code and, with --names, the player's name."""
    seen: dict[tuple[str, str | None], SheetSetup] = {}
    for s in sheets:
        seen.setdefault((s.code, s.name), s)
    return list(seen.values())


def _pad_words(title: str | None, names: str | None, board_names: list[str],
               lang: str) -> tuple[str, tuple[str, ...]]:
    """--title and --names checked to fit where the sheet prints them (plazing_rw.pad_text): one
    line and exit 2 for a title or name that is empty, unprintable or too wide."""
    from generator.core.pad_text import parse_names, parse_title

    from . import pad_text as prw_text

    with guarded():
        heading = parse_title(title, prw_text.title_slot(board_names, lang)) if title is not None else ""
        who = parse_names(names, prw_text.name_slot()) if names is not None else ()
    return heading, who


def _board_names(options: dict[str, Any], custom: Board | None, lang: str) -> list[str]:
    """The board names a pad prints after its title (known before any random board is made)."""
    from .setup import RANDOM_NAME

    if custom is not None:
        return [custom.name.get(lang) or custom.id]
    if options["board"] == "random":
        return [RANDOM_NAME[lang]]
    b = boards()[options["board"]]
    return [b.name.get(lang) or b.id]


@face.command(app, FACE, "sheet")
def sheet_cmd(
    board: str,
    count: int,
    per_page: int,
    hard: bool,
    features: str,
    mirror: bool,
    difficulty: int,
    seed: int | None,
    code: str | None,
    paper: str,
    lang: str,
    title: str | None,
    names: str | None,
    out: Path,
    jobs: int | None,
    as_json: bool,
) -> None:
    """`boardgen plazing-rw sheet` (its help and options: face.toml [commands.sheet])."""
    lang = check_lang(lang)
    check_out(out)
    if not 1 <= count <= MAX_COUNT:
        fail(f"--count must be 1..{MAX_COUNT}, not {count}")
    options, seed_, code_, custom = _setup(board, hard, features, mirror, difficulty, seed, code)
    heading, who = _pad_words(title, names, _board_names(options, custom, lang), lang)
    if len(who) * count > MAX_COUNT:
        fail(f"{len(who)} names x --count {count} is {len(who) * count} sheets, at most {MAX_COUNT}")
    with guarded():
        result = write_pad(out, options, seed_, code_, count, per_page, paper, lang, jobs=jobs, custom=custom,
                           board_path=board if custom is not None else "", title=heading, player_names=who)
    if as_json:
        print_json(result)
        return
    out_console.print(f"plazing-rw {_describe(options)}: {result['sheets']} sheet(s) on {result['pages']} page(s), "
                      f"code {code_}", highlight=False)
    for kind, path in result["files"].items():
        out_console.print(f"  {kind}: {path} ({result['bytes'][kind]} bytes)", highlight=False)
    for fig in result["difficulty"]:  # every random sheet's estimate, so a group can see the pad is fair
        out_console.print(f"  {fig['code']}: {_difficulty_line(fig)}", highlight=False)
    if "rating" in result:
        out_console.print(f"  {board}: {_rating_line(result['rating'])}", highlight=False, markup=False)


def _rating_line(r: dict[str, Any]) -> str:
    """A custom board's rating (rating.Rating.to_json) in one line, with the greedy playouts."""
    lo, hi = r["interval"]
    g = r["playouts"]["greedy"]
    return (f"difficulty {r['place']} (greedy estimate {r['estimate']}, interval {lo}..{hi}, {r['games']} games "
            f"on shared dice; like {', '.join(r['like']) or 'no printed board'}); greedy playouts mean "
            f"{g['mean']}, min {g['min']}, max {g['max']}")


def _parse_board(raw: Any, source: Path, where: str) -> Board:
    if isinstance(raw, str | int) and not isinstance(raw, bool):
        b = boards().get(str(raw))
        if b is None:
            raise UserInputError(f"{source}: {where}: unknown board {raw!r} (1-4 or a board object)")
        return b
    return Board.from_json(raw, where=where, source=str(source))


#: the keys of a filled sheet's body (what `State.to_sheet` writes) and of a pad's (what `sheet`
#: writes: its options and one entry per distinct sheet); a key not listed is a typo, not ignored
SHEET_FIELDS: dict[str, Kind] = {"board": (STR, INT, OBJECT), "hard": BOOL, "mirror": BOOL, "dice": (LIST, NULL),
                                 "shapes": LIST}
PAD_FIELDS: dict[str, Kind] = {"options": OBJECT, "sheets": LIST, "rating": OBJECT, "title": STR, "names": LIST}
PAD_OPTION_FIELDS: dict[str, Kind] = {"board": STR, "hard": BOOL, "features": (INT, STR), "mirror": BOOL,
                                      "difficulty": INT, "count": INT, "per_page": INT, "paper": STR, "lang": STR}
PAD_SHEET_FIELDS: dict[str, Kind] = {"code": STR, "seed": INT, "board": (STR, INT, OBJECT), "balance": (OBJECT, NULL),
                                     "name": STR}
#: a random board's fairness figures (fairness.Decision.to_json and what setup.random_board adds)
BALANCE_FIELDS: dict[str, Kind] = {"accepted": BOOL, "games": INT, "estimate": NUMBER, "interval": LIST,
                                   "target": NUMBER, "band": LIST, "decision": STR, "difficulty": INT,
                                   "candidates": INT, "tested": INT, "games_played": INT}


def _is_pad(body: Any) -> bool:
    return isinstance(body, dict) and "sheets" in body and "board" not in body


def load_sheet(path: Path) -> tuple[Board, bool, list[Any], str, list[int] | None, bool]:
    """A filled sheet file, read strictly: its board (a number or a full board), hard variant,
    drawn shapes, code, dice and the mirror house rule."""
    doc = load_setup(path, GAME, (FILE_VERSION,))
    body = doc["setup"]
    if _is_pad(body):
        raise UserInputError(f"{path}: a pad written by `sheet` (no drawn shapes); `check --file` reads it")
    f = Fields(str(path))
    f.obj(body, "setup", SHEET_FIELDS, ("board", "shapes"), "a filled sheet")
    b = _parse_board(body["board"], path, "setup.board")
    drawn = parse_drawn(body["shapes"], b, source=str(path), where="setup.shapes")
    dice = parse_dice(body.get("dice"), source=str(path), where="setup.dice")
    return b, body.get("hard", False), drawn, doc["code"], dice, body.get("mirror", False)


def load_boards(path: Path) -> list[tuple[str, Board, bool, Report, bool, dict[str, Any] | None]]:
    """The boards `check --file` checks: (code, board, hard, drawing/dice violations) for a filled
    sheet (from `play`) or for every distinct sheet of a pad (the JSON `sheet` writes), with the
    mirror rule and a random sheet's stored fairness figures (None when there are none). Both
    kinds of file are read strictly (an unknown key or a wrong type is a one-line error)."""
    doc = load_setup(path, GAME, (FILE_VERSION,))
    body = doc["setup"]
    if not _is_pad(body):
        b, hard, drawn, code, dice, mirror = load_sheet(path)
        rep = check_drawing(b, drawn, mirror=mirror)
        rep.extend(check_dice(dice, drawn))
        return [(code, b, hard, rep, mirror, None)]
    f = Fields(str(path))
    f.obj(body, "setup", PAD_FIELDS, ("sheets",), "a pad")
    opts = f.obj(body.get("options", {}), "setup.options", PAD_OPTION_FIELDS)
    hard, mirror = opts.get("hard", False), opts.get("mirror", False)
    sheets = f.list_(body["sheets"], "setup.sheets", max_len=MAX_COUNT)
    if not sheets:
        f.fail("setup.sheets", "expected a non-empty list of sheets")
    out = []
    seen: set[str] = set()
    for i, item in enumerate(sheets):
        where = at("setup.sheets", i)
        item = f.obj(item, where, PAD_SHEET_FIELDS, ("board",), "a pad's sheet")
        key = item.get("code")
        if key is not None:
            if key in seen:  # the same board on another player's sheet (--names)
                continue
            seen.add(key)
        balance = item.get("balance")
        if balance is not None:
            f.obj(balance, at(where, "balance"), BALANCE_FIELDS)
            for key in ("interval", "band"):
                if key in balance:
                    f.list_(balance[key], at(at(where, "balance"), key), NUMBER)
        out.append((item.get("code", doc["code"]), _parse_board(item["board"], path, at(where, "board")), hard,
                    Report(), mirror, balance))
    return out


@face.command(app, FACE, "score")
def score_cmd(
    file: Path,
    hard: bool | None,
    mirror: bool | None,
    as_json: bool,
) -> None:
    """`boardgen plazing-rw score` (its help and options: face.toml [commands.score])."""
    with guarded():
        board, file_hard, drawn, code, dice, file_mirror = load_sheet(file)
        variant = file_hard if hard is None else hard
        mirrored = file_mirror if mirror is None else mirror
        rep = check_drawing(board, drawn, mirror=mirrored)
        rep.extend(check_dice(dice, drawn))
        rep.extend(board_rules(board, variant, mirrored))
        result = score_drawing(board, drawn, variant)
    names = {k: v["en"] for k, v in scoring().resources.items()}
    if as_json:
        print_json({"code": code, "board": board.id, "hard": variant, "legal": rep.ok,
                    "violations": rep.to_json(), "score": result.to_json()})
    else:
        out_console.print(f"sheet {escape(code)}, board {board.id}{' (hard)' if variant else ''}", highlight=False)
        for line in result.lines(names):
            out_console.print("  " + line, highlight=False)
        for v in rep:
            out_console.print(f"  [red]broken rule[/] {escape(str(v))}", highlight=False)
    if not rep.ok:
        raise typer.Exit(1)


@face.command(app, FACE, "play")
def play_cmd(
    board: str,
    bot: str,
    hard: bool,
    features: str,
    mirror: bool,
    difficulty: int,
    seed: int | None,
    code: str | None,
    out: Path | None,
    as_json: bool,
) -> None:
    """`boardgen plazing-rw play` (its help and options: face.toml [commands.play])."""
    from generator.core.playout import get_bot

    from .engine import new_game
    sheet_file = None
    if out is not None:
        sheet_file = _play_file(out, note=not as_json)
    options, seed_, code_, custom = _setup(board, hard, features, mirror, difficulty, seed, code)
    with guarded():
        b = custom if custom is not None else sheet_setups(options, seed_, 1)[0].board
        rng = make_rng(seed_, "plazing-rw", "play")
        state = new_game(b, rng, options["hard"], options["mirror"])
        pick = get_bot(bot)
        while not state.is_over():
            state.apply(pick(state, rng))
        body = state.to_sheet()
        if sheet_file is not None:  # a file in a folder that is not ours alone: staged, then renamed in
            if sheet_file.name == "*":
                sheet_file = sheet_file.with_name(f"{code_}-player1.json")
            with output_files(sheet_file.parent) as stage:
                save_setup(stage / sheet_file.name, GAME, FILE_VERSION, code_, body)
    if as_json:
        print_json({"code": code_, "score": state.breakdown().to_json(), "sheet": body})
    else:
        out_console.print(f"{bot} bot on board {b.id} ({code_}): {state.points()} points, dice {state.dice}",
                          highlight=False)
        if sheet_file is not None:
            out_console.print(f"  sheet: {sheet_file}", highlight=False, markup=False)


def _play_file(out: Path, note: bool = True) -> Path:
    """Where `play --out` writes the filled sheet: into the folder OUT as <CODE>-player1.json, as
    Rzuć na tacę's play writes one file per player ("*" stands for the name until the code is known).
    An --out ending in .json that is not a folder is the file itself, as boardgen 0.1 read it."""
    if out.suffix.lower() == ".json" and not out.is_dir():
        check_out(out, "file")
        if note:  # (a script reading --json has no use for it)
            err_console.print(f"note: --out {out}: a file name (older use); give a folder and the sheet is "
                              "<CODE>-player1.json in it, as in every game", markup=False, highlight=False)
        return out
    check_out(out)
    return out / "*"


@face.command(app, FACE, "check")
def check_cmd(
    board: str,
    games: int,
    bot: str,
    hard: bool,
    features: str,
    mirror: bool,
    difficulty: int,
    seed: int | None,
    code: str | None,
    file: Path | None,
    jobs: int | None,
    scheduler: str | None,
    as_json: bool,
) -> None:
    """`boardgen plazing-rw check` (its help and options: face.toml [commands.check])."""
    from generator.core.parallel import executor_from

    from . import board_file
    from .engine import new_game
    bots = ["random", "greedy"] if bot == "both" else [bot]
    options, seed_, code_, custom = _setup(board, hard, features, mirror, difficulty, seed, code, refuse=False)
    results = []
    ratings: dict[str, Any] = {}
    with guarded(), executor_from(jobs, scheduler) as executor:  # one pool for every bot and board of the command
        if file is not None:
            loaded = load_boards(file)
            if seed is None and code is None:  # reproducible: the same playouts for the same file
                seed_ = make_rng(0, "plazing-rw", "check-file", loaded[0][0]).randrange(2**31)
            targets = [(c, b, h or hard, r, m or mirror, bal) for c, b, h, r, m, bal in loaded]
        elif custom is not None:
            targets = [(code_, custom, options["hard"], Report(), options["mirror"], None)]
        else:
            sheet = sheet_setups(options, seed_, 1)[0]
            targets = [(code_, sheet.board, options["hard"], Report(), options["mirror"], sheet.balance)]
        for tcode, b, variant, rep, mir, balance in targets:
            if custom is not None and file is None:
                rep.extend(board_file.check_custom_board(b, variant, mir))
            else:
                rep.extend(board_rules(b, variant, mir))
            reports = {}
            for name in bots if rep.ok else ():  # stop on an illegal board before playing it
                with progress_bar(games, f"{name} playouts") as tick:
                    def make(rng: random.Random, b: Board = b, variant: bool = variant, mir: bool = mir) -> State:
                        return new_game(b, rng, variant, mir)

                    reports[name] = run_playouts(
                        make, games,
                        make_rng(seed_, "plazing-rw", "check").randrange(2**40), name, invariant=None,
                        progress=tick, jobs=jobs, executor=executor)
            if custom is not None and file is None and rep.ok:  # a board file: where it falls on the scale
                from .rating import rate_board

                ratings[tcode] = rate_board(b, variant, mir, playouts=games, jobs=jobs)
            results.append((tcode, b, variant, rep, reports, balance))
    if as_json:
        items = [{"code": c, "board": b.to_json(), "hard": v, "legal": rep.ok, "violations": rep.to_json(),
                  "playout_seed": seed_, "difficulty": bal,
                  "playouts": {k: _playout_json(r) for k, r in reports.items()},
                  **({"rating": ratings[c].to_json()} if c in ratings else {})}
                 for c, b, v, rep, reports, bal in results]
        if len(items) == 1:
            print_json(items[0])
        else:
            print_json({"code": _pad_code(file), "legal": all(i["legal"] for i in items), "playout_seed": seed_,
                        "boards": items})
    else:
        for c, b, _v, rep, reports, bal in results:
            _print_check(c, b, rep, reports, bal)
            if c in ratings:
                r = ratings[c]
                out_console.print(f"  {r.describe()}", highlight=False, markup=False)
                for name, fig in r.playouts.items():
                    out_console.print(f"  rating {name} playouts: {fig['completed']}/{fig['games']} games, mean "
                                      f"{fig['mean']}, min {fig['min']}, max {fig['max']}, dead rolls "
                                      f"{fig['dead_rolls']} per game", highlight=False, markup=False)
        out_console.print(f"  playout seed {seed_}", highlight=False)
    if any(not rep.ok or any(not r.playable for r in reports.values())
           for _c, _b, _v, rep, reports, _bal in results):
        raise typer.Exit(1)


def _pad_code(file: Path | None) -> str:
    return load_setup(file, GAME, (FILE_VERSION,))["code"] if file is not None else ""


def _print_check(code: str, b: Board, rep: Report, reports: dict[str, Any],
                 balance: dict[str, Any] | None = None) -> None:
    out_console.print(f"plazing-rw board {b.id} ({escape(code)}): "
                      + ("legal" if rep.ok else f"{len(rep)} broken rule(s), not played"), highlight=False)
    for v in rep:
        out_console.print(f"  [red]broken rule[/] {escape(str(v))}", highlight=False)
    if balance:
        out_console.print("  " + _difficulty_line(balance), highlight=False)
    for name, r in reports.items():
        j = _playout_json(r)
        out_console.print(f"  {name}: {r.completed}/{r.games} games, score mean {j['mean']}, min {j['min']}, "
                          f"max {j['max']}; areas closed {j['areas_closed']}; "
                          f"dead rolls in {j['games_with_dead_roll']:.0%} of games "
                          f"({j['dead_rolls']} per game)", highlight=False)


def _difficulty_line(fig: dict[str, Any]) -> str:
    """A random board's fairness figures: estimate and interval against the target band."""
    try:
        lo, hi = fig["interval"]
        blo, bhi = fig["band"]
        return (f"difficulty {fig.get('difficulty', '?')}: greedy estimate {fig['estimate']} "
                f"(interval {lo}..{hi}, {fig['games']} games on shared dice), target {fig['target']} "
                f"(band {blo}..{bhi}): {'accepted' if fig.get('accepted') else 'not accepted'}")
    except (KeyError, TypeError, ValueError):
        return "difficulty: figures unreadable"


def _playout_json(r: Any) -> dict[str, Any]:
    seat = r.seat_stats()[0] if r.players else {"mean": 0, "min": 0, "max": 0}
    dead = r.extras.get("dead_rolls", [])
    areas = r.extras.get("areas_closed", [])
    return {"games": r.games, "completed": r.completed, "mean": seat["mean"], "min": seat["min"],
            "max": seat["max"], "areas_closed": round(sum(areas) / len(areas), 2) if areas else 0,
            "dead_rolls": round(sum(dead) / len(dead), 3) if dead else 0,
            "games_with_dead_roll": (sum(1 for d in dead if d) / len(dead)) if dead else 0.0,
            "failures": [{"seed": s, "reason": m} for s, m in r.failures[:5]]}


@face.command(app, FACE, "board-export")
def board_export_cmd(board: str | None, code: str | None) -> None:
    """`boardgen plazing-rw board export` (face.toml [commands.board-export]): a printed board or a
    code's board as a board file on stdout, the start of a user's own beach."""
    from . import board_file

    with guarded():
        b, origin = board_file.board_to_export(board=board, code=code)
    typer.echo(board_file.export_board(b, origin), nl=False)


def _nest_board_export() -> None:
    """The declaration names the command `board-export` (face.command registers a command under its
    declared name, one level deep); users type it as `board export`, the group the issue asks for.
    Both names run the one function; the flat one is hidden from the help."""
    info = next(c for c in app.registered_commands if c.name == "board-export")
    info.hidden = True
    callback = info.callback
    assert callback is not None  # face.command registered it
    board_app.command("export", help=info.help)(callback)


_nest_board_export()


def make_all(out: Path, seed: int, paper: str, lang: str) -> list[Path]:
    """`boardgen all`: one sheet of each printed board and a pad of 2 random boards (each one passes
    the fairness test, some hundred greedy games: 2 keep `all` quick) - face.toml [[all]]."""
    return clikit.make_game_part(app, FACE, out, seed, paper, lang)
