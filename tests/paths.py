"""What the games' both-paths tests share: a function of a test module run in a fresh interpreter,
with the JIT on or with BOARDGEN_PURE_PYTHON=1, and the modules a piece of code loads.

core.jit reads BOARDGEN_PURE_PYTHON once, at import, so each path needs its own interpreter.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def on_path(module: str, pure: bool, function: str = "transcript") -> Any:
    """`module.function()` (plain data) as a fresh interpreter on one path returns it."""
    env = {k: v for k, v in os.environ.items() if k != "BOARDGEN_PURE_PYTHON"}
    env["PYTHONPATH"] = str(ROOT)
    if pure:
        env["BOARDGEN_PURE_PYTHON"] = "1"
    code = f"import json, sys\nfrom {module} import {function}\nsys.stdout.write(json.dumps({function}()))\n"
    res = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=900)
    assert res.returncode == 0, res.stderr[-2000:]
    return json.loads(res.stdout)


def loaded(code: str, *modules: str) -> list[bool]:
    """Whether each of `modules` is loaded after `code` runs in a fresh interpreter."""
    probe = f"{code}\nimport sys\nprint(' '.join(str(m in sys.modules) for m in {list(modules)!r}))\n"
    res = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stderr[-2000:]
    return [w == "True" for w in res.stdout.split()]
