"""Fonts: the four logical font names of the scene mapped to the bundled DejaVu files.

Both backends and the layout code measure text with the same metrics (reportlab's), so a line that
`text.wrap` decides fits in 60 mm also fits in the PDF; the PNG preview uses the same TTF files
through Pillow so the picture matches the print.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import ImageFont
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from generator import data_dir

#: fonts/ of the checkout, or the copy inside an installed package (generator.data_dir says which)
FONT_DIR: Path = data_dir("fonts")

#: logical name -> (file name, reportlab font name)
FONTS: dict[str, tuple[str, str]] = {
    "regular": ("DejaVuSans.ttf", "DejaVuSans"),
    "bold": ("DejaVuSans-Bold.ttf", "DejaVuSans-Bold"),
    "condensed": ("DejaVuSansCondensed.ttf", "DejaVuSansCondensed"),
    "condensed-bold": ("DejaVuSansCondensed-Bold.ttf", "DejaVuSansCondensed-Bold"),
}

MM_PER_PT: float = 25.4 / 72.0

_registered = False


def _check(font: str) -> None:
    if font not in FONTS:
        raise ValueError(f"unknown font {font!r} (choose {', '.join(FONTS)})")


def font_path(font: str) -> Path:
    """The TTF file of a logical font name (raises ValueError for an unknown name)."""
    _check(font)
    return FONT_DIR / FONTS[font][0]


def pdf_font_name(font: str) -> str:
    """The name the font is registered under with reportlab (registering it on first use)."""
    _check(font)
    register_fonts()
    return FONTS[font][1]


def register_fonts() -> None:
    """Register the four TTFs with reportlab once per process.

    reportlab embeds TTFonts as subsets with a ToUnicode map, which is what makes the PDF print
    the same everywhere and keeps Polish letters extractable.
    """
    global _registered
    if _registered:
        return
    registered = set(pdfmetrics.getRegisteredFontNames())
    for file_name, rl_name in FONTS.values():
        if rl_name not in registered:
            pdfmetrics.registerFont(TTFont(rl_name, str(FONT_DIR / file_name)))
    _registered = True


@lru_cache(maxsize=256)
def pil_font(font: str, size_px: float) -> ImageFont.FreeTypeFont:
    """A Pillow font of `size_px` pixels per em, cached because loading a TTF is slow."""
    return ImageFont.truetype(str(font_path(font)), size=max(size_px, 0.5))


def text_width(text: str, font: str = "regular", size_pt: float = 10.0) -> float:
    """Advance width of one line of `text` in millimetres (reportlab metrics, as printed)."""
    return pdfmetrics.stringWidth(text, pdf_font_name(font), size_pt) * MM_PER_PT


def ascent(font: str = "regular", size_pt: float = 10.0) -> float:
    """Height of the font's ascender above the baseline in mm (for placing text in boxes)."""
    face = pdfmetrics.getFont(pdf_font_name(font)).face
    return face.ascent / 1000.0 * size_pt * MM_PER_PT
