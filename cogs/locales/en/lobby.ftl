### The lobby: a new table in the channel, before its game starts.

lobby-title = { $edition }: a new table
lobby-description = Host: { $host }. Press **Join** to take a seat; the host can add computer players and presses **Start** with { $min } to { $max } players. Hands are sent by direct message.
lobby-players = Players ({ $count }/{ $max })
lobby-nobody = nobody yet
lobby-computers = Computer players
lobby-level-help-easy = bids what its cards look worth and plays simply.
lobby-level-help-medium = weighs its bids by trying out possible deals; plays simply.
lobby-level-help-hard = weighs its bids and every card by trying out possible deals.
# The rules field's heading: the edition, and the house rules after a "+".
lobby-rules = Rules: { $rules }
lobby-no-house-rules = No house rules: the published rules.
lobby-nannie-third = Nannie's Rule eliminates after every third round.
lobby-footer = An idle table closes itself after { $minutes ->
    [one] 1 minute
   *[other] { $minutes } minutes
}.
lobby-closed-title = { $edition }: table closed
lobby-cancelled-by = Cancelled by { $name }.
lobby-left-closed = { $name } left; the table is closed.
lobby-timed-out = Closed after { $minutes ->
    [one] 1 minute
   *[other] { $minutes } minutes
} without activity.

## Buttons and menus

lobby-button-join = Join
lobby-button-leave = Leave
lobby-button-start = Start
lobby-button-cancel = Cancel
lobby-button-remove-computer = Remove a computer
lobby-button-add-computer = + { $level } computer
# The host's switch for the coach, showing its state.
lobby-button-coach-off = 🎓 Coach: off
lobby-button-coach-on = 🎓 Coach: on
lobby-coach-title = 🎓 Coach on: a practice game
lobby-coach-on = Each member's hand gets a 💡 Hint button that tells privately what the hard computer would do, and after each round what it would have bid. The game is not rated.
lobby-refusal-host-coach = Only the host, { $host }, can turn the coach on or off.
lobby-menu-edition = Edition (host)…
lobby-menu-preset = Start from a preset (host)…
lobby-menu-variants = House rules (host)…

## Refusals

lobby-refusal-full = This table is full ({ $max } players).
lobby-refusal-held = The last game's players get the first seats: { $count ->
    [one] one seat is held for a player
   *[other] { $count } seats are held for its players
} until <t:{ $time }:R>.
lobby-refusal-seated = You already have a seat at this table.
lobby-refusal-no-seat = You don't have a seat at this table.
lobby-refusal-host-computers = Only the host, { $host }, can add or remove computer players.
lobby-refusal-host-rules = Only the host, { $host }, can choose the rules.
lobby-refusal-host-start = Only the host, { $host }, can start the game.
lobby-refusal-level = That isn't a computer level: choose Easy, Medium or Hard.
lobby-refusal-no-computer = There is no computer player at this table.
lobby-refusal-edition = That isn't an edition: choose Classic or Camelot.
lobby-refusal-preset = That isn't one of the presets.
lobby-refusal-variants = That isn't a list of this bot's house rules.
# $reason is the rules' own sentence saying what is wrong.
lobby-refusal-rules = { $reason } Nothing was changed.
lobby-refusal-too-few = Wizard needs { $min } to { $max } players; { $count } have joined.
lobby-refusal-start = { $reason } Change the rules or the players, then start.
lobby-refusal-cancel = Only the host or a member with Manage Server can cancel this table.
lobby-refusal-exists = This channel already has a table: { $link }. Finish or cancel it first.
lobby-refusal-exists-here = This channel already has a table. Finish or cancel it first.
