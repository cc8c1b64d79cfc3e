"""Scenes: the plain, hashable values a picture is drawn from, built from the rules core's views.

A scene holds exactly what its picture shows (a hand is its cards in display order, the trump suit and
the playable faces) and the language of its words, so two views that look the same to readers of the same
language make equal scenes: scenes are the cache's keys. The words a scene carries (a heading, a bid) are
written when it is built, in the catalog it is built with (``t``, English unless said otherwise); the
words drawn in every picture of its kind (``TRUMP``, a special card's name) in its ``lang``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cogs.table.render import sort_hand, suit_name
from cogs.utils.i18n import ENGLISH, Lang, Texts
from wizard_core import GameResult, MerlinAs, Phase, Play, PlayerView, PublicView, Suit, TrickView, decode

__all__ = ["ChartScene", "HandScene", "Slot", "TableScene", "chart_scene", "hand_scene", "table_scene"]


@dataclass(frozen=True, slots=True)
class HandScene:
    """A hand as drawn: faces in display order, the trump suit, and the playable faces on your turn.

    While the player may not look at their hand, ``faces`` is empty and ``hidden`` counts the cards
    drawn face down (Third Time's The Harm); in the Forehead card round ``others`` holds the other
    players' names and cards, drawn beside the player's own card, face down.
    """

    faces: tuple[int, ...]
    trump: Suit | None
    playable: frozenset[int] | None = None
    hidden: int = 0
    others: tuple[tuple[str, int], ...] = ()
    lang: Lang = "en"


@dataclass(frozen=True, slots=True)
class Slot:
    """One player's place in the drawn trick: their card (if played yet) and the line under it."""

    name: str
    detail: str
    face: int | None = None
    merlin: MerlinAs | None = None
    turn: bool = False
    winner: bool = False
    flipped: bool = False


@dataclass(frozen=True, slots=True)
class TableScene:
    """The table picture: the trump card and suit on the left, a trick (or the bidding) on the right."""

    heading: str
    turned_up: int | None
    trump: Suit | None
    trump_caption: str
    slots: tuple[Slot, ...]
    lang: Lang = "en"


@dataclass(frozen=True, slots=True)
class ChartScene:
    """Every player's running total after each round, and their final place (ties share one)."""

    names: tuple[str, ...]
    totals: tuple[tuple[int, ...], ...]  # one row per round, one column per player
    places: tuple[int, ...]
    lang: Lang = "en"


def _one_line(name: str) -> str:
    """A name on one line (the picture cuts it to the room it has)."""
    return " ".join(name.split())


def _playable(view: PlayerView) -> frozenset[int] | None:
    """The faces the player may play, on their turn to play; None otherwise (nothing is highlighted)."""
    if view.phase is not Phase.PLAY or view.current_player != view.player or not view.legal_actions:
        return None
    actions = map(decode, view.legal_actions)
    return frozenset(action.card.face for action in actions if isinstance(action, Play))


def hand_scene(view: PlayerView, *, t: Texts = ENGLISH) -> HandScene:
    """What the hand picture shows: the sorted hand, trump, and on your turn to play, what you may play."""
    faces = tuple(card.face for card in sort_hand(view.hand, view.trump))
    hidden = view.hand_sizes[view.player] if view.hand_hidden and view.hand_sizes else 0
    others = tuple(
        (_one_line(view.players[seat]), card.face)
        for seat, card in enumerate(view.others_cards)
        if card is not None and seat != view.player
    )
    return HandScene(faces, view.trump, _playable(view), hidden, others, t.lang)


def _detail(view: PublicView, seat: int, t: Texts) -> str:
    """The line under a player's name: their bid while bidding, then their bid and the tricks won.

    The picture's font has no emoji: a secret bid is "has bid", then "bid ?" during the play.
    """
    bid = view.bids[seat]
    if view.active and not view.active[seat]:
        return t("pic-detail-out")
    won = view.tricks_won[seat]
    if seat == view.saboteur:
        return (
            t("pic-detail-saboteur")
            if view.phase is not Phase.PLAY
            else t("pic-detail-won-saboteur", won=won)
        )
    if bid is None:
        secret = bool(view.has_bid) and view.has_bid[seat]
        if view.phase is Phase.PLAY:
            return t("pic-detail-won-secret", won=won) if secret else t("pic-detail-won", won=won)
        return t("pic-detail-has-bid") if secret else t("pic-detail-no-bid")
    if view.phase in (Phase.BID, Phase.CHOOSE_TRUMP):
        return t("pic-detail-bid", bid=bid)
    return t("pic-detail-won-of", won=won, bid=bid)


def _finished_heading(view: PublicView, shown: TrickView, names: Sequence[str], t: Texts) -> str:
    """The heading over a finished trick: which one, and who won it."""
    tricks, done = view.cards_per_player, len(view.completed_tricks)
    if view.phase is Phase.GAME_OVER:
        if shown.null or shown.winner is None:
            return t("pic-heading-last-null")
        return t("pic-heading-last-won", name=names[shown.winner])
    if shown.null or shown.winner is None:
        return t("pic-heading-trick-null", number=done, tricks=tricks)
    return t("pic-heading-trick-won", number=done, tricks=tricks, name=names[shown.winner])


def _heading(
    view: PublicView, shown: TrickView | None, finished: bool, names: Sequence[str], t: Texts
) -> str:
    tricks = view.cards_per_player
    if shown is not None and finished:
        return _finished_heading(view, shown, names, t)
    if shown is not None:
        return t("pic-heading-trick", number=len(view.completed_tricks) + 1, tricks=tricks)
    if view.phase is Phase.PLAY:
        return t("pic-heading-first-trick", tricks=tricks, name=names[view.current_trick.leader])
    if view.phase is Phase.CHOOSE_TRUMP:
        return t("pic-heading-picks-trump", round=view.round_number, name=names[view.dealer])
    if view.phase is Phase.BID:
        return t("pic-heading-bidding", round=view.round_number)
    return t("pic-heading-game-over")


def _trump_caption(view: PublicView, t: Texts) -> str:
    if view.phase is Phase.CHOOSE_TRUMP:
        return t("pic-dealer-picks")
    if view.trump is None:
        return t("pic-no-trump")
    return suit_name(view.trump, t=t)


def _shown_trick(view: PublicView) -> tuple[TrickView | None, bool]:
    """The trick drawn, and whether it is finished.

    A finished trick stays in the picture, its winner ringed, until the next card is played, so the
    card that ended it is seen too.
    """
    if view.phase is Phase.PLAY and view.current_trick.plays:
        return view.current_trick, False
    if view.phase in (Phase.PLAY, Phase.GAME_OVER) and view.completed_tricks:
        return view.completed_tricks[-1], True
    return None, False


def _first_seat(view: PublicView, shown: TrickView | None) -> int:
    """The seat drawn first: the trick's leader, or while bidding the seat left of the dealer."""
    if shown is not None:
        return shown.leader
    if view.phase is Phase.PLAY:
        return view.current_trick.leader
    return (view.dealer + 1) % len(view.players)


def table_scene(view: PublicView, *, t: Texts = ENGLISH) -> TableScene:
    """What the table picture shows: trump, then the trick under way (or the last one, or the bidding)."""
    count = len(view.players)
    names = [_one_line(name) for name in view.players]
    shown, finished = _shown_trick(view)
    first = _first_seat(view, shown)
    played = {} if shown is None else {play.player: play for play in shown.plays}
    waiting = set(view.to_act) if view.to_act else {view.current_player}
    slots = []
    for seat in ((first + offset) % count for offset in range(count)):
        play = played.get(seat)
        if play is None and view.active and not view.active[seat]:
            continue  # eliminated by Nannie's Rule: no place at the trick
        slots.append(
            Slot(
                name=names[seat],
                detail=_detail(view, seat, t),
                face=None if play is None else play.card.face,
                merlin=None if play is None else play.merlin,
                turn=not finished and seat in waiting and view.phase is not Phase.GAME_OVER,
                winner=finished and shown is not None and shown.winner == seat,
                flipped=play is not None and play.flipped,
            )
        )
    return TableScene(
        heading=_heading(view, shown, finished, names, t),
        turned_up=None if view.turned_up is None else view.turned_up.face,
        trump=view.trump,
        trump_caption=_trump_caption(view, t),
        slots=tuple(slots),
        lang=t.lang,
    )


def chart_scene(result: GameResult, players: Sequence[str], *, t: Texts = ENGLISH) -> ChartScene:
    """What the chart shows: the running totals after every round, and the final places."""
    return ChartScene(
        names=tuple(_one_line(name) for name in players),
        totals=tuple(row.totals for row in result.rounds),
        places=result.places,
        lang=t.lang,
    )
