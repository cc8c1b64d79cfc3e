"""Computer players for Wizard, three levels, deciding from a ``PlayerView`` alone; and the coach's
advice (``advise``): what the hard level would do in a player's seat, with the chances behind it.

>>> from wizard_core import Game, Rules
>>> from wizard_core.ai import decide
>>> game = Game(4, Rules("camelot"), seed=3)
>>> while not game.is_over:
...     player = game.current_player
...     events = game.apply(decide(game.view(player), "easy", seed=player))
>>> len(game.round_results)
15
"""

from wizard_core.ai.advise import (
    Advice,
    BidAdvice,
    BidOption,
    CardOption,
    PlayAdvice,
    TrumpAdvice,
    TrumpOption,
    advise,
    would_bid,
)
from wizard_core.ai.knowledge import Knowledge
from wizard_core.ai.players import (
    DEFAULT_CAP_MS,
    DEFAULT_WORK,
    LEVELS,
    ComputerPlayer,
    Decision,
    Level,
    decide,
    deliberate,
)

__all__ = [
    "DEFAULT_CAP_MS",
    "DEFAULT_WORK",
    "LEVELS",
    "Advice",
    "BidAdvice",
    "BidOption",
    "CardOption",
    "ComputerPlayer",
    "Decision",
    "Knowledge",
    "Level",
    "PlayAdvice",
    "TrumpAdvice",
    "TrumpOption",
    "advise",
    "decide",
    "deliberate",
    "would_bid",
]
