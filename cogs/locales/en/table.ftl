### The game table in the channel: the table message, the round scores and the final standings.

## Cards, suits and editions

table-suit-spades = Spades
table-suit-hearts = Hearts
table-suit-diamonds = Diamonds
table-suit-clubs = Clubs
# A card played as another: a declared Merlin, Smyrna Style's flipped Wizard or Jester.
table-played-as-wizard = { $card } (as Wizard)
table-played-as-jester = { $card } (as Jester)
# The edition in the title of the table and of the final standings.
# same in both
table-edition-title-classic = Wizard
# same in both
table-edition-title-camelot = Wizard Camelot

## Words used in many places

# A place in the final standings; $form is the language's ordinal category of $place.
table-place = { $form ->
    [one] { $place }st
    [two] { $place }nd
    [few] { $place }rd
   *[other] { $place }th
}
# The last two items of a list: "Ann, Ben and Cat".
table-list-and = { $first } and { $last }
# Score sheets: column headings (short: they head columns of numbers).
table-column-player = Player
table-column-bid = Bid
table-column-won = Won
table-column-total = Total
table-column-points = Points
# Tags after a name on the score sheet: the dealer, the reader, the Saboteur dealer, a player eliminated.
table-tag-dealer = D
table-tag-you = you
table-tag-saboteur = saboteur
table-tag-out = out

## The table message

table-title = { $edition } · Round { $round }/{ $rounds } · { $cards ->
    [one] 1 card
   *[other] { $cards } cards
} each
table-game-over = **Game over**
table-status-bids-from = ► Waiting for bids from { $names } (0 to { $max })
table-status-waiting = ► Waiting for { $names }
table-status-choose-trump = ► **{ $name }** to choose the trump suit
table-status-bid = ► **{ $name }** to bid (0 to { $max })
table-status-play = ► **{ $name }** to play a card
# $time is a Discord timestamp: each reader's client shows it as "in 2 minutes" in their own language.
table-countdown = ⏳ Time runs out <t:{ $time }:R>.
table-call = 📣 **{ $name }** called { $call }!
table-dealer-line = **Dealer:** { $name }
table-trump-line = **Trump:** { $trump }
table-null-tricks-line = **Null tricks this round:** { $count }
table-trump-choosing = the dealer is choosing (turned up: { $card })
table-trump-none-left = no trump (no card left to turn up)
table-trump-none = no trump (turned up: { $card })
table-trump-chosen = { $suit } (chosen by the dealer; turned up: { $card })
table-trump-turned-up = { $suit } (turned up: { $card })
table-variants = **Variants:** { $names }
table-saboteur = 🕵️ **Saboteur:** **{ $name }** deals, does not bid, scores { $points }.
table-bids-secret-until-last-trick = Bids are secret ({ $mark }) until the round's last trick is played.
table-bids-secret-until-all-bid = Bids are secret ({ $mark }) until everyone has bid.
table-third-time-round = 🙈 **Third Time round:** everyone bids before seeing their cards.
table-forehead-round = 🙈 **Forehead round:** everyone sees the others' cards, not their own.
table-out-nannie = **Out (Nannie's Rule):** { $names }
table-current-trick = Current trick
table-last-trick = Last trick ({ $number } of { $tricks })
table-trick-no-card = No card yet: **{ $leader }** leads.
table-trick-null = Null trick: it counts for nobody.
table-trick-taken = Taken by **{ $name }**.

## A round's scores

table-summary-title = Round { $round } scored · { $cards ->
    [one] 1 card
   *[other] { $cards } cards
} each
table-summary-null-tricks = **Null tricks:** { $count } (they count for nobody)
table-summary-all-null = Every trick was a null trick: no scores change this round.
table-summary-saboteur = **{ $name }** dealt as the saboteur: no bid, { $points } points.
table-summary-eliminated = { $mark } Eliminated (Nannie's Rule, lowest total): { $names }

## The final standings

table-final-title = Game over · { $edition }
table-practice = 🎓 Practice game with the coach: not rated.
table-final-shared-win = Shared win: { $names }, { $points } points each
table-final-winner = { $name } wins with { $points } points
table-final-no-winner = No winner
# same in both
table-final-place = **{ $place }** { $name }: { $total }
table-final-place-out = **{ $place }** { $name }: { $total } (out after round { $round })
table-final-running = **Running totals by round**
table-final-running-legend = (T = trump)
# The heading of the trump column of the running totals (one letter; explained by the legend above).
# same in both
table-history-trump-column = T

## Seats

table-level-easy = Easy
table-level-medium = Medium
table-level-hard = Hard
# A computer's seat: its name and level.
# same in both
table-computer-label = 🤖 { $name } ({ $level })
# A member whose seat a computer plays since they ran out of time twice (the tag is kept short).
table-away-label = { $name } (🤖 away)

## Buttons of the table

table-button-show-hand = Show my hand
table-button-take-back = Take my seat back
table-button-play-again = Play again
table-button-yes-end = Yes, end it
table-button-yes-leave = Yes, leave
table-button-keep-playing = Keep playing

## What the table says in the channel

table-first-dealer = { $name } drew the highest card and deals first.
table-hands-in = ✋ Hands in, on three… 3 · 2 · 1! Round { $round } bids: { $bids }
table-moved = ⬇️ This table moved to the bottom of the channel: { $url }
table-ping-bid = { $mention }, it's your turn to bid: press **Show my hand**.
table-ping-play = { $mention }, it's your turn to play a card: press **Show my hand**.
table-ping-trump = { $mention }, it's your turn to choose trump: press **Show my hand**.
table-reminder-ping = { $mention }, ⏰ { $left } left for your turn: press **Show my hand**.
table-dms-closed = { $mention }, I can't send you direct messages, so your hand is on the table: press **Show my hand** (or use `/wizard hand`) whenever you need it.
table-timed-out = ⏱️ { $name } ran out of time, so a computer played their turn.
table-timed-out-twice = ⏱️ { $name } ran out of time twice in a row: a computer plays for them until they press **Take my seat back**.
table-everyone-away = Everyone is away now, so the game waits for someone to take their seat back.
table-left-notice = { $name } left; a computer plays their seat from here on.
# The name of the computer that plays the seat of a member who left the game (kept with the game's result).
table-stand-in-name = Stand-in for { $name }
table-ended-by = { $name } ended the game.
table-no-results = No results were recorded.
table-set-aside = ⚠️ The Wizard table in this channel could not be restored after the bot restarted (its saved state is damaged), so it was closed. Nothing was recorded; start a new one with `/wizard new`.

## Direct messages the bot sends on its own

table-reminder = ⏰ It's still your turn at the Wizard table in <#{ $channel }> ({ $url }): { $left } left before a computer plays it for you.
table-timed-out-dm = You ran out of time twice in a row at the Wizard table in <#{ $channel }>, so a computer is playing your seat. Press the button whenever you want it back.

## Private answers

table-question-end = End this game for everyone? No results will be recorded.
table-question-leave = Leave the game? A computer takes your seat and plays it to the end, and the game won't count for you.
table-nothing-changed = Nothing changed; the game goes on.
table-you-left = You left the game; a computer plays your seat to the end.
table-ended = The game has ended.
table-welcome-back = Welcome back: your seat is yours again.
table-welcome-back-show-hand = Press **Show my hand** on the table for your hand and its buttons.
table-welcome-back-dm = Your hand, with its buttons, is in a new direct message.
table-welcome-back-your-turn = It's your turn.
table-seat-at-new-table = You have a seat at the new table: { $url }

## Refusals

table-refusal-no-longer-open = This table is no longer open: its game is over or was cancelled.
table-refusal-out-of-date = This message is out of date: the table has moved on.
table-refusal-moved = This table was just handed over to another part of the bot: nothing changed. Click again in a moment.
table-refusal-busy = The bot is busy with this table and did not get to your click in time: nothing changed. Try again in a few seconds.
table-refusal-unsure = Your click could not be confirmed (the bot lost touch with its database for a moment): look at the table to see whether it counted before you click again.
table-refusal-elsewhere = That button only works in the channel of its table.
table-refusal-not-playing = You're not playing at this table.
table-refusal-changed-elsewhere = This table was changed elsewhere meanwhile, so nothing was changed. Please try again.
table-refusal-away = A computer is playing your seat since you ran out of time twice in a row. Press **Take my seat back** on the table to play again.
table-refusal-earlier-round = This hand is from an earlier round. Your hand for this round is in your newest direct message, or press **Show my hand** on the table.
table-refusal-earlier-round-show = This hand is from an earlier round: press **Show my hand** on the table for this round's.
table-refusal-moved-since = You have made a move since this hand was drawn, so this button is out of date (a double click?). Your hand as it is now is on your newest hand message, or press **Show my hand** on the table.
table-refusal-seat-yours = Your seat is already yours: no computer is playing for you.
table-refusal-end = Only the host or a member with Manage Server can end this game.
table-refusal-new-game-under-way = A new game is already under way here: { $url }.
table-refusal-new-table-moved-on = This channel's new table has moved on: { $url }.

## Words in pictures (short: they are drawn in a small space)

pic-trump-heading = TRUMP
pic-no-turned-up = none
pic-dealer-picks = Dealer picks
pic-no-trump = No trump
pic-no-cards = No cards
# The reader's own card in the Forehead card round.
pic-you = You
pic-badge-as-wizard = as Wizard
pic-badge-as-jester = as Jester
pic-chart-title = Running totals by round
pic-chart-round = round
pic-chart-final = Final scores
# Under a player's name at the table: their bid, the tricks they won.
pic-detail-out = out
pic-detail-won = won { $won }
pic-detail-saboteur = saboteur
pic-detail-won-saboteur = won { $won }, saboteur
pic-detail-won-secret = bid ? · won { $won }
pic-detail-has-bid = has bid
pic-detail-no-bid = no bid yet
pic-detail-bid = bid { $bid }
pic-detail-won-of = bid { $bid } · won { $won }
# Over the trick.
pic-heading-trick = Trick { $number } of { $tricks }
pic-heading-first-trick = Trick 1 of { $tricks }: { $name } leads
pic-heading-trick-won = Trick { $number } of { $tricks } was won by { $name }
pic-heading-trick-null = Trick { $number } of { $tricks } was a null trick
pic-heading-last-won = Game over: the last trick was won by { $name }
pic-heading-last-null = Game over: the last trick was a null trick
pic-heading-picks-trump = Round { $round }: { $name } picks trump
pic-heading-bidding = Round { $round }: bidding
pic-heading-game-over = Game over

## What pictures show, in words (alt text, read out by screen readers)

pic-alt-no-trump = no trump
pic-alt-trump = trump { $suit }
pic-alt-hand = Your hand ({ $trump }): { $cards }
pic-alt-hand-marked = Your hand ({ $trump }, { $mark } marks a trump card): { $cards }
pic-alt-hand-empty = Your hand: no cards
pic-alt-hand-face-down = Your hand: { $count ->
    [one] 1 card
   *[other] { $count } cards
}, face down: you may not look at them yet
pic-alt-forehead-face-down = The other players' cards ({ $trump }); your own card is face down. { $cards }
pic-alt-forehead-not-shown = The other players' cards ({ $trump }); your own card is not shown. { $cards }
pic-alt-play-any = you may play any card
pic-alt-play-some = you may play: { $cards }
pic-alt-table = The table: { $heading }. { $trump }. { $players }
pic-alt-table-trump = Trump { $suit }
pic-alt-turned-up = { $trump } (turned up: { $card })
# same in both
pic-alt-slot = { $name }: { $shown } ({ $detail })
pic-alt-to-act = to act
pic-alt-no-card = no card
pic-alt-as-wizard = { $card } as Wizard
pic-alt-as-jester = { $card } as Jester
pic-alt-won-trick = { $card }, won the trick
pic-alt-card-to-act = { $card }, to act
pic-alt-chart = Final scores chart, running totals over { $rounds ->
    [one] 1 round
   *[other] { $rounds } rounds
}: { $standings }
