"""boardgen: randomized legal setups, print-ready PDFs and rules engines for five Polish games."""

from pathlib import Path

__version__ = "0.1.0"

#: The project root: fonts/ and templates/ live beside the package (installed editable).
ROOT = Path(__file__).resolve().parent.parent
