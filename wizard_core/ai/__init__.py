"""Computer players for Wizard, three levels, deciding from a ``PlayerView`` alone.

>>> from wizard_core import Game, Rules
>>> from wizard_core.ai import decide
>>> game = Game(4, Rules("camelot"), seed=3)
>>> while not game.is_over:
...     player = game.current_player
...     events = game.apply(decide(game.view(player), "easy", seed=player))
>>> len(game.round_results)
15
"""

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
    "ComputerPlayer",
    "Decision",
    "Knowledge",
    "Level",
    "decide",
    "deliberate",
]
