### The rules core's words: its refusals (each one sentence), the special cards' names and the actions.
### The English refusals say exactly what the rules core's own (English) messages say.

## Whose turn it is.

core-not-your-turn = It is { $name }'s turn.
core-seat-not-at-table = Seat { $seat } is not at this table.
core-player-out = { $name } is out of the game.
core-saboteur-dealer-does-not-bid = { $name } deals and does not bid this round ({ variant-saboteur-name }).
core-already-bid = { $name } has already bid.
core-say-who-bids = Everyone bids at once now: say which player is bidding.

## The phase of the game. $action is one of the core-action- texts below.

core-game-over = The game is over.
core-choose-trump-first = { $name } must first choose trump: one of ♠ ♥ ♦ ♣.
core-time-to-bid = It is time to bid, not to { $action }.
core-time-to-play = It is time to play a card, not to { $action }.
# $what is the action code or value as the program wrote it.
core-not-an-action = { $what } is not an action.

## Bids.

core-bid-out-of-range = Bids go from 0 to { $size }.
core-bid-beyond-limit = A bid is a number of tricks from 0 to { $most }, not { $bid }.
core-bid-adds-up = { variant-no-even-bids-name }: a bid of { $bid } would make the bids total { $size }, the number of tricks.
core-bid-adds-up-canadian = { variant-canadian-name }: you lead on score, so as dealer you may not make the bids total { $size }, the number of tricks (a bid of { $bid } would); this rule never forbids a bid of 0.
core-bid-adds-up-hardcore = { variant-hardcore-name }: from 4 cards up the dealer may not make the bids total { $size }, the number of tricks (a bid of { $bid } would).

## Playing a card. $card is a card's notation (10♥) or a special card's name below; $suit a suit's symbol.

core-card-not-in-hand = You don't have { $card }.
core-must-follow = You must follow { $suit }: play a { $suit } card or a special card, not { $card }.
core-play-unseen = In the Forehead card round nobody sees their own card: play it unseen, not by naming it.
core-play-a-seen-card = You can see your cards: play one of them.
core-merlin-not-declared = Declare Merlin as a Wizard or as a Jester when you play it.
core-only-merlin-is-declared = Only Merlin is declared; { $card } is played as it is.

## Smyrna Style calls. $call is "gizzard" or "fester".

core-unknown-call = The calls are 'gizzard' and 'fester', not { $what }.
core-call-not-played = Calling { $call ->
    [gizzard] Gizzard
   *[fester] Fester
} is a Smyrna Style rule; this table does not play it.
core-call-in-forehead-round = In the Forehead card round Wizards and Jesters count as themselves: there is nothing to call.
core-already-called = You have already called { $call ->
    [gizzard] Gizzard
   *[fester] Fester
}: now play your card.
core-call-without-card = { $call ->
    [gizzard] You call Gizzard to play a Wizard, and you have no Wizard.
   *[fester] You call Fester to play a Jester, and you have no Jester.
}

## The rules of a table. $first, $second and $schedule are house rules' names.

core-player-count = Wizard is played by { $least } to { $most } players, not { $players }.
core-player-needs-name = Every player needs a name.
core-unknown-edition = Unknown edition { $what }: choose classic or camelot.
core-no-variant-called = There is no variant called { $what }.
core-variant-does-not-exist = The variant { $what } does not exist.
core-needs-last-bidder = { $first } cannot be combined with { $second }: { $first } needs a last bidder, and with { $second } everyone bids at once.
core-needs-last-bidder-saboteur = { $first } cannot be combined with { $second }: { $first } needs a last bidder, and with { $second } the dealer does not bid.
core-two-schedules = { $first } cannot be combined with { $second }: each sets the deal schedule.
core-forehead-with-maximus = { variant-forehead-name } cannot be combined with { variant-maximus-name }: Maximus has no 1-card round.
core-forehead-needs-one-card-round = { variant-forehead-name } cannot be combined with { $schedule } for { $players } players: { $schedule } has no 1-card round with { $players } players.
core-nannie-every = { variant-nannie-name } eliminates after every 2nd or every 3rd round.
core-nannie-every-without-nannie = Eliminating every 3rd round is an option of { variant-nannie-name }, which is off.

## The special cards (the suit cards are written as in the rules: 10♥, Q♠).

core-card-wizard = Wizard
core-card-jester = Jester
# same in both
core-card-merlin = Merlin
# same in both
core-card-excalibur = Excalibur
# same in both
core-card-morgan = Morgan le Fay
core-card-grail = Holy Grail

## Actions, as a player would say them ("play 10♥"); a refusal quotes them.

core-action-play = play { $card }
core-action-play-merlin = { $declared ->
    [wizard] play { $card } as a Wizard
   *[jester] play { $card } as a Jester
}
core-action-bid = bid { $tricks }
core-action-trump = choose { $suit } as trump
core-action-call = { $call ->
    [gizzard] call Gizzard!
   *[fester] call Fester!
}
core-action-play-hidden = play your unseen card
