"""A seeded, bounded mutation fuzzer over every file each command reads.

The readers are discovered, not listed: every game of `generator.cli.GAMES`, every command of its
Typer app, every parameter that takes a path (other than --out). The inputs are the game's own
outputs (its `all` job, and each command that writes a file it could read back: `play --out`) plus
the TOML data files of its package. So a newly added game, command or file option is fuzzed from
its first commit without touching this file.

Each case mutates one sample (bytes, JSON structure, TOML lines) or replaces it by a hostile file
(a FIFO, /dev/zero, a folder, an oversized or empty file, a link to a device) and runs the command
in-process. Every case must end with exit code 0, 1 or 2, no exception escaping (a traceback on the
command line), a one-line message on exit 2, and no staging or temp file left behind. The seed is
fixed (BOARDGEN_FUZZ_SEED to vary it) and the case count bounded (BOARDGEN_FUZZ_CASES per reader).
"""

from __future__ import annotations

import copy
import importlib
import json
import os
import random
import re
import signal
import typing
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from generator.cli import GAMES, app, game_module

SEED = int(os.environ.get("BOARDGEN_FUZZ_SEED", "14"))
CASES = int(os.environ.get("BOARDGEN_FUZZ_CASES", "20"))  # mutated samples per reader (plus hostile files)
KEEP_GOING = bool(os.environ.get("BOARDGEN_FUZZ_KEEP_GOING"))  # run every case and list every failure
#: options set to their cheapest value so a case that parses runs quickly (bots, pads, balancing)
CHEAP = {"games": "1", "playouts": "0", "count": "1", "tries": "1", "balance_games": "1"}
LEFTOVER = (".staging", ".old", ".tmp")
runner = CliRunner()
OUTCOMES: Counter[str] = Counter()


def _commands() -> list[tuple[str, str, Any]]:
    root = typer.main.get_command(app)
    out = []
    for name, *_ in GAMES:
        group = root.commands[name]  # type: ignore[attr-defined]
        group = group.load() if hasattr(group, "load") else group  # the lazy registry's stub -> the sub-app
        for cname, cmd in sorted(group.commands.items()):
            out.append((name, cname, cmd))
    return out


def _is_path(param: Any) -> bool:
    """A parameter that takes a path (Typer's own type descriptor, or click's Path type)."""
    ann = getattr(getattr(param, "type_descriptor", None), "annotation", None)
    is_path = ann is Path or Path in typing.get_args(ann) or type(getattr(param, "type", None)).__name__ == "Path"
    return is_path and param.name != "out"


def _is_option(param: Any) -> bool:
    return getattr(param, "param_type_name", "") == "option"


def _cheap_args(cmd: Any) -> list[str]:
    args = []
    for p in cmd.params:
        if _is_option(p) and p.name in CHEAP:
            args += [p.opts[0], CHEAP[p.name]]
    return args


def readers() -> list[tuple[str, str, str, bool]]:
    """(game, command, option or "" for an argument, whether the command writes into --out)."""
    found = []
    for game, cname, cmd in _commands():
        writes = any(p.name == "out" for p in cmd.params)
        for p in cmd.params:
            if _is_path(p):
                found.append((game, cname, p.opts[0] if _is_option(p) else "", writes))
    return found


def _data_folder(make: Any) -> Path:
    return Path(importlib.import_module(make.__module__).__file__).parent / "data"


@pytest.fixture(scope="module")
def samples(tmp_path_factory) -> dict[str, list[Path]]:
    """Every file a game writes or ships that a reader could be given: JSON and TOML, by game."""
    root = tmp_path_factory.mktemp("fuzz-samples")
    by_game: dict[str, list[Path]] = {}
    for name, *_ in GAMES:
        make = game_module(name).make_all
        folder = root / name
        make(folder, 5, "a4", "en")
        for game, cname, cmd in _commands():  # commands that write a file without reading one
            if game != name or not any(p.name == "out" for p in cmd.params) or any(map(_is_path, cmd.params)):
                continue
            for target in (folder / f"{cname}-out.json", folder / f"{cname}-out"):  # a file, or a folder
                res = runner.invoke(app, [game, cname, *_cheap_args(cmd), "--seed", "2", "--out", str(target)])
                if res.exit_code == 0:
                    break
        files = sorted(p for p in folder.rglob("*") if p.suffix in (".json", ".toml") and p.is_file())
        files += sorted(_data_folder(make).glob("*.toml"))
        assert files, f"game {name} has no sample inputs"
        by_game[name] = files
    return by_game


# --- mutations ---------------------------------------------------------------------------------------

HUGE = "9" * 5000
TOKENS = [b"\x00", b"\xff\xfe", b'"', b"{", b"[" * 60, HUGE.encode(), b"\xc5", b"\\u0000", b"-", b"1e999", b"\n"]
JSON_VALUES: list[Any] = [0, -1, 1, 2, 7, 26, 100, 2**31, 2**63, -(2**63), 10**9, 1e308, -1e308, 0.5, 1e-9,
                          float("nan"), float("inf"), "", "x" * 5000, "²", "ⅷ", "~", "PZ-0-1-0~C", "[b]x[/b]", None,
                          True, False, [], {}, [0] * 500, [[0, 0]] * 200, "__HUGE__", "__DEEP__"]
TOML_VALUES = ["0", "-1", "1000000000", "1e9", "-1e9", HUGE, "0x" + "f" * 5000, "inf", "nan", '""', '"x"', "[]",
               "{}", "true", '"²"', "[" + ", ".join(["1"] * 400) + "]", "[[1, 2], [3]]", '"' + "y" * 5000 + '"']


def _paths(doc: Any, prefix: tuple = ()) -> list[tuple]:
    out = []
    stack = [(doc, prefix)]
    while stack and len(out) < 5000:
        node, at = stack.pop()
        items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
        for k, v in items:
            out.append(at + (k,))
            if isinstance(node, dict) or k < 6:
                stack.append((v, at + (k,)))
    return out


def _json_mutation(text: str, rnd: random.Random) -> str:
    doc = json.loads(text)
    for _ in range(rnd.choice([1, 1, 1, 2, 3])):
        paths = _paths(doc)
        if not paths:
            break
        path = rnd.choice(paths)
        parent = doc
        for k in path[:-1]:
            parent = parent[k]
        key = path[-1]
        op = rnd.random()
        value = parent[key]
        if op < 0.35:  # same type, a boundary or foreign value: gets past type checks to range checks
            if isinstance(value, bool):
                parent[key] = not value
            elif isinstance(value, int):
                parent[key] = rnd.choice([0, -1, 1, value + 1, value - 1, value * 1000, 2**40, 10**9, 25, 200])
            elif isinstance(value, str):
                parent[key] = rnd.choice(["", value * 2, value[:-1], value.upper(), "x", "²", value + "~G9"])
            elif isinstance(value, list) and value:
                parent[key] = rnd.choice([[], value[:1], value[::-1], value + value[:1], value * 30])
            else:
                parent[key] = copy.deepcopy(rnd.choice(JSON_VALUES))
        elif op < 0.55:
            parent[key] = copy.deepcopy(rnd.choice(JSON_VALUES))
        elif op < 0.7:
            del parent[key]
        elif op < 0.8 and isinstance(parent[key], list) and parent[key]:
            parent[key] = parent[key] * rnd.choice([2, 10, 100])
        elif op < 0.9 and isinstance(parent, dict):
            parent[key + "_" if isinstance(key, str) else key] = parent.pop(key)
        else:
            other = rnd.choice(paths)
            try:
                node = doc
                for k in other:
                    node = node[k]
                parent[key] = copy.deepcopy(node)
            except (KeyError, IndexError, TypeError):
                pass
    out = json.dumps(doc, ensure_ascii=rnd.random() < 0.5)
    return out.replace('"__HUGE__"', HUGE).replace('"__DEEP__"', "[" * 3000 + "]" * 3000)


def _toml_mutation(text: str, rnd: random.Random) -> str:
    lines = text.splitlines()
    for _ in range(rnd.choice([1, 1, 2, 3])):
        values = [i for i, line in enumerate(lines) if re.match(r"^\s*[\w\"'.-]+\s*=", line)]
        op = rnd.random()
        if op < 0.6 and values:
            i = rnd.choice(values)
            lines[i] = lines[i].split("=", 1)[0] + "= " + rnd.choice(TOML_VALUES)
        elif op < 0.75 and lines:
            del lines[rnd.randrange(len(lines))]
        elif op < 0.9 and lines:
            i = rnd.randrange(len(lines))
            lines.insert(i, lines[i])
        else:
            lines.insert(rnd.randrange(len(lines) + 1), rnd.choice(["[x]", "[[x]]", "[tiles.Z9]", "a.b.c = 1"]))
    return "\n".join(lines) + "\n"


def _byte_mutation(raw: bytes, rnd: random.Random) -> bytes:
    data = bytearray(raw)
    for _ in range(rnd.randint(1, 4)):
        if not data:
            data += rnd.choice(TOKENS)
            continue
        i = rnd.randrange(len(data))
        op = rnd.random()
        if op < 0.3:
            data[i] ^= 1 << rnd.randrange(8)
        elif op < 0.5:
            del data[i:i + rnd.randint(1, 64)]
        elif op < 0.65:
            j = min(len(data), i + rnd.randint(1, 200))
            data[i:i] = data[i:j] * rnd.randint(1, 5)
        elif op < 0.9:
            data[i:i] = rnd.choice(TOKENS)
        else:
            del data[i:]
    return bytes(data)


def mutate(sample: Path, rnd: random.Random) -> tuple[str, bytes]:
    raw = sample.read_bytes()
    text = raw.decode("utf-8")
    kind = rnd.random()
    if kind < 0.75 and sample.suffix == ".json":
        return "json", _json_mutation(text, rnd).encode("utf-8")
    if kind < 0.75:
        return "toml", _toml_mutation(text, rnd).encode("utf-8")
    return "bytes", _byte_mutation(raw, rnd)


def hostile_files(tmp: Path) -> list[tuple[str, Path]]:
    fifo = tmp / "fifo.json"
    os.mkfifo(fifo)
    big = tmp / "big.json"
    with big.open("wb") as fh:
        fh.truncate(20 * 1024 * 1024)
    empty = tmp / "empty.json"
    empty.write_bytes(b"")
    link = tmp / "zero.json"
    link.symlink_to("/dev/zero")
    return [("fifo", fifo), ("dev-zero", Path("/dev/zero")), ("folder", tmp), ("missing", tmp / "nope.json"),
            ("oversized", big), ("empty", empty), ("link-to-device", link)]


# --- the run ---------------------------------------------------------------------------------------

def _alarm(signum, frame):
    raise TimeoutError("a fuzz case ran for over 30 s (a hang)")


def run_case(game: str, command: str, option: str, writes: bool, path: Path, out: Path, extra: list[str],
             lead: tuple[str, ...] = ()) -> str:
    args = [game, command, *extra, *lead, *([option] if option else []), str(path)]
    if writes:
        args += ["--out", str(out)]
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(30)
    try:
        res = runner.invoke(app, args)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    where = " ".join(args)
    if res.exception is not None and not isinstance(res.exception, SystemExit):
        raise AssertionError(f"traceback ({res.exception!r}) for: {where}") from res.exception
    assert res.exit_code in (0, 1, 2), f"exit {res.exit_code} for: {where}\n{res.output}"
    if res.exit_code == 2:
        assert res.output.strip().count("\n") == 0, f"not one line for: {where}\n{res.output[:2000]}"
    left = [p for p in out.parent.rglob("*") if p.name.endswith(LEFTOVER)] if out.parent.exists() else []
    assert not left, f"left {left} after: {where}"
    return f"exit {res.exit_code}"


READERS = readers()


@pytest.mark.slow
def test_discovery_finds_the_readers_and_samples_of_every_game(samples):
    """The discovery works: it finds known readers of each kind (an argument, an option) and every
    game of GAMES has sample inputs, so a new game's readers are fuzzed without a change here."""
    found = {(g, c, o) for g, c, o, _ in READERS}
    assert {("plazing", "check", ""), ("plazing", "setup", "--catalog"), ("plazing-rw", "check", "--file"),
            ("rzuc-na-tace", "check", "--layout"), ("rzuc-na-tace", "score", "")} <= found
    assert set(samples) == {name for name, *_ in GAMES}
    assert any(p.suffix == ".toml" for p in samples["plazing"]) and any(p.suffix == ".json" for p in samples["plazing"])


@pytest.mark.slow
@pytest.mark.parametrize(("game", "command", "option", "writes"), READERS,
                         ids=[f"{g}-{c}{o}" for g, c, o, _ in READERS])
def test_fuzz_reader(samples, tmp_path, game, command, option, writes):
    group = typer.main.get_command(app).commands[game]  # type: ignore[attr-defined]
    cmd = (group.load() if hasattr(group, "load") else group).commands[command]  # the lazy stub -> sub-app
    extra = _cheap_args(cmd)
    # an option reader of a command that also needs a file argument (check FILE --catalog C) gets a
    # good file there, so the fuzzed option is what is tried
    needs_file = option and any(getattr(p, "param_type_name", "") == "argument" and p.required for p in cmd.params)
    lead = (str(next(p for p in samples[game] if p.name == "setup.json")),) if needs_file else ()
    rnd = random.Random(f"{SEED}-{game}-{command}-{option}")
    counts: Counter[str] = Counter()
    failures: list[str] = []
    out = tmp_path / "out" / "o"
    for label, path in hostile_files(tmp_path / "hostile" if (tmp_path / "hostile").mkdir() is None else tmp_path):
        result = run_case(game, command, option, writes, path, out, extra, lead)
        assert result == "exit 2", f"{label}: {result}"
        counts[f"hostile {result}"] += 1
    # the samples this reader accepts as they are (exit 0 or 1) are the ones worth mutating: a
    # mutation of those reaches past the parser into validation, checks and play
    accepted = [p for p in samples[game]
                if run_case(game, command, option, writes, p, out, extra, lead) in ("exit 0", "exit 1")]
    cases = CASES // 4 if writes else CASES  # a case that parses writes PDFs: fewer of them
    for i in range(cases):
        sample = rnd.choice(accepted if accepted and rnd.random() < 0.85 else samples[game])
        how, data = mutate(sample, rnd)
        path = tmp_path / f"case{i}{sample.suffix}"
        path.write_bytes(data)
        try:
            counts[run_case(game, command, option, writes, path, out, extra, lead)] += 1
        except AssertionError as exc:
            counts["FAILED"] += 1
            failures.append(f"case {i} ({how} mutation of {sample.name}, seed {SEED}): {str(exc)[:300]}")
            if not KEEP_GOING:
                break
    OUTCOMES.update(counts)
    print(f"\n{game} {command} {option}: {dict(counts)}  total so far {dict(OUTCOMES)}")
    assert not failures, "\n".join(failures)
