"""`boardgen cards`: the rule-card decks and one-page summaries of every game that has them.

Each game with rule cards has a `cards` module (generator/games/<game>/cards.py) that turns its data
into marked-up card texts (templates/<game>/cards/); this module only knows which games those are and
how its deck and summary are assembled and written: into <out>/cards/<game>-<players>p-<lang>/ as one unit (staged and
swapped in), with a PNG preview of the first card sheet.
"""

from __future__ import annotations

import importlib
import shlex
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

from generator.core.checks import UserInputError
from generator.core.files import output_set, write_atomic

if TYPE_CHECKING:
    from generator.render.rulecards import RuleCard

#: command name -> the module with the game's cards (loaded only when that game's cards are made)
CARD_GAMES = {
    "plazing": "generator.games.plazing.cards",
    "plazing-rw": "generator.games.plazing_rw.cards",
    "rzuc-na-tace": "generator.games.rzuc_na_tace.cards",
    "winnice": "generator.games.winnice.cards",
    "planety": "generator.games.planety.cards",
}
FORMATS = ("deck", "page", "both")
SUMMARY = {"pl": "ściąga", "en": "summary"}


def card_module(game: str) -> ModuleType:
    if game not in CARD_GAMES:
        raise UserInputError(f"no rule cards for {game!r} (choose from {', '.join(CARD_GAMES)})")
    return importlib.import_module(CARD_GAMES[game])


def summary_cards(mod: ModuleType, players: int, lang: str) -> list[RuleCard]:
    """The game's rule cards (templates/<game>/cards/<name>.<lang>.txt for every name of mod.CARDS),
    rendered with the numbers of mod.context(players, lang)."""
    from generator.render.rulecards import from_templates

    return from_templates(mod.GAME, mod.CARDS, lang, **mod.context(players, lang))


def rule_cards(mod: ModuleType, players: int, lang: str) -> list[RuleCard]:
    """The reference deck: the rule cards, then one player aid (the `aid` template) per seat."""
    from generator.render.rulecards import from_templates

    ctx = mod.context(players, lang)
    cards = from_templates(mod.GAME, mod.CARDS, lang, **ctx)
    for seat in range(1, players + 1):
        cards += from_templates(mod.GAME, ("aid",), lang, seat=seat, **ctx)
    return cards


def players_for(game: str, players: int | None) -> int:
    """The player count to print for (default: the largest the game allows), checked."""
    allowed = tuple(card_module(game).PLAYERS)
    if players is None:
        return allowed[-1]
    if players not in allowed:
        raise UserInputError(f"{game}: --players {players} is not a player count of the game "
                             f"(choose {', '.join(map(str, allowed))})")
    return players


def command_line(game: str, fmt: str, players: int, lang: str, paper: str, bleed: float, gap: float, backs: str,
                 export: str | None) -> str:
    """The command that writes a card set again (its command.txt, which the gallery shows): every
    choice that changes a file, the defaults left out (the folder's name carries players and lang)."""
    words = ["boardgen", "cards", game, "--players", str(players), "--lang", lang]
    for flag, value, default in (("--format", fmt, "both"), ("--paper", paper, "a4"), ("--backs", backs, "duplex")):
        if value != default:
            words += [flag, value]
    for flag, number in (("--bleed", bleed), ("--gap", gap)):
        if number:
            words += [flag, f"{number:g}"]
    if export is not None:
        words += ["--export", export]
    return shlex.join(words)


def write_cards(game: str, fmt: str, players: int | None, lang: str, paper_name: str, bleed: float, gap: float,
                out: Path, backs: str = "duplex", export: str | None = None) -> tuple[list[Path], list[str]]:
    """Write one game's deck and/or summary; return the files written and the layout's warnings (bleed
    costing cards per sheet, a gap dropped). `backs` (duplex | fold | none, render.layout.BACKS_MODES)
    says how the deck's backs print. `export` = "cards-png" also writes the deck's every face and back
    as 300 dpi PNGs with the bleed, and their manifest, into cards-png/ (render.export.cards_png)."""
    from generator.render import layout, rulecards
    from generator.render.pdf import write_pdf
    from generator.render.png import write_png

    if fmt not in FORMATS:
        raise UserInputError(f"unknown --format {fmt!r} (choose {', '.join(FORMATS)})")
    from generator.render.export import EXPORTS

    if export is not None and export not in EXPORTS:
        raise UserInputError(f"unknown --export {export!r} (choose {', '.join(EXPORTS)})")
    if export is not None and fmt == "page":
        raise UserInputError("--export cards-png needs the deck: use --format deck or both")
    if backs not in layout.BACKS_MODES:
        raise UserInputError(f"unknown --backs {backs!r} (choose {', '.join(layout.BACKS_MODES)})")
    mod = card_module(game)
    n = players_for(game, players)
    paper = layout.get_paper(paper_name)
    code = f"{game}-cards-{n}p-{lang}"
    folder = out / "cards" / code
    names: list[str] = []
    warnings: list[str] = []
    try:
        with output_set(folder) as stage:
            if fmt in ("deck", "both"):
                title = f"{mod.STYLE.game} — {'karty zasad' if lang == 'pl' else 'rule cards'}"
                deck = rulecards.deck_scene(rule_cards(mod, n, lang), mod.STYLE, paper, code, lang, bleed=bleed,
                                            gap=gap, title=title, backs=backs)
                warnings += deck.warnings
                write_pdf(deck, stage / "deck.pdf")
                write_png(deck, 0, stage / "deck.png", dpi=80)
                names += ["deck.pdf", "deck.png"]
                if export == "cards-png":
                    from generator.render.export import cards_png

                    names += [str(p.relative_to(stage)) for p in cards_png(deck, stage / "cards-png")]
            if fmt in ("page", "both"):
                heading = f"{mod.STYLE.game} — {SUMMARY[lang]}"
                summary = rulecards.summary_scene(summary_cards(mod, n, lang), mod.STYLE, paper, code, lang, heading)
                write_pdf(summary, stage / "summary.pdf")
                names.append("summary.pdf")
            write_atomic(stage / "command.txt", command_line(game, fmt, n, lang, paper.name, bleed, gap, backs,
                                                             export) + "\n")
            names.append("command.txt")
    except rulecards.CardOverflowError as exc:
        raise UserInputError(str(exc)) from None
    return [folder / name for name in names], warnings
