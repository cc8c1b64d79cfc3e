### Replays and game records of finished games: /wizard replay (with its buttons), /wizard record, and
### their refusals. A game is named by its number ($game), the one /wizard replay and record ask for.

## Refusals.

replay-refusal-server-only = Replays are of a server's games: use this in the server where the game was played.
replay-refusal-no-game = No game number { $game } was played in this server.
replay-refusal-not-started = Game { $game } never started: there is nothing to replay.
replay-refusal-running = Game { $game } is still being played: it can be replayed once it is over.
replay-refusal-ended = Game { $game } was ended before its last round: only finished games are replayed and recorded.
replay-refusal-no-files = I may not attach files in this channel (Attach Files): ask a moderator, or use another channel.

## A replay step: the table message as it was, its first line saying where in the game this is.

replay-step-bids = ⏪ Replay of game { $game } · round { $round }: the bids are in.
replay-step-trick = ⏪ Replay of game { $game } · round { $round }, trick { $trick } of { $tricks }.
replay-hands-title = Hands as dealt in round { $round }
# same in both: one player's hand, their name then the cards.
replay-hand-line = **{ $name }**: { $cards }
replay-button-open = Replay
replay-button-previous-round = ⏮ Round
replay-button-previous-trick = ◀ Trick
replay-button-next-trick = Trick ▶
replay-button-next-round = Round ⏭
replay-pick-round = Jump to a round
replay-round-option = Round { $round } · { $cards ->
    [one] 1 card
   *[other] { $cards } cards
} each
# same in both: a game suggested for the command's game option, its number then when, edition and players.
replay-game-choice = #{ $game } · { $label }

## /wizard record: the record and the score sheet.

replay-record-ready = Game { $game }: its record (every card dealt, every bid and card played, and the scores) and its score sheet. Anyone can check the record with `python bot.py replay FILE`.
replay-record-file-description = The record of game { $game } (JSON)
replay-sheet-file-description = The score sheet of game { $game } (CSV)
replay-csv-round = Round
replay-csv-cards = Cards
replay-csv-dealer = Dealer
replay-csv-trump = Trump
replay-csv-bid = { $name }: bid
replay-csv-won = { $name }: won
replay-csv-points = { $name }: points
replay-csv-total = { $name }: total
replay-csv-place = Place
