"""The root command starts at once: a game's modules (engines, drawing, reportlab, Pillow) load only
when one of its commands runs, while `--help` and completion still know every game."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import GAMES, app, game_module

ROOT = Path(__file__).resolve().parent.parent

#: modules that only a command that plays, prints or draws may load
HEAVY = ("reportlab", "PIL", "jinja2", "generator.games.", "generator.render.")

PROBE = """
import json, sys
sys.argv[0] = "boardgen"
import generator.cli
if sys.argv[1:]:
    try:
        generator.cli.main()
    except SystemExit as exc:
        code = exc.code
    else:
        code = 0
else:
    code = None
print(json.dumps({"code": code, "modules": sorted(sys.modules)}), file=sys.stderr)
"""


def _probe(*args: str, env: dict[str, str] | None = None) -> tuple[int | None, list[str], str]:
    """Run boardgen with `args` in a fresh interpreter: (exit code, modules loaded, stdout)."""
    res = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True, cwd=ROOT,
                         env={**os.environ, **(env or {})}, timeout=120)
    report = json.loads(res.stderr.strip().splitlines()[-1])
    return report["code"], report["modules"], res.stdout


def _heavy(modules: list[str]) -> list[str]:
    return [m for m in modules if m.startswith(HEAVY) or m in ("reportlab", "PIL", "jinja2")]


def test_import_loads_no_game_and_no_renderer():
    _, modules, _ = _probe()
    assert "generator.cli" in modules
    assert _heavy(modules) == []


def test_version_loads_neither_rich_nor_the_core():
    """`--version` (and every start) pays only for Typer: rich's console and the core modules load
    when a command prints or works (issue 12: start in <= 0.25 s)."""
    code, modules, out = _probe("--version")
    assert code in (0, None) and out.startswith("boardgen ")
    assert [m for m in modules if m.startswith(("rich", "generator.core"))] == []


@pytest.mark.parametrize("args", [["--help"], ["--version"], ["games"]])
def test_root_commands_load_no_game(args):
    code, modules, out = _probe(*args)
    assert code in (0, None)
    assert _heavy(modules) == []
    assert "pydantic" not in modules or args == ["games"]  # Typer's validation of unset flags is skipped
    if args == ["--help"]:
        for name, _, _ in GAMES:
            assert name in out


def test_completion_of_game_names_loads_no_game():
    env = {"_BOARDGEN_COMPLETE": "complete_bash", "COMP_WORDS": "boardgen pla", "COMP_CWORD": "1"}
    _, modules, out = _probe("x", env=env)  # any argument: run main() (completion reads the env)
    assert out.split() == [n for n, _, _ in GAMES if n.startswith("pla")]
    assert _heavy(modules) == []


def test_a_game_command_loads_only_that_game():
    code, modules, out = _probe("rzuc-na-tace", "--help")
    assert code == 0 and "sheet" in out
    games = {m.split(".")[2] for m in modules if m.startswith("generator.games.") and m.count(".") >= 2}
    assert games == {"rzuc_na_tace"}


def test_help_lists_every_game_with_its_description():
    res = CliRunner().invoke(app, ["--help"], env={"COLUMNS": "200"})
    assert res.exit_code == 0
    for name, _, desc in GAMES:
        assert name in res.output
        assert desc.split(" (")[0] in res.output


def test_game_help_is_the_real_sub_app():
    res = CliRunner().invoke(app, ["plazing", "--help"], env={"COLUMNS": "200"})
    assert res.exit_code == 0
    assert "Plażing: parawany w dłoń (beach board game" in res.output
    for command in ("setup", "check", "board"):
        assert command in res.output


def test_every_registered_game_has_an_app_and_a_make_all():
    for name, module, desc in GAMES:
        mod = game_module(name)
        assert mod.__name__ == module and desc
        assert callable(mod.make_all) and mod.app is not None
    with pytest.raises(KeyError):
        game_module("nosuch")


@pytest.mark.slow
def test_all_is_identical_for_any_jobs(tmp_path):
    """`all` runs the games side by side; the files are the same byte for byte on one core."""
    runner = CliRunner()
    for jobs in ("1", "2"):
        res = runner.invoke(app, ["all", "--out", str(tmp_path / jobs), "--seed", "5", "--jobs", jobs])
        assert res.exit_code == 0, res.output
    one = sorted(p.relative_to(tmp_path / "1") for p in (tmp_path / "1").rglob("*") if p.is_file())
    two = sorted(p.relative_to(tmp_path / "2") for p in (tmp_path / "2").rglob("*") if p.is_file())
    assert one == two and len(one) > 20
    for rel in one:
        assert (tmp_path / "1" / rel).read_bytes() == (tmp_path / "2" / rel).read_bytes(), rel


@pytest.mark.parametrize("game", ["plazing", "winnice", "planety"])
def test_check_of_a_setup_file_loads_no_renderer(game, tmp_path):
    """`<game> check FILE` answers without reportlab, Pillow or the game's drawing (issue 12:
    check in <= 0.5 s): they load only in the commands that print."""
    res = subprocess.run([sys.executable, "-m", "generator", game, "setup", "--seed", "2", "--out", str(tmp_path)],
                         capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert res.returncode == 0, res.stderr
    setup = next(tmp_path.rglob("setup.json"))
    code, modules, _ = _probe(game, "check", str(setup))
    assert code == 0
    drawing = [m for m in modules if m.startswith(("reportlab", "PIL", "jinja2", "generator.render."))
               or m == f"generator.games.{game}.draw"]
    assert drawing == []


def test_help_does_not_load_markdown_or_pygments_and_they_still_work_after():
    """Typer's rich help is imported with stand-ins for rich.markdown and rich.traceback (a third of
    `boardgen --help`); the real modules load when they are used, and any later import gets them."""
    code, modules, out = _probe("--help")
    assert code == 0 and "plazing" in out
    assert [m for m in modules if m.startswith(("rich.markdown", "rich.traceback", "markdown_it", "pygments"))] == []
    probe = (
        "import sys, generator.cli as c\n"
        "c._rich_help_without_markdown()\n"
        "import typer.rich_utils as ru, rich.markdown as md\n"
        "assert hasattr(md, 'Heading'), 'the real module'\n"
        "m = ru.Markdown('# x')\n"
        "assert type(m) is md.Markdown, type(m)\n"
        "try:\n"
        "    raise ValueError('boom')\n"
        "except ValueError as exc:\n"
        "    tb = ru.Traceback.from_exception(type(exc), exc, exc.__traceback__)\n"
        "import rich.traceback\n"
        "assert type(tb) is rich.traceback.Traceback\n"
        "print('ok')\n")
    res = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert res.stdout.strip() == "ok", res.stderr


def test_reflow_joins_source_line_breaks_but_keeps_lists_and_verbatim_paragraphs():
    from generator.cli import reflow

    text = ("First line\n    wraps here.\n\n    Second paragraph\n    goes on:\n    - one item\n    - two\n"
            "    --playouts starts a line\n\n    \b\n    verbatim\n    block\n    \f\n    hidden\n    lines")
    assert reflow(text) == ("First line wraps here.\n\nSecond paragraph goes on:\n- one item\n- two "
                            "--playouts starts a line\n\n\b\nverbatim\nblock\n\f\nhidden\nlines")


@pytest.mark.parametrize("name", [g for g, _, _ in GAMES])
def test_help_paragraphs_are_not_broken_where_the_docstring_was_wrapped(name, monkeypatch):
    """Every game command's help: a paragraph of its docstring is one line in a wide terminal (Typer
    keeps single line breaks, which made ragged help in an 80-column terminal)."""
    import inspect
    import sys

    import typer

    # Typer reads TERMINAL_WIDTH once, when its help module is first imported: a test run earlier in
    # this process with TERMINAL_WIDTH=200 (tests/test_face.py) would cut these lines at 200
    if "typer.rich_utils" in sys.modules:
        monkeypatch.setattr(sys.modules["typer.rich_utils"], "MAX_WIDTH", None)

    group = typer.main.get_group(game_module(name).app)
    for cmd_name, cmd in group.commands.items():
        doc = inspect.cleandoc(cmd.callback.__doc__ or "") if cmd.callback else ""
        paragraphs = [p for p in doc.split("\n\n")[1:] if "\n" in p and not p.startswith("\b")]
        if not paragraphs:
            continue
        result = CliRunner().invoke(app, [name, cmd_name, "--help"], env={"COLUMNS": "400", "NO_COLOR": "1"})
        assert result.exit_code == 0, result.output
        for para in paragraphs:
            first, second = para.split("\n")[:2]
            if second.lstrip().startswith(("- ", "* ")):
                continue
            assert f"{first.strip()} {second.strip()}" in result.output, (cmd_name, para)


@pytest.mark.parametrize("text", ["  a\n    b\n     c\n\n", "x", "\n  y\n  z", "a\n  \f\n  hid  ", " t  \n  x",
                                  "First line\n    wraps here.\n\n    Second", "\tTab\n\tindented\n", ""])
def test_cleandoc_is_inspects(text):
    import inspect

    from generator.cli import _cleandoc

    assert _cleandoc(text) == inspect.cleandoc(text)
