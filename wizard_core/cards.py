"""Cards and decks of both editions, as values outside and small integers inside.

Every card has a *face id*, an integer that names what is printed on it:

- ``0..51``: suit cards, ``suit * 13 + (rank - 2)``, ranks 2 to 14 (ace high);
- ``52`` Wizard, ``53`` Jester, ``54`` Merlin, ``55`` Excalibur, ``56`` Morgan le Fay, ``57`` Holy Grail.

The four Wizards and four Jesters are identical to a player, so they share a face id. A hand inside the
engine is a 64-bit mask with one bit per physical card: bits ``0..51`` are the suit cards (same numbers
as their faces), ``52..55`` the Wizards, ``56..59`` the Jesters and ``60..63`` Merlin, Excalibur,
Morgan le Fay and the Holy Grail.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator

__all__ = [
    "EXCALIBUR",
    "HOLY_GRAIL",
    "JESTER",
    "MERLIN",
    "MORGAN_LE_FAY",
    "WIZARD",
    "Card",
    "Suit",
    "deck",
]


class Suit(enum.IntEnum):
    """One of the four suits, in the order the engine numbers them."""

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def symbol(self) -> str:
        """The suit's symbol: ♠, ♥, ♦ or ♣."""
        return SUIT_SYMBOLS[self]

    def __str__(self) -> str:
        return SUIT_SYMBOLS[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit from its symbol, its letter or its English name (``♥``, ``h``, ``hearts``)."""
        key = text.strip().replace("\ufe0f", "").casefold()
        try:
            return cls(_SUIT_NAMES[key])
        except KeyError:
            raise ValueError(f"{text!r} is not a suit (use ♠ ♥ ♦ ♣ or S H D C)") from None


SUIT_SYMBOLS = ("♠", "♥", "♦", "♣")
_SUIT_NAMES: dict[str, int] = {}
for _i, (_sym, _letter, _name) in enumerate(
    zip(SUIT_SYMBOLS, "shdc", ("spades", "hearts", "diamonds", "clubs"), strict=True)
):
    _SUIT_NAMES.update({_sym: _i, _letter: _i, _name: _i, _name[:-1]: _i})
# Discord users also type the outlined suit symbols.
_SUIT_NAMES.update({"♤": 0, "♡": 1, "♢": 2, "♧": 3})

RANK_NAMES = {11: "J", 12: "Q", 13: "K", 14: "A"}

# Face ids of the special cards.
WIZARD_FACE = 52
JESTER_FACE = 53
MERLIN_FACE = 54
EXCALIBUR_FACE = 55
MORGAN_FACE = 56
GRAIL_FACE = 57
FACE_COUNT = 58

SPECIAL_NAMES = {
    WIZARD_FACE: "Wizard",
    JESTER_FACE: "Jester",
    MERLIN_FACE: "Merlin",
    EXCALIBUR_FACE: "Excalibur",
    MORGAN_FACE: "Morgan le Fay",
    GRAIL_FACE: "Holy Grail",
}
CAMELOT_FACES = frozenset({MERLIN_FACE, EXCALIBUR_FACE, MORGAN_FACE, GRAIL_FACE})
_SPECIAL_ALIASES = {name.casefold().replace(" ", ""): face for face, name in SPECIAL_NAMES.items()}
_SPECIAL_ALIASES.update({"morgan": MORGAN_FACE, "grail": GRAIL_FACE})

# Hand-mask bits (see the module docstring).
SUIT_BITS = (1 << 52) - 1
WIZARD_BITS = 0xF << 52
JESTER_BITS = 0xF << 56
MERLIN_BIT = 1 << 60
EXCALIBUR_BIT = 1 << 61
MORGAN_BIT = 1 << 62
GRAIL_BIT = 1 << 63
SPECIAL_BITS = ((1 << 64) - 1) ^ SUIT_BITS
SUIT_MASKS = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))
TWOS_BITS = sum(1 << (13 * s) for s in range(4))

CLASSIC_DECK_BITS = SUIT_BITS | WIZARD_BITS | JESTER_BITS
CAMELOT_DECK_BITS = (SUIT_BITS ^ TWOS_BITS) | SPECIAL_BITS


def face_of_bit(bit_index: int) -> int:
    """The face id of the physical card at a hand-mask bit."""
    if bit_index < 52:
        return bit_index
    if bit_index < 56:
        return WIZARD_FACE
    if bit_index < 60:
        return JESTER_FACE
    return bit_index - 60 + MERLIN_FACE


FACE_OF_BIT: tuple[int, ...] = tuple(face_of_bit(i) for i in range(64))
# The bits a face may occupy in a hand.
BITS_OF_FACE: tuple[int, ...] = tuple(
    sum(1 << i for i in range(64) if FACE_OF_BIT[i] == face) for face in range(FACE_COUNT)
)


def deck_bits(edition: str) -> int:
    """The mask of every physical card in an edition's deck."""
    if edition == "classic":
        return CLASSIC_DECK_BITS
    if edition == "camelot":
        return CAMELOT_DECK_BITS
    raise ValueError(f"unknown edition {edition!r} (known: classic, camelot)")


def bits_of(mask: int) -> Iterator[int]:
    """Yield the indexes of the set bits of a mask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class Card:
    """An immutable playing card, compared and hashed by its face.

    >>> Card.parse("10h"), Card.parse("wizard"), str(Card.parse("qd"))
    (Card('10♥'), Card('Wizard'), 'Q♦')
    """

    __slots__ = ("_face", "_name", "_rank", "_suit", "_suit_index")

    _face: int
    _suit_index: int
    _suit: Suit | None
    _rank: int | None
    _name: str

    def __new__(cls, face: int | str) -> Card:
        """The card with a face id or a name (cards are interned: one object per face)."""
        if isinstance(face, str):
            return cls.parse(face)
        if type(face) is not int or not 0 <= face < FACE_COUNT:
            raise ValueError(f"no card has face id {face!r}")
        return _CARDS[face]

    @classmethod
    def _make(cls, face: int) -> Card:
        card = object.__new__(cls)
        fields: tuple[int, int, Suit | None, int | None, str]
        if face < 52:
            rank = face % 13 + 2
            fields = (
                face,
                face // 13,
                Suit(face // 13),
                rank,
                RANK_NAMES.get(rank, str(rank)) + SUIT_SYMBOLS[face // 13],
            )
        else:
            fields = (face, -1, None, None, SPECIAL_NAMES[face])
        for name, value in zip(("_face", "_suit_index", "_suit", "_rank", "_name"), fields, strict=True):
            object.__setattr__(card, name, value)
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("cards are immutable")

    @classmethod
    def suited(cls, rank: int, suit: Suit) -> Card:
        """The suit card of a rank (2 to 14, ace high) and a suit."""
        if not 2 <= rank <= 14:
            raise ValueError(f"rank {rank} is out of range (2 to 14, ace is 14)")
        return _CARDS[int(suit) * 13 + rank - 2]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card in RULES.md §4 notation, ASCII suit letters or a special card's name."""
        raw = text.strip().replace("\ufe0f", "")
        key = raw.casefold().replace(" ", "").replace("-", "").replace("_", "")
        if key in _SPECIAL_ALIASES:
            return _CARDS[_SPECIAL_ALIASES[key]]
        if len(key) >= 2:
            rank_text, suit_text = key[:-1], key[-1]
            rank = _RANK_VALUES.get(rank_text)
            suit = _SUIT_NAMES.get(suit_text)
            if rank is not None and suit is not None:
                return _CARDS[suit * 13 + rank - 2]
        raise ValueError(f"{text!r} is not a card (try 10♥, AS, qd, Wizard or Jester)")

    @property
    def face(self) -> int:
        """The face id (0..57) that names this card inside the engine."""
        return self._face

    @property
    def suit(self) -> Suit | None:
        """The card's suit, or None for a special card."""
        return self._suit

    @property
    def rank(self) -> int | None:
        """The rank of a suit card (2 to 14, ace high), or None for a special card."""
        return self._rank

    @property
    def is_special(self) -> bool:
        """True for Wizards, Jesters and the Camelot cards: they may always be played."""
        return self._face >= 52

    def __str__(self) -> str:
        return self._name

    def __repr__(self) -> str:
        return f"Card({self._name!r})"

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._face < other._face

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (self._face,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self


_RANK_VALUES: dict[str, int] = {str(r): r for r in range(2, 11)}
_RANK_VALUES.update({"j": 11, "q": 12, "k": 13, "a": 14, "t": 10})
_CARDS: tuple[Card, ...] = tuple(Card._make(face) for face in range(FACE_COUNT))
CARD_OF_BIT: tuple[Card, ...] = tuple(_CARDS[FACE_OF_BIT[i]] for i in range(64))

WIZARD = _CARDS[WIZARD_FACE]
JESTER = _CARDS[JESTER_FACE]
MERLIN = _CARDS[MERLIN_FACE]
EXCALIBUR = _CARDS[EXCALIBUR_FACE]
MORGAN_LE_FAY = _CARDS[MORGAN_FACE]
HOLY_GRAIL = _CARDS[GRAIL_FACE]


def deck(edition: str = "classic") -> list[Card]:
    """All 60 cards of an edition's deck, suit cards first, Wizards and Jesters repeated four times."""
    return [CARD_OF_BIT[i] for i in bits_of(deck_bits(edition))]


def cards_of_mask(mask: int) -> list[Card]:
    """The cards of a hand mask, in face order."""
    return [CARD_OF_BIT[i] for i in bits_of(mask)]


def mask_of_cards(cards: Iterable[Card], edition: str) -> int:
    """The hand mask holding these cards (repeated Wizards and Jesters take successive copies)."""
    allowed = deck_bits(edition)
    mask = 0
    for card in cards:
        if not BITS_OF_FACE[card._face] & allowed:
            raise ValueError(f"{card} is not in the {edition} deck")
        free = BITS_OF_FACE[card._face] & allowed & ~mask
        if not free:
            raise ValueError(f"too many copies of {card} for the {edition} deck")
        mask |= free & -free
    return mask
