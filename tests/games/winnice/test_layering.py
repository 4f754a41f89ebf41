"""The Winnice State holds the rules and none of the bots: no engine module imports a bot (not
even inside a function), the bot modules import no cycle, and the State module stays short."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import generator.games.winnice as pkg

FOLDER = Path(pkg.__file__).parent
PREFIX = "generator.games.winnice."
#: the game itself: the State and what it is made of
ENGINE = ("engine", "tables", "player", "disaster", "invariants", "moves", "model", "rules")
#: the bots and their memos
BOTS = ("bots", "greedy", "valuation", "memo", "placement_index")


def _runtime_imports(name: str) -> set[str]:
    """The winnice modules `name` imports when it runs: at module level and inside functions,
    but not under `if TYPE_CHECKING:`."""
    tree = ast.parse((FOLDER / f"{name}.py").read_text(encoding="utf-8"))
    out: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module.startswith(PREFIX):
                out.add(node.module[len(PREFIX):].split(".")[0])
            elif node.module == PREFIX.rstrip("."):
                out.update(a.name for a in node.names)
        elif isinstance(node, ast.Import):
            out.update(a.name[len(PREFIX):].split(".")[0] for a in node.names if a.name.startswith(PREFIX))
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return out


def _graph() -> dict[str, set[str]]:
    return {p.stem: _runtime_imports(p.stem) for p in FOLDER.glob("*.py") if p.stem != "__init__"}


def _reach(graph: dict[str, set[str]], start: str) -> set[str]:
    seen: set[str] = set()
    todo = list(graph.get(start, ()))
    while todo:
        m = todo.pop()
        if m not in seen:
            seen.add(m)
            todo.extend(graph.get(m, ()))
    return seen


def test_no_engine_module_imports_a_bot() -> None:
    graph = _graph()
    for name in ENGINE:
        assert not _reach(graph, name) & set(BOTS), name


def test_the_engine_and_bot_modules_take_part_in_no_import_cycle() -> None:
    graph = _graph()
    for name in (*ENGINE[:5], *BOTS, "playability"):
        assert name not in _reach(graph, name), name


def test_importing_the_engine_loads_no_bot() -> None:
    code = ("import sys, generator.games.winnice.engine as e; "
            f"print(sorted(m for m in sys.modules if m.startswith('{PREFIX}')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert not {PREFIX + b for b in BOTS} & set(eval(out)), out


def test_the_state_module_stays_readable_as_the_rules() -> None:
    assert len((FOLDER / "engine.py").read_text(encoding="utf-8").splitlines()) <= 680


def test_the_bot_names_are_the_bots() -> None:
    from generator.games.winnice import bots, playability

    assert tuple(bots.BOTS) == playability.BOTS


def test_a_command_that_plays_nothing_loads_no_jit(tmp_path: Path) -> None:
    """`winnice setup --playouts 0` draws and checks a setup: numba stays out of the process."""
    code = ("import sys; from typer.testing import CliRunner; from generator.cli import app; "
            f"r = CliRunner().invoke(app, ['winnice', 'setup', '--playouts', '0', '--out', {str(tmp_path)!r}]); "
            "assert r.exit_code == 0, r.output; print('numba' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split()[-1] == "False"
