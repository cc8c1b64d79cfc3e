"""Skill ratings: openskill's Weng-Lin Bradley-Terry model, and how a rating is shown.

A game rates its members only, ranked among themselves by the game's standings (ties share a place,
R-2). Computers are not rated, so beating Easy computers earns nothing, and a game with fewer than two
members changes no rating. Pure Python: no Discord, no database.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import BradleyTerryFull

# Weng-Lin's Bradley-Terry model with full pairing: every pair of players of a game is a win, a loss or
# a draw. openskill 6.2.0's Plackett-Luce model mis-rates ties (vivekjoshy/openskill.py#155: with ranks
# 1, 1, 3, 4 the third gets the winners' new mu), and shared wins are common in Wizard (R-2).
MODEL = BradleyTerryFull()

# Below this many rated games a rating is provisional, and for the rate sorts (win rate, average score,
# bid accuracy) a player with fewer games in the period is listed after those with enough.
MIN_GAMES = 5
# A rating needs someone to be compared with.
MIN_MEMBERS = 2
# The rating shown is the openskill ordinal (mu - 3 sigma, 0 for a new player), scaled to Elo-like numbers.
RATING_BASE = 1000
RATING_SCALE = 40


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's openskill rating and how many rated games it rests on."""

    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    games: int = 0

    @property
    def ordinal(self) -> float:
        """The conservative skill estimate, mu - 3 sigma."""
        return self.mu - 3 * self.sigma

    @property
    def display(self) -> int:
        """The rating as shown: the ordinal scaled (a new player shows 1000)."""
        return display_rating(self.mu, self.sigma)

    @property
    def provisional(self) -> bool:
        """Too few rated games for the rating to mean much yet."""
        return self.games < MIN_GAMES


def display_rating(mu: float, sigma: float) -> int:
    """The shown rating of (mu, sigma).

    >>> display_rating(25.0, 25 / 3), display_rating(30.0, 2.0)
    (1000, 1960)
    """
    return round(RATING_BASE + RATING_SCALE * (mu - 3 * sigma))


def rate(priors: Sequence[Rating], places: Sequence[int]) -> list[Rating]:
    """New ratings after one game of these players; ``places`` as in ``GameResult.places`` (1 is first)."""
    teams = [[MODEL.rating(mu=prior.mu, sigma=prior.sigma)] for prior in priors]
    rated = MODEL.rate(teams, ranks=[float(place) for place in places])
    return [
        Rating(team[0].mu, team[0].sigma, prior.games + 1) for team, prior in zip(rated, priors, strict=True)
    ]


def places_among(places: Sequence[int]) -> list[int]:
    """Places counted again among these players only: 1 + how many of them placed strictly better.

    >>> places_among([2, 4, 2, 6])
    [1, 3, 1, 4]
    """
    return [1 + sum(other < mine for other in places) for mine in places]


def rate_members(priors: Sequence[Rating], places: Sequence[int], members: Sequence[bool]) -> list[Rating]:
    """Every seat's rating after a game: members rated among themselves, everyone else unchanged.

    ``priors``, ``places`` (the game's standings) and ``members`` (False for a computer) are in seat
    order. With fewer than ``MIN_MEMBERS`` members nothing changes.
    """
    seats = [seat for seat, member in enumerate(members) if member]
    after = list(priors)
    if len(seats) < MIN_MEMBERS:
        return after
    new = rate([priors[s] for s in seats], places_among([places[s] for s in seats]))
    for seat, rating in zip(seats, new, strict=True):
        after[seat] = rating
    return after
