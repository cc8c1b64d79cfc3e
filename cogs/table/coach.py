"""The coach (issue 30): a hint on a member's turn, and a line after each round, from the hard computer.

A table played with the coach (the host's choice in the lobby, the server's default first: ``Table.coach``)
gives each member's hand a Hint button whenever they have a choice to make. A hint answers privately what
the hard computer would do in their seat and why, in plain words: for a bid, the chance of making each
reasonable bid and the points it brings on average; for a card, the chance of then making their bid
after each playable card; for a dealer choosing trump, each suit's best bid and its points. It comes
from ``wizard_core.ai.advise``, which reads nothing but the member's own ``PlayerView``, so a hint
cannot tell a card they cannot see; it is worked out where the computers think
(``computers.Thinkers``), never on the event loop, with the very seed the hard computer's decision in
that seat would have, so its pick is that decision.

After each round, each member's next hand says what they bid and took against what the hard computer would
have bid from their hand (``review_round``, ``round_line``). A game with the coach is practice: recorded in
history as coached and left out of every rating, board and record (``TableStore.finish``).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, Protocol

import discord

from cogs.table import computers, render
from cogs.table.model import Table
from cogs.table.outbox import SEND_ERRORS
from cogs.utils.components import invalid_control
from cogs.utils.i18n import Texts
from cogs.utils.replies import Refusal
from wizard_core import Phase, Play, PlayerView, Suit
from wizard_core.actions import PLAY_HIDDEN
from wizard_core.ai.advise import Advice, BidAdvice, BidOption, CardOption, PlayAdvice, TrumpAdvice

if TYPE_CHECKING:
    from bot import WizardBot

__all__ = ["HINT_BIDS", "HINT_CARDS", "has_choice", "hint", "hint_embed", "review_round", "round_line"]

log = logging.getLogger(__name__)

# A hint lists at most this many bids (the likeliest to pay, shown in order of the bid) and cards (the
# likeliest to make the bid first): a hand of 20 cards would otherwise make a wall of numbers.
HINT_BIDS = 5
HINT_CARDS = 8
# A bid made less often than this is not a reasonable one to list, unless it is the computer's own.
UNLIKELY = 0.03
COACH_COLOUR = discord.Colour.teal()
MINUS = "\N{MINUS SIGN}"  # a negative number of points, as the score tables write it


class Coached(Protocol):
    """What the coach needs of a table's session (``session.TableSession``)."""

    table: Table

    @property
    def parts(self) -> Any: ...

    def seat_of(self, interaction: discord.Interaction[WizardBot], t: Texts) -> int: ...


def has_choice(table: Table, view: PlayerView) -> bool:
    """Whether the hand of ``view`` gets a Hint button: the table has the coach, and its player, a member
    playing their own seat, has a suit for trump, a bid or a card to choose now (more than one legal
    action, not the Forehead round's unseen card)."""
    seat = table.seats[view.player]
    return (
        table.coach
        and seat.computer is None
        and not seat.auto
        and view.phase in (Phase.CHOOSE_TRUMP, Phase.BID, Phase.PLAY)
        and len(view.legal_actions) > 1
        and PLAY_HIDDEN not in view.legal_actions
    )


async def hint(
    session: Coached, interaction: discord.Interaction[WizardBot], t: Texts, version: int
) -> Callable[[], Awaitable[None]]:
    """Take a Hint click (the table's lock held): check it and defer the private answer; returned, the
    work of answering it with what the hard computer would do now in the clicker's seat, for after the
    lock (it reads only a copy of the clicker's view, so the game may move on meanwhile)."""
    table = session.table
    game = table.running
    seat = session.seat_of(interaction, t)
    if not table.coach:
        raise Refusal(t("coach-refusal-off"))
    if version > game.version:
        raise Refusal(invalid_control(t, menu=False))
    view = game.view(seat)
    if not has_choice(table, view):
        raise Refusal(t("coach-refusal-no-choice"))
    await interaction.response.defer(ephemeral=True, thinking=True)
    plain = table.seats[seat].settings.plain_text
    job = functools.partial(computers.advice, view, game.seed)
    driver = session.parts.driver

    async def answer() -> None:
        try:
            advice = await driver.run(job)
            message: dict[str, Any] = {"embed": hint_embed(advice, view, t=t, plain=plain)}
        except Exception:
            log.exception("The coach of table %d could not work out a hint", table.id)
            message = {"content": t("coach-hint-failed")}
        with contextlib.suppress(*SEND_ERRORS):
            await interaction.followup.send(ephemeral=True, **message)

    return answer


def hint_embed(advice: Advice, view: PlayerView, *, t: Texts, plain: bool = False) -> discord.Embed:
    """A hint in words: the computer's choice, then the chance of each reasonable choice (``plain``: cards
    named in full, for a screen reader)."""
    if isinstance(advice, BidAdvice):
        lines = [t("coach-hint-bid-pick", bid=advice.pick), "", t("coach-hint-bid-intro")]
        lines += [_bid_line(option, advice.pick, t) for option in reasonable_bids(advice)]
    elif isinstance(advice, TrumpAdvice):
        lines = _trump_lines(advice, view, t, plain)
    else:
        lines = _play_lines(advice, view, t, plain)
    embed = discord.Embed(title=t("coach-hint-title"), description="\n".join(lines), colour=COACH_COLOUR)
    if advice.samples:
        embed.set_footer(text=t("coach-hint-footer", deals=advice.samples))
    return embed


def reasonable_bids(advice: BidAdvice) -> list[BidOption]:
    """The bids worth showing, lowest first: those that pay best on average, leaving out the unlikely
    ones, and always the computer's own."""
    best = sorted(advice.options, key=lambda option: -option.points)
    kept = [option for option in best if option.chance >= UNLIKELY or option.bid == advice.pick]
    return sorted(kept[:HINT_BIDS], key=lambda option: option.bid)


def _bid_line(option: BidOption, pick: int, t: Texts) -> str:
    key = "coach-hint-bid-option-pick" if option.bid == pick else "coach-hint-bid-option"
    return t(key, bid=option.bid, chance=_percent(option.chance), points=_points(option.points))


def _play_lines(advice: PlayAdvice, view: PlayerView, t: Texts, plain: bool) -> list[str]:
    labels = {id(option): _card_label(option, view, t, plain) for option in advice.options}
    chosen = next((option for option in advice.options if option.action == advice.pick), None)
    pick = labels[id(chosen)] if chosen is not None else "?"
    lines = [t("coach-hint-play-pick", card=pick), ""]
    if advice.bid is None or any(option.chance is None for option in advice.options):
        # No bid to make (the Wizard Saboteur dealer): the cards by the points they bring.
        lines.append(t("coach-hint-play-intro-points"))
        ranked = sorted(advice.options, key=lambda option: -option.value)
        for option in ranked[:HINT_CARDS]:
            lines.append(t("coach-hint-card-points", card=labels[id(option)], points=_points(option.value)))
        return lines
    lines.append(t("coach-hint-play-intro", bid=advice.bid))
    ranked = sorted(advice.options, key=lambda option: (-(option.chance or 0.0), -option.value))
    for option in ranked[:HINT_CARDS]:
        key = "coach-hint-card-pick" if option is chosen else "coach-hint-card"
        lines.append(t(key, card=labels[id(option)], chance=_percent(option.chance or 0.0)))
    return lines


def _trump_lines(advice: TrumpAdvice, view: PlayerView, t: Texts, plain: bool) -> list[str]:
    def suit(which: Suit) -> str:
        name = render.suit_name(which, t=t)
        return name if plain else f"{which.symbol} {name}"

    lines = [t("coach-hint-trump-pick", suit=suit(advice.pick)), ""]
    if not advice.options:  # nothing weighed: the dealer cannot see their cards, or is the Saboteur
        lines.append(t("coach-hint-trump-unseen" if view.hand_hidden else "coach-hint-trump-saboteur"))
        return lines
    lines.append(t("coach-hint-trump-intro"))
    for option in advice.options:
        key = "coach-hint-trump-option-pick" if option.suit == advice.pick else "coach-hint-trump-option"
        lines.append(t(key, suit=suit(option.suit), bid=option.bid, points=_points(option.points)))
    return lines


def _card_label(option: CardOption, view: PlayerView, t: Texts, plain: bool) -> str:
    label = render.action_label(Play(option.card, option.merlin), view.trump, t=t, plain=plain)
    return t("coach-hint-opposite", card=label) if option.opposite else label


def _percent(chance: float) -> str:
    return f"{round(chance * 100)}%"


def _points(points: float) -> str:
    return f"{points:+.0f}".replace("-", MINUS)


# -- after a round --------------------------------------------------------------------------------------


async def review_round(session: Coached) -> None:
    """Before a new round's hands (or the final standings) are shown at a table with the coach: work out,
    for each member who bid in the round just scored, what the hard computer would have bid from their
    hand then (in the computers' workers, all at once), for the line on their next hand (``round_line``).
    A member's figure already worked out is kept, so that news shown again after a restart gets its line
    too; one that cannot be worked out is left out."""
    table = session.table
    game = table.running
    if not table.coach or not game.round_results:
        return
    result = game.round_results[-1]
    seats = [
        index
        for index, seat in enumerate(table.seats)
        if seat.computer is None
        and not seat.auto
        and result.bids[index] is not None
        and table.coach_bids.get(index, (0, 0))[0] != result.round_number
    ]
    setup = (game.players, game.rules, game.seed, game.log)
    jobs = [
        session.parts.driver.run(
            functools.partial(computers.hard_bid_in_round, *setup, seat, result.round_number)
        )
        for seat in seats
    ]
    found = await asyncio.gather(*jobs, return_exceptions=True)
    for seat, bid in zip(seats, found, strict=True):
        if isinstance(bid, int):
            table.coach_bids[seat] = (result.round_number, bid)
        elif isinstance(bid, BaseException):
            log.warning("The coach of table %d could not review seat %d: %r", table.id, seat, bid)


def round_line(table: Table, view: PlayerView, t: Texts) -> str | None:
    """The coach's line on a member's hand about the round before this one: what they bid and took, and
    what the hard computer would have bid (None without the coach, or when there is nothing to say)."""
    if not table.coach:
        return None
    found = table.coach_bids.get(view.player)
    if found is None:
        return None
    number, coach_bid = found
    results = view.rounds
    if not results or results[-1].round_number != number:
        return None
    result = results[-1]
    bid, took = result.bids[view.player], result.tricks[view.player]
    if bid is None:
        return None
    key = "coach-round-same" if bid == coach_bid else "coach-round-other"
    return t(key, round=number, bid=bid, took=took, coach=coach_bid)
