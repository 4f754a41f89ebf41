"""core.files.output_tree: a whole tree of sets (what `boardgen all` writes) put into --out as one
unit, keeping everything the folder already holds. Each case is a fake set written the way the games
write theirs: an output_set per game folder or code folder, inside the tree's stage."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from generator.core import files
from generator.core.checks import UserInputError
from generator.core.files import output_set, output_tree, write_atomic
from generator.core.parallel import map_jobs

LEFTOVER = (".staging", ".old", ".tmp")


def leftovers(root: Path) -> list[Path]:
    return [p for p in root.rglob("*") if p.name.endswith(LEFTOVER)]


def fake_game(out: Path, game: str, code: str, tag: str, names=("setup.json", "board.pdf")) -> None:
    """A game's part of `all`: its game folder as one set, one code folder in it."""
    with output_set(out / game) as stage:
        for name in names:
            write_atomic(stage / code / name, f"{game} {tag}")


def fake_all(out: Path, tag: str, owns=None, games=("plazing", "winnice")) -> None:
    with output_tree(out, owns=owns) as stage:
        for game in games:
            fake_game(stage, game, "X-1", tag)
        with output_set(stage / "cards" / "plazing-cards") as cards:
            write_atomic(cards / "deck.pdf", f"cards {tag}")
        write_atomic(stage / "index.html", f"index {tag}")


def snapshot(root: Path) -> dict[str, tuple[int, bytes | str | None]]:
    """Every entry under root: its mode and its content (a link's target)."""
    out: dict[str, tuple[int, bytes | str | None]] = {}
    for p in sorted(root.rglob("*")):
        st = p.lstat()
        body: bytes | str | None = None
        if stat.S_ISLNK(st.st_mode):
            body = os.readlink(p)
        elif stat.S_ISREG(st.st_mode):
            body = p.read_bytes()
        out[str(p.relative_to(root))] = (st.st_mode, body)
    return out


def test_a_fresh_tree_goes_in_whole(tmp_path):
    out = tmp_path / "new" / "out"
    fake_all(out, "1")
    assert (out / "plazing" / "X-1" / "board.pdf").read_text() == "plazing 1"
    assert (out / "cards" / "plazing-cards" / "deck.pdf").read_text() == "cards 1"
    assert (out / "index.html").read_text() == "index 1" and not leftovers(tmp_path)
    assert out in files.PUBLISHED


def test_a_users_file_inside_a_rewritten_code_folder_stays(tmp_path):
    out = tmp_path / "out"
    fake_all(out, "1")
    code = out / "plazing" / "X-1"
    (code / "my-notes.txt").write_text("mine")
    (code / "old-page.pdf").write_text("a page the new set does not write")
    (code / "drawings").mkdir()
    (code / "drawings" / "a.pdf").write_text("mine too")  # a folder of the user's, even matching *.pdf
    (code / "board.pdf").chmod(0o600)
    (out / "plazing" / "PZ-OTHER").mkdir()
    (out / "notes.txt").write_text("top")
    ino = code.stat().st_ino
    fake_all(out, "2", owns={"plazing": ("*.pdf", "*.json")})
    assert (code / "board.pdf").read_text() == "plazing 2" and (code / "setup.json").read_text() == "plazing 2"
    assert (code / "my-notes.txt").read_text() == "mine"
    assert (code / "drawings" / "a.pdf").read_text() == "mine too"
    assert not (code / "old-page.pdf").exists()  # owned by the game's set and not rewritten: dropped
    assert (code / "board.pdf").stat().st_mode & 0o777 == 0o600  # our rewritten file keeps its mode
    assert code.stat().st_ino == ino  # merged into, not replaced
    assert (out / "plazing" / "PZ-OTHER").is_dir() and (out / "notes.txt").read_text() == "top"
    assert not leftovers(tmp_path)


def test_without_owns_an_old_file_the_tree_does_not_write_stays(tmp_path):
    out = tmp_path / "out"
    fake_all(out, "1")
    (out / "winnice" / "X-1" / "old-page.pdf").write_text("kept")
    fake_all(out, "2", owns={"plazing": ("*.pdf",)})  # winnice's set owns nothing
    assert (out / "winnice" / "X-1" / "old-page.pdf").read_text() == "kept"


def test_permissions_of_existing_folders_stay(tmp_path):
    out = tmp_path / "out"
    fake_all(out, "1")
    modes = {out: 0o750, out / "plazing": 0o700, out / "plazing" / "X-1": 0o711, out / "cards": 0o755}
    for p, mode in modes.items():
        p.chmod(mode)
    fake_all(out, "2")
    assert {p: p.stat().st_mode & 0o777 for p in modes} == modes
    assert (out / "plazing" / "X-1" / "board.pdf").read_text() == "plazing 2"


@pytest.mark.parametrize("kind", ["file", "symlink", "fifo"])
def test_something_not_a_folder_named_like_a_game_folder_is_refused_and_nothing_changes(tmp_path, kind):
    out = tmp_path / "out"
    fake_all(out, "1", games=("winnice",))
    real = tmp_path / "elsewhere"
    real.mkdir()
    if kind == "file":
        (out / "plazing").write_text("my file called plazing")
    elif kind == "symlink":
        (out / "plazing").symlink_to(real)
    else:
        os.mkfifo(out / "plazing")
    before = snapshot(out)
    with pytest.raises(UserInputError, match=r"cannot write .*plazing: it is a (file|symbolic link)"):
        fake_all(out, "2")
    assert snapshot(out) == before  # not even the games checked before it went in
    assert list(real.iterdir()) == [] and not leftovers(tmp_path)


def test_a_device_fifo_or_folder_where_a_file_goes_is_refused(tmp_path):
    out = tmp_path / "out"
    fake_all(out, "1")
    (out / "index.html").unlink()
    os.mkfifo(out / "index.html")
    before = snapshot(out)
    with pytest.raises(UserInputError, match="index.html: it is a device, pipe or socket"):
        fake_all(out, "2")
    assert snapshot(out) == before and stat.S_ISFIFO((out / "index.html").lstat().st_mode)
    (out / "index.html").unlink()
    (out / "index.html").mkdir()
    (out / "index.html" / "mine").write_text("x")
    with pytest.raises(UserInputError, match="index.html: it is a folder"):
        fake_all(out, "2")
    assert (out / "index.html" / "mine").read_text() == "x" and not leftovers(tmp_path)


def test_out_dot(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "notes.txt").write_text("mine")
    fake_all(Path("."), "1")
    fake_all(Path("."), "2")
    assert (tmp_path / "plazing" / "X-1" / "board.pdf").read_text() == "plazing 2"
    assert (tmp_path / "notes.txt").read_text() == "mine" and not leftovers(tmp_path)


def test_a_mount_point_under_out_is_merged_into_never_replaced_or_emptied(tmp_path, monkeypatch):
    """Simulated: the folder reports another device, as a mount point does. Its entries come in
    through a stage made inside it (no move crosses file systems); the folder itself, and what it
    holds, stay."""
    out = tmp_path / "out"
    mount = out / "plazing"
    (mount / "X-1").mkdir(parents=True)
    (mount / "X-1" / "mine.txt").write_text("on the mount")
    (mount / "big-data").mkdir()
    (mount / "big-data" / "keep.bin").write_bytes(b"\0" * 100)
    real_device = files._device
    base = real_device(tmp_path)

    def device(path):
        p = os.path.abspath(path)
        return base + 1 if p == str(mount) or p.startswith(str(mount) + os.sep) else real_device(path)

    monkeypatch.setattr(files, "_device", device)
    made_inside: list[str] = []
    mkdtemp = files.tempfile.mkdtemp

    def spy(*args, **kw):
        path = mkdtemp(*args, **kw)
        made_inside.append(path)
        return path

    monkeypatch.setattr(files.tempfile, "mkdtemp", spy)
    ino = mount.stat().st_ino
    fake_all(out, "2")
    assert mount.stat().st_ino == ino
    assert (mount / "X-1" / "board.pdf").read_text() == "plazing 2"
    assert (mount / "X-1" / "mine.txt").read_text() == "on the mount"
    assert (mount / "big-data" / "keep.bin").read_bytes() == b"\0" * 100
    assert any(Path(p).parent == mount for p in made_inside)  # the stage inside the mount
    assert not leftovers(tmp_path)


def test_a_real_mount_point_under_out(tmp_path):
    """The same with a tmpfs mounted under --out, in a private mount namespace (root only)."""
    if os.geteuid() != 0 or shutil.which("unshare") is None:
        pytest.skip("needs root and unshare for a private mount namespace")
    out = tmp_path / "out"
    (out / "plazing").mkdir(parents=True)
    script = f"""
import os, sys
sys.path.insert(0, {str(Path(__file__).parent)!r})
from pathlib import Path
from test_files_output_tree import fake_all
out = Path({str(out)!r})
(out / "plazing" / "X-1").mkdir()
(out / "plazing" / "X-1" / "mine.txt").write_text("on the mount")
assert os.stat(out).st_dev != os.stat(out / "plazing").st_dev
fake_all(out, "2")
print(sorted(os.listdir(out / "plazing" / "X-1")), open(out / "plazing" / "X-1" / "mine.txt").read(),
      [n for n in os.listdir(out / "plazing") if n.startswith(".")])
"""
    res = subprocess.run(["unshare", "-m", "sh", "-c", f'mount -t tmpfs none "{out}/plazing" && exec "$0" -c "$1"',
                          sys.executable, script], capture_output=True, text=True, cwd=os.getcwd())
    if res.returncode != 0 and "mount" in res.stderr and "Traceback" not in res.stderr:
        pytest.skip(f"cannot mount here: {res.stderr.strip()[:100]}")
    assert res.returncode == 0, res.stderr
    assert res.stdout.strip() == "['board.pdf', 'mine.txt', 'setup.json'] on the mount []"


def test_an_error_or_interrupt_in_the_block_changes_nothing(tmp_path):
    out = tmp_path / "out"
    fake_all(out, "1")
    before = snapshot(out)
    for exc in (KeyboardInterrupt(), OSError(28, "No space left on device"), RuntimeError("bug")):
        with pytest.raises((KeyboardInterrupt, UserInputError, RuntimeError)), output_tree(out) as stage:
            fake_game(stage, "plazing", "X-1", "half")
            raise exc
        assert snapshot(out) == before and not leftovers(tmp_path)
    new = tmp_path / "never"
    with pytest.raises(RuntimeError), output_tree(new / "deeper") as stage:
        fake_game(stage, "plazing", "X-1", "half")
        raise RuntimeError("boom")
    assert not new.exists()  # the folders made to hold the stage went again


def test_a_move_that_fails_undoes_the_moves_before_it(tmp_path, monkeypatch):
    """Every move in turn fails (an I/O error): the tree is then exactly the old one."""
    out = tmp_path / "out"
    fake_all(out, "1", games=("plazing",))
    (out / "plazing" / "X-1" / "old.pdf").write_text("owned, dropped by a full run")
    (out / "plazing" / "X-1" / "board.pdf").chmod(0o640)
    before = snapshot(out)
    calls = {"n": 0, "fail_at": 0}
    real = {"rename": os.rename, "exchange": files._exchange}

    def counted(name):
        def wrapper(*args, **kw):
            calls["n"] += 1
            if calls["n"] == calls["fail_at"]:
                raise OSError(5, "Input/output error")
            return real[name](*args, **kw)
        return wrapper

    monkeypatch.setattr(files, "_exchange", counted("exchange"))
    fail_at = 0
    while True:  # the 1st move fails, then the 2nd, ... until a run has no move left to fail
        fail_at += 1
        calls.update(n=0, fail_at=fail_at)
        try:
            with output_tree(out, owns={"plazing": ("*.pdf",)}) as stage:
                fake_game(stage, "plazing", "X-1", "2")
                fake_game(stage, "winnice", "X-1", "2")
                write_atomic(stage / "index.html", "index 2")
                calls["n"] = 0  # only the moves of the commit count
                monkeypatch.setattr(os, "rename", counted("rename"))
        except UserInputError as exc:
            assert "Input/output error" in str(exc)
        else:
            break
        finally:
            monkeypatch.setattr(os, "rename", real["rename"])
        assert snapshot(out) == before, fail_at
        assert not leftovers(tmp_path)
    assert fail_at == 6  # 2 files exchanged, 1 owned file dropped, 1 new game folder, the index
    assert (out / "plazing" / "X-1" / "board.pdf").read_text() == "plazing 2"
    assert not (out / "plazing" / "X-1" / "old.pdf").exists() and not leftovers(tmp_path)


def _worker_game(task):
    out, game = task
    fake_game(Path(out), game, "X-1", "forked")
    return game


def test_games_written_by_worker_processes_inside_the_stage(tmp_path):
    """`boardgen all` runs the games in forked workers, each writing its set into the tree's stage:
    their sets need no lock of their own there (the tree's owner holds the stage)."""
    out = tmp_path / "out"
    fake_all(out, "1")
    with output_tree(out) as stage:
        assert map_jobs(_worker_game, [(str(stage), g) for g in ("plazing", "winnice", "planety")], 3) == [
            "plazing", "winnice", "planety"]
    assert (out / "planety" / "X-1" / "board.pdf").read_text() == "planety forked"
    assert (out / "cards" / "plazing-cards" / "deck.pdf").read_text() == "cards 1"
    assert not leftovers(tmp_path)


def test_a_write_error_names_the_users_path_not_the_stage(tmp_path):
    out = tmp_path / "out"
    with pytest.raises(UserInputError) as info, output_tree(out) as stage, output_set(stage / "plazing") as s2:
        (s2 / "X-1" / "board.pdf").mkdir(parents=True)  # a folder where the file goes
        write_atomic(s2 / "X-1" / "board.pdf", "x")
    assert f"{out}/plazing/X-1/board.pdf" in str(info.value) and ".staging" not in str(info.value)


def _tree_writer(out: str, seed: int, start) -> None:
    """A child that rewrites one tree over and over, with SIGTERM handled like Ctrl-C."""
    import random
    import signal
    import time

    def on_term(signum, frame):
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, on_term)
    rnd = random.Random(seed)
    try:
        start.set()
        for i in range(10_000):
            with output_tree(out, owns={"plazing": ("*.pdf",)}) as stage:
                for game in ("plazing", "winnice"):
                    fake_game(stage, game, "X-1", f"{seed}-{i}")
                    if rnd.random() < 0.5:
                        time.sleep(rnd.uniform(0, 0.002))
                write_atomic(stage / "index.html", f"index {seed}-{i}")
    except KeyboardInterrupt:
        files.remove_own_stages()  # what the console script does on its way out
        os._exit(0)
    os._exit(3)


def test_signals_at_random_moments_leave_the_old_tree_or_the_new_one(tmp_path):
    """SIGINT or SIGTERM at random moments of a writer that keeps putting whole trees in: after
    each, every file of the tree is of one run (never one game of a run beside another run's), the
    user's file stays, and no stage is left."""
    import multiprocessing
    import random
    import signal
    import time

    ctx = multiprocessing.get_context("fork")
    rnd = random.Random(2525)
    out = tmp_path / "out"
    fake_all(out, "first")
    (out / "plazing" / "X-1" / "mine.txt").write_text("mine")
    runs = set()
    for t in range(int(os.environ.get("BOARDGEN_INTERRUPT_TRIALS", "30"))):
        start = ctx.Event()
        proc = ctx.Process(target=_tree_writer, args=(str(out), t, start))
        proc.start()
        start.wait(10)
        time.sleep(rnd.uniform(0, 0.05))
        os.kill(proc.pid, rnd.choice([signal.SIGINT, signal.SIGTERM]))
        proc.join(20)
        assert proc.exitcode == 0, proc.exitcode
        tags = {p.read_text().split()[-1] for p in out.rglob("*") if p.is_file() and p.name != "mine.txt"
                and "cards" not in p.parts}
        assert len(tags) == 1, (t, tags)
        runs |= tags
        assert (out / "plazing" / "X-1" / "mine.txt").read_text() == "mine" and not leftovers(tmp_path), t
    assert len(runs) > 1  # some trials did put a new tree in
