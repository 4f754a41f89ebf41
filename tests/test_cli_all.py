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
