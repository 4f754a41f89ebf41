"""boardgen: randomized legal setups, print-ready PDFs and rules engines for five Polish games."""

from pathlib import Path

__version__ = "0.1.0"

#: The checkout's root (meaningful only when running from a checkout or an editable install).
ROOT = Path(__file__).resolve().parent.parent

#: Data folders kept at the top of the checkout, as the wheel holds them inside the package: fonts/ ->
#: generator/_fonts, templates/ -> generator/_templates (setup.py maps the two).
DATA_DIRS: dict[str, str] = {"fonts": "_fonts", "templates": "_templates"}


def data_dir(name: str) -> Path:
    """The folder `name` ("fonts" or "templates") of this installation.

    A wheel (`pip install .`, `pip install boardgen[cluster]` on a worker) ships the folder inside
    the package, so it is looked up beside this file first; a checkout or an editable install has no
    such copy and uses the top-level folder of the checkout, where the developers edit it.
    """
    if name not in DATA_DIRS:
        raise ValueError(f"unknown data folder {name!r} (choose {', '.join(DATA_DIRS)})")
    installed = Path(__file__).resolve().parent / DATA_DIRS[name]
    return installed if installed.is_dir() else ROOT / name
