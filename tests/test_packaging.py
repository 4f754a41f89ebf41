"""A normal install works, not only the editable one: the wheel holds every module, TOML, font and
template of the checkout at the path the run-time lookup (generator.data_dir) uses, and an unpacked
wheel, imported from outside the checkout, finds and opens them. fonts/ and templates/ sit at the top
of the checkout, outside the package, so a wheel without the mapping in setup.py would install a
boardgen that fails on its first PDF (TTFError) or rule card (TemplateNotFound)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import generator
from generator import DATA_DIRS, data_dir

ROOT = Path(__file__).resolve().parents[1]

#: what a failed build says when it cannot fetch setuptools (no index reachable): a skip, not a failure
OFFLINE = ("No matching distribution found", "Could not find a version that satisfies", "No module named pip")


def checkout_files(folder: str, patterns: tuple[str, ...] = ("*",)) -> list[Path]:
    """The checkout's files under `folder` (relative to the root), caches left out."""
    return sorted(p.relative_to(ROOT) for pat in patterns for p in (ROOT / folder).rglob(pat)
                  if p.is_file() and "__pycache__" not in p.parts)


@pytest.fixture(scope="module")
def build(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """The wheel, built by pip from a clean copy of the checkout (a build in the checkout itself reuses
    its build/ folder, where files of an earlier configuration linger and would hide an omission)."""
    src = tmp_path_factory.mktemp("src")
    for name in ("generator", "fonts", "templates"):
        shutil.copytree(ROOT / name, src / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy2(ROOT / name, src / name)
    out = tmp_path_factory.mktemp("wheel")
    try:
        res = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-v", "-w", str(out), str(src)],
                             capture_output=True, text=True, timeout=600)
    except subprocess.TimeoutExpired:
        pytest.skip("pip wheel did not finish (no package index reachable?)")
    log = res.stdout + res.stderr
    if res.returncode != 0:
        if any(s in log for s in OFFLINE):
            pytest.skip("cannot build a wheel offline: " + next(s for s in OFFLINE if s in log))
        pytest.fail("pip wheel failed:\n" + log[-3000:])
    (wheel,) = out.glob("boardgen-*.whl")
    return wheel, log


def test_wheel_holds_every_data_file_where_data_dir_looks(build: tuple[Path, str]) -> None:
    wheel, log = build
    names = set(zipfile.ZipFile(wheel).namelist())
    expected = [f"generator/{DATA_DIRS[p.parts[0]]}/{p.relative_to(p.parts[0]).as_posix()}"
                for folder in DATA_DIRS for p in checkout_files(folder)]
    expected += [p.as_posix() for p in checkout_files("generator", ("*.py", "*.toml"))]
    assert any(n.endswith(".ttf") for n in expected) and any(n.endswith(".j2") for n in expected)
    missing = [n for n in expected if n not in names]
    assert not missing, f"the wheel leaves out {len(missing)} files, e.g. {missing[:5]}"
    licences = [p.name for p in (ROOT / "fonts").glob("LICENSE*")]
    assert licences, "fonts/ has no licence file"
    for name in licences:  # beside the fonts (checked above) and where packaging tools look
        assert any(n.endswith(f".dist-info/licenses/fonts/{name}") for n in names)
    # setuptools may drop the data of a folder Python could import but `packages` leaves out
    assert "absent from the `packages` configuration" not in log
    assert not any(n.startswith(("fonts/", "templates/", "tests/")) for n in names)


PROBE = """
import json, sys
sys.path.insert(0, sys.argv[1])
import generator
from generator import data_dir
from generator.render import fonts, text
from generator.web import html
fonts.register_fonts()
found = [text.environment().get_template(n).name for n in text.environment().list_templates()]
found += [html.environment().get_template(n).name for n in html.environment().list_templates()]
print(json.dumps({
    "package": generator.__file__,
    "dirs": [str(data_dir(n)) for n in ("fonts", "templates")],
    "used": [str(fonts.FONT_DIR), str(text.TEMPLATE_DIR), str(html.TEMPLATES)],
    "fonts": [str(fonts.font_path(f)) for f in fonts.FONTS],
    "width": fonts.text_width("Zażółć gęślą jaźń", "bold", 10.0),
    "pil": [fonts.pil_font(f, 12).getlength("ąę") for f in fonts.FONTS],
    "templates": found,
}))
"""


def test_unpacked_wheel_finds_its_data_outside_the_checkout(build: tuple[Path, str], tmp_path: Path) -> None:
    site = tmp_path / "site"
    zipfile.ZipFile(build[0]).extractall(site)
    run = tmp_path / "elsewhere"
    run.mkdir()
    res = subprocess.run([sys.executable, "-c", PROBE, str(site)], cwd=run, capture_output=True, text=True,
                         timeout=120)
    assert res.returncode == 0, res.stderr[-3000:]
    got = json.loads(res.stdout)
    pkg = site / "generator"
    assert Path(got["package"]).parent == pkg  # the copy under test, not the checkout
    assert got["dirs"] == [str(pkg / DATA_DIRS["fonts"]), str(pkg / DATA_DIRS["templates"])]
    assert got["used"] == [got["dirs"][0], got["dirs"][1], str(pkg / DATA_DIRS["templates"] / "web")]
    assert all(Path(f).is_file() and Path(f).parent == pkg / "_fonts" for f in got["fonts"])
    assert got["width"] > 0 and all(w > 0 for w in got["pil"])
    templates = [p.relative_to("templates").as_posix() for p in checkout_files("templates")]
    web = [t.removeprefix("web/") for t in templates if t.startswith("web/")]
    assert sorted(got["templates"]) == sorted(templates + web)  # text's env sees all, html's the web ones


def test_checkout_uses_its_top_level_folders() -> None:
    """A checkout or an editable install has no copy inside the package: the lookup falls back to the
    folders the developers edit."""
    from generator.render import fonts, text
    from generator.web import html

    if (Path(generator.__file__).parent / DATA_DIRS["fonts"]).exists():
        pytest.skip("running from an installed copy, not the checkout")
    assert data_dir("fonts") == ROOT / "fonts" == fonts.FONT_DIR
    assert data_dir("templates") == ROOT / "templates" == text.TEMPLATE_DIR == html.TEMPLATES.parent
    assert all(fonts.font_path(f).is_file() for f in fonts.FONTS)
    with pytest.raises(ValueError, match="unknown data folder"):
        data_dir("docs")
