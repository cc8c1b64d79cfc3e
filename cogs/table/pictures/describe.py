"""Alt text: what each picture shows, in words, sent as its attachment's description.

Discord reads an attachment's description out to screen readers and shows it where the picture is not
shown; it holds at most ``DESCRIPTION_LIMIT`` characters. Each description is built from the scene the
picture is drawn from, so it says exactly what the picture shows and nothing else (the table's text
never names a card a player still holds). A hand's description is a function of its scene, and kept
by it: a hand is shown again unchanged often (the answer to a bid, the hand when the turn comes, Show my
hand), a table hardly ever.
"""

from __future__ import annotations

import functools

from cogs.table.pictures.cards import is_trump
from cogs.table.pictures.scenes import ChartScene, HandScene, Slot, TableScene
from cogs.table.render import card_name, suit_name
from cogs.utils.i18n import Texts, texts
from wizard_core import Suit
from wizard_core.cards import WIZARD_FACE, Card

__all__ = ["DESCRIPTION_LIMIT", "chart_description", "hand_description", "table_description"]

DESCRIPTION_LIMIT = 1024
TRUMP_MARK = "★"  # as in the text: a card of the trump suit
# A card that counts as another: a declared Merlin, Smyrna Style's flipped Wizard or Jester.
AS_KEYS = {"wizard": "pic-alt-as-wizard", "jester": "pic-alt-as-jester"}


def _limit(text: str) -> str:
    """The text cut with an ellipsis to Discord's limit for an attachment's description."""
    return text if len(text) <= DESCRIPTION_LIMIT else text[: DESCRIPTION_LIMIT - 1].rstrip() + "…"


def _card(face: int, trump: Suit | None, t: Texts) -> str:
    return f"{card_name(Card(face), t=t)}{TRUMP_MARK if is_trump(face, trump) else ''}"


def _cards(faces: tuple[int, ...] | list[int], trump: Suit | None, t: Texts) -> str:
    return ", ".join(_card(face, trump, t) for face in faces)


def _trump(trump: Suit | None, t: Texts) -> str:
    return t("pic-alt-no-trump") if trump is None else t("pic-alt-trump", suit=suit_name(trump, t=t))


def _forehead(scene: HandScene, t: Texts) -> str:
    others = "; ".join(f"{name}: {_card(face, scene.trump, t)}" for name, face in scene.others)
    key = "pic-alt-forehead-face-down" if scene.hidden else "pic-alt-forehead-not-shown"
    return _limit(t(key, trump=_trump(scene.trump, t), cards=others))


# About as many hands as the hands' cache holds (``cache``).
DESCRIPTIONS_KEPT = 4096


@functools.lru_cache(maxsize=DESCRIPTIONS_KEPT)
def hand_description(scene: HandScene) -> str:
    """The hand picture: "Your hand (trump Hearts, ★ marks a trump card): 7♥★, Q♠, Wizard; you may play:
    7♥★, Wizard"."""
    t = texts(scene.lang)
    if scene.others:
        return _forehead(scene, t)
    if scene.hidden and not scene.faces:
        return _limit(t("pic-alt-hand-face-down", count=scene.hidden))
    if not scene.faces:
        return t("pic-alt-hand-empty")
    key = "pic-alt-hand-marked" if any(is_trump(f, scene.trump) for f in scene.faces) else "pic-alt-hand"
    text = t(key, trump=_trump(scene.trump, t), mark=TRUMP_MARK, cards=_cards(scene.faces, scene.trump, t))
    if scene.playable is not None:
        playable = [face for face in scene.faces if face in scene.playable]
        if len(playable) == len(scene.faces):
            text += "; " + t("pic-alt-play-any")
        else:
            text += "; " + t("pic-alt-play-some", cards=_cards(playable, scene.trump, t))
    return _limit(text)


def _shown(slot: Slot, trump: Suit | None, t: Texts) -> str:
    """What a player's place shows: their card (and as what it counts), or that they are to act."""
    if slot.face is None:
        return t("pic-alt-to-act") if slot.turn else t("pic-alt-no-card")
    card = _card(slot.face, trump, t)
    if slot.merlin is not None:
        card = t(AS_KEYS[slot.merlin], card=card)
    elif slot.flipped:
        card = t(AS_KEYS["jester" if slot.face == WIZARD_FACE else "wizard"], card=card)  # Smyrna Style
    if slot.winner:
        return t("pic-alt-won-trick", card=card)
    if slot.turn:
        return t("pic-alt-card-to-act", card=card)
    return card


def _slot(slot: Slot, trump: Suit | None, t: Texts) -> str:
    """One player's place: "Ann: 7♥ as Wizard, won the trick (bid 2 · won 1)"."""
    return t("pic-alt-slot", name=slot.name, shown=_shown(slot, trump, t), detail=slot.detail)


def table_description(scene: TableScene) -> str:
    """The table picture: "The table: Trick 3 of 10. Trump Hearts (turned up: 7♥). Ann: 7♥ (bid 1 · won 0);
    …"."""
    t = texts(scene.lang)
    trump = scene.trump_caption
    if scene.trump is not None:
        trump = t("pic-alt-table-trump", suit=suit_name(scene.trump, t=t))
    if scene.turned_up is not None:
        trump = t("pic-alt-turned-up", trump=trump, card=card_name(Card(scene.turned_up), t=t))
    players = "; ".join(_slot(slot, scene.trump, t) for slot in scene.slots)
    return _limit(t("pic-alt-table", heading=scene.heading, trump=trump, players=players))


def chart_description(scene: ChartScene) -> str:
    """The final chart: "Final scores chart, running totals over 12 rounds: 1. Ann 120; 2. Ben 90"."""
    t = texts(scene.lang)
    final = scene.totals[-1] if scene.totals else tuple(0 for _ in scene.names)
    order = sorted(range(len(scene.names)), key=lambda p: (scene.places[p], p))
    standings = "; ".join(f"{scene.places[p]}. {scene.names[p]} {final[p]}" for p in order)
    return _limit(t("pic-alt-chart", rounds=len(scene.totals), standings=standings))
