"""No module under generator/ takes part in an import cycle.

Read statically from each module's AST: every `import`/`from … import` anywhere in the module counts
— at the top, inside a function (a lazy import is still a dependency, and a cycle through one only
waits for the first call), and under `if TYPE_CHECKING:` (a type that needs the other module means the
two are one design unit; a bot names the State, so the State must not name the bot). A cycle makes
import order matter and keeps an engine from being used without its bots.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "generator"



def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """The generator modules `name` imports (a `from pkg import mod` names the submodule)."""
    is_pkg = path.name == "__init__.py"
    package = name if is_pkg else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base_parts = package.split(".")
                if node.level > 1:
                    base_parts = base_parts[: len(base_parts) - (node.level - 1)]
                base = ".".join(base_parts + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            targets = [base] + [f"{base}.{a.name}" for a in node.names]
        else:
            continue
        for t in targets:
            while t and t not in known:  # `import a.b.c` depends on a.b.c (and runs a, a.b: packages)
                t = t.rpartition(".")[0]
            if t and t != name and not name.startswith(t + "."):  # a package's own parents run first anyway
                found.add(t)
    return found


def graph() -> dict[str, set[str]]:
    mods = modules()
    known = set(mods)
    return {name: imports_of(name, path, known) for name, path in mods.items()}


def cycles(g: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[frozenset[str]] = []
    counter = 0
    for root in sorted(g):
        if root in index:
            continue
        work = [(root, iter(sorted(g[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(g.get(w, ())))))
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    comp = set()
                    while True:
                        w = stack.pop()
                        on.discard(w)
                        comp.add(w)
                        if w == v:
                            break
                    if len(comp) > 1:
                        out.append(frozenset(comp))
    return out


def test_the_graph_sees_function_level_and_type_checking_imports():
    g = graph()
    assert "generator.core.rng" in g["generator.clikit"]  # imported inside a function only
    assert "generator.render.layout" in g["generator.clikit"]  # under TYPE_CHECKING


def test_the_cycle_finder_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [frozenset("abc")]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_module_under_generator_is_in_an_import_cycle():
    found = cycles(graph())
    assert not found, "import cycles: " + "; ".join(" <-> ".join(sorted(c)) for c in found)


#: modules that hold a game's bots, their valuations and memos (by name, in every game folder)
BOT_MODULES = {"bots", "greedy", "valuation", "memo"}


def _reach(g: dict[str, set[str]], start: str) -> set[str]:
    seen, work = {start}, [start]
    while work:
        for w in g.get(work.pop(), ()):
            if w not in seen:
                seen.add(w)
                work.append(w)
    return seen


def test_no_engine_loads_a_bot():
    """A bot takes a State; the State never imports a bot (as OpenSpiel keeps its bots outside the
    game): nothing a game's engine module reaches is one of its bot modules."""
    g = graph()
    engines = sorted(m for m in g if m.startswith("generator.games.") and m.endswith(".engine"))
    assert len(engines) == 5
    for engine in engines:
        game = engine.rsplit(".", 1)[0]
        bots = {m for m in _reach(g, engine) if m.startswith(game + ".") and m.rsplit(".", 1)[1] in BOT_MODULES}
        assert not bots, f"{engine} loads {sorted(bots)}"
