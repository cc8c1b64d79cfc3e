"""Discord embeds and component labels drawn from the rules core's views, in the reader's language.

Pure functions: they take ``PublicView``, ``PlayerView``, ``RoundResult`` and ``GameResult`` values and
a language's catalog (``t: Texts``, see ``cogs.utils.i18n``) and return discord.py objects or strings,
with no I/O and no bot state. The table message is rendered from a ``PublicView``, which holds no hand,
so it cannot show one; a hand message gets exactly one player's view.

Conventions of every message:

- cards are written in RULES.md §4 notation (``Q♥``, ``10♠``) in every language; the special cards by
  their name in the reader's language (``card_name``); a trump card carries a trailing ``★``
  (``TRUMP_MARK``), the one marker used everywhere, explained in the hand message's footer;
- names are cut to 32 characters (32 columns in a code block, where wide characters and emoji take two),
  a trailing tag such as a computer's level ``(Medium)`` kept whole; in Markdown text they are escaped, in
  code blocks (where escapes would show) only the backtick is replaced, so a name cannot close the block;
- code blocks align their columns by width on screen (``text_width``), not by the number of characters,
  and each column is as wide as its heading in the reader's language;
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

import babel
import discord
from discord.utils import escape_markdown

from cogs import core_words
from cogs.utils.i18n import Texts
from cogs.utils.text import (
    BUTTON_LABEL_LIMIT,
    CODE_BLOCK_WIDTH,
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
)
from wizard_core import (
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
    WizardError,
)
from wizard_core.cards import JESTER_FACE, WIZARD_FACE
from wizard_core.game import SABOTEUR_POINTS
from wizard_core.variants import VARIANTS

__all__ = [
    "BUTTON_LABEL_LIMIT",
    "EMBED_TOTAL_LIMIT",
    "NAME_LIMIT",
    "SELECT_DESCRIPTION_LIMIT",
    "SELECT_LABEL_LIMIT",
    "TRUMP_MARK",
    "action_label",
    "card_name",
    "card_text",
    "display_name",
    "edition_name",
    "embed_length",
    "embed_limit_problems",
    "final_embed",
    "hand_embed",
    "hand_line",
    "list_text",
    "nudge_text",
    "place_text",
    "round_over_embed",
    "round_summary_embed",
    "sort_hand",
    "suit_name",
    "table_embed",
    "table_embeds",
    "text_width",
]

NOTE_LIMIT = 1000
TRUMP_MARK = "★"
NO_BID = "\u2013"  # an en dash: no bid this round: the Saboteur dealer, an eliminated player
NOT_BID_YET = "…"
SECRET_BID = "🔒"
OUT_SIGN = "❌"
CALL_MARK = "📣"
NO_TRUMP_MARK = "—"
TURN_MARK = "►"
# The widest line of a code block, in columns (what a phone shows without cutting): names in a block are
# shortened to fit; the full names are in the message's text.
BLOCK_WIDTH = CODE_BLOCK_WIDTH

SUIT_KEYS = {
    Suit.SPADES: "table-suit-spades",
    Suit.HEARTS: "table-suit-hearts",
    Suit.DIAMONDS: "table-suit-diamonds",
    Suit.CLUBS: "table-suit-clubs",
}
# An edition's name in the title of the table and of the final standings.
EDITION_TITLE_KEYS = {"classic": "table-edition-title-classic", "camelot": "table-edition-title-camelot"}
# A card played as another (a declared Merlin, Smyrna Style's flipped card): "Merlin (as Wizard)".
PLAYED_AS_KEYS = {"wizard": "table-played-as-wizard", "jester": "table-played-as-jester"}
# A button that plays Merlin as one of them: "Merlin as Wizard".
BUTTON_AS_KEYS = {"wizard": "hand-button-as-wizard", "jester": "hand-button-as-jester"}

# A hand message's footer: what its marks mean, and in Camelot the trick positions, which decide what a
# Holy Grail does. It names no card: a card named in a hand message is a card shown there.

TABLE_COLOUR = discord.Colour.blurple()
YOUR_TURN_COLOUR = discord.Colour.green()
WAITING_COLOUR = discord.Colour.greyple()
RESULT_COLOUR = discord.Colour.gold()


def _signed(points: int) -> str:
    return f"{points:+d}" if points else "0"


def _score(points: int) -> str:
    """A score as text: written without digit grouping in every language, as the score sheets' columns
    write it (a number placeholder would be grouped, "1,234" or "1.234")."""
    return str(points)


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
    if text.isascii() and text.isprintable():  # most texts: a column a character
        return len(text)
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


# -- words -----------------------------------------------------------------------------------------------


def suit_name(suit: Suit, *, t: Texts) -> str:
    """A suit's name: ``Hearts``, ``Herz``."""
    return t(SUIT_KEYS[suit])


def _suit_text(suit: Suit, t: Texts) -> str:
    return f"{suit.symbol} {suit_name(suit, t=t)}"


def edition_name(edition: str, *, t: Texts) -> str:
    """An edition's full name, for lobbies: ``Classic Wizard``, ``Wizard Camelot Edition``."""
    return core_words.edition_name(edition, t)


def _edition_title(edition: str, t: Texts) -> str:
    return t(EDITION_TITLE_KEYS.get(edition, "table-edition-title-classic"))


def place_text(place: int, *, t: Texts) -> str:
    """A place in the standings: ``1st``, ``2nd`` in English, ``1.``, ``2.`` in German."""
    form = babel.Locale.parse(t.lang).ordinal_form(place)
    return t("table-place", place=place, form=form)


def list_text(items: Sequence[str], *, t: Texts) -> str:
    """Items as a list in words: ``a``, ``a and b``, ``a, b and c``."""
    if len(items) <= 1:
        return "".join(items)
    return t("table-list-and", first=", ".join(items[:-1]), last=items[-1])


def error_text(error: WizardError, *, t: Texts) -> str:
    """A refusal of the rules core as a sentence for the player."""
    return core_words.error_text(error, t)


def _hand_order(card: Card, trump: Suit | None) -> tuple[int, int, int]:
    if card.suit is None or card.rank is None:
        return (3, 0, 0) if card.face == JESTER_FACE else (0, card.face, 0)
    return (1 if card.suit == trump else 2, int(card.suit), -card.rank)


def sort_hand(cards: Sequence[Card], trump: Suit | None) -> list[Card]:
    """Cards in display order: Wizards and Camelot specials, trump, then ♠ ♥ ♦ ♣ (high to low), Jesters."""
    return sorted(cards, key=lambda card: _hand_order(card, trump))


def card_name(card: Card, *, t: Texts) -> str:
    """A card in RULES.md notation (``Q♥``); a special card by its name in the reader's language."""
    return core_words.card_name(card, t)


def card_text(card: Card, trump: Suit | None, *, t: Texts) -> str:
    """A card's name, with ``★`` after it when it is a trump card."""
    if trump is not None and card.suit == trump:
        return f"{card}{TRUMP_MARK}"
    return card_name(card, t=t)


def hand_line(cards: Sequence[Card], trump: Suit | None, *, t: Texts, plain: bool = False) -> str:
    """A hand as one line of text, sorted for display, trump cards marked (``plain``: every card by its
    full name, for a screen reader)."""
    if not cards:
        return t("hand-no-cards")
    if plain:
        return ", ".join(spoken_card(card, trump, t=t) for card in sort_hand(cards, trump))
    return " · ".join(card_text(card, trump, t=t) for card in sort_hand(cards, trump))


RANK_KEYS = {11: "hand-rank-jack", 12: "hand-rank-queen", 13: "hand-rank-king", 14: "hand-rank-ace"}


def spoken_card(card: Card, trump: Suit | None, *, t: Texts) -> str:
    """A card by its full name, as a screen reader should read it: ``Ace of Hearts (trump)``."""
    if card.suit is None or card.rank is None:
        return card_name(card, t=t)
    rank = t(RANK_KEYS[card.rank]) if card.rank in RANK_KEYS else str(card.rank)
    name = t("hand-card-spoken", rank=rank, suit=suit_name(card.suit, t=t))
    return t("hand-card-spoken-trump", card=name) if card.suit == trump else name


def _played_text(played: PlayedCard, trump: Suit | None, t: Texts) -> str:
    """A card in a trick: ``Merlin (as Wizard)``, Smyrna Style's ``Wizard (as Jester)``, or the card."""
    if played.flipped:
        role = "jester" if played.card.face == WIZARD_FACE else "wizard"
        return t(PLAYED_AS_KEYS[role], card=card_name(played.card, t=t))
    if played.merlin is not None:
        return t(PLAYED_AS_KEYS[played.merlin], card=card_name(played.card, t=t))
    return card_text(played.card, trump, t=t)


def action_label(action: Action, trump: Suit | None, *, t: Texts, plain: bool = False) -> str:
    """The label of an action's button, such as ``Bid 2``, ``♥ Hearts``, ``Q♥★`` or ``📣 Gizzard!``.

    A card is written as in the hand, starred when of the ``trump`` suit; Merlin with its declaration
    (``Merlin as Jester``); the Forehead card round's unseen card as ``Play my hidden card``.
    """
    match action:
        case Play(card=card, merlin=merlin):
            if merlin is None:
                return spoken_card(card, trump, t=t) if plain else card_text(card, trump, t=t)
            return t(BUTTON_AS_KEYS[merlin], card=card_name(card, t=t))
        case Bid(tricks=tricks):
            return t("hand-button-bid", tricks=tricks)
        case ChooseTrump(suit=suit):
            return _suit_text(suit, t)
        case Call(name=name):
            return f"{CALL_MARK} {name.capitalize()}!"
        case PlayHidden():
            return t("hand-button-hidden-card")
        case _:
            assert_never(action)


def _plays(actions: Iterable[Action]) -> list[Play]:
    return [action for action in actions if isinstance(action, Play)]


def _trump_text(trump: Suit | None, turned_up: Card | None, choosing: bool, t: Texts) -> str:
    card = "" if turned_up is None else card_name(turned_up, t=t)
    if choosing:
        return t("table-trump-choosing", card=card)
    if trump is None:
        if turned_up is None:
            return t("table-trump-none-left")
        return t("table-trump-none", card=card)
    if turned_up is not None and turned_up.suit is None:
        return t("table-trump-chosen", suit=_suit_text(trump, t), card=card)
    if turned_up is None:
        return _suit_text(trump, t)
    return t("table-trump-turned-up", suit=_suit_text(trump, t), card=card)


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


def _columns(t: Texts, *keys: str) -> list[tuple[str, int]]:
    """A score sheet's column headings in the reader's language, each with its width: at least as wide as
    the numbers under it (3 columns, 5 for a total, 6 for points)."""
    least = {"table-column-total": 5, "table-column-points": 6}
    return [(t(key), max(least.get(key, 3), text_width(t(key)))) for key in keys]


def _scoreboard(view: PublicView, t: Texts, me: int | None = None) -> str:
    """One aligned line per seat: turn mark, name (dealer, you, out), bid, tricks won, running total."""
    names = []
    for seat, name in enumerate(view.players):
        tags = ([t("table-tag-dealer")] if seat == view.dealer else []) + (
            [t("table-tag-you")] if seat == me else []
        )
        if _is_saboteur(view, seat):
            tags.append(t("table-tag-saboteur"))
        out = "" if _is_active(view, seat) else f" {OUT_SIGN} {t('table-tag-out')}"
        names.append((_block(name), out + (f" ({', '.join(tags)})" if tags else "")))
    player = t("table-column-player")
    (bid, bid_w), (won, won_w), (total, total_w) = _columns(
        t, "table-column-bid", "table-column-won", "table-column-total"
    )
    room = BLOCK_WIDTH - 2 - (1 + bid_w) - (1 + won_w) - (1 + total_w)
    labels = [_fit(name, room - text_width(tags)) + tags for name, tags in names]
    width = max(text_width(player), *map(text_width, labels))
    waiting = set(_waiting_on(view)) if view.phase is not Phase.GAME_OVER else set()
    lines = [f"  {_ljust(player, width)} {_rjust(bid, bid_w)} {_rjust(won, won_w)} {_rjust(total, total_w)}"]
    for seat, name in enumerate(labels):
        mark = TURN_MARK if seat in waiting else " "
        lines.append(
            f"{mark} {_ljust(name, width)} {_rjust(_bid_text(view, seat), bid_w)}"
            f" {view.tricks_won[seat]:>{won_w}} {view.totals[seat]:>{total_w}}"
        )
    return code_block(lines)


def _trick_block(trick: TrickView, players: Sequence[str], trump: Suit | None, t: Texts) -> str:
    """The cards of a trick, one line each: position (1 leads), player, card."""
    cards = [_played_text(played, trump, t) for played in trick.plays]
    room = max(BLOCK_WIDTH - 4 - max(map(text_width, cards), default=0), 6)
    names = [_fit(_block(players[played.player]), room) for played in trick.plays]
    width = max(map(text_width, names), default=0)
    return code_block(
        f"{played.position} {_ljust(name, width)}  {card}"
        for played, name, card in zip(trick.plays, names, cards, strict=True)
    )


def _current_trick_value(view: PublicView, t: Texts) -> str:
    trick = view.current_trick
    if not trick.plays:
        return t("table-trick-no-card", leader=_name(view.players[trick.leader]))
    return _trick_block(trick, view.players, view.trump, t)


def _last_trick_value(view: PublicView, t: Texts) -> str:
    trick = view.completed_tricks[-1]
    if trick.null or trick.winner is None:
        outcome = t("table-trick-null")
    else:
        outcome = t("table-trick-taken", name=_name(view.players[trick.winner]))
    return _trick_block(trick, view.players, view.trump, t) + "\n" + outcome


def _add_trick_fields(embed: discord.Embed, view: PublicView, t: Texts) -> None:
    if view.phase is Phase.PLAY:
        embed.add_field(name=t("table-current-trick"), value=_current_trick_value(view, t), inline=False)
    if view.completed_tricks:
        number = len(view.completed_tricks)
        embed.add_field(
            name=t("table-last-trick", number=number, tricks=view.cards_per_player),
            value=_last_trick_value(view, t),
            inline=False,
        )


def _title(view: PublicView, t: Texts, key: str = "table-title") -> str:
    edition = _edition_title(view.edition, t)
    return clip(
        t(
            key,
            edition=edition,
            round=view.round_number,
            rounds=view.rounds_total,
            cards=view.cards_per_player,
        ),
        TITLE_LIMIT,
    )


def _names(view: PublicView, seats: Iterable[int]) -> str:
    return ", ".join(f"**{_name(view.players[seat])}**" for seat in seats)


def variants_line(variants: Iterable[str], *, t: Texts) -> str | None:
    """The variants a table plays, by name in RULES.md order, or None when there are none."""
    chosen = set(variants)
    names = [core_words.variant_name(key, t) for key in VARIANTS if key in chosen]
    names += sorted(key for key in chosen if key not in VARIANTS)
    return clip(t("table-variants", names=", ".join(names)), NOTE_LIMIT) if names else None


def _bids_secret(view: PublicView) -> bool:
    """True while the table knows who has bid but not what (once the dealer has chosen trump)."""
    return view.bids_secret and view.phase is not Phase.CHOOSE_TRUMP


def _variant_lines(view: PublicView, t: Texts, me: int | None = None, *, secret: bool = True) -> list[str]:
    """What the table's house rules do right now, one short line each (how they work in full is said in
    the lobby and in /wizard rules). In ``me``'s hand message the Forehead card and Third Time's The Harm
    are said where the hidden cards are, not here; ``secret`` says that the bids are secret."""
    lines = []
    if _is_saboteur(view, view.dealer):
        if view.dealer == me:
            lines.append(t("hand-saboteur-you", points=SABOTEUR_POINTS))
        else:
            lines.append(t("table-saboteur", name=_name(view.players[view.dealer]), points=SABOTEUR_POINTS))
    if secret and _bids_secret(view):
        if "delayed-reveal" in view.variants:
            lines.append(t("table-bids-secret-until-last-trick", mark=SECRET_BID))
        else:
            lines.append(t("table-bids-secret-until-all-bid", mark=SECRET_BID))
    if me is None and view.blind_bidding:
        lines.append(t("table-third-time-round"))
    if me is None and view.forehead_round:
        lines.append(t("table-forehead-round"))
    out = [seat for seat in range(len(view.players)) if not _is_active(view, seat)]
    if out and view.phase is not Phase.GAME_OVER:
        lines.append(t("table-out-nannie", names=_names(view, out)))
    return lines


def _call_line(view: PublicView, t: Texts, me: int | None = None) -> str | None:
    """``📣 Ann called Gizzard!`` while the player to act has a Smyrna Style call armed."""
    if view.armed_call is None or view.current_player is None:
        return None
    call = view.armed_call.capitalize()
    if view.current_player == me:
        return t("hand-call-you", call=call)
    return t("table-call", name=_name(view.players[view.current_player]), call=call)


def _header_lines(view: PublicView, t: Texts) -> list[str]:
    trump = _trump_text(view.trump, view.turned_up, view.phase is Phase.CHOOSE_TRUMP, t)
    lines = [
        t("table-dealer-line", name=_name(view.players[view.dealer])),
        t("table-trump-line", trump=trump),
    ]
    if view.edition == "camelot":
        lines.append(t("table-null-tricks-line", count=view.null_tricks))
    return lines


def _public_status(view: PublicView, t: Texts) -> str:
    """Whose turn it is and what they must do, or that the game is over."""
    if view.phase is Phase.GAME_OVER:
        return t("table-game-over")
    if view.current_player is None:
        waiting = _waiting_on(view)
        if view.phase is Phase.BID and waiting:
            return t("table-status-bids-from", names=_names(view, waiting), max=view.cards_per_player)
        return t("table-game-over") if not waiting else t("table-status-waiting", names=_names(view, waiting))
    name = _name(view.players[view.current_player])
    if view.phase is Phase.CHOOSE_TRUMP:
        return t("table-status-choose-trump", name=name)
    if view.phase is Phase.BID:
        return t("table-status-bid", name=name, max=view.cards_per_player)
    return t("table-status-play", name=name)


# -- the messages ----------------------------------------------------------------------------------------


def countdown(deadline: float | None, *, t: Texts) -> str | None:
    """When a turn runs out, as a Discord timestamp every reader's client counts down in their own time.

    >>> from cogs.utils.i18n import ENGLISH
    >>> countdown(1767225600.4, t=ENGLISH)
    '⏳ Time runs out <t:1767225600:R>.'
    """
    # The timestamp goes in as text: a number would be written with the language's digit grouping.
    return None if deadline is None else t("table-countdown", time=str(int(deadline)))


def table_embed(
    view: PublicView, *, t: Texts, note: str | None = None, deadline: float | None = None
) -> discord.Embed:
    """The live table message everyone sees: trump, bids, tricks, totals, the trick and whose turn it is
    (with the ``deadline`` of the turn under way, when the server's turn timer is on)."""
    lines = [_public_status(view, t)]
    timer = countdown(deadline, t=t) if view.phase is not Phase.GAME_OVER else None
    if timer:
        lines.append(timer)
    call = _call_line(view, t)
    if call:
        lines.append(call)
    lines += _header_lines(view, t)
    variants = variants_line(view.variants, t=t)
    if variants:
        lines.append(variants)
    lines += [*_variant_lines(view, t), _scoreboard(view, t)]
    if note:
        lines.append(clip(note, NOTE_LIMIT))
    colour = RESULT_COLOUR if view.phase is Phase.GAME_OVER else TABLE_COLOUR
    embed = discord.Embed(title=_title(view, t), description="\n".join(lines), colour=colour)
    _add_trick_fields(embed, view, t)
    return checked(embed)


def table_embeds(
    view: PublicView, *, t: Texts, note: str | None = None, deadline: float | None = None
) -> list[discord.Embed]:
    """The table message's embeds: the live table, then the score table of the last round played (which
    keeps the round results in view instead of posting them under the table)."""
    embeds = [table_embed(view, t=t, note=note, deadline=deadline)]
    if view.rounds:
        summary = round_summary_embed(view.rounds[-1], view.players, t=t)
        if sum(map(embed_length, (*embeds, summary))) <= EMBED_TOTAL_LIMIT:
            embeds.append(summary)
    return embeds


def _in_hand_order(plays: Sequence[Play], trump: Suit | None) -> list[Play]:
    """Plays in the hand's display order, Merlin as a Wizard just before Merlin as a Jester."""
    return sorted(plays, key=lambda play: (_hand_order(play.card, trump), play.merlin == "jester"))


def _play_prompt(view: PlayerView, t: Texts) -> str:
    """The prompt to play a card, with what the legal plays allow, said only from ``view.choices`` (the
    rules stay in the core)."""
    plays = _plays(view.choices)
    if not plays:
        return t("hand-turn-play-none")
    legal_faces = {play.card.face for play in plays}
    barred = [card for card in view.hand if card.face not in legal_faces]
    if not barred:
        return t("hand-turn-play-any") if view.current_trick.plays else t("hand-turn-play-lead")
    followed = {play.card.suit for play in plays} - {None}
    allowed = ", ".join(action_label(play, view.trump, t=t) for play in _in_hand_order(plays, view.trump))
    if len(followed) == 1:
        suit = next(iter(followed))
        return t("hand-turn-play-follow", suit=str(suit), cards=allowed)
    return t("hand-turn-play-some", cards=allowed)


def _private_status(view: PlayerView, t: Texts) -> str:
    """The player's next step on their turn, said from their legal actions."""
    bids = [action.tricks for action in view.choices if isinstance(action, Bid)]
    if view.current_player is None:
        if not bids:
            return t("hand-turn-bid-together-later")
        return t("hand-turn-bid-together", min=min(bids), max=max(bids))
    if view.phase is Phase.CHOOSE_TRUMP:
        return t("hand-turn-trump-blind") if view.hand_hidden else t("hand-turn-trump")
    if view.phase is Phase.BID:
        return t("hand-turn-bid", min=min(bids), max=max(bids)) if bids else t("hand-turn-bid-later")
    actions = view.choices
    if any(isinstance(action, PlayHidden) for action in actions) and not _plays(actions):
        return t("hand-turn-play-hidden")
    return _play_prompt(view, t)


SMYRNA_KEYS = {
    ("gizzard",): "hand-smyrna-gizzard",
    ("fester",): "hand-smyrna-fester",
    ("gizzard", "fester"): "hand-smyrna-both",
}


def _smyrna_line(view: PlayerView, t: Texts) -> str | None:
    """The calls a player may make now (Smyrna Style), on their turn: only those for cards they hold."""
    if view.current_player != view.player:
        return None
    calls = tuple(
        sorted({a.name for a in view.choices if isinstance(a, Call)}, key=("gizzard", "fester").index)
    )
    return t(SMYRNA_KEYS[calls]) if calls else None


def _own_progress(view: PlayerView, t: Texts) -> str:
    bid = view.bids[view.player]
    won = view.tricks_won[view.player]
    total = _score(view.totals[view.player])
    if not _is_active(view, view.player):
        return t("hand-you-out", total=total)
    if _is_saboteur(view, view.player):
        return t("hand-you-won", won=won, total=total)
    if bid is None:
        return t("hand-you-no-bid", won=won, total=total)
    return t("hand-you-won-of", won=won, bid=bid, total=total)


def _others_cards(view: PlayerView, t: Texts) -> str:
    """The Forehead card round's other cards, one line per player still holding theirs."""
    lines = [
        f"**{_name(view.players[seat])}**: {card_text(card, view.trump, t=t)}"
        for seat, card in enumerate(view.others_cards)
        if card is not None and seat != view.player
    ]
    return "\n".join(lines) if lines else t("hand-others-played")


def _spoken_scores(view: PlayerView, t: Texts) -> str:
    """The bids, tricks won and totals as one sentence per player (plain text)."""
    lines = []
    for seat, name in enumerate(view.players):
        won, total = view.tricks_won[seat], view.totals[seat]
        bid = _bid_text(view, seat)
        lines.append(t("hand-spoken-score", name=_name(name), bid=bid, won=won, total=total))
    return clip("\n".join(lines), FIELD_VALUE_LIMIT)


def _spoken_trick(view: PlayerView, t: Texts) -> str:
    """The trick so far, one player and card a line, cards by their full names (plain text)."""
    lines = []
    for played in view.current_trick.plays:
        card = spoken_card(played.card, view.trump, t=t)
        if played.flipped or played.merlin is not None:
            card = _played_text(played, view.trump, t)
        lines.append(f"{played.position}. {_name(view.players[played.player])}: {card}")
    return clip("\n".join(lines), FIELD_VALUE_LIMIT)


def _add_hand_fields(embed: discord.Embed, view: PlayerView, t: Texts, *, plain: bool = False) -> None:
    count = view.hand_sizes[view.player] if view.hand_sizes else len(view.hand)
    if view.others_cards:
        embed.add_field(
            name=t("hand-own-card-hidden"),
            value=t("hand-forehead-explained") if count else t("hand-no-cards"),
            inline=False,
        )
        embed.add_field(
            name=t("hand-others-cards"), value=clip(_others_cards(view, t), FIELD_VALUE_LIMIT), inline=False
        )
        return
    if view.hand_hidden:
        embed.add_field(
            name=t("hand-cards-hidden", count=count), value=t("hand-third-time-explained"), inline=False
        )
        return
    embed.add_field(
        name=t("hand-cards", count=len(view.hand)),
        value=clip(hand_line(view.hand, view.trump, t=t, plain=plain), FIELD_VALUE_LIMIT),
        inline=False,
    )


def _standing_status(view: PlayerView, t: Texts) -> str:
    """A hand message's first line away from its owner's turn: nothing in it goes out of date before
    their turn comes."""
    if view.phase is Phase.GAME_OVER:
        return t("table-game-over")
    if not _is_active(view, view.player):
        return t("hand-status-out")
    return t("hand-status-waiting")


def _own_bid(view: PlayerView, t: Texts) -> str | None:
    """The player's own bid, which stays as it is for the rest of the round once made."""
    if not _is_active(view, view.player):
        return None
    if _is_saboteur(view, view.player):
        return t("hand-own-bid-saboteur")
    bid = view.bids[view.player]
    return t("hand-own-bid", bid=NOT_BID_YET if bid is None else str(bid))


def is_own_turn(view: PlayerView) -> bool:
    """Whether the game waits for this player to act (their hand then shows their turn)."""
    return view.player in _waiting_on(view) and bool(view.legal_actions)


def hand_embed(
    view: PlayerView,
    *,
    t: Texts,
    deadline: float | None = None,
    note: str | None = None,
    plain: bool = False,
) -> discord.Embed:
    """A player's hand message: their sorted hand, trump, and on their turn the bids, the trick and what
    to do now (by when, if the server's turn timer is on). A ``note`` (why a click was refused) goes on
    top. ``plain`` writes it for a screen reader: cards by their full names, the bids and the trick as
    sentences instead of tables, no marks to explain.

    Away from their turn it holds only what stays true until their turn comes (their cards, trump, their
    bid): the table message shows the game as it goes. Once they have played all their cards it is one
    short line until their next hand (``played_out_embed``).
    """
    if _played_out(view):
        return played_out_embed(view, t=t, note=note)
    mine = is_own_turn(view)
    if mine:
        lines = [_private_status(view, t)]
        timer = countdown(deadline, t=t)
        if timer:
            lines.append(timer)
        lines += [line for line in (_call_line(view, t, me=view.player), _smyrna_line(view, t)) if line]
    else:
        lines = [_standing_status(view, t)]
    lines += _header_lines(view, t)
    lines += _variant_lines(view, t, me=view.player, secret=mine)
    own = _own_progress(view, t) if mine else _own_bid(view, t)
    if own is not None:
        lines.append(own)
    if note is not None:
        lines.insert(0, f"**{note}**")
    embed = discord.Embed(
        title=_title(view, t, "hand-title"),
        description="\n".join(lines),
        colour=YOUR_TURN_COLOUR if mine else WAITING_COLOUR,
    )
    _add_hand_fields(embed, view, t, plain=plain)
    if mine and plain:
        embed.add_field(name=t("hand-bids-and-tricks"), value=_spoken_scores(view, t), inline=False)
        trick = view.current_trick
        if view.phase is Phase.PLAY and trick.plays:
            embed.add_field(name=t("table-current-trick"), value=_spoken_trick(view, t), inline=False)
    elif mine:
        embed.add_field(
            name=t("hand-bids-and-tricks"), value=_scoreboard(view, t, me=view.player), inline=False
        )
        _add_trick_fields(embed, view, t)
    footer = None if plain else _hand_footer(view, t)
    if footer is not None:
        embed.set_footer(text=footer)
    return checked(embed)


def _played_out(view: PlayerView) -> bool:
    """Whether the player has played all their cards of a round still under way."""
    return (
        view.phase is Phase.PLAY
        and _is_active(view, view.player)
        and not view.hand
        and not view.hand_hidden
        and not view.others_cards
        and not view.legal_actions
        and not view.standing_choices
    )


def played_out_embed(view: PlayerView, *, t: Texts, note: str | None = None) -> discord.Embed:
    """A hand played out while its round goes on, as one short line (after ``note``, if any): the round,
    the bid and the tricks won so far (the table shows the rest; the next hand comes as its own
    message)."""
    bid = view.bids[view.player]
    won = view.tricks_won[view.player]
    if bid is None or _is_saboteur(view, view.player):
        line = t("hand-played-out-won", round=view.round_number, won=won)
    else:
        line = t("hand-played-out", round=view.round_number, bid=bid, won=won)
    if note is not None:
        line = f"**{note}**\n{line}"
    return checked(discord.Embed(description=line, colour=WAITING_COLOUR))


def _hand_footer(view: PlayerView, t: Texts) -> str | None:
    """What the hand's marks mean: the trump mark only where a card of the hand can carry it (a trump
    suit, and cards), and in Camelot the trick positions."""
    marked = view.trump is not None and bool(view.hand)
    if view.edition == "camelot":
        return t("hand-footer-camelot" if marked else "hand-footer-camelot-positions", mark=TRUMP_MARK)
    return t("hand-footer-classic", mark=TRUMP_MARK) if marked else None


NUDGE_KEYS = {
    Phase.CHOOSE_TRUMP: "hand-nudge-trump",
    Phase.BID: "hand-nudge-bid",
    Phase.PLAY: "hand-nudge-play",
}


def nudge_text(
    view: PlayerView,
    channel_id: int,
    hand_url: str | None,
    *,
    t: Texts,
    deadline: float | None = None,
) -> str:
    """The short DM that tells a member it is their turn: what to do, what is on the table, where their
    hand is, and when their time runs out (the ``deadline`` of their turn, when the turn timer is on)."""
    key = NUDGE_KEYS.get(view.phase, "hand-nudge-play")
    sentences = [t(key, channel=str(channel_id), max=view.cards_per_player)]
    trick = view.current_trick
    if view.phase is Phase.PLAY and trick.plays:
        cards = ", ".join(
            f"{_name(view.players[played.player])} {_played_text(played, view.trump, t)}"
            for played in trick.plays
        )
        sentences.append(t("hand-nudge-on-table", cards=cards))
    elif view.phase is Phase.PLAY:
        sentences.append(t("hand-nudge-you-lead"))
    if hand_url is not None:
        sentences.append(t("hand-nudge-hand-link", url=hand_url))
    timer = countdown(deadline, t=t)
    if timer is not None:
        sentences.append(timer)
    return clip(" ".join(sentences), NOTE_LIMIT)


def round_over_embed(
    result: RoundResult, seat: int, *, t: Texts, game_over: bool, dms: bool = True, note: str | None = None
) -> discord.Embed:
    """A hand message once its round is over: how the round went for its owner, and where to look next
    (a member without ``dms`` gets no hand message: they press Show my hand), with ``note`` below."""
    bid = result.bids[seat]
    points = _signed(result.points[seat])
    won, total = result.tricks[seat], _score(result.totals[seat])
    if bid is None:
        how = t("hand-round-over-won", won=won, points=points, total=total)
    else:
        how = t("hand-round-over-bid", bid=bid, won=won, points=points, total=total)
    after = t(
        "hand-round-over-final"
        if game_over
        else "hand-round-over-next"
        if dms
        else "hand-round-over-next-show"
    )
    return checked(
        discord.Embed(
            title=clip(t("hand-round-over-title", round=result.round_number), TITLE_LIMIT),
            description=f"{how} {after}" if note is None else f"{how} {after}\n\n{note}",
            colour=WAITING_COLOUR,
        )
    )


def _round_bid(result: RoundResult, seat: int) -> str:
    bid = result.bids[seat]
    return NO_BID if bid is None else str(bid)


def _round_tag(result: RoundResult, seat: int, t: Texts) -> str:
    """The dealer (a Saboteur dealer too: the summary's line under the table says what they scored) or a
    player already out (no bid)."""
    if seat == result.dealer:
        return f" ({t('table-tag-dealer')})"  # a Saboteur dealer's 20 points: the line under the table
    if result.bids[seat] is None:
        return f" ({t('table-tag-out')})"
    return ""


def _round_table(result: RoundResult, players: Sequence[str], t: Texts) -> str:
    player = t("table-column-player")
    columns = _columns(t, "table-column-bid", "table-column-won", "table-column-points", "table-column-total")
    (_, bid_w), (_, won_w), (_, points_w), (_, total_w) = columns
    room = BLOCK_WIDTH - sum(1 + w for _, w in columns)
    names = []
    for seat, name in enumerate(players):
        tag = _round_tag(result, seat, t)
        names.append(_fit(_block(name), room - text_width(tag)) + tag)
    width = max(text_width(player), *map(text_width, names))
    lines = [_ljust(player, width) + "".join(f" {_rjust(heading, w)}" for heading, w in columns)]
    for seat, name in enumerate(names):
        lines.append(
            f"{_ljust(name, width)} {_round_bid(result, seat):>{bid_w}} {result.tricks[seat]:>{won_w}}"
            f" {_signed(result.points[seat]):>{points_w}} {result.totals[seat]:>{total_w}}"
        )
    return code_block(lines)


def round_summary_embed(result: RoundResult, players: Sequence[str], *, t: Texts) -> discord.Embed:
    """One short message per finished round: trump, then bid, tricks, points and total per player."""
    lines = [
        t("table-trump-line", trump=_trump_text(result.trump, result.turned_up, False, t)),
        _round_table(result, players, t),
    ]
    if result.null_tricks:
        lines.append(t("table-summary-null-tricks", count=result.null_tricks))
    if result.null_tricks == result.cards_per_player:
        lines.append(t("table-summary-all-null"))
    if result.bids[result.dealer] is None:
        lines.append(
            t(
                "table-summary-saboteur",
                name=_name(players[result.dealer]),
                points=_signed(result.points[result.dealer]),
            )
        )
    if result.eliminated:
        out = list_text([f"**{_name(players[seat])}**" for seat in result.eliminated], t=t)
        lines.append(t("table-summary-eliminated", mark=OUT_SIGN, names=out))
    embed = discord.Embed(
        title=clip(
            t("table-summary-title", round=result.round_number, cards=result.cards_per_player), TITLE_LIMIT
        ),
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


def _history_compact(result: GameResult, players: Sequence[str], t: Texts) -> bool:
    """Whether the running totals need the compact layout to fit a phone (``BLOCK_WIDTH``): no trump
    column, single spaces."""
    number_width = max((len(str(total)) for row in result.rounds for total in row.totals), default=1)
    round_width = len(str(len(result.rounds)))
    trump_column = t("table-history-trump-column")
    spacious = (BLOCK_WIDTH - round_width - 2 - text_width(trump_column)) // len(players) - 2
    return spacious < max(number_width, 3)


def _history_table(result: GameResult, players: Sequence[str], *, compact: bool, t: Texts) -> str:
    """Running totals after every round, one row per round, within ``BLOCK_WIDTH`` columns; compact drops
    the trump column and spacing. Players are headed by their names cut to the column's width."""
    cells = [[str(total) for total in row.totals] for row in result.rounds]
    number_width = max((len(cell) for row in cells for cell in row), default=1)
    longest_name = max(text_width(_one_line(name)) for name in players)
    round_width = len(str(len(result.rounds)))
    trump_column = t("table-history-trump-column")
    if compact:
        room = (BLOCK_WIDTH - round_width) // len(players) - 1
        width, gap = max(number_width, min(longest_name, room, 8), 3), " "
    else:
        room = (BLOCK_WIDTH - round_width - 2 - text_width(trump_column)) // len(players) - 2
        width, gap = max(number_width, min(longest_name, room, 8)), "  "
    headings = _abbreviations(players, width)
    lead = "#".rjust(round_width) + ("" if compact else "  " + trump_column)
    lines = [lead + "".join(gap + _rjust(heading, width) for heading in headings)]
    for row, row_cells in zip(result.rounds, cells, strict=True):
        start = str(row.round_number).rjust(round_width)
        if not compact:
            start += "  " + (row.trump.symbol if row.trump is not None else NO_TRUMP_MARK)
        lines.append(start + "".join(gap + cell.rjust(width) for cell in row_cells))
    return code_block(lines)


def _headline(result: GameResult, players: Sequence[str], t: Texts) -> str:
    winners = [f"**{_name(players[seat])}**" for seat in result.winners]
    top = result.totals[result.winners[0]] if result.winners else 0
    if result.shared_win:
        return t("table-final-shared-win", names=list_text(winners, t=t), points=_score(top))
    if winners:
        return t("table-final-winner", name=winners[0], points=_score(top))
    return t("table-final-no-winner")


def final_embed(result: GameResult, players: Sequence[str], edition: str, *, t: Texts) -> discord.Embed:
    """Final standings (ties share a place, R-2) and the running totals of every round."""
    out_after = {seat: row.round_number for row in result.rounds for seat in row.eliminated}
    standings = []
    for seat in result.standings():
        place, name, total = (
            place_text(result.places[seat], t=t),
            _name(players[seat]),
            _score(result.totals[seat]),
        )
        if seat in out_after:
            standings.append(
                t("table-final-place-out", place=place, name=name, total=total, round=out_after[seat])
            )
        else:
            standings.append(t("table-final-place", place=place, name=name, total=total))
    head = "\n".join([_headline(result, players, t), "", *standings, "", t("table-final-running")])
    if _history_compact(result, players, t):
        description = f"{head}\n{_history_table(result, players, compact=True, t=t)}"
    else:
        table = _history_table(result, players, compact=False, t=t)
        description = f"{head} {t('table-final-running-legend')}\n{table}"
    if len(description) > DESCRIPTION_LIMIT:
        description = f"{head}\n{_history_table(result, players, compact=True, t=t)}"
    title = t("table-final-title", edition=_edition_title(edition, t))
    embed = discord.Embed(title=clip(title, TITLE_LIMIT), description=description, colour=RESULT_COLOUR)
    return checked(embed)
