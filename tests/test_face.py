"""One face for five games: the declarations, and what the shared layer makes of them.

A declaration (games/<game>/face.toml) is the single place for a game's commands, options and
outputs; generator/face.toml holds the options several games share and the one file name of each
kind of output. These tests hold the CLI, `boardgen all`, the gallery and the web forms to it.
"""

from __future__ import annotations

import ast
import re
import shlex
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator import face
from generator.cli import GAMES, app
from generator.web import forms

ROOT = Path(__file__).resolve().parent.parent
FACES = {name: forms.face_of(name) for name, _, _ in GAMES}
runner = CliRunner()


def run(*args: str, **kw):
    return runner.invoke(app, list(args), **kw)


# --- the declarations ----------------------------------------------------------------------------

def test_every_game_is_declared_with_its_registry_entry():
    for name, module, description in GAMES:
        f = FACES[name]
        assert (f.game, f.module, f.description) == (name, module, description)
        assert re.fullmatch(r"[A-Z]{2}", f.prefix) and set(f.title) == {"pl", "en"}
        assert sum(c.form for c in f.commands.values()) == 1  # one command for the web form


def test_every_option_has_help_and_labels_and_a_known_shape():
    for f in FACES.values():
        for c in f.commands.values():
            assert c.help.strip()
            for o in c.options:
                where = f"{f.game} {c.name} {o.name}"
                assert o.help.strip() and "[/" not in o.help, where
                assert set(o.label) == {"pl", "en"} and all(o.label.values()), where
                assert o.role in face.ROLES, where
                if o.choices and o.default is not None:
                    assert o.default in o.choices, where
                if o.min is not None and isinstance(o.default, int | float):
                    assert o.min <= o.default <= o.max, where


def test_the_setup_code_prefix_is_the_games_own():
    from generator.games.planety.rules import CODE as PN
    from generator.games.plazing.setup import CODE as PZ
    from generator.games.plazing_rw.setup import CODE as PR
    from generator.games.rzuc_na_tace.setup import CODE as RT
    from generator.games.winnice.setup import CODE as WN

    for game, spec in (("plazing", PZ), ("plazing-rw", PR), ("rzuc-na-tace", RT), ("winnice", WN),
                       ("planety", PN)):
        assert spec.prefix == FACES[game].prefix, game


def test_one_name_per_kind_of_file():
    """The same kind of file has the same name in every game, and no two kinds share a name."""
    shared = face.shared_outputs()
    for f in FACES.values():
        for kind, name in shared.items():
            assert f.outputs[kind] == name, (f.game, kind)
        names = list(f.outputs.values())
        assert len(names) == len(set(names)), f.game
        for c in f.commands.values():
            assert len(c.output_names(f)) == len(set(c.output_names(f)))
            if c.outputs:  # every command that writes a set says how to write it again
                assert "command" in c.outputs and "setup" in c.outputs


def test_shared_options_mean_the_same_everywhere():
    """A game may change a shared option's default, choices or help only with a note saying why."""
    base = face.shared()["options"]
    for f in FACES.values():
        for c in f.commands.values():
            for o in c.options:
                key = next((k for k, v in base.items() if v.get("param", k) == o.name), None)
                if key is None:
                    continue
                b = base[key]
                if o.argument or b.get("argument"):  # a file argument (rw check's --file is an option)
                    continue
                assert o.type == b["type"] and o.flag == b.get("flag", "--" + key.replace("_", "-")), o
                shared_default = Path(b["default"]) if b.get("type") == "path" and "default" in b else b.get("default")
                if "default" in b and o.default != shared_default:
                    assert o.note, (f.game, c.name, o.name)


def test_no_cli_repeats_an_option_declaration():
    """The games' cli.py declare no option of their own: every one comes from a face.toml."""
    for name, module, _ in GAMES:
        path = ROOT / (module.replace(".", "/") + ".py")
        tree = ast.parse(path.read_text(encoding="utf-8"))
        calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call)
                 and getattr(n.func, "attr", "") in ("Option", "Argument")]
        assert not calls, f"{path.name} of {name} declares options itself"


def test_a_command_function_must_take_exactly_its_declared_options():
    import typer

    cmd = FACES["winnice"].commands["play"]
    demo = typer.Typer()
    with pytest.raises(TypeError, match="lacks"):
        face.command(demo, FACES["winnice"], "play")(lambda players, seed, bot, json: None)
    assert [o.name for o in cmd.options] == ["file", "players", "seed", "catalog", "bot", "moves", "as_json"]
    assert cmd.option("file").argument and not cmd.option("file").required  # a setup to replay a game on
    assert cmd.option("players").default is None  # a FILE brings its own; 4 without one


def test_an_option_is_a_few_lines_of_toml(tmp_path):
    """How another lane adds an option: a table in the game's face.toml and its name in the command's
    list; the command function then takes a parameter of that name."""
    text = (ROOT / "generator/games/winnice/face.toml").read_text(encoding="utf-8")
    text = text.replace('options = ["file", "players", "seed", "catalog", "bot", "moves", "json"]',
                        'options = ["file", "players", "seed", "catalog", "bot", "moves", "fast", "json"]')
    text += '\n[options.fast]\ntype = "bool"\nrole = "run"\nhelp = "Go fast."\nlabel = { pl = "Szybko", en = "Fast" }\n'
    path = tmp_path / "face.toml"
    path.write_text(text, encoding="utf-8")
    f = face.load(str(path))
    import typer

    demo = typer.Typer()
    seen = {}

    @face.command(demo, f, "play")
    def play(file, players, seed, catalog, bot, moves, fast, as_json):
        seen.update(fast=fast, bot=bot, file=file)

    res = CliRunner().invoke(demo, ["--fast"])
    assert res.exit_code == 0, res.output
    assert seen == {"fast": True, "bot": "greedy", "file": None}


# --- help ----------------------------------------------------------------------------------------

def _flat(text: str) -> str:
    return " ".join(re.sub(r"[│╭╮╰╯─]", " ", text).split())


def _commands():
    return [(f.game, c) for f in FACES.values() for c in f.commands.values()]


@pytest.mark.parametrize(("game", "cmd"), _commands(), ids=lambda v: getattr(v, "name", v))
def test_help_shows_flags_as_flags_and_every_option_whole(game, cmd):
    res = run(game, cmd.name, "--help", env={"COLUMNS": "200"})
    assert res.exit_code == 0, res.output
    assert "<bool>" not in res.output
    flat = _flat(res.output)
    for o in cmd.options:
        assert " ".join(o.text.split()) in flat, (game, cmd.name, o.name)
        if o.choices and not o.argument:
            assert "|".join(str(c) for c in o.choices) in flat
        if o.min is not None and o.max is not None and not o.choices:
            assert "<=x<=" in flat


def test_root_help_shows_no_bool_and_the_scheduler_text_keeps_its_brackets():
    for args in ([], ["all"], ["cards"], ["serve"], ["games"], ["plazing"]):
        res = run(*args, "--help")
        assert res.exit_code == 0 and "<bool>" not in res.output, args
    res = run("winnice", "check", "--help", env={"COLUMNS": "200"})
    assert "boardgen[cluster]" in _flat(res.output)


# --- the outputs of each command: declared kinds, standard names, nothing else --------------------

CASES = [  # (game, command, arguments, options the run switches on)
    ("plazing", "setup", ["--players", "2", "--events", "--playouts", "2", "--seed", "4"], {"events", "playouts"}),
    ("plazing", "setup", ["--players", "3", "--seed", "4"], set()),
    ("plazing-rw", "sheet", ["--board", "2", "--count", "1", "--seed", "4"], set()),
    ("rzuc-na-tace", "sheet", ["--count", "1", "--seed", "4"], set()),
    ("rzuc-na-tace", "sheet", ["--count", "1", "--seed", "4", "--png"], {"png"}),
    ("winnice", "setup", ["--players", "2", "--seed", "4"], set()),
    ("planety", "setup", ["--players", "2", "--seed", "4", "--playouts", "1"], {"playouts"}),
]


def _written(out: Path) -> list[Path]:
    return sorted(p.relative_to(out) for p in out.rglob("*") if p.is_file() and p.name != "index.html")


@pytest.mark.parametrize(("game", "command", "args", "on"), CASES)
def test_a_command_writes_its_declared_outputs_and_nothing_else(tmp_path, game, command, args, on):
    out = tmp_path / "out"
    res = run(game, command, *args, "--out", str(out))
    assert res.exit_code == 0, res.output
    f = FACES[game]
    (code_folder,) = (out / game).iterdir()  # OUT/<game>/<CODE>/
    expected = f.commands[command].output_names(f, dict.fromkeys(on, True))
    assert _written(out) == sorted(Path(game, code_folder.name, n) for n in expected)
    line = (code_folder / "command.txt").read_text(encoding="utf-8").strip()
    assert shlex.split(line)[:5] == ["boardgen", game, command, "--code", code_folder.name]


def _changed_catalog(game: str, tmp_path: Path) -> Path:
    """A catalog of `game` with one component changed (so --preview has a page to draw)."""
    if game == "winnice":
        text = "[seedlings.deck23]\nred = { D2 = 3 }\n"
    else:
        text = run(game, "catalog", "--template").stdout
        old, new = {"plazing": ('art = ["A..x", "..S.", ".x..", "P..."]', 'art = ["A..x", "..S.", ".xP.", "...."]'),
                    "planety": ('en = "Life-giving planet"', 'en = "Living planet"')}[game]
        assert old in text
        text = text.replace(old, new, 1)
    path = tmp_path / f"{game}.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("game", ["plazing", "winnice", "planety"])
def test_catalog_preview_writes_its_declared_outputs_and_nothing_else(tmp_path, game):
    out = tmp_path / "out"
    res = run(game, "catalog", str(_changed_catalog(game, tmp_path)), "--preview", "--out", str(out))
    assert res.exit_code == 0, res.output
    f = FACES[game]
    (folder,) = (out / game).iterdir()  # OUT/<game>/catalog-C<digest>/
    expected = f.commands["catalog"].output_names(f, {"preview": True})
    assert sorted({p.parts[2] for p in _written(out)}) == sorted(expected)
    pngs = list((folder / f.outputs["components"]).iterdir())
    assert pngs and all(p.suffix == ".png" for p in pngs)
    line = (folder / "command.txt").read_text(encoding="utf-8").strip()
    assert shlex.split(line)[:3] == ["boardgen", game, "catalog"] and "--preview" in shlex.split(line)
    again = run(*shlex.split(line)[1:], "--out", str(tmp_path / "again"))  # command.txt writes the set again
    assert again.exit_code == 0, again.output
    for p in _written(out):
        assert (tmp_path / "again" / p).read_bytes() == (out / p).read_bytes(), p
    assert f.commands["catalog"].output_names(f, {}) == []  # without --preview: nothing written


def test_plazing_board_writes_its_declared_outputs(tmp_path):
    out = tmp_path / "out"
    assert run("plazing", "setup", "--seed", "2", "--out", str(tmp_path / "a")).exit_code == 0
    (made,) = (tmp_path / "a" / "plazing").iterdir()
    res = run("plazing", "board", str(made / "setup.json"), "--out", str(out))
    assert res.exit_code == 0, res.output
    f = FACES["plazing"]
    expected = f.commands["board"].output_names(f, {})
    assert _written(out) == sorted(Path("plazing", made.name, n) for n in expected)
    for name in ("setup.json", "board.pdf", "preview.png", "rules.pdf"):
        assert (out / "plazing" / made.name / name).read_bytes() == (made / name).read_bytes(), name


def test_a_set_of_an_older_boardgen_is_rewritten_under_the_new_names_with_a_note(tmp_path):
    out = tmp_path / "out"
    assert run("rzuc-na-tace", "sheet", "--count", "1", "--seed", "4", "--out", str(out)).exit_code == 0
    (folder,) = (out / "rzuc-na-tace").iterdir()
    (folder / "sheets.png").write_bytes(b"old preview")  # as boardgen 0.1 named it
    (folder / "mine.txt").write_text("a user's file")
    res = run("rzuc-na-tace", "sheet", "--count", "1", "--seed", "4", "--png", "--out", str(out))
    assert res.exit_code == 0, res.output
    assert "sheets.png is now preview.png" in res.output
    assert not (folder / "sheets.png").exists() and (folder / "preview.png").is_file()
    assert (folder / "mine.txt").read_text() == "a user's file"


def test_an_old_setup_file_and_code_still_read_and_reproduce(tmp_path):
    """A setup written by the older layout (OUT/<CODE>/setup.json) is read by check, and its code
    makes the same setup.json in the new layout."""
    old = tmp_path / "old" / "WN-2-4-I"
    assert run("winnice", "setup", "--players", "2", "--seed", "4", "--out", str(tmp_path / "new")).exit_code == 0
    (made,) = (tmp_path / "new" / "winnice").iterdir()
    old.mkdir(parents=True)
    (old / "setup.json").write_bytes((made / "setup.json").read_bytes())
    res = run("winnice", "check", str(old / "setup.json"))
    assert res.exit_code == 0, res.output
    again = run("winnice", "setup", "--code", made.name, "--out", str(tmp_path / "again"))
    assert again.exit_code == 0
    assert (tmp_path / "again" / "winnice" / made.name / "setup.json").read_bytes() == (old / "setup.json").read_bytes()


# --- boardgen all: the same files as the single commands, and every gallery command reproduces ----

@pytest.mark.slow
def test_all_equals_the_single_commands_and_every_gallery_command_reproduces_its_set(tmp_path):
    from generator.web.gallery import scan

    out = tmp_path / "all"
    res = run("all", "--out", str(out), "--seed", "5", "--jobs", "1")
    assert res.exit_code == 0, res.output
    sets = scan(out)
    assert {s.folder.split("/")[0] for s in sets} == {*FACES, "cards"}
    for s in sets:
        folder = out / s.folder
        assert s.command == (folder / "command.txt").read_text(encoding="utf-8").strip()
        again = tmp_path / "again" / s.folder.replace("/", "_")
        words = shlex.split(s.command)
        assert words[0] == "boardgen"
        res = run(*words[1:], "--out", str(again))
        assert res.exit_code in (0, 1), res.output
        made = again / s.folder
        names = sorted(p.name for p in folder.iterdir())
        assert sorted(p.name for p in made.iterdir()) == names, s.folder
        for name in names:
            assert (made / name).read_bytes() == (folder / name).read_bytes(), (s.folder, name)


def test_all_runs_the_declared_command_lines():
    for f in FACES.values():
        assert f.all_jobs, f.game
        for args in face.all_arguments(f, 3, "a4", "en"):
            assert args[0] in f.commands and args[-6:] == ["--seed", "3", "--paper", "a4", "--lang", "en"]


# --- the web form ----------------------------------------------------------------------------------

def test_the_web_form_is_the_declaration():
    form = forms.form_for("plazing-rw")
    assert form.command == "sheet"
    by = {f.name: f for f in form.fields}
    assert by["board"].kind == "text" and by["board"].choices == ("1", "2", "3", "4", "random")
    assert by["count"].kind == "int" and (by["count"].min, by["count"].max) == (1, 1000)
    per_page = by["per_page"]
    assert per_page.kind == "int" and (per_page.min, per_page.max, per_page.default) == (1, 2, 1)
    assert by["paper"].kind == "choice" and by["paper"].choices == ("a4", "letter") and by["hard"].kind == "bool"
    players = {f.name: f for f in forms.form_for("planety").fields}["players"]
    assert (players.kind, players.min, players.max, players.choices) == ("int", 2, 4, ("2", "3", "4"))
    assert by["lang"].label_in("pl") == "Język wydruku" and by["lang"].label_in("en") == "Language of the prints"
    assert "out" not in by and "as_json" not in by and "jobs" not in by
    assert forms.arguments(form, {"board": "random", "hard": "on", "count": "3"}) == [
        "sheet", "--board", "random", "--count", "3", "--hard"]


# --- a user's own index.html ------------------------------------------------------------------------

def test_a_users_own_index_html_is_kept_and_the_gallery_goes_beside_it(tmp_path):
    from generator.web.gallery import BESIDE, MARKER, write_index

    out = tmp_path / "out"
    out.mkdir()
    (out / "index.html").write_text("<html>my own page</html>")
    import subprocess
    import sys

    res = subprocess.run([sys.executable, "-m", "generator", "rzuc-na-tace", "sheet", "--count", "1", "--seed", "4",
                          "--out", str(out)], capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stderr
    assert (out / "index.html").read_text() == "<html>my own page</html>"
    assert MARKER in (out / BESIDE).read_text(encoding="utf-8")
    assert "is not a boardgen gallery, so it is kept" in res.stderr
    assert len([line for line in res.stderr.splitlines() if "gallery" in line]) == 1
    (out / "index.html").unlink()  # once it is gone, the gallery is index.html again ...
    assert write_index(out).name == "index.html"
    assert write_index(out).name == "index.html"  # ... and its own page is replaced
    old = out / "old"
    old.mkdir()  # a gallery of the older boardgen (no marker) is boardgen's too
    (old / "index.html").write_text("<!DOCTYPE html>\n<html><head><title>boardgen — gallery</title></head></html>")
    assert write_index(old).name == "index.html" and MARKER in (old / "index.html").read_text(encoding="utf-8")


def test_play_out_is_a_folder_of_player_sheets_in_both_pad_games(tmp_path):
    """`play --out FOLDER` means the same in Plażing roll&write and Rzuć na tacę: <CODE>-player<N>.json
    inside it, which `score` reads; an --out ending in .json is still the file itself (older use)."""
    for game, args, code in (("plazing-rw", ["--board", "1", "--seed", "2"], "PR-00G00-2-5"),
                             ("rzuc-na-tace", ["--players", "1", "--seed", "2"], None)):
        folder = tmp_path / game
        res = run(game, "play", *args, "--out", str(folder))
        assert res.exit_code == 0, res.output
        (sheet,) = folder.iterdir()
        assert sheet.name.endswith("-player1.json") and (code is None or sheet.name == f"{code}-player1.json")
        assert run(game, "score", str(sheet)).exit_code == 0
    res = run("plazing-rw", "play", "--board", "1", "--seed", "2", "--out", str(tmp_path / "s.json"))
    assert res.exit_code == 0 and (tmp_path / "s.json").is_file() and "older use" in res.output


def _closed_choices():
    return [(f.game, c, o) for f in FACES.values() for c in f.commands.values() for o in c.options
            if o.choices and not o.open and not o.argument and o.type in ("int", "str")]


@pytest.mark.parametrize(("game", "cmd", "opt"), _closed_choices(),
                         ids=lambda v: getattr(v, "name", v))
def test_every_command_refuses_a_value_outside_an_options_declared_choices_in_one_line(game, cmd, opt, tmp_path):
    """The declared choices are the whole check (face.command): no command lets another value through,
    and each says the same thing, naming the option, the value and the choices."""
    bad = max(opt.choices) + 7 if opt.type == "int" else "zzz"
    words = [*cmd.name.split("-", 1)] if cmd.name.startswith("board-") else [cmd.name]
    needed = [w for o in cmd.options if o.required and o is not opt
              for w in ([] if o.argument else [o.flag]) + [str(tmp_path / "missing.toml")]]
    res = run(game, *words, *needed, opt.flag, str(bad), "--out", str(tmp_path / "o")) \
        if any(o.name == "out" for o in cmd.options) else run(game, *words, *needed, opt.flag, str(bad))
    assert res.exit_code == 2, (game, cmd.name, opt.name, res.output)
    listed = [str(c) for c in opt.choices]
    line = res.output.strip()
    assert line.count("\n") == 0 and "Traceback" not in line, res.output
    assert line.startswith(f"error: {opt.flag} ") and listed[-1] in line and "choose" in line, (cmd.name, line)
    assert not (tmp_path / "o").exists()


def test_a_choice_is_read_without_case_and_an_open_choice_lets_a_file_through():
    by = {o.name: o for o in FACES["plazing"].commands["setup"].options}
    assert face.refusal(by["paper"], "A4") is None and face.refusal(by["lang"], "EN") is None
    assert face.refusal(by["players"], 3) is None and face.refusal(by["players"], None) is None
    assert face.refusal(by["players"], 5) == "--players 5: choose 2, 3 or 4"
    board = FACES["plazing-rw"].commands["sheet"].option("board")
    assert board.open and face.refusal(board, "mine.toml") is None
