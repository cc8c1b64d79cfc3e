"""Write the README's pictures, docs/images/hand.png, table.png and chart.png, with the bot's own code.

All three come from one seeded 4-player Camelot game, drawn by ``cogs.table.pictures`` exactly as the
bot attaches them: a hand on its player's turn (special cards, trump cards, and cards that may not be
played because suit must be followed), the table at that moment, and the final chart of running
totals. The players' names are in several scripts, with a computer's robot, as members' names are.

The game is played at random, except for the bids: each round is first played out on a copy to learn
who takes how many tricks (the cards played do not depend on the bids), and players then bid that, off
by one now and then, so the chart looks like a real game rather than a run of missed bids.

Run: ``.venv/bin/python tools/make_screenshots.py`` (the same bytes every time).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cogs.table import pictures as images
from wizard_core import Bid, Game, Phase, PlayerView, Rules, decode
from wizard_core.cards import CAMELOT_FACES

ROOT = Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "docs" / "images"
NAMES = ["Morgana", "Ελένη", "Дмитрий", "🤖 Ada (Easy)"]
SEED = 2024


def play_round(game: Game, rng: random.Random) -> None:
    """The plays of the current round, chosen at random, until the round is over."""
    number = game.round_number
    while not game.is_over and game.round_number == number:
        game.apply(rng.choice(game.legal_actions()))


def tricks_to_come(game: Game, seed: int) -> list[int]:
    """How many tricks each player takes this round when everyone bids 0 and plays with ``seed``."""
    copy = game.clone()
    while copy.phase is Phase.BID:
        copy.apply(Bid(0))
    play_round(copy, random.Random(seed))
    return list(copy.round_results[-1].tricks)


def good_turn(view: PlayerView) -> bool:
    """A hand worth showing: 8 to 10 cards, two special cards (one of Camelot's), a trump card, and at
    least three cards that may not be played."""
    if view.phase is not Phase.PLAY or not 8 <= len(view.hand) <= 10:
        return False
    playable = {decode(code).card.face for code in view.legal_actions}  # type: ignore[union-attr]
    specials = {card.face for card in view.hand if card.is_special}
    return (
        len(specials) >= 2
        and bool(specials & CAMELOT_FACES)
        and any(card.suit is not None and card.suit is view.trump for card in view.hand)
        and len({card.face for card in view.hand} - playable) >= 3
    )


def main() -> None:
    """Play the game, keep the first good turn's hand and table, and write the three pictures."""
    game = Game(NAMES, Rules("camelot"), seed=SEED)
    bidding = random.Random(SEED)
    hand: bytes | None = None
    table = b""
    while not game.is_over:
        if game.phase is Phase.CHOOSE_TRUMP:
            game.apply(bidding.choice(game.legal_actions()))
            continue
        round_seed = SEED * 100 + game.round_number
        tricks = tricks_to_come(game, round_seed)
        while game.phase is Phase.BID:
            player = game.current_player
            assert player is not None
            off = bidding.choice([0, 0, 0, -1, 1])
            legal = [decode(code).tricks for code in game.legal_actions()]  # type: ignore[union-attr]
            bid = min(max(tricks[player] + off, min(legal)), max(legal))
            game.apply(Bid(bid if bid in legal else legal[0]))
        rng = random.Random(round_seed)
        number = game.round_number
        while not game.is_over and game.round_number == number:
            player = game.current_player
            assert player is not None
            if hand is None and good_turn(game.view(player)):
                hand = images.hand_png(game.view(player))
                table = images.table_png(game.public_view())
            game.apply(rng.choice(game.legal_actions()))
    if hand is None:
        raise SystemExit("no turn with a hand worth showing; try another SEED")
    OUTPUT.mkdir(parents=True, exist_ok=True)
    chart = images.chart_png(game.result(), game.players)
    for name, data in (("hand.png", hand), ("table.png", table), ("chart.png", chart)):
        (OUTPUT / name).write_bytes(data)
        print(f"wrote {(OUTPUT / name).relative_to(ROOT)} ({len(data) / 1024:.0f} KB)")
    print("final totals:", dict(zip(game.players, game.totals, strict=True)))


if __name__ == "__main__":
    main()
