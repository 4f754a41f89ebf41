"""The README's main job: `boardgen all` writes a complete set of outputs."""

from __future__ import annotations

from typer.testing import CliRunner

from generator.cli import app


def test_all_writes_every_game(tmp_path):
    res = CliRunner().invoke(app, ["all", "--out", str(tmp_path), "--seed", "2"])
    assert res.exit_code == 0, res.output
    games = {p.name for p in tmp_path.iterdir() if p.is_dir()}
    assert {"plazing", "plazing-rw", "rzuc-na-tace"} <= games
    pdfs = list(tmp_path.rglob("*.pdf"))
    assert len(pdfs) >= 3
    assert all(p.stat().st_size > 1000 for p in pdfs)
    assert not list(tmp_path.rglob("*.tmp"))


def test_games_lists_plazing():
    res = CliRunner().invoke(app, ["games"])
    assert res.exit_code == 0 and "plazing" in res.output


def test_bad_lang_for_all(tmp_path):
    res = CliRunner().invoke(app, ["all", "--out", str(tmp_path), "--lang", "xx"])
    assert res.exit_code == 2 and "unknown language" in res.output


def test_usage_errors_are_one_line_exit_2():
    """Typer's own errors (bad value types, unknown options/commands) through the console script."""
    import subprocess
    import sys

    for args in (["plazing", "setup", "--players", "abc"], ["plazing", "setup", "--bogus"], ["nosuch"],
                 ["rzuc-na-tace", "sheet", "--seed", "-4"]):
        res = subprocess.run([sys.executable, "-m", "generator", *args], capture_output=True, text=True)
        assert res.returncode == 2, (args, res.stderr)
        assert len(res.stderr.strip().splitlines()) == 1, res.stderr
        assert "Traceback" not in res.stderr and res.stderr.startswith("error:")
    res = subprocess.run([sys.executable, "-m", "generator", "--version"], capture_output=True, text=True)
    assert res.returncode == 0 and "boardgen" in res.stdout


def test_all_is_reproducible_byte_for_byte(tmp_path):
    """Same seed and options: the same setup JSON and byte-identical PDFs and PNGs, for every game."""
    runner = CliRunner()
    for name in ("a", "b"):
        res = runner.invoke(app, ["all", "--out", str(tmp_path / name), "--seed", "11", "--lang", "en"])
        assert res.exit_code == 0, res.output
    files_a = sorted(p.relative_to(tmp_path / "a") for p in (tmp_path / "a").rglob("*") if p.is_file())
    files_b = sorted(p.relative_to(tmp_path / "b") for p in (tmp_path / "b").rglob("*") if p.is_file())
    assert files_a == files_b and len(files_a) > 20
    for rel in files_a:
        assert (tmp_path / "a" / rel).read_bytes() == (tmp_path / "b" / rel).read_bytes(), rel


def test_all_checks_paper_and_out_before_any_work(tmp_path):
    """--paper and --out are checked first: one line, exit 2, nothing written (a bad --paper used
    to reach every game, print its error four times and end in a traceback)."""
    out = tmp_path / "new"
    res = CliRunner().invoke(app, ["all", "--out", str(out), "--paper", "a3"])
    assert res.exit_code == 2 and "unknown paper" in res.output and res.output.count("error") == 1
    assert not out.exists()
    afile = tmp_path / "afile"
    afile.write_text("x")
    res = CliRunner().invoke(app, ["all", "--out", str(afile)])
    assert res.exit_code == 2 and "not a file" in res.output and afile.read_text() == "x"
    res = CliRunner().invoke(app, ["cards", "plazing", "--out", str(out), "--paper", "a3"])
    assert res.exit_code == 2 and "unknown paper" in res.output and not out.exists()


class _FakeGame:
    """A game part for `all` that writes one file into its folder, or fails like a game does."""

    def __init__(self, name: str, fail: bool = False) -> None:
        self.name, self.fail = name, fail

    def make_all(self, out, seed, paper, lang):
        from generator.clikit import fail
        from generator.core.files import output_set

        if self.fail:
            fail(f"{self.name} cannot be made")
        with output_set(out / self.name / f"X-{seed}") as stage:
            (stage / "setup.json").write_text(f"{self.name} {seed}")
        return [out / self.name / f"X-{seed}" / "setup.json"]


def _fake_games(monkeypatch, failing: str | None = None) -> None:
    import generator.cli as cli
    from generator import cards

    games = {name: _FakeGame(name, name == failing) for name, _, _ in cli.GAMES}
    monkeypatch.setattr(cli, "game_module", games.__getitem__)
    monkeypatch.setattr(cards, "CARD_GAMES", ())


def test_a_failing_game_in_all_is_one_line_exit_2_and_leaves_no_half_folder(tmp_path, monkeypatch):
    """A game part that fails cleanly (its one-line message, exit 2) ends `all` with that code; each
    game's part is its own unit, so every game folder is complete or absent, and no stage is left.
    (typer 0.29's Exit is typer.Exit: catching click's ended `all` in a traceback.)"""
    out = tmp_path / "out"
    (out / "plazing" / "PZ-OLD").mkdir(parents=True)
    (out / "notes.txt").write_text("mine")
    _fake_games(monkeypatch, failing="planety")
    res = CliRunner().invoke(app, ["all", "--out", str(out), "--jobs", "1", "--seed", "7"])
    assert res.exit_code == 2 and "planety cannot be made" in res.output and "Traceback" not in res.output
    assert (out / "notes.txt").read_text() == "mine" and (out / "plazing" / "PZ-OLD").is_dir()
    assert not (out / "planety").exists()
    for game in out.iterdir():
        if game.is_dir() and game.name != "plazing":
            assert [p.name for p in game.iterdir()] == ["X-7"] and (game / "X-7" / "setup.json").is_file()
    assert not [p for p in out.rglob(".*")]  # no stage left anywhere


def test_all_keeps_what_else_the_folder_holds(tmp_path, monkeypatch):
    out = tmp_path / "out"
    (out / "plazing" / "PZ-OLD").mkdir(parents=True)
    (out / "plazing" / "X-7").mkdir(parents=True)
    (out / "plazing" / "X-7" / "my-notes.txt").write_text("mine too")
    (out / "notes.txt").write_text("mine")
    _fake_games(monkeypatch)
    res = CliRunner().invoke(app, ["all", "--out", str(out), "--jobs", "1", "--seed", "7"])
    assert res.exit_code == 0, res.output
    assert (out / "notes.txt").read_text() == "mine"  # another command's file stays
    assert (out / "plazing" / "PZ-OLD").is_dir()  # a code folder this run does not write stays
    assert (out / "plazing" / "X-7" / "my-notes.txt").read_text() == "mine too"  # and a user's file in one
    assert (out / "plazing" / "X-7" / "setup.json").read_text() == "plazing 7"
    assert (out / "winnice" / "X-7" / "setup.json").is_file() and (out / "index.html").is_file()


def test_all_into_a_linked_out_folder_writes_where_the_link_points(tmp_path, monkeypatch):
    """`output -> /mnt/big/output`: the setup commands write into such a folder, and so does `all`;
    the link itself stays, and a link to no folder is refused before any work."""
    real = tmp_path / "real"
    real.mkdir()
    (real / "notes.txt").write_text("mine")
    link = tmp_path / "link"
    link.symlink_to(real, target_is_directory=True)
    _fake_games(monkeypatch)
    res = CliRunner().invoke(app, ["all", "--out", str(link), "--jobs", "1", "--seed", "3"])
    assert res.exit_code == 0, res.output
    assert link.is_symlink() and (real / "plazing" / "X-3" / "setup.json").is_file()
    assert (real / "notes.txt").read_text() == "mine"
    dangling = tmp_path / "dangling"
    dangling.symlink_to(tmp_path / "nowhere")
    res = CliRunner().invoke(app, ["all", "--out", str(dangling), "--jobs", "1"])
    assert res.exit_code == 2 and "symbolic link" in res.output and not (tmp_path / "nowhere").exists()
