"""The Planety engine: a State with `current_player`, `legal_moves`, `apply`, `is_over`, `scores`.

A turn is either taking an object from the middle or using tokens (rulebook "Przebieg gry"):

- ``("planet", tile)``: the tile goes onto the player's next orbit (orbits fill 1, 2, 3, …) if its
  face-up side allows that orbit. It gives its tokens (the circle with a plus), chosen one by one
  as sub-moves of the same turn: ``("take", "asteroid")`` / ``("take", "water")`` from the pool, or
  ``("light", planet)``: a light from one's own star, put at once onto one of one's planets that has
  none (it is never lost). Filling the last orbit gives `full_bonus` (3) more tokens with that planet;
  after that the player takes no tokens any more.
- ``("moon", tile, planet, asteroids)``: a moon onto one of one's rocky planets (face `moons`), paid
  with its cost in tokens from one's supply: `asteroids` of them asteroids, the rest water.
- using tokens, any number in any order, as sub-moves of one turn, closed by ``("end",)``:
  ``("attack", opponent, planet)`` an asteroid at an opponent's planet (one with water, life or a
  moon): it removes one water token and the life with it (a planet with natural water loses only
  its life). A moon counts the
  asteroids of all players: the k-th asteroid at its planet reaches the planet only when k is a
  multiple of shield + 1 (shield 3: every fourth). ``("water", planet)`` asteroid + water: the
  water onto one's own planet. ``("life", source, target)`` asteroid + water + a life: the life
  moves from one's planet to another of one's planets that has light, even one that could not grow
  life itself; the water goes onto the target.
- Life: at the start of a player's turn every planet of theirs with light, water (natural or a
  token) and atmosphere and no life gets one life from the pool.
- End: a player has `win_life` (3) life in their system — at once, after that player's life has
  grown — or nobody can play any more. Most life wins.

Decisions where the rulebook is silent (ours, also in DIGEST's spirit):

- Ties: players with the most life share the win (the playout report splits it); no tie-breaker.
- "Nobody can play": a player with no legal move must ``("pass",)``; the game ends when every player
  in turn has passed with nothing changing in between (a life growing resets the count, since it may
  give someone a target). A pass is never a choice: it is legal only when nothing else is.
- A token turn uses at least one token; ``("end",)`` is legal after the first use, and the turn
  ends by itself when no further use is possible.
- An empty pool: tokens that cannot be taken (no water or asteroid left and no light or no planet
  without light) are lost; life that cannot grow because the pool has none does not grow (planets in
  orbit order first). Asteroids spent on attacks return to the pool, except those that strike a moon.
- Asteroids at a moon-protected planet all stay on the moon tile until the end (the rulebook keeps
  them there "to make counting easier"), the one that gets through included; so the moon's count k
  is the number of asteroids lying on it, and they leave the pool for good.
- An attack needs a target: an opponent's planet with a water token or a life, or with a moon (the
  rulebook sets no condition on the target, and its example has Anna strike Adam's moon): a moon
  takes the hits first, so it can be worn down before the planet behind it holds water. Only a dry,
  lifeless planet without a moon is no target (an asteroid there would change nothing).
- Water transport needs a planet without water (natural or token): at most one token of each kind.
  A life transport's water goes onto the target unless the target already has water (natural or a
  token): then it returns to the pool, since a planet holds at most one water token. The source
  keeps its own water; the target needs light and no life.
- A moon needs a rocky planet without a moon (one moon per planet); it is paid from asteroids and
  water only (light goes straight onto planets, life lies on planets). A player whose orbits are
  full may still take moons: a moon takes no orbit and gives no tokens.
- Taking a planet is compulsory about its tokens: every token it gives is chosen while any can be
  taken (the rulebook: take "as many as the tile allows").
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, TypeGuard

from generator.games.planety.model import Catalog, Face, Setup, Star, builtin_catalog

Move = tuple[Any, ...]
PASS: Move = ("pass",)
END: Move = ("end",)


@dataclass(slots=True)
class Planet:
    tile: int
    face: Face
    water: bool = False  # a water token (never on a planet with natural water)
    light: bool = False
    life: bool = False
    moon: int = -1  # tile index of the moon orbiting it, or -1
    moon_face: Face | None = None
    hits: int = 0  # asteroids lying on its moon

    @property
    def wet(self) -> bool:
        return self.water or self.face.water

    def can_grow(self) -> bool:
        return self.light and self.wet and self.face.atmosphere and not self.life


@dataclass(slots=True)
class Player:
    star: Star
    light: int  # light still on the star
    planets: list[Planet] = field(default_factory=list)
    asteroids: int = 0
    water: int = 0
    stranded: bool = False  # once unable to fill the next orbit from the middle

    @property
    def full(self) -> bool:
        return len(self.planets) >= self.star.orbits

    @property
    def life(self) -> int:
        return sum(p.life for p in self.planets)


class State:
    """One game from a setup. Deterministic: all chance is in the setup (star draw, big bang)."""

    def __init__(self, setup: Setup, cat: Catalog | None = None) -> None:
        self.cat = cat or builtin_catalog()
        self.num_players = setup.players
        index = self.cat.tile_index
        self.faces: list[Face] = [t.face(setup.faces[t.id]) for t in self.cat.tiles]
        assert len(index) == len(self.faces)
        self.middle: set[int] = set(range(len(self.cat.tiles)))
        self.players = [Player(self.cat.star(s), self.cat.star(s).light) for s in setup.stars]
        self.pool = {"asteroid": self.cat.tokens["asteroid"], "water": self.cat.tokens["water"],
                     "life": self.cat.tokens["life"]}
        self.current = 0
        self.pending = 0  # tokens still to choose from the planet just taken
        self.using = False  # inside a token turn (at least one token used)
        self.passes = 0
        self.over = False
        self.reason = ""
        self.turns = 0
        self.moves = 0
        self.life_grown = 0
        self.history: list[tuple[int, Move]] = []
        self.record = False
        self._update_stranded()

    # -- the interface core.playout uses -----------------------------------------------------
    def current_player(self) -> int:
        return self.current

    def is_over(self) -> bool:
        return self.over

    def scores(self) -> list[float]:
        return [float(p.life) for p in self.players]

    def clone(self) -> State:
        other = State.__new__(State)
        other.__dict__.update(self.__dict__)
        other.middle = set(self.middle)
        other.pool = dict(self.pool)
        other.players = [Player(p.star, p.light, [Planet(q.tile, q.face, q.water, q.light, q.life, q.moon,
                                                         q.moon_face, q.hits) for q in p.planets],
                                p.asteroids, p.water, p.stranded) for p in self.players]
        other.history = list(self.history)
        return other

    def has_legal_moves(self) -> bool:
        return not self.over

    def legal_moves(self) -> list[Move]:
        if self.over:
            return []
        me = self.players[self.current]
        if self.pending:
            return self._token_choices(me)
        uses = self._uses(me)
        if self.using:
            return [*uses, END]
        moves: list[Move] = []
        if not me.full:
            nxt = len(me.planets) + 1
            moves += [("planet", t) for t in sorted(self.middle)
                      if not self.faces[t].is_moon and nxt in self.faces[t].orbits]
        hosts = [i for i, p in enumerate(me.planets) if p.face.moons and p.moon < 0]
        if hosts:
            for t in sorted(self.middle):
                f = self.faces[t]
                if not f.is_moon or f.cost > me.asteroids + me.water:
                    continue
                for i in hosts:
                    for a in range(max(0, f.cost - me.water), min(f.cost, me.asteroids) + 1):
                        moves.append(("moon", t, i, a))
        moves += uses
        return moves or [PASS]

    def _token_choices(self, me: Player) -> list[Move]:
        out: list[Move] = []
        if self.pool["asteroid"]:
            out.append(("take", "asteroid"))
        if self.pool["water"]:
            out.append(("take", "water"))
        if me.light:
            out += [("light", i) for i, p in enumerate(me.planets) if not p.light]
        return out

    def _uses(self, me: Player) -> list[Move]:
        if not me.asteroids:
            return []
        out: list[Move] = []
        for q, opp in enumerate(self.players):
            if q == self.current:
                continue
            for j, p in enumerate(opp.planets):
                if p.life or p.water or p.moon >= 0:
                    out.append(("attack", q, j))
        if me.water:
            out += [("water", j) for j, p in enumerate(me.planets) if not p.wet]
            sources = [i for i, p in enumerate(me.planets) if p.life]
            if sources:
                targets = [j for j, p in enumerate(me.planets) if p.light and not p.life]
                out += [("life", i, j) for i in sources for j in targets]
        return out

    # -- applying moves ------------------------------------------------------------------------
    def apply(self, move: Move) -> None:
        if self.over:
            raise ValueError("the game is over")
        if not isinstance(move, tuple) or not move or not isinstance(move[0], str):
            raise ValueError(f"a move is a tuple naming its kind first, not {move!r}")
        me = self.players[self.current]
        kind = move[0]
        if self.using and kind not in ("attack", "water", "life", "end"):
            raise ValueError(f"{move!r}: a token turn only uses tokens (or ends): a turn either takes an "
                             "object or uses tokens")
        if self.record:
            self.history.append((self.current, move))
        self.moves += 1
        if self.pending:
            self._apply_choice(me, move)
            return
        if kind == "planet":
            self._take_planet(me, move)
        elif kind == "moon":
            self._take_moon(me, move)
        elif kind in ("attack", "water", "life"):
            self._use(me, move)
        elif kind == "end":
            if not self.using:
                raise ValueError("('end',) closes a token turn: use a token first")
            self._end_turn()
        elif kind == "pass":
            if self.legal_moves() != [PASS]:
                raise ValueError("a pass is legal only when no other move is")
            self.passes += 1
            if self.passes >= self.num_players:
                self.over, self.reason = True, "blocked"
                return
            self._end_turn(changed=False)
        else:
            raise ValueError(f"unknown move {move!r}")

    def _take_planet(self, me: Player, move: Move) -> None:
        t = move[1] if len(move) == 2 else None
        nxt = len(me.planets) + 1
        f = self.faces[t] if _index(t, len(self.faces)) else None
        if me.full or t not in self.middle or f is None or f.is_moon or nxt not in f.orbits:
            raise ValueError(f"cannot take {move!r} onto orbit {nxt}")
        self.middle.discard(t)
        me.planets.append(Planet(t, f))
        self.pending = f.tokens + (self.cat.full_bonus if me.full else 0)
        self._update_stranded()
        self._settle()

    def _apply_choice(self, me: Player, move: Move) -> None:
        if move not in self._token_choices(me):
            raise ValueError(f"{move!r} is not a token this planet can give now")
        if move[0] == "take":
            self.pool[move[1]] -= 1
            if move[1] == "asteroid":
                me.asteroids += 1
            else:
                me.water += 1
        else:
            me.light -= 1
            me.planets[move[1]].light = True
        self.pending -= 1
        self._settle()

    def _settle(self) -> None:
        """Lose the tokens nobody can give, then end the turn when the planet's tokens are done."""
        if self.pending and not self._token_choices(self.players[self.current]):
            self.pending = 0
        if not self.pending:
            self._end_turn()

    def _take_moon(self, me: Player, move: Move) -> None:
        if len(move) != 4:
            raise ValueError(f"a moon move is ('moon', tile, planet, asteroids), not {move!r}")
        _, t, i, a = move
        f = self.faces[t] if _index(t, len(self.faces)) else None
        ok = (f is not None and t in self.middle and f.is_moon and _index(i, len(me.planets))
              and me.planets[i].face.moons and me.planets[i].moon < 0 and type(a) is int
              and 0 <= a <= me.asteroids and 0 <= f.cost - a <= me.water)
        if not ok:
            raise ValueError(f"cannot take moon {move!r}")
        assert f is not None
        self.middle.discard(t)
        p = me.planets[i]
        p.moon, p.moon_face = t, f
        me.asteroids -= a
        me.water -= f.cost - a
        self.pool["asteroid"] += a
        self.pool["water"] += f.cost - a
        self._update_stranded()
        self._end_turn()

    def _use(self, me: Player, move: Move) -> None:
        if move not in self._uses(me):
            raise ValueError(f"{move!r} is not a legal use of tokens now")
        me.asteroids -= 1
        kind = move[0]
        if kind == "attack":
            p = self.players[move[1]].planets[move[2]]
            through = True
            if p.moon >= 0:
                assert p.moon_face is not None
                p.hits += 1  # the asteroid stays on the moon
                through = p.hits % (p.moon_face.shield + 1) == 0
            else:
                self.pool["asteroid"] += 1
            if through:
                if p.life:
                    p.life = False
                    self.pool["life"] += 1
                if p.water:  # a natural-water planet has no token and loses only its life
                    p.water = False
                    self.pool["water"] += 1
        elif kind == "water":
            self.pool["asteroid"] += 1
            me.water -= 1
            me.planets[move[1]].water = True
        else:
            self.pool["asteroid"] += 1
            me.water -= 1
            src, dst = me.planets[move[1]], me.planets[move[2]]
            src.life = False
            dst.life = True
            if dst.wet:
                self.pool["water"] += 1
            else:
                dst.water = True
        self.using = True
        if not self._uses(me):
            self._end_turn()

    def _end_turn(self, changed: bool = True) -> None:
        self.using = False
        self.pending = 0
        if changed:
            self.passes = 0
        self.turns += 1
        self.current = (self.current + 1) % self.num_players
        self._grow(self.players[self.current])

    def _grow(self, me: Player) -> None:
        """Start of `me`'s turn: life on every planet with light, water and atmosphere (pool allowing)."""
        grown = 0
        for p in me.planets:
            if p.can_grow() and self.pool["life"]:
                p.life = True
                self.pool["life"] -= 1
                grown += 1
        if grown:
            self.life_grown += grown
            self.passes = 0
        if me.life >= self.cat.win_life:
            self.over, self.reason = True, "life"

    def _update_stranded(self) -> None:
        for p in self.players:
            if p.stranded or p.full:
                continue
            nxt = len(p.planets) + 1
            if not any(not self.faces[t].is_moon and nxt in self.faces[t].orbits for t in self.middle):
                p.stranded = True

    # -- reports ---------------------------------------------------------------------------------
    def stats(self) -> dict[str, float]:
        """Per-game figures for the playout report (core.playout collects them)."""
        return {"turns": self.turns,
                "life grown": self.life_grown,
                "life at the end": sum(p.life for p in self.players),
                "game with life": float(self.life_grown > 0),
                "ended by 3 life": float(self.reason == "life"),
                "stranded players": sum(p.stranded for p in self.players),
                "game with a stranded player": float(any(p.stranded for p in self.players)),
                "orbits left empty": sum(p.star.orbits - len(p.planets) for p in self.players)}

    def describe(self, move: Move, lang: str = "en") -> str:
        """A move in words (logs, replays)."""
        tid = self.cat.tiles
        k = move[0]
        if k == "planet":
            return f"takes {tid[move[1]].id} ({self.faces[move[1]].id})"
        if k == "moon":
            return f"puts moon {tid[move[1]].id} on planet {move[2] + 1}, paying {move[3]} asteroid(s)"
        if k == "take":
            return f"takes {'an asteroid' if move[1] == 'asteroid' else 'a water'} token"
        if k == "light":
            return f"puts a light on planet {move[1] + 1}"
        if k == "attack":
            return f"sends an asteroid at player {move[1] + 1}'s planet {move[2] + 1}"
        if k == "water":
            return f"carries water to planet {move[1] + 1}"
        if k == "life":
            return f"carries life from planet {move[1] + 1} to planet {move[2] + 1}"
        return {"end": "ends the turn", "pass": "passes"}.get(k, str(move))


def check_invariants(state: State) -> None:
    """Raise AssertionError when a rule of the box is broken: token totals conserved, at most one
    token of each kind per planet, life only where it can be, orbits filled in order."""
    cat = state.cat
    on_moons = sum(p.hits for pl in state.players for p in pl.planets)
    ast = state.pool["asteroid"] + sum(pl.asteroids for pl in state.players) + on_moons
    assert ast == cat.tokens["asteroid"], f"asteroids: {ast} != {cat.tokens['asteroid']}"
    water = state.pool["water"] + sum(pl.water + sum(p.water for p in pl.planets) for pl in state.players)
    assert water == cat.tokens["water"], f"water: {water} != {cat.tokens['water']}"
    life = state.pool["life"] + sum(pl.life for pl in state.players)
    assert life == cat.tokens["life"], f"life: {life} != {cat.tokens['life']}"
    drawn = {pl.star.id for pl in state.players}
    box = sum(s.light for s in cat.stars if s.id not in drawn)
    light = box + sum(pl.light + sum(p.light for p in pl.planets) for pl in state.players)
    assert light == cat.tokens["light"], f"light: {light} != {cat.tokens['light']}"
    assert min(state.pool.values()) >= 0
    seen: set[int] = set()
    for pl in state.players:
        assert pl.asteroids >= 0 and pl.water >= 0 and pl.light >= 0
        assert len(pl.planets) <= pl.star.orbits
        for k, p in enumerate(pl.planets, start=1):
            assert k in p.face.orbits and not p.face.is_moon, f"planet {p.face.id} on orbit {k}"
            assert not (p.water and p.face.water), "a water token on a planet with natural water"
            assert not p.life or (p.light and p.wet), "life without light or water"
            assert (p.moon >= 0) == (p.moon_face is not None) and (p.moon < 0 or p.face.moons)
            assert p.hits == 0 or p.moon >= 0
            for t in (p.tile, p.moon):
                if t >= 0:
                    assert t not in seen and t not in state.middle
                    seen.add(t)
    assert len(seen) + len(state.middle) == len(cat.tiles)


def new_game(setup: Setup, rng: random.Random | None = None, cat: Catalog | None = None) -> State:
    """A playout's start (the rng is unused: the setup holds all chance) on the box `cat` (default: ours)."""
    return State(setup, cat)


def replay(setup: Setup, moves: Sequence[Move], cat: Catalog | None = None) -> State:
    """The state after `moves` (each checked by `apply`) on the box `cat` (default: ours)."""
    state = State(setup, cat)
    for m in moves:
        state.apply(m)
    return state


def _index(v: object, n: int) -> TypeGuard[int]:
    """Is `v` an index 0..n-1 (an int, not a bool: ("planet", True) is no tile)? (A TypeGuard: the
    caller may then index with it.)"""
    return type(v) is int and 0 <= v < n
