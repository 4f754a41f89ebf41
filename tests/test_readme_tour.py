"""The README's tour runs as printed: its commands are read out of the README itself.

A command with a placeholder (a file of your own: my-edited-setup.json, my_tiles.toml) is left out
of the run; every other one runs in order, in a fresh folder, as `boardgen` would (the later commands
read the files the earlier ones wrote, as the tour says they do). A quick test parses every command
against the real CLI (options, values, ranges), placeholders included.
"""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PLACEHOLDER = re.compile(r"^my[-_]")


def tour_commands(heading: str = "## A short tour") -> list[list[str]]:
    """The boardgen command lines of the first bash block under `heading` in the README (comments
    dropped, `&&` split, a `> FILE` redirect dropped): the tour, or the walk through your own content."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text[text.index(heading):]
    block = section[section.index("```bash") + len("```bash"):]
    block = block[:block.index("```")]
    commands = []
    for line in block.splitlines():
        line = line.split(" #", 1)[0].strip()
        if not line or line.startswith("#"):
            continue
        for part in line.split("&&"):
            words = shlex.split(part)
            if ">" in words:  # `… > my_file.toml`: the command writes to stdout, the shell to the file
                words = words[:words.index(">")]
            if words:
                assert words[0] == "boardgen", part
                commands.append(words)
    return commands


def test_the_tour_has_commands_for_every_game():
    games = {w[1] for w in tour_commands()}
    assert {"games", "all", "plazing", "plazing-rw", "rzuc-na-tace", "winnice", "planety", "cards"} <= games


def _leaf(words: list[str]):
    import typer.main

    from generator.cli import app

    root = typer.main.get_command(app)
    ctx = root.make_context("boardgen", list(words[1:2]), resilient_parsing=True)
    _, cmd, _ = root.resolve_command(ctx, list(words[1:2]))
    rest = words[2:]
    while hasattr(cmd, "commands"):  # a game's group (and a group inside it: `plazing-rw board export`)
        cmd, rest = cmd.commands[rest[0]], rest[1:]
    return cmd, rest


@pytest.mark.parametrize("words", tour_commands(), ids=lambda w: " ".join(w[1:4]))
def test_every_tour_command_parses(words):
    """Each command names real options with values they accept (without running it)."""
    cmd, rest = _leaf(words)
    ctx = cmd.make_context(" ".join(words[:3]), rest)
    assert ctx.command is cmd and not ctx.args  # no stray words: every one was an option or its value


OWN = "## Your own content"


@pytest.mark.parametrize("words", tour_commands(OWN), ids=lambda w: " ".join(w[1:4]))
def test_every_own_content_command_parses(words):
    """The walk through your own content names real commands and options (their files are yours)."""
    cmd, rest = _leaf(words)
    ctx = cmd.make_context(" ".join(words[:3]), rest)
    assert ctx.command is cmd and not ctx.args


def test_the_own_content_walk_covers_each_game_and_reads_the_files_it_says_to_copy():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text[text.index(OWN):]
    section = section[:section.index("\n## ", 1)]
    assert {w[1] for w in tour_commands(OWN)} == {"plazing", "winnice", "planety", "plazing-rw", "rzuc-na-tace"}
    for copied in re.findall(r"copy (generator/\S+\.toml)", section):
        assert (ROOT / copied).is_file(), copied
    for step in ("compare --catalog", "catalog --template", "plazing-rw board export", "--export-layout"):
        assert step in section, step


def test_the_readme_names_only_files_of_the_project():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "../shared/" not in text
    for image in re.findall(r"\]\((docs/[^)]+\.png)\)", text):
        assert (ROOT / image).is_file(), image
    assert "docs/web-home.png" in text and "docs/web-result.png" in text


@pytest.mark.slow
def test_the_tour_runs_as_printed(tmp_path):
    ran = 0
    for words in tour_commands():
        if any(PLACEHOLDER.match(w) for w in words):
            continue
        res = subprocess.run([sys.executable, "-m", "generator", *words[1:]], cwd=tmp_path, capture_output=True,
                             text=True, timeout=600)
        assert res.returncode == 0, (words, res.stderr[-2000:])
        ran += 1
    assert ran >= 20
    assert (tmp_path / "output" / "plazing" / "PZ-2011111-1-0" / "command.txt").is_file()
    assert (tmp_path / "output" / "index.html").is_file()
