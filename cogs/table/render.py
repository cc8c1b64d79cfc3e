"""Discord embeds and component labels drawn from the rules core's views.

Pure functions: they take ``PublicView``, ``PlayerView``, ``RoundResult`` and ``GameResult`` values and
return discord.py objects or strings, with no I/O and no bot state. The table message is rendered from a
``PublicView``, which holds no hand, so it cannot show one; a hand message gets exactly one player's view.

Conventions of every message:

- cards are written in RULES.md §4 notation (``str(card)``); a trump card carries a trailing ``★``
  (``TRUMP_MARK``), the one marker used everywhere, explained in the hand message's footer;
- names are cut to 32 characters (32 columns in a code block, where wide characters and emoji take two),
  a trailing tag such as a computer's level ``(Medium)`` kept whole; in Markdown text they are escaped, in
  code blocks (where escapes would show) only the backtick is replaced, so a name cannot close the block;
- code blocks align their columns by width on screen (``text_width``), not by the number of characters;
- the table and the hands say what a house rule does right now in one short line each, never how it
  works in full: that is said once, in the lobby and in ``/wizard rules``;
- every embed is checked against Discord's limits (``embed_limit_problems``) before it is returned;
- a bid is a number, ``…`` not made yet, ``🔒`` made but secret (Hidden Bid, Hands In, Delayed Reveal:
  a public view never holds a secret bid, a player's view only their own) or an en dash when the player has
  no bid this round (the Wizard Saboteur dealer, a player eliminated by Nannie's Rule).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from typing import assert_never

import discord
from discord.utils import escape_markdown

from cogs.utils.text import (
    BUTTON_LABEL_LIMIT,
    DESCRIPTION_LIMIT,
    ELLIPSIS,
    EMBED_TOTAL_LIMIT,
    FIELD_VALUE_LIMIT,
    NAME_LIMIT,
    SELECT_DESCRIPTION_LIMIT,
    SELECT_LABEL_LIMIT,
    TITLE_LIMIT,
    checked,
    clip,
    code_block,
    display_name,
    embed_length,
    embed_limit_problems,
    ordinal,
)
from wizard_core import (
    JESTER,
    Action,
    Bid,
    Call,
    Card,
    ChooseTrump,
    GameResult,
    Phase,
    Play,
    PlayedCard,
    PlayerView,
    PlayHidden,
    PublicView,
    RoundResult,
    Suit,
    TrickView,
)
from wizard_core.variants import VARIANTS

__all__ = [
    "BUTTON_LABEL_LIMIT",
    "EMBED_TOTAL_LIMIT",
    "NAME_LIMIT",
    "SELECT_DESCRIPTION_LIMIT",
    "SELECT_LABEL_LIMIT",
    "TRUMP_MARK",
    "action_label",
    "card_text",
    "display_name",
    "embed_length",
    "embed_limit_problems",
    "final_embed",
    "hand_embed",
    "hand_line",
    "nudge_text",
    "round_over_embed",
    "round_summary_embed",
    "sort_hand",
    "table_embed",
    "table_embeds",
    "text_width",
]

NOTE_LIMIT = 1000
TRUMP_MARK = "★"
NO_BID = "\u2013"  # an en dash: no bid this round: the Saboteur dealer, an eliminated player
NOT_BID_YET = "…"
SECRET_BID = "🔒"
OUT_MARK = "❌ out"
CALL_MARK = "📣"
HIDDEN_CARD_LABEL = "Play my hidden card"
NO_TRUMP_MARK = "—"
TURN_MARK = "►"

SUIT_NAMES = {Suit.SPADES: "Spades", Suit.HEARTS: "Hearts", Suit.DIAMONDS: "Diamonds", Suit.CLUBS: "Clubs"}
EDITION_TITLES = {"classic": "Wizard", "camelot": "Wizard Camelot"}
# An edition's full name, for lobbies and rule texts.
EDITION_NAMES = {"classic": "Classic Wizard", "camelot": "Wizard Camelot Edition"}

# A hand message's footer: what its marks mean, and in Camelot the trick positions, which decide what a
# Holy Grail does. It names no card: a card named in a hand message is a card shown there.
FOOTERS = {
    "classic": f"{TRUMP_MARK} marks a trump card",
    "camelot": f"{TRUMP_MARK} marks a trump card · Trick positions: the leader is 1 (odd), the next "
    "player 2 (even), and so on",
}

TABLE_COLOUR = discord.Colour.blurple()
YOUR_TURN_COLOUR = discord.Colour.green()
WAITING_COLOUR = discord.Colour.greyple()
RESULT_COLOUR = discord.Colour.gold()


def _signed(points: int) -> str:
    return f"{points:+d}" if points else "0"


# -- names and widths in code blocks -------------------------------------------------------------------

_JOINER = "\u200d"  # joins emoji into one picture: 👩‍💻
_EMOJI_STYLE = "\ufe0f"  # asks for the emoji picture of a symbol: ☂️
_SKIN_TONES = range(0x1F3FB, 0x1F400)
_FLAG_LETTERS = range(0x1F1E6, 0x1F200)
# A name's trailing tag: a computer's level "(Medium)", "(🤖 away)" or a member's own "(he/him)".
_TAG = re.compile(r"(?P<main>.*\S)\s+(?P<tag>\([^()]{1,16}\))")


def _char_width(char: str) -> int:
    """Columns of one character: 2 for East Asian wide and fullwidth characters and for emoji, 0 for marks
    drawn onto the character before (accents, variation selectors, joiners), else 1."""
    category = unicodedata.category(char)
    if category in ("Mn", "Me", "Cf", "Cc"):
        return 0
    if unicodedata.east_asian_width(char) in ("W", "F"):
        return 2
    return 2 if category == "So" and ord(char) >= 0x1F000 else 1


def _clusters(text: str) -> list[tuple[str, int]]:
    """The text in the pieces a screen draws as one (a letter and its accents, an emoji sequence, a flag),
    each with the columns it takes."""
    pieces: list[tuple[str, int]] = []
    joined = False
    for char in text:
        width = _char_width(char)
        point = ord(char)
        last = pieces[-1][0] if pieces else ""
        flag = point in _FLAG_LETTERS and len(last) == 1 and ord(last) in _FLAG_LETTERS
        if last and (joined or width == 0 or point in _SKIN_TONES or flag):
            wide = 2 if char == _EMOJI_STYLE else pieces[-1][1]
            pieces[-1] = (last + char, wide)
        else:
            pieces.append((char, width))
        joined = char == _JOINER
    return pieces


def text_width(text: str) -> int:
    """The columns a text takes in a code block, where East Asian wide characters and emoji take two.

    >>> text_width("Ada"), text_width("🤖 Ada (Medium)"), text_width("山田"), text_width("☂\ufe0f 👩\u200d💻")
    (3, 15, 4, 5)
    """
    return sum(width for _, width in _clusters(text))


def _ljust(text: str, width: int) -> str:
    return text + " " * (width - text_width(text))


def _rjust(text: str, width: int) -> str:
    return " " * (width - text_width(text)) + text


def _cut(text: str, room: int, *, columns: bool = True) -> str:
    """The longest start of ``text`` within ``room`` columns (or characters), never splitting a piece
    drawn as one."""
    out, used = "", 0
    for piece, width in _clusters(text):
        used += width if columns else len(piece)
        if used > room:
            break
        out += piece
    return out


def _fit(name: str, room: int, *, columns: bool = True) -> str:
    """A name within ``room`` columns (or characters), cut with an ellipsis; a trailing tag such as a
    computer's level is kept whole and the name before it shortened.

    >>> _fit("Maximilian (🤖 away)", 15), _fit("山田太郎", 6), _fit("山田太郎", 3, columns=False)
    ('Maxi… (🤖 away)', '山田…', '山田…')
    """
    size = text_width if columns else len
    if size(name) <= room:
        return name
    match = _TAG.fullmatch(name)
    if match is not None:
        tag = " " + match["tag"]
        main = _cut(match["main"], room - size(tag) - 1, columns=columns).rstrip()
        if main:
            return main + ELLIPSIS + tag
    return _cut(name, room - 1, columns=columns).rstrip() + ELLIPSIS


def _one_line(name: str) -> str:
    return " ".join(name.split())


def _name(name: str) -> str:
    """A player's name for Markdown text: one line, at most 32 characters, its tag kept, escaped."""
    return escape_markdown(_fit(_one_line(name), NAME_LIMIT, columns=False))


def _block(name: str) -> str:
    """A player's name for a code block: one line, at most 32 columns, its tag kept; a backtick, which
    would end the block, becomes an apostrophe."""
    return _fit(_one_line(name).replace("`", "'"), NAME_LIMIT)


def _heading(name: str, room: int) -> str:
    """A score sheet's column heading within ``room`` columns. A tagged name is shortened on purpose:
    spaces dropped and the tag cut to its first letter (``🤖Ada(M)``), then the name part cut; without a
    tag, or when even that does not fit, the name is cut.

    >>> _heading("🤖 Ada (Medium)", 8), _heading("🤖 Grace (Hard)", 8), _heading("Bob (🤖 away)", 8)
    ('🤖Ada(M)', '🤖Gra(H)', 'Bob(🤖)')
    """
    name = _one_line(name).replace("`", "'")
    if text_width(name) <= room:
        return name
    match = _TAG.fullmatch(name)
    if match is None:
        return _cut(name, room)
    main = match["main"].replace(" ", "")
    tag = "(" + _clusters(match["tag"][1:-1])[0][0] + ")"
    kept = _cut(main, room - text_width(tag))
    if text_width(kept) >= min(text_width(main), 3):
        return kept + tag
    return _cut(main, room)


# -- cards ---------------------------------------------------------------------------------------------


def _hand_order(card: Card, trump: Suit | None) -> tuple[int, int, int]:
    if card.suit is None or card.rank is None:
        return (3, 0, 0) if card == JESTER else (0, card.face, 0)
    return (1 if card.suit == trump else 2, int(card.suit), -card.rank)


def sort_hand(cards: Sequence[Card], trump: Suit | None) -> list[Card]:
    """Cards in display order: Wizards and Camelot specials, trump, then ♠ ♥ ♦ ♣ (high to low), Jesters."""
    return sorted(cards, key=lambda card: _hand_order(card, trump))


def card_text(card: Card, trump: Suit | None) -> str:
    """A card in RULES.md notation, with ``★`` after it when it is a trump card."""
    if trump is not None and card.suit == trump:
        return f"{card}{TRUMP_MARK}"
    return str(card)


def hand_line(cards: Sequence[Card], trump: Suit | None) -> str:
    """A hand as one line of text, sorted for display, trump cards marked."""
    if not cards:
        return "(no cards)"
    return " · ".join(card_text(card, trump) for card in sort_hand(cards, trump))


def _played_text(played: PlayedCard, trump: Suit | None) -> str:
    if played.merlin is not None or played.flipped:
        return str(played)  # "Merlin (as Wizard)", Smyrna Style's "Wizard (as Jester)"
    return card_text(played.card, trump)


def _suit_text(suit: Suit) -> str:
    return f"{suit.symbol} {SUIT_NAMES[suit]}"


def action_label(action: Action, trump: Suit | None) -> str:
    """The label of an action's button, such as ``Bid 2``, ``♥ Hearts``, ``Q♥★`` or ``📣 Gizzard!``.

    A card is written as in the hand, starred when of the ``trump`` suit; Merlin with its declaration
    (``Merlin as Jester``); the Forehead card round's unseen card as ``Play my hidden card``.
    """
    match action:
        case Play(card=card, merlin=merlin):
            return card_text(card, trump) if merlin is None else f"{card} as {merlin.capitalize()}"
        case Bid(tricks=tricks):
            return f"Bid {tricks}"
        case ChooseTrump(suit=suit):
            return _suit_text(suit)
        case Call(name=name):
            return f"{CALL_MARK} {name.capitalize()}!"
        case PlayHidden():
            return HIDDEN_CARD_LABEL
        case _:
            assert_never(action)


def _plays(actions: Iterable[Action]) -> list[Play]:
    return [action for action in actions if isinstance(action, Play)]


def _trump_text(trump: Suit | None, turned_up: Card | None, choosing: bool) -> str:
    if choosing:
        return f"the dealer is choosing (turned up: {turned_up})"
    if trump is None:
        if turned_up is None:
            return "no trump (no card left to turn up)"
        return f"no trump (turned up: {turned_up})"
    if turned_up is not None and turned_up.suit is None:
        return f"{_suit_text(trump)} (chosen by the dealer; turned up: {turned_up})"
    if turned_up is None:
        return _suit_text(trump)
    return f"{_suit_text(trump)} (turned up: {turned_up})"


# -- the parts of the table ----------------------------------------------------------------------------


def _is_active(view: PublicView, seat: int) -> bool:
    return not view.active or view.active[seat]


def _is_saboteur(view: PublicView, seat: int) -> bool:
    """True for the Wizard Saboteur dealer of a round under way: no bid, 20 points."""
    return seat == view.saboteur


def _bid_text(view: PublicView, seat: int) -> str:
    """A seat's bid as the scoreboard shows it: the number or a mark (see the top)."""
    bid = view.bids[seat]
    if not _is_active(view, seat) or _is_saboteur(view, seat):
        return NO_BID
    if bid is not None:
        return str(bid)
    if view.has_bid and view.has_bid[seat]:
        return SECRET_BID
    return NOT_BID_YET


def _waiting_on(view: PublicView) -> tuple[int, ...]:
    """The seats the game waits for: ``to_act``, or the current player for views built without it."""
    if view.to_act:
        return view.to_act
    return () if view.current_player is None else (view.current_player,)


def _scoreboard(view: PublicView, me: int | None = None) -> str:
    """One aligned line per seat: turn mark, name (dealer, you, out), bid, tricks won, running total."""
    names = []
    for seat, name in enumerate(view.players):
        tags = (["D"] if seat == view.dealer else []) + (["you"] if seat == me else [])
        if _is_saboteur(view, seat):
            tags.append("saboteur")
        out = "" if _is_active(view, seat) else f" {OUT_MARK}"
        names.append(_block(name) + (f" ({', '.join(tags)})" if tags else "") + out)
    width = max(len("Player"), *map(text_width, names))
    waiting = set(_waiting_on(view)) if view.phase is not Phase.GAME_OVER else set()
    lines = [f"  {'Player'.ljust(width)}  Bid  Won  Total"]
    for seat, name in enumerate(names):
        mark = TURN_MARK if seat in waiting else " "
        lines.append(
            f"{mark} {_ljust(name, width)}  {_rjust(_bid_text(view, seat), 3)}  {view.tricks_won[seat]:>3}"
            f"  {view.totals[seat]:>5}"
        )
    return code_block(lines)


def _trick_block(trick: TrickView, players: Sequence[str], trump: Suit | None) -> str:
    """The cards of a trick, one line each: position (1 leads), player, card."""
    names = [_block(players[played.player]) for played in trick.plays]
    width = max(map(text_width, names), default=0)
    return code_block(
        f"{played.position} {_ljust(name, width)}  {_played_text(played, trump)}"
        for played, name in zip(trick.plays, names, strict=True)
    )


def _current_trick_value(view: PublicView) -> str:
    trick = view.current_trick
    leader = _name(view.players[trick.leader])
    if not trick.plays:
        return f"No card yet: **{leader}** leads."
    return _trick_block(trick, view.players, view.trump)


def _last_trick_value(view: PublicView) -> str:
    trick = view.completed_tricks[-1]
    if trick.null or trick.winner is None:
        outcome = "Null trick: it counts for nobody."
    else:
        outcome = f"Taken by **{_name(view.players[trick.winner])}**."
    return _trick_block(trick, view.players, view.trump) + "\n" + outcome


def _add_trick_fields(embed: discord.Embed, view: PublicView) -> None:
    if view.phase is Phase.PLAY:
        embed.add_field(name="Current trick", value=_current_trick_value(view), inline=False)
    if view.completed_tricks:
        number = len(view.completed_tricks)
        embed.add_field(
            name=f"Last trick ({number} of {view.cards_per_player})",
            value=_last_trick_value(view),
            inline=False,
        )


def _title(view: PublicView, suffix: str = "") -> str:
    edition = EDITION_TITLES.get(view.edition, f"Wizard {view.edition}")
    cards = "1 card" if view.cards_per_player == 1 else f"{view.cards_per_player} cards"
    return clip(
        f"{edition} · Round {view.round_number}/{view.rounds_total} · {cards} each{suffix}", TITLE_LIMIT
    )


def _names(view: PublicView, seats: Iterable[int]) -> str:
    return ", ".join(f"**{_name(view.players[seat])}**" for seat in seats)


def variants_line(variants: Iterable[str]) -> str | None:
    """The variants a table plays, by name in RULES.md order, or None when there are none."""
    chosen = set(variants)
    names = [variant.name for key, variant in VARIANTS.items() if key in chosen]
    names += sorted(name for name in chosen if name not in VARIANTS)
    return clip("**Variants:** " + ", ".join(names), NOTE_LIMIT) if names else None


def _bids_secret(view: PublicView) -> bool:
    """True while the table knows who has bid but not what (once the dealer has chosen trump)."""
    return view.bids_secret and view.phase is not Phase.CHOOSE_TRUMP


def _variant_lines(view: PublicView, me: int | None = None) -> list[str]:
    """What the table's house rules do right now, one short line each (how they work in full is said in
    the lobby and in /wizard rules). In ``me``'s hand message the Forehead card and Third Time's The Harm
    are said where the hidden cards are, not here."""
    lines = []
    if _is_saboteur(view, view.dealer):
        if view.dealer == me:
            lines.append("🕵️ **Saboteur:** you deal, do not bid and score 20; make the others miss.")
        else:
            lines.append(
                f"🕵️ **Saboteur:** **{_name(view.players[view.dealer])}** deals, does not bid, scores 20."
            )
    if _bids_secret(view):
        until = (
            "the round's last trick is played" if "delayed-reveal" in view.variants else "everyone has bid"
        )
        lines.append(f"Bids are secret ({SECRET_BID}) until {until}.")
    if me is None and view.blind_bidding:
        lines.append("🙈 **Third Time round:** everyone bids before seeing their cards.")
    if me is None and view.forehead_round:
        lines.append("🙈 **Forehead round:** everyone sees the others' cards, not their own.")
    out = [seat for seat in range(len(view.players)) if not _is_active(view, seat)]
    if out and view.phase is not Phase.GAME_OVER:
        lines.append(f"**Out (Nannie's Rule):** {_names(view, out)}")
    return lines


def _call_line(view: PublicView, me: int | None = None) -> str | None:
    """``📣 Ann called Gizzard!`` while the player to act has a Smyrna Style call armed."""
    if view.armed_call is None or view.current_player is None:
        return None
    who = "You" if view.current_player == me else f"**{_name(view.players[view.current_player])}**"
    return f"{CALL_MARK} {who} called {view.armed_call.capitalize()}!"


def _header_lines(view: PublicView) -> list[str]:
    trump = _trump_text(view.trump, view.turned_up, view.phase is Phase.CHOOSE_TRUMP)
    lines = [f"**Dealer:** {_name(view.players[view.dealer])}", f"**Trump:** {trump}"]
    if view.edition == "camelot":
        lines.append(f"**Null tricks this round:** {view.null_tricks}")
    return lines


def _public_status(view: PublicView) -> str:
    """Whose turn it is and what they must do, or that the game is over."""
    if view.phase is Phase.GAME_OVER:
        return "**Game over**"
    if view.current_player is None:
        waiting = _waiting_on(view)
        if view.phase is Phase.BID and waiting:
            return f"{TURN_MARK} Waiting for bids from {_names(view, waiting)} (0 to {view.cards_per_player})"
        return "**Game over**" if not waiting else f"{TURN_MARK} Waiting for {_names(view, waiting)}"
    who = f"**{_name(view.players[view.current_player])}**"
    if view.phase is Phase.CHOOSE_TRUMP:
        return f"{TURN_MARK} {who} to choose the trump suit"
    if view.phase is Phase.BID:
        return f"{TURN_MARK} {who} to bid (0 to {view.cards_per_player})"
    return f"{TURN_MARK} {who} to play a card"


# -- the messages ----------------------------------------------------------------------------------------


def countdown(deadline: float | None) -> str | None:
    """When a turn runs out, as a Discord timestamp every reader's client counts down in their own time.

    >>> countdown(1767225600.4)
    '⏳ Time runs out <t:1767225600:R>.'
    """
    return None if deadline is None else f"⏳ Time runs out <t:{int(deadline)}:R>."


def table_embed(view: PublicView, *, note: str | None = None, deadline: float | None = None) -> discord.Embed:
    """The live table message everyone sees: trump, bids, tricks, totals, the trick and whose turn it is
    (with the ``deadline`` of the turn under way, when the server's turn timer is on)."""
    lines = [_public_status(view)]
    timer = countdown(deadline) if view.phase is not Phase.GAME_OVER else None
    if timer:
        lines.append(timer)
    call = _call_line(view)
    if call:
        lines.append(call)
    lines += _header_lines(view)
    variants = variants_line(view.variants)
    if variants:
        lines.append(variants)
    lines += [*_variant_lines(view), _scoreboard(view)]
    if note:
        lines.append(clip(note, NOTE_LIMIT))
    colour = RESULT_COLOUR if view.phase is Phase.GAME_OVER else TABLE_COLOUR
    embed = discord.Embed(title=_title(view), description="\n".join(lines), colour=colour)
    _add_trick_fields(embed, view)
    return checked(embed)


def table_embeds(
    view: PublicView, *, note: str | None = None, deadline: float | None = None
) -> list[discord.Embed]:
    """The table message's embeds: the live table, then the score table of the last round played (which
    keeps the round results in view instead of posting them under the table)."""
    embeds = [table_embed(view, note=note, deadline=deadline)]
    if view.rounds:
        summary = round_summary_embed(view.rounds[-1], view.players)
        if sum(map(embed_length, (*embeds, summary))) <= EMBED_TOTAL_LIMIT:
            embeds.append(summary)
    return embeds


def _playable_summary(view: PlayerView) -> str:
    """What the legal plays allow, said only from ``view.choices`` (the rules stay in the core)."""
    actions = view.choices
    plays = _plays(actions)
    if not plays:
        return "your unseen card" if any(isinstance(action, PlayHidden) for action in actions) else "no card"
    legal_faces = {play.card.face for play in plays}
    barred = [card for card in view.hand if card.face not in legal_faces]
    if not barred:
        return "any card" if view.current_trick.plays else "you lead: any card"
    followed = {play.card.suit for play in plays} - {None}
    allowed = ", ".join(action_label(play, view.trump) for play in _in_hand_order(plays, view.trump))
    if len(followed) == 1:
        suit = next(iter(followed))
        return f"you must follow {suit} or play a special card; you may play {allowed}"
    return f"you may play {allowed}"


def _in_hand_order(plays: Sequence[Play], trump: Suit | None) -> list[Play]:
    """Plays in the hand's display order, Merlin as a Wizard just before Merlin as a Jester."""
    return sorted(plays, key=lambda play: (_hand_order(play.card, trump), play.merlin == "jester"))


def _private_status(view: PlayerView) -> str:
    """The player's next step on their turn, said from their legal actions."""
    if view.current_player is None:
        return f"**Your bid, please:** everyone bids at once ({_bid_range(view)})"
    if view.phase is Phase.CHOOSE_TRUMP:
        if view.hand_hidden:
            return "**Your turn:** choose the trump suit (without seeing your cards)"
        return "**Your turn:** choose the trump suit"
    if view.phase is Phase.BID:
        return f"**Your turn:** bid {_bid_range(view)}"
    actions = view.choices
    if any(isinstance(action, PlayHidden) for action in actions) and not _plays(actions):
        return "**Your turn:** play your unseen card"
    return f"**Your turn:** play a card ({_playable_summary(view)})"


def _bid_range(view: PlayerView) -> str:
    bids = [action.tricks for action in view.choices if isinstance(action, Bid)]
    if not bids:
        return "when you can"
    return f"from {min(bids)} to {max(bids)}"


def _smyrna_line(view: PlayerView) -> str | None:
    """The calls a player may make now (Smyrna Style), on their turn: only those for cards they hold."""
    if view.current_player != view.player:
        return None
    cards = {"gizzard": "a Wizard", "fester": "a Jester"}
    calls = [
        f"{action_label(action, None)} before {cards[action.name]}"
        for action in view.choices
        if isinstance(action, Call)
    ]
    return f"**Smyrna Style:** call {' and '.join(calls)}." if calls else None


def _own_progress(view: PlayerView) -> str:
    bid = view.bids[view.player]
    won = view.tricks_won[view.player]
    total = view.totals[view.player]
    tricks = "1 trick" if won == 1 else f"{won} tricks"
    if not _is_active(view, view.player):
        return f"**You:** out of the game, total {total}"
    if _is_saboteur(view, view.player):
        return f"**You:** {tricks} won, total {total}"
    if bid is None:
        return f"**You:** no bid yet, {tricks} won, total {total}"
    return f"**You:** {tricks} won of {bid} bid, total {total}"


def _others_cards(view: PlayerView) -> str:
    """The Forehead card round's other cards, one line per player still holding theirs."""
    lines = [
        f"**{_name(view.players[seat])}**: {card_text(card, view.trump)}"
        for seat, card in enumerate(view.others_cards)
        if card is not None and seat != view.player
    ]
    return "\n".join(lines) if lines else "Every other card has been played."


def _add_hand_fields(embed: discord.Embed, view: PlayerView) -> None:
    count = view.hand_sizes[view.player] if view.hand_sizes else len(view.hand)
    if view.others_cards:
        embed.add_field(
            name="Your card (hidden)",
            value="🙈 Forehead round: you see the others' cards, not yours." if count else "(no cards)",
            inline=False,
        )
        embed.add_field(
            name="The others' cards", value=clip(_others_cards(view), FIELD_VALUE_LIMIT), inline=False
        )
        return
    if view.hand_hidden:
        embed.add_field(
            name=f"Your cards ({count}, hidden)",
            value="🙈 Third Time round: you bid before seeing your cards; they show once all bids are in.",
            inline=False,
        )
        return
    embed.add_field(
        name=f"Your cards ({len(view.hand)})",
        value=clip(hand_line(view.hand, view.trump), FIELD_VALUE_LIMIT),
        inline=False,
    )


def _standing_status(view: PlayerView) -> str:
    """A hand message's first line away from its owner's turn: nothing in it can go out of date, as the
    message is only edited when its owner acts."""
    if view.phase is Phase.GAME_OVER:
        return "**Game over**"
    if not _is_active(view, view.player):
        return "**You are out of the game.**"
    if not view.hand and not view.hand_hidden and not view.others_cards:
        return "You have played all your cards this round."
    return (
        "**Your cards for this round.** On your turn press a button below: the table in the channel "
        "shows whose turn it is, and a reminder comes here if you take a while."
    )


def _own_bid(view: PlayerView) -> str | None:
    """The player's own bid, which stays as it is for the rest of the round once made."""
    if not _is_active(view, view.player):
        return None
    if _is_saboteur(view, view.player):
        return "**Your bid:** none (you deal as the saboteur)"
    bid = view.bids[view.player]
    return f"**Your bid:** {NOT_BID_YET if bid is None else bid}"


def hand_embed(view: PlayerView, *, deadline: float | None = None) -> discord.Embed:
    """A player's hand message: their sorted hand, trump, and on their turn the bids, the trick and what
    to do now (by when, if the server's turn timer is on).

    Away from their turn it holds only what stays true until they act (their cards, trump, their bid),
    since the bot does not edit it when the others play: the table message shows the game as it goes.
    """
    mine = view.player in _waiting_on(view) and bool(view.legal_actions)
    if mine:
        lines = [_private_status(view)]
        timer = countdown(deadline)
        if timer:
            lines.append(timer)
        lines += [line for line in (_call_line(view, me=view.player), _smyrna_line(view)) if line]
    else:
        lines = [_standing_status(view)]
    lines += _header_lines(view)
    lines += _variant_lines(view, me=view.player) if mine else _standing_variant_lines(view)
    own = _own_progress(view) if mine else _own_bid(view)
    if own is not None:
        lines.append(own)
    embed = discord.Embed(
        title=_title(view, " · your hand"),
        description="\n".join(lines),
        colour=YOUR_TURN_COLOUR if mine else WAITING_COLOUR,
    )
    _add_hand_fields(embed, view)
    if mine:
        embed.add_field(name="Bids and tricks", value=_scoreboard(view, me=view.player), inline=False)
        _add_trick_fields(embed, view)
    embed.set_footer(text=FOOTERS.get(view.edition, FOOTERS["classic"]))
    return checked(embed)


def _standing_variant_lines(view: PlayerView) -> list[str]:
    """The house rules' lines that hold all round (the saboteur dealer, who is out)."""
    return [line for line in _variant_lines(view, me=view.player) if "Bids are secret" not in line]


def nudge_text(view: PlayerView, channel_id: int, hand_url: str | None) -> str:
    """The short DM that tells a member it is their turn: what to do, what is on the table, where their
    hand is."""
    doing = {
        Phase.CHOOSE_TRUMP: "choose the trump suit",
        Phase.BID: f"bid (0 to {view.cards_per_player})",
        Phase.PLAY: "play a card",
    }.get(view.phase, "play")
    text = f"🔔 Your turn at the Wizard table in <#{channel_id}>: {doing}."
    trick = view.current_trick
    if view.phase is Phase.PLAY and trick.plays:
        cards = ", ".join(
            f"{_name(view.players[played.player])} {_played_text(played, view.trump)}"
            for played in trick.plays
        )
        text += f" On the table: {cards}."
    elif view.phase is Phase.PLAY:
        text += " You lead."
    if hand_url is not None:
        text += f" [Your hand]({hand_url})"
    return clip(text, NOTE_LIMIT)


def round_over_embed(result: RoundResult, seat: int, *, game_over: bool) -> discord.Embed:
    """A hand message once its round is over: how the round went for its owner, and where to look next."""
    bid = result.bids[seat]
    won = "1 trick" if result.tricks[seat] == 1 else f"{result.tricks[seat]} tricks"
    how = f"You won {won}" if bid is None else f"You bid {bid} and won {won}"
    after = (
        "The final standings are in the channel."
        if game_over
        else "The scores are on the table, and your next hand comes in a new message."
    )
    points = f"{_signed(result.points[seat])} points, {result.totals[seat]} in all"
    return checked(
        discord.Embed(
            title=clip(f"Round {result.round_number} · your hand", TITLE_LIMIT),
            description=f"{how}: {points}. {after}",
            colour=WAITING_COLOUR,
        )
    )


def _round_bid(result: RoundResult, seat: int) -> str:
    bid = result.bids[seat]
    return NO_BID if bid is None else str(bid)


def _round_tag(result: RoundResult, seat: int) -> str:
    """The dealer, the Saboteur dealer (the dealer without a bid) or a player already out (no bid)."""
    if seat == result.dealer:
        if result.bids[seat] is None:
            return f" (D, saboteur, scores {result.points[seat]})"
        return " (D)"
    if result.bids[seat] is None:
        return " (out)"
    return ""


def _round_table(result: RoundResult, players: Sequence[str]) -> str:
    names = [_block(name) + _round_tag(result, seat) for seat, name in enumerate(players)]
    width = max(len("Player"), *map(text_width, names))
    lines = [f"{'Player'.ljust(width)}  Bid  Won  Points  Total"]
    for seat, name in enumerate(names):
        lines.append(
            f"{_ljust(name, width)}  {_round_bid(result, seat):>3}  {result.tricks[seat]:>3}"
            f"  {_signed(result.points[seat]):>6}  {result.totals[seat]:>5}"
        )
    return code_block(lines)


def round_summary_embed(result: RoundResult, players: Sequence[str]) -> discord.Embed:
    """One short message per finished round: trump, then bid, tricks, points and total per player."""
    cards = "1 card" if result.cards_per_player == 1 else f"{result.cards_per_player} cards"
    lines = [
        f"**Trump:** {_trump_text(result.trump, result.turned_up, False)}",
        _round_table(result, players),
    ]
    if result.null_tricks:
        lines.append(f"**Null tricks:** {result.null_tricks} (they count for nobody)")
    if result.null_tricks == result.cards_per_player:
        lines.append("Every trick was a null trick: no scores change this round.")
    if result.bids[result.dealer] is None:
        lines.append(
            f"**{_name(players[result.dealer])}** dealt as the saboteur: no bid, "
            f"{_signed(result.points[result.dealer])} points."
        )
    if result.eliminated:
        out = ", ".join(f"**{_name(players[seat])}**" for seat in result.eliminated)
        lines.append(f"{OUT_MARK.split()[0]} Eliminated (Nannie's Rule, lowest total): {out}")
    embed = discord.Embed(
        title=clip(f"Round {result.round_number} scored · {cards} each", TITLE_LIMIT),
        description="\n".join(lines),
        colour=RESULT_COLOUR,
    )
    return checked(embed)


def _abbreviations(players: Sequence[str], width: int) -> list[str]:
    """Column headings of at most ``width`` columns (``_heading``), made unique by seat number if need be."""
    short = [_heading(name, width) for name in players]
    if len(set(short)) == len(short):
        return short
    return [_heading(name, width - 1) + str(seat + 1) for seat, name in enumerate(players)]


def _history_table(result: GameResult, players: Sequence[str], *, compact: bool) -> str:
    """Running totals after every round, one row per round; compact drops the trump column and spacing."""
    cells = [[str(total) for total in row.totals] for row in result.rounds]
    number_width = max((len(cell) for row in cells for cell in row), default=1)
    longest_name = max(text_width(_one_line(name)) for name in players)
    if compact:
        width, gap = max(number_width, 3), " "
    else:
        width, gap = max(number_width, min(longest_name, 8)), "  "
    headings = _abbreviations(players, width)
    round_width = len(str(len(result.rounds)))
    lead = "#".rjust(round_width) + ("" if compact else "  T")
    lines = [lead + "".join(gap + _rjust(heading, width) for heading in headings)]
    for row, row_cells in zip(result.rounds, cells, strict=True):
        start = str(row.round_number).rjust(round_width)
        if not compact:
            start += "  " + (row.trump.symbol if row.trump is not None else NO_TRUMP_MARK)
        lines.append(start + "".join(gap + cell.rjust(width) for cell in row_cells))
    return code_block(lines)


def final_embed(result: GameResult, players: Sequence[str], edition: str) -> discord.Embed:
    """Final standings (ties share a place, R-2) and the running totals of every round."""
    winners = [f"**{_name(players[seat])}**" for seat in result.winners]
    top = result.totals[result.winners[0]] if result.winners else 0
    if result.shared_win:
        headline = f"Shared win: {', '.join(winners[:-1])} and {winners[-1]}, {top} points each"
    elif winners:
        headline = f"{winners[0]} wins with {top} points"
    else:
        headline = "No winner"
    out_after = {seat: row.round_number for row in result.rounds for seat in row.eliminated}
    standings = [
        f"**{ordinal(result.places[seat])}** {_name(players[seat])}: {result.totals[seat]}"
        + (f" (out after round {out_after[seat]})" if seat in out_after else "")
        for seat in result.standings()
    ]
    head = "\n".join([headline, "", *standings, "", "**Running totals by round**"])
    description = f"{head} (T = trump)\n{_history_table(result, players, compact=False)}"
    if len(description) > DESCRIPTION_LIMIT:
        description = f"{head}\n{_history_table(result, players, compact=True)}"
    title = f"Game over · {EDITION_TITLES.get(edition, f'Wizard {edition}')}"
    embed = discord.Embed(title=clip(title, TITLE_LIMIT), description=description, colour=RESULT_COLOUR)
    return checked(embed)
