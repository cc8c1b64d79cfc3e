"""Games whose chance events a test chooses: the dealer draw and the deals, replayed as if logged."""

from __future__ import annotations

from collections.abc import Sequence

from wizard_core import Card, Game, Rules
from wizard_core.cards import BITS_OF_FACE, deck_bits

NAMES = ("Alice", "Bob", "Cara", "Dan", "Eve", "Finn")


def bits(names: Sequence[str], edition: str = "classic") -> tuple[int, ...]:
    """Hand-mask bits for cards by name, repeated Wizards and Jesters taking successive copies."""
    used = 0
    out = []
    for name in names:
        free = BITS_OF_FACE[Card.parse(name).face] & deck_bits(edition) & ~used
        assert free, f"no copy of {name} left"
        low = free & -free
        used |= low
        out.append(low.bit_length() - 1)
    return tuple(out)


def staged(
    draw: Sequence[str],
    deal: Sequence[str],
    *,
    players: Sequence[str] = NAMES[:4],
    edition: str = "classic",
    redraws: Sequence[Sequence[str]] = (),
) -> Game:
    """A game whose dealer draw and first deal are chosen by the test."""
    log: list[int | tuple[str, tuple[int, ...]]] = [("draw", bits(draw, edition))]
    log += [("draw", bits(again, edition)) for again in redraws]
    log.append(("deal", bits(deal, edition)))
    return Game.replay(players, Rules(edition), 0, log)


def staged_rounds(
    rules: Rules,
    draw: Sequence[str],
    deals: Sequence[Sequence[str]],
    *,
    players: Sequence[str] = NAMES[:4],
    seed: int = 0,
) -> Game:
    """A game whose dealer draw and first deals are chosen by the test; later deals come from ``seed``.

    Each deal lists the cards seat by seat (players still in, from seat 0), then the turned-up card.
    """
    chance = [("draw", bits(draw, rules.edition))]
    chance += [("deal", bits(deal, rules.edition)) for deal in deals]
    return Game(players, rules, seed, _replay=chance)
