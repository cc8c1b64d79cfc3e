"""Alt text: what each picture shows, in words, sent as its attachment's description.

Discord reads an attachment's description out to screen readers and shows it where the picture is not
shown; it holds at most ``DESCRIPTION_LIMIT`` characters. Each description is built from the scene the
picture is drawn from, so it says exactly what the picture shows and nothing else (the table's text
never names a card a player still holds).
"""

from __future__ import annotations

from cogs.table.pictures.cards import is_trump
from cogs.table.pictures.scenes import ChartScene, HandScene, Slot, TableScene
from cogs.table.render import SUIT_NAMES
from wizard_core import Suit
from wizard_core.cards import WIZARD_FACE, Card

__all__ = ["DESCRIPTION_LIMIT", "chart_description", "hand_description", "table_description"]

DESCRIPTION_LIMIT = 1024
TRUMP_MARK = "★"  # as in the text: a card of the trump suit


def _limit(text: str) -> str:
    """The text cut with an ellipsis to Discord's limit for an attachment's description."""
    return text if len(text) <= DESCRIPTION_LIMIT else text[: DESCRIPTION_LIMIT - 1].rstrip() + "…"


def _card(face: int, trump: Suit | None) -> str:
    return f"{Card(face)}{TRUMP_MARK if is_trump(face, trump) else ''}"


def _cards(faces: tuple[int, ...] | list[int], trump: Suit | None) -> str:
    return ", ".join(_card(face, trump) for face in faces)


def _trump(trump: Suit | None) -> str:
    return "no trump" if trump is None else f"trump {SUIT_NAMES[trump]}"


def hand_description(scene: HandScene) -> str:
    """The hand picture: "Your hand (trump Hearts, ★): 7♥★, Q♠, Wizard; you may play: 7♥★, Wizard"."""
    if scene.others:
        others = "; ".join(f"{name}: {_card(face, scene.trump)}" for name, face in scene.others)
        own = "face down" if scene.hidden else "not shown"
        return _limit(f"The other players' cards ({_trump(scene.trump)}); your own card is {own}. {others}")
    if scene.hidden and not scene.faces:
        count = f"{scene.hidden} card{'s' if scene.hidden != 1 else ''}"
        return _limit(f"Your hand: {count}, face down: you may not look at them yet")
    if not scene.faces:
        return "Your hand: no cards"
    marked = (
        f", {TRUMP_MARK} marks a trump card" if any(is_trump(f, scene.trump) for f in scene.faces) else ""
    )
    text = f"Your hand ({_trump(scene.trump)}{marked}): {_cards(scene.faces, scene.trump)}"
    if scene.playable is not None:
        playable = [face for face in scene.faces if face in scene.playable]
        if len(playable) == len(scene.faces):
            text += "; you may play any card"
        else:
            text += f"; you may play: {_cards(playable, scene.trump)}"
    return _limit(text)


def _slot(slot: Slot, trump: Suit | None) -> str:
    """One player's place: "Ann: 7♥ as Wizard, won the trick (won 1 of 2)"."""
    if slot.face is None:
        shown = "to act" if slot.turn else "no card"
    else:
        shown = _card(slot.face, trump)
        if slot.merlin is not None:
            shown += f" as {slot.merlin.capitalize()}"
        elif slot.flipped:
            shown += " as " + ("Jester" if slot.face == WIZARD_FACE else "Wizard")  # Smyrna Style
        if slot.winner:
            shown += ", won the trick"
        elif slot.turn:
            shown += ", to act"
    return f"{slot.name}: {shown} ({slot.detail})"


def table_description(scene: TableScene) -> str:
    """The table picture: "The table: Trick 3 of 10. Trump Hearts (turned up 7♥). Ann: 7♥ (won 0 of 1); …"."""
    trump = scene.trump_caption if scene.trump is None else f"Trump {SUIT_NAMES[scene.trump]}"
    if scene.turned_up is not None:
        trump += f" (turned up: {Card(scene.turned_up)})"
    players = "; ".join(_slot(slot, scene.trump) for slot in scene.slots)
    return _limit(f"The table: {scene.heading}. {trump}. {players}")


def chart_description(scene: ChartScene) -> str:
    """The final chart: "Final scores chart, running totals over 12 rounds: 1. Ann 120; 2. Ben 90"."""
    rounds = len(scene.totals)
    final = scene.totals[-1] if scene.totals else tuple(0 for _ in scene.names)
    order = sorted(range(len(scene.names)), key=lambda p: (scene.places[p], p))
    standings = "; ".join(f"{scene.places[p]}. {scene.names[p]} {final[p]}" for p in order)
    return _limit(
        f"Final scores chart, running totals over {rounds} round{'s' if rounds != 1 else ''}: {standings}"
    )
