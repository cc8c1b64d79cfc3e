"""Pure rules core for the card game Wizard, classic and Camelot editions.

Nothing here knows about Discord, databases or asyncio: a terminal program, a web server or a
simulation can use it as well as the bot.
"""

from wizard_core.actions import (
    CALL_FESTER,
    CALL_GIZZARD,
    PLAY_HIDDEN,
    Action,
    Bid,
    Call,
    ChooseTrump,
    Play,
    PlayHidden,
    decode,
    describe,
    encode,
)
from wizard_core.cards import EXCALIBUR, HOLY_GRAIL, JESTER, MERLIN, MORGAN_LE_FAY, WIZARD, Card, Suit, deck
from wizard_core.errors import CorruptSaveError, IllegalActionError, NotYourTurnError, RulesError, WizardError
from wizard_core.events import (
    BidsRevealed,
    Event,
    GameOver,
    PlayerOut,
    RoundDealt,
    RoundScored,
    TrickTaken,
    TrumpChosen,
    hands_changed,
)
from wizard_core.game import Game, LogEntry, decode_log_entry, encode_log_entry
from wizard_core.rules import MAX_PLAYERS, MIN_PLAYERS, NANNIE_EVERY, Rules, round_score
from wizard_core.rules_text import EDITIONS, rules_summary, variant_rules
from wizard_core.tricks import MerlinAs, legal_plays, trick_winner
from wizard_core.views import GameResult, Phase, PlayedCard, PlayerView, PublicView, RoundResult, TrickView

__all__ = [
    "CALL_FESTER",
    "CALL_GIZZARD",
    "EDITIONS",
    "EXCALIBUR",
    "HOLY_GRAIL",
    "JESTER",
    "MAX_PLAYERS",
    "MERLIN",
    "MIN_PLAYERS",
    "MORGAN_LE_FAY",
    "NANNIE_EVERY",
    "PLAY_HIDDEN",
    "WIZARD",
    "Action",
    "Bid",
    "BidsRevealed",
    "Call",
    "Card",
    "ChooseTrump",
    "CorruptSaveError",
    "Event",
    "Game",
    "GameOver",
    "GameResult",
    "IllegalActionError",
    "LogEntry",
    "MerlinAs",
    "NotYourTurnError",
    "Phase",
    "Play",
    "PlayHidden",
    "PlayedCard",
    "PlayerOut",
    "PlayerView",
    "PublicView",
    "RoundDealt",
    "RoundResult",
    "RoundScored",
    "Rules",
    "RulesError",
    "Suit",
    "TrickTaken",
    "TrickView",
    "TrumpChosen",
    "WizardError",
    "deck",
    "decode",
    "decode_log_entry",
    "describe",
    "encode",
    "encode_log_entry",
    "hands_changed",
    "legal_plays",
    "round_score",
    "rules_summary",
    "trick_winner",
    "variant_rules",
]
