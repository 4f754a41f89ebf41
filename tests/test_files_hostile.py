"""Issue 14 end to end: outputs written as one unit, never through a symlink, never over the input;
hostile input files (huge numbers, devices, FIFOs, oversized files, over-long codes) are one-line
errors; interrupts, a full disk and concurrent writers leave one complete set and no temp files."""

from __future__ import annotations

import json
import os
import random
import resource
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader
from typer.testing import CliRunner

from generator.cli import app
from generator.core.files import dumps_setup

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()
LEFTOVER = (".staging", ".old", ".tmp")


def run(*args: str):
    return runner.invoke(app, [str(a) for a in args])


def one_line_error(res, code: int = 2) -> str:
    assert res.exit_code == code, res.output
    assert res.exception is None or isinstance(res.exception, SystemExit), repr(res.exception)
    text = res.output.strip()
    assert "Traceback" not in text and text.count("\n") == 0, text
    return text


def sets_in(out: Path) -> list[Path]:
    """The output sets under an --out folder: OUT/<game>/<CODE>/."""
    return sorted(p for p in out.glob("*/*") if p.is_dir() and not p.name.startswith(".")
                  and not p.parent.name.startswith("."))


def leftovers(root: Path) -> list[Path]:
    return [p for p in root.rglob("*") if p.name.endswith(LEFTOVER)]


def cli(*args: str, **kw) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "generator", *map(str, args)], capture_output=True, text=True,
                          cwd=ROOT, timeout=300, **kw)


@contextmanager
def deadline(seconds: int) -> Iterator[None]:
    """Fail (instead of hanging the suite) when the block takes longer: a FIFO read blocks for ever."""
    def on_alarm(signum, frame):
        raise TimeoutError(f"still running after {seconds} s")
    old = signal.signal(signal.SIGALRM, on_alarm)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


# --- sample inputs of every reader ------------------------------------------------------------

@pytest.fixture(scope="module")
def samples(tmp_path_factory) -> dict[str, Path]:
    """One file of each kind the commands read: setups, pads, filled sheets, a catalog, a layout."""
    out = tmp_path_factory.mktemp("samples")
    res = run("all", "--out", out, "--seed", "3", "--lang", "en")
    assert res.exit_code == 0, res.output
    assert run("plazing-rw", "play", "--board", "1", "--seed", "2", "--out", out / "rw-filled.json").exit_code == 0
    assert run("rzuc-na-tace", "play", "--seed", "2", "--out", out / "rz-play").exit_code == 0
    return {
        "plazing-setup": next((out / "plazing").glob("*/setup.json")),
        "rw-pad": next((out / "plazing-rw").glob("*/*.json")),
        "rw-filled": out / "rw-filled.json",
        "rz-setup": next((out / "rzuc-na-tace").glob("*/setup.json")),
        "rz-filled": next((out / "rz-play").glob("*.json")),
        "catalog": ROOT / "generator/games/plazing/data/tiles.toml",
        "layout": ROOT / "generator/games/rzuc_na_tace/data/standard.toml",
    }


# (command, kind of file it reads): every reader of a user file
READERS = [
    (("plazing", "check"), "plazing-setup"),
    (("plazing", "board"), "plazing-setup"),
    (("plazing", "catalog"), "catalog"),
    (("plazing", "setup", "--playouts", "0", "--catalog"), "catalog"),
    (("plazing-rw", "score"), "rw-filled"),
    (("plazing-rw", "check", "--games", "1", "--file"), "rw-pad"),
    (("plazing-rw", "check", "--games", "1", "--file"), "rw-filled"),
    (("rzuc-na-tace", "score"), "rz-filled"),
    (("rzuc-na-tace", "check", "--games", "1", "--layout"), "rz-setup"),
    (("rzuc-na-tace", "check", "--games", "1", "--layout"), "layout"),
]


def read_with(command: tuple[str, ...], path: Path, tmp: Path):
    extra = ("--out", tmp / "out") if command[:2] in (("plazing", "board"), ("plazing", "setup")) else ()
    return run(*command, path, *extra)


HUGE = "1" * 5000


def huge_number_file(kind: str, src: Path, tmp: Path) -> Path:
    text = src.read_text(encoding="utf-8")
    if src.suffix == ".toml":  # a decimal number Python will not convert, and a hex one it will
        dest = tmp / f"huge-{kind}.toml"
        dest.write_text(text + f"\n[huge]\nx = {HUGE}\n", encoding="utf-8")
        hexed = tmp / f"hex-{kind}.toml"
        hexed.write_text(text + "\n[huge]\nx = 0x" + "f" * 5000 + "\n", encoding="utf-8")
        return dest
    doc = json.loads(text)
    doc["setup"]["seed"] = 0  # a field every reader looks at or passes by
    return _dump(tmp / f"huge-{kind}.json", json.dumps(doc).replace('"seed": 0', f'"seed": {HUGE}'))


def _dump(p: Path, text: str) -> Path:
    p.write_text(text, encoding="utf-8")
    return p


@pytest.mark.parametrize(("command", "kind"), READERS, ids=lambda v: "-".join(v) if isinstance(v, tuple) else v)
def test_an_integer_of_5000_digits_is_a_one_line_error(samples, tmp_path, command, kind):
    path = huge_number_file(kind, samples[kind], tmp_path)
    assert "digits" in one_line_error(read_with(command, path, tmp_path))
    if path.suffix == ".toml":
        assert "digits" in one_line_error(read_with(command, tmp_path / f"hex-{kind}.toml", tmp_path))


@pytest.mark.parametrize(("command", "kind"), READERS, ids=lambda v: "-".join(v) if isinstance(v, tuple) else v)
def test_an_unknown_key_is_a_one_line_error_naming_it(samples, tmp_path, command, kind):
    """Every reader of a hand-edited file is strict: a typo'd key is never silently ignored."""
    src = samples[kind]
    if src.suffix == ".toml":
        path = _dump(tmp_path / f"typo-{kind}.toml", src.read_text(encoding="utf-8") + "\n[zz_typo]\nx = 1\n")
    else:
        doc = json.loads(src.read_text(encoding="utf-8"))
        doc["setup"]["zz_typo"] = 1
        path = _dump(tmp_path / f"typo-{kind}.json", json.dumps(doc))
    text = one_line_error(read_with(command, path, tmp_path))
    assert "unknown key 'zz_typo'" in text and path.name in text, text


@pytest.mark.parametrize(("command", "kind"), [r for r in READERS if r[1] not in ("catalog", "layout")],
                         ids=lambda v: "-".join(v) if isinstance(v, tuple) else v)
def test_a_version_of_1_point_0_is_not_version_1(samples, tmp_path, command, kind):
    doc = json.loads(samples[kind].read_text(encoding="utf-8"))
    doc["version"] = 1.0
    path = _dump(tmp_path / f"v-{kind}.json", json.dumps(doc))
    assert "version 1.0 is not supported" in one_line_error(read_with(command, path, tmp_path))


@pytest.mark.parametrize(("command", "kind"), READERS, ids=lambda v: "-".join(v) if isinstance(v, tuple) else v)
def test_devices_fifos_folders_and_huge_files_are_refused_at_once(samples, tmp_path, command, kind):
    fifo = tmp_path / f"fifo{samples[kind].suffix}"
    os.mkfifo(fifo)
    big = tmp_path / f"big{samples[kind].suffix}"
    with big.open("wb") as fh:  # sparse: 17 MiB on paper, nothing on disk
        fh.truncate(17 * 1024 * 1024)
    with deadline(20):
        assert "regular file" in one_line_error(read_with(command, Path("/dev/zero"), tmp_path))
        assert "regular file" in one_line_error(read_with(command, fifo, tmp_path))
        assert "MiB limit" in one_line_error(read_with(command, big, tmp_path))
        assert "folder" in one_line_error(read_with(command, tmp_path, tmp_path))


def test_a_million_character_code_in_a_setup_file(samples, tmp_path):
    doc = json.loads(samples["plazing-setup"].read_text(encoding="utf-8"))
    doc["code"] = doc["code"] + "~C" + "A" * 1_000_000
    edited = _dump(tmp_path / "long.json", json.dumps(doc))
    text = one_line_error(run("plazing", "board", edited, "--out", tmp_path / "out"))
    assert "characters" in text and len(text) < 400
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())


def test_a_million_character_code_option_is_not_echoed_whole(tmp_path):
    for args in (["plazing", "setup"], ["plazing-rw", "sheet"], ["rzuc-na-tace", "sheet"]):
        text = one_line_error(run(*args, "--code", "PZ-" + "7" * 1_000_000, "--out", tmp_path))
        assert "too long" in text and len(text) < 400


# --- never through a symlink, never over the input ----------------------------------------------

SETS = {  # a command writing a set, and how to find the set's folder under --out
    "plazing": ("plazing", "setup", "--seed", "4", "--playouts", "0", "--players", "2"),
    "plazing-rw": ("plazing-rw", "sheet", "--seed", "4", "--board", "2"),
    "rzuc-na-tace": ("rzuc-na-tace", "sheet", "--seed", "4", "--count", "1"),
}


@pytest.mark.parametrize("game", sorted(SETS))
def test_a_symlink_planted_in_the_output_folder_is_replaced_not_followed(tmp_path, game):
    out = tmp_path / "out"
    assert run(*SETS[game], "--out", out).exit_code == 0
    (folder,) = sets_in(out)
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    victim.chmod(0o600)
    planted = sorted(folder.iterdir())[0]
    planted.unlink()
    planted.symlink_to(victim)
    (folder / "notes.txt").write_text("mine")  # a file of the user's own beside the set
    res = run(*SETS[game], "--out", out, "--lang", "en")
    assert res.exit_code == 0, res.output
    assert victim.read_text() == "precious" and victim.stat().st_mode & 0o777 == 0o600
    assert planted.is_file() and not planted.is_symlink() and planted.stat().st_size > 0
    assert (folder / "notes.txt").read_text() == "mine"
    assert not leftovers(tmp_path)


def test_single_file_outputs_replace_links_and_spare_the_input(samples, tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    victim.chmod(0o600)
    link = tmp_path / "sheet.json"
    link.symlink_to(victim)
    assert run("plazing-rw", "play", "--board", "1", "--seed", "1", "--out", link).exit_code == 0
    assert not link.is_symlink() and "plazing-rw" in link.read_text()
    players = tmp_path / "players"
    players.mkdir()
    code = json.loads(run("rzuc-na-tace", "play", "--seed", "1", "--json").output)["code"]
    (players / f"{code}-player1.json").symlink_to(victim)
    res = run("rzuc-na-tace", "play", "--seed", "1", "--out", players, "--json")
    assert res.exit_code == 0, res.output
    for f in json.loads(res.output)["files"]:
        assert not Path(f).is_symlink()
    folder = tmp_path / "setup"
    folder.mkdir()
    setup = folder / "setup.json"
    setup.write_bytes(samples["plazing-setup"].read_bytes())
    (folder / "playouts.json").symlink_to(victim)
    assert run("plazing", "check", setup, "--playouts", "2").exit_code == 0
    assert not (folder / "playouts.json").is_symlink()
    assert victim.read_text() == "precious" and victim.stat().st_mode & 0o777 == 0o600
    assert not leftovers(tmp_path)


def test_board_of_an_edited_file_writes_under_out_never_over_the_input(samples, tmp_path):
    src = tmp_path / "mine"
    src.mkdir()
    edited = src / "setup.json"
    doc = json.loads(samples["plazing-setup"].read_text(encoding="utf-8"))
    doc["setup"]["weather"] = "rain" if doc["setup"]["weather"] != "rain" else "sun"
    edited.write_text(json.dumps(doc), encoding="utf-8")
    (src / "board.pdf").write_bytes(b"my own print")
    before = edited.read_bytes()
    res = run("plazing", "board", edited, "--out", tmp_path / "out")
    assert res.exit_code == 0, res.output
    assert edited.read_bytes() == before and (src / "board.pdf").read_bytes() == b"my own print"
    (folder,) = sets_in(tmp_path / "out")
    assert folder.name.startswith(doc["code"] + "~E") and (folder / "board.pdf").stat().st_size > 1000
    # the file printed from inside its own set's folder: the set is written, the input kept as it is
    exact = tmp_path / "again" / "plazing" / json.loads(samples["plazing-setup"].read_text())["code"]
    exact.mkdir(parents=True)
    (exact / "setup.json").write_bytes(samples["plazing-setup"].read_bytes() + b"\n")
    keep = (exact / "setup.json").stat()
    assert run("plazing", "board", exact / "setup.json", "--out", tmp_path / "again").exit_code == 0
    assert (exact / "setup.json").stat().st_ino == keep.st_ino and (exact / "board.pdf").exists()


# --- failures, interrupts, concurrency ---------------------------------------------------------

def rw_papers(folder: Path) -> set[str]:
    """The paper each file of a plazing-rw set was made for: one value for a consistent set."""
    (js,) = folder.glob("*.json")
    (pdf,) = folder.glob("*.pdf")
    (png,) = folder.glob("*.png")
    box = PdfReader(pdf).pages[0].mediabox
    w, h = sorted((float(box.width), float(box.height)))
    with Image.open(png) as im:
        ratio = max(im.size) / min(im.size)
    return {json.loads(js.read_text())["setup"]["options"]["paper"],
            "a4" if h / w > 1.37 else "letter",
            "a4" if ratio > 1.37 else "letter"}


def test_a_full_disk_leaves_the_complete_old_set(tmp_path):
    """`ulimit -f`: the PDF fits, the PNG does not. The old set stays whole; nothing is left over."""
    args = ("plazing-rw", "sheet", "--board", "1", "--seed", "1", "--out", tmp_path)
    assert cli(*args, "--paper", "a4").returncode == 0
    (folder,) = sets_in(tmp_path)  # index.html (the gallery) beside it
    before = {p.name: p.read_bytes() for p in folder.iterdir()}

    def small_files() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (120_000, 120_000))

    res = cli(*args, "--paper", "letter", preexec_fn=small_files)
    assert res.returncode == 2 and res.stderr.count("\n") == 1 and "Traceback" not in res.stderr, res.stderr
    assert f"cannot write {folder}{os.sep}" in res.stderr and ".staging" not in res.stderr, res.stderr
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before
    assert rw_papers(folder) == {"a4"} and not leftovers(tmp_path)


@pytest.mark.slow
def test_four_writers_at_once_leave_one_complete_set(tmp_path):
    runs = [("a4", "pl"), ("letter", "en"), ("a4", "en"), ("letter", "pl")]
    procs = [subprocess.Popen([sys.executable, "-m", "generator", "plazing-rw", "sheet", "--board", "random",
                               "--seed", "9", "--count", "2", "--out", str(tmp_path), "--paper", paper,
                               "--lang", lang, "--json"], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
             for paper, lang in runs]
    for p in procs:
        out, err = p.communicate(timeout=300)
        assert p.returncode == 0, err
    (folder,) = sets_in(tmp_path)  # index.html (the gallery) beside it
    assert len(rw_papers(folder)) == 1 and len(list(folder.iterdir())) == 4  # and command.txt
    opts = json.loads(next(folder.glob("*.json")).read_text())["setup"]["options"]
    text = PdfReader(next(folder.glob("*.pdf"))).pages[0].extract_text()
    assert ("Plażing" in text) and (opts["paper"], opts["lang"]) in runs
    assert not leftovers(tmp_path)


@pytest.mark.slow
def test_sigterm_and_ctrl_c_at_random_moments_leave_old_or_new_set(tmp_path):
    """Signals at random moments of real runs (each run flips the paper): after each, the folder is
    one run's complete set (or absent before the first complete run) and no temp file is left."""
    rnd = random.Random(14)
    trials = int(os.environ.get("BOARDGEN_INTERRUPT_TRIALS", "5"))
    outcomes = {"interrupted": 0, "finished": 0}
    args = [sys.executable, "-m", "generator", "plazing-rw", "sheet", "--board", "1", "--seed", "5", "--out",
            str(tmp_path)]
    began = time.monotonic()
    assert subprocess.run([*args, "--paper", "letter"], cwd=ROOT, capture_output=True).returncode == 0
    span = time.monotonic() - began  # signals land anywhere from start-up to the last rename
    for i in range(trials):
        paper = ("a4", "letter")[i % 2]
        p = subprocess.Popen([*args, "--paper", paper], cwd=ROOT, stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, text=True)
        time.sleep(rnd.uniform(0.05, span * 1.1))
        p.send_signal(rnd.choice([signal.SIGTERM, signal.SIGINT]))
        _, err = p.communicate(timeout=120)
        assert "Traceback" not in err, err
        outcomes["finished" if p.returncode == 0 else "interrupted"] += 1
        assert not leftovers(tmp_path), i
        sets = sets_in(tmp_path)
        if sets:
            assert len(rw_papers(sets[0])) == 1, i
    print(outcomes)
    assert sum(outcomes.values()) == trials


def _langs_of_run(out: Path) -> set[str]:
    """The --lang of the run each output set of `boardgen all` comes from (its command.txt says)."""
    return {"en" if "--lang en" in p.read_text() else "pl" for p in out.glob("*/*/command.txt")}


@pytest.mark.slow
def test_sigterm_and_ctrl_c_at_random_moments_of_all_leave_one_whole_run(tmp_path):
    """`boardgen all` is one unit: a signal at a random moment (each run flips --lang) leaves every
    set under --out from one run, the old or the new, and no stage or temp file. The rule-card sets
    are named by language, so a whole Polish run beside an English one adds its own card sets and keeps
    the others (a run replaces its own sets, never the user's other ones): the folders after a trial
    are those before it, or those and a whole run's in the trial's language."""
    rnd = random.Random(25)
    trials = int(os.environ.get("BOARDGEN_INTERRUPT_TRIALS", "3"))
    out = tmp_path / "out"

    def args(lang: str, where: Path = out) -> list[str]:
        return [sys.executable, "-m", "generator", "all", "--seed", "4", "--jobs", "2", "--out", str(where),
                "--lang", lang]

    began = time.monotonic()
    assert subprocess.run(args("en"), cwd=ROOT, capture_output=True).returncode == 0
    span = time.monotonic() - began
    assert subprocess.run(args("pl", tmp_path / "pl"), cwd=ROOT, capture_output=True).returncode == 0
    whole = {"en": {p.relative_to(out) for p in sets_in(out)},
             "pl": {p.relative_to(tmp_path / "pl") for p in sets_in(tmp_path / "pl")}}
    assert _langs_of_run(out) == {"en"} and whole["en"] and whole["en"] != whole["pl"]
    outcomes = {"interrupted": 0, "finished": 0}
    for i in range(trials):
        lang = ("pl", "en")[i % 2]
        before = {p.relative_to(out) for p in sets_in(out)}
        p = subprocess.Popen(args(lang), cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        time.sleep(rnd.uniform(0.05, span * 1.1))
        p.send_signal(rnd.choice([signal.SIGTERM, signal.SIGINT]))
        _, err = p.communicate(timeout=300)
        assert "Traceback" not in err, err
        outcomes["finished" if p.returncode == 0 else "interrupted"] += 1
        assert not leftovers(out) and not list(out.glob(".*")), i
        assert len(_langs_of_run(out)) == 1, i
        after = {q.relative_to(out) for q in sets_in(out)}
        assert after in (before, before | whole[lang]), i
        if p.returncode == 0:
            assert after == before | whole[lang] and _langs_of_run(out) == {lang}, i
    print(outcomes)
    assert sum(outcomes.values()) == trials


def test_ctrl_c_during_start_up_prints_no_traceback():
    """Ctrl-C while boardgen's modules load (the interpreter's own start-up before any of our code
    runs is Python's business: the child says "ready" once it is about to run `python -m generator`)."""
    rnd = random.Random(9)
    start = ("import runpy, sys; sys.argv = ['generator', 'plazing', 'setup', '--help']; "
             "sys.stderr.write('ready\\n'); sys.stderr.flush(); runpy.run_module('generator', run_name='__main__')")
    for _ in range(4):
        p = subprocess.Popen([sys.executable, "-c", start], cwd=ROOT, stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, text=True)
        assert p.stderr.readline() == "ready\n"
        time.sleep(rnd.uniform(0.0, 0.5))
        p.send_signal(signal.SIGINT)
        _, err = p.communicate(timeout=60)
        assert "Traceback" not in err and err.count("\n") <= 1, err


# --- bounds on options ---------------------------------------------------------------------------

def test_playouts_are_capped(tmp_path):
    for args in (["plazing", "setup", "--out", tmp_path], ["plazing", "check", tmp_path / "x.json"]):
        res = cli(*args, "--playouts", "1000000000000")
        assert res.returncode == 2 and "--playouts" in res.stderr and res.stderr.count("\n") == 1


def test_out_over_long_or_a_file_is_one_line_before_any_work(tmp_path):
    long = tmp_path / ("x" * 300)
    a_file = tmp_path / "file.txt"
    a_file.write_text("")
    for args in (["plazing", "setup", "--playouts", "0"], ["plazing-rw", "sheet"], ["rzuc-na-tace", "sheet"],
                 ["rzuc-na-tace", "play"], ["plazing-rw", "play"]):
        assert "255 bytes" in one_line_error(run(*args, "--out", long))
        assert "must be a folder" in one_line_error(run(*args, "--out", a_file))  # play --out is a folder too
    assert a_file.read_text() == "" and not leftovers(tmp_path)


def test_a_sheet_file_for_score_with_a_huge_board_size_is_bounded(tmp_path):
    """Files bigger than the cap are refused by their size before parsing."""
    p = tmp_path / "s.json"
    p.write_text(dumps_setup("plazing-rw", 1, "X", {"board": "1", "pad": "x" * (17 * 1024 * 1024)}))
    assert "MiB limit" in one_line_error(run("plazing-rw", "score", p))


def test_a_run_that_swaps_in_while_another_is_writing_leaves_one_set(tmp_path, monkeypatch):
    """Two writers of one folder, interleaved on purpose: while run A (A4) is between its files,
    run B (Letter) writes its whole set. The folder must end as one run's set, not A's PNG and JSON
    beside B's PDF."""
    from generator.games.plazing_rw import cli as rw

    real = rw.write_atomic
    state = {"calls": 0}
    options = rw.with_defaults({"board": "1", "hard": False, "features": "random"})
    code = rw.CODE.encode(options, 1)

    def interleaved(path, data):
        state["calls"] += 1
        n = real(path, data)
        if state["calls"] == 1:  # A has written its first file: B runs from start to end now
            rw.write_pad(tmp_path, options, 1, code, 1, 1, "letter", "en", show_progress=False)
        return n

    monkeypatch.setattr(rw, "write_atomic", interleaved)
    rw.write_pad(tmp_path, options, 1, code, 1, 1, "a4", "pl", show_progress=False)
    (folder,) = sets_in(tmp_path)  # index.html (the gallery) beside it
    assert len(rw_papers(folder)) == 1 and not leftovers(tmp_path)


# --- device nodes, FIFOs and sockets are never replaced ----------------------------------------------

def _special(kind: str, path: Path) -> Path:
    """A FIFO or a Unix socket made by the test (never the machine's own /dev/null)."""
    import socket

    if kind == "fifo":
        os.mkfifo(path)
    else:
        sock = socket.socket(socket.AF_UNIX)
        sock.bind(str(path))
        sock.close()
    return path


def _is_special(path: Path) -> bool:
    import stat

    mode = path.lstat().st_mode
    return stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode)


@pytest.mark.parametrize("kind", ["fifo", "socket"])
def test_play_out_a_fifo_or_socket_is_refused_and_left_as_it_was(tmp_path, kind):
    """`plazing-rw play --out /dev/null` (as root) replaced the device with a regular file: its
    write path replaced whatever had the name. A FIFO or socket stands in for the device here."""
    node = _special(kind, tmp_path / "sheet.json")
    text = one_line_error(run("plazing-rw", "play", "--seed", "2", "--out", node))
    assert "device, pipe or socket" in text and _is_special(node) and not leftovers(tmp_path)


@pytest.mark.parametrize("kind", ["fifo", "socket"])
def test_a_fifo_or_socket_that_appears_where_a_file_goes_is_refused_at_the_swap(tmp_path, kind):
    """The check before any work passed; the node appears while the run writes: the swap's own
    check (the same one for every write) refuses it, and no file of the set is put in."""
    from generator.core.checks import UserInputError
    from generator.core.files import output_files, output_set, write_atomic

    with pytest.raises(UserInputError, match="device, pipe or socket"), output_files(tmp_path) as stage:
        write_atomic(stage / "a.json", "a")
        write_atomic(stage / "b.json", "b")
        _special(kind, tmp_path / "b.json")
    assert not (tmp_path / "a.json").exists() and _is_special(tmp_path / "b.json")
    (tmp_path / "set").mkdir()
    node = _special(kind, tmp_path / "set" / "board.pdf")
    with pytest.raises(UserInputError, match="device, pipe or socket"), output_set(tmp_path / "set") as stage:
        write_atomic(stage / "board.pdf", "new")
    assert _is_special(node) and not leftovers(tmp_path)
    with pytest.raises(UserInputError, match="device, pipe or socket"):
        write_atomic(node, "x")
    assert _is_special(node)


# --- Ctrl-C from the console script's first instruction ----------------------------------------------

#: what the console script does (pip writes it; run here from the checkout, so a stale install is not what is tested)
_ENTRY = "import sys; from generator.entry import main; sys.argv[0] = 'boardgen'; sys.exit(main())"


def _wait_for_handler(pid: int) -> None:
    """Until the process catches SIGTERM: main()'s first instructions install the handlers (Python
    itself catches SIGINT from its start, SIGTERM never), so this is the moment main() begins."""
    status = Path(f"/proc/{pid}/status")
    end = time.monotonic() + 30
    while time.monotonic() < end:
        caught = [ln for ln in status.read_text().splitlines() if ln.startswith("SigCgt:")]
        if caught and int(caught[0].split()[1], 16) >> (signal.SIGTERM - 1) & 1:
            return
        time.sleep(0.0005)
    raise AssertionError("the console script never installed its handler")


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads signal dispositions from /proc")
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_signal_at_any_early_moment_is_exit_130_and_one_line(tmp_path, signum):
    """Ctrl-C in the first ~0.6 s (while Typer and the command line load) printed a KeyboardInterrupt
    traceback 6 times in 8; later it ended silently. From the first instruction of the console
    script's main() on, every moment gives exit 130 and the one line "interrupted", and a command
    that was writing leaves no stage."""
    moments = (0.0, 0.01, 0.03, 0.1, 0.2, 0.3, 0.45, 0.6, 1.0, 2.0) if signum == signal.SIGINT else (0.0, 0.1, 0.3, 1.5)
    for delay in moments:
        out = tmp_path / f"out-{delay}"
        p = subprocess.Popen([sys.executable, "-c", _ENTRY, "plazing", "setup", "--playouts", "10000", "--out", out],
                             cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        _wait_for_handler(p.pid)
        time.sleep(delay)
        p.send_signal(signum)
        _, err = p.communicate(timeout=60)
        assert (p.returncode, err) == (130, "interrupted\n"), (delay, err)
        assert not (out.exists() and leftovers(out)), delay


def test_the_console_script_is_the_entry_that_loads_nothing_before_its_handler():
    import tomllib

    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["scripts"]
    assert scripts == {"boardgen": "generator.entry:main"}
    res = subprocess.run([sys.executable, "-c", "import sys, generator.entry; print(sorted(m for m in sys.modules "
                          "if m.startswith(('typer', 'click', 'rich', 'generator.'))))"],
                         cwd=ROOT, capture_output=True, text=True, check=True)
    assert res.stdout.strip() == "['generator.entry']"


@pytest.mark.parametrize("kind", ["fifo", "socket", "file", "link-to-nothing", "name-over-255-bytes"])
def test_all_into_a_hostile_out_is_one_line_before_any_work(tmp_path, kind):
    """`boardgen all --out X` where X cannot hold its folders: one line, exit 2, X as it was and
    nothing written anywhere (the games are never started)."""
    out = tmp_path / "out"
    if kind in ("fifo", "socket"):
        _special(kind, out)
    elif kind == "file":
        out.write_text("mine")
    elif kind == "link-to-nothing":
        out.symlink_to(tmp_path / "nowhere")
    else:
        out = tmp_path / ("x" * 300)
    before = sorted(p.name for p in tmp_path.iterdir())
    began = time.monotonic()
    text = one_line_error(run("all", "--out", out, "--jobs", "1"))
    assert text.startswith("error: cannot write") and time.monotonic() - began < 20, text
    assert sorted(p.name for p in tmp_path.iterdir()) == before and not (tmp_path / "nowhere").exists()
    if kind in ("fifo", "socket"):
        assert _is_special(out) and "must be a folder, not a device, pipe or socket" in text


class _FakeGame:
    """A game part for `all` that writes its code folder the way the games do, or fails as one does."""

    def __init__(self, name: str, fail: bool) -> None:
        self.name, self.fail = name, fail

    def make_all(self, out, seed, paper, lang):
        from generator.clikit import fail
        from generator.core.files import output_set

        if self.fail:
            fail(f"{self.name} cannot be made")
        with output_set(out / self.name) as stage:
            (stage / f"X-{seed}").mkdir()
            (stage / f"X-{seed}" / "setup.json").write_text(f"{self.name} {seed}")
        return [out / self.name / f"X-{seed}" / "setup.json"]


def test_all_stopped_part_way_leaves_the_folder_as_it_was(tmp_path, monkeypatch):
    """A game failing after the others have written their parts (a full disk, a file-size limit):
    `all` is one unit, so --out keeps its old game folders, the user's file inside a code folder and
    its index, and gains no game folder of the failed run."""
    import generator.cli as cli
    from generator import cards

    out = tmp_path / "out"
    (out / "plazing" / "X-7").mkdir(parents=True)
    (out / "plazing" / "X-7" / "setup.json").write_text("old")
    (out / "plazing" / "X-7" / "mine.txt").write_text("mine")
    (out / "index.html").write_text("old index")
    last = cli.GAMES[-1][0]
    games = {name: _FakeGame(name, name == last) for name, _, _ in cli.GAMES}
    monkeypatch.setattr(cli, "game_module", games.__getitem__)
    monkeypatch.setattr(cards, "CARD_GAMES", ())
    before = {str(p.relative_to(out)): p.read_bytes() if p.is_file() else None for p in out.rglob("*")}
    text = one_line_error(run("all", "--out", out, "--jobs", "1", "--seed", "7"))
    assert f"{last} cannot be made" in text
    after = {str(p.relative_to(out)): p.read_bytes() if p.is_file() else None for p in out.rglob("*")}
    assert after == before
