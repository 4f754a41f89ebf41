"""What one Winnice player has: coins, crews, stored seedlings and tokens, cards, the vineyard."""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.games.winnice.model import ACTION_CARDS

RED = 2  # colours: 0 yellow, 1 green, 2 red


@dataclass(slots=True)
class Player:
    coins: int
    workers: list[str]
    worker_bank: list[str]
    seedlings: list[tuple[int, str]] = field(default_factory=list)
    tokens: list[tuple[int, int]] = field(default_factory=list)
    cards: dict[str, int] = field(default_factory=lambda: dict.fromkeys(ACTION_CARDS, 0))
    board: list[int] = field(default_factory=lambda: [0, 0, 0])
    drought: int = 0
    planted: list[tuple[int, str, int]] = field(default_factory=list)  # (colour, shape, bits)
    placed: list[str] = field(default_factory=list)  # workers on the board this round
    passed: bool = False
    harvested: bool = False

    def copy(self) -> Player:
        return Player(self.coins, list(self.workers), list(self.worker_bank), list(self.seedlings), list(self.tokens),
                      dict(self.cards), list(self.board), self.drought, list(self.planted), list(self.placed),
                      self.passed, self.harvested)

    @property
    def occupied(self) -> int:
        b = self.board
        return b[0] | b[1] | b[2]

    def red_points(self) -> int:
        return sum(v for c, v in self.tokens if c == RED)
