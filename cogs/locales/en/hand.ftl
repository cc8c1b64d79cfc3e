### A player's hand: the hand message by direct message (or Show my hand), its buttons, and the nudge that
### says it is their turn.

hand-title = { $edition } · Round { $round }/{ $rounds } · { $cards ->
    [one] 1 card
   *[other] { $cards } cards
} each · your hand
hand-no-cards = (no cards)
hand-cards = Your cards ({ $count })
hand-cards-hidden = Your cards ({ $count }, hidden)
hand-third-time-explained = 🙈 Third Time round: you bid before seeing your cards; they show once all bids are in.
hand-own-card-hidden = Your card (hidden)
hand-forehead-explained = 🙈 Forehead round: you see the others' cards, not yours.
hand-others-cards = The others' cards
hand-others-played = Every other card has been played.
hand-bids-and-tricks = Bids and tricks
hand-footer-classic = { $mark } marks a trump card
hand-footer-camelot = { $mark } marks a trump card · Trick positions: the leader is 1 (odd), the next player 2 (even), and so on
hand-footer-camelot-positions = Trick positions: the leader is 1 (odd), the next player 2 (even), and so on

## Away from the player's turn

hand-status-out = **You are out of the game.**
hand-played-out = Round { $round }: you have played all your cards · bid { $bid } · won { $won } so far.
hand-played-out-won = Round { $round }: you have played all your cards · won { $won } so far.
hand-status-waiting = **Your cards for this round.** When your turn comes, the buttons below offer just what you may do; the table in the channel shows whose turn it is.
hand-own-bid = **Your bid:** { $bid }
hand-own-bid-saboteur = **Your bid:** none (you deal as the saboteur)
hand-saboteur-you = 🕵️ **Saboteur:** you deal, do not bid and score { $points }; make the others miss.

## On the player's turn

hand-turn-bid = **Your turn:** bid from { $min } to { $max }
hand-turn-bid-later = **Your turn:** bid when you can
hand-turn-bid-together = **Your bid, please:** everyone bids at once (from { $min } to { $max })
hand-turn-bid-together-later = **Your bid, please:** everyone bids at once (when you can)
hand-turn-trump = **Your turn:** choose the trump suit
hand-turn-trump-blind = **Your turn:** choose the trump suit (without seeing your cards)
hand-turn-play-hidden = **Your turn:** play your unseen card
hand-turn-play-any = **Your turn:** play a card (any card)
hand-turn-play-lead = **Your turn:** play a card (you lead: any card)
hand-turn-play-none = **Your turn:** play a card (no card)
# $suit is the suit's symbol, $cards the playable cards.
hand-turn-play-follow = **Your turn:** play a card (you must follow { $suit } or play a special card; you may play { $cards })
hand-turn-play-some = **Your turn:** play a card (you may play { $cards })
hand-call-you = 📣 You called { $call }!
hand-smyrna-gizzard = **Smyrna Style:** call 📣 Gizzard! before a Wizard.
hand-smyrna-fester = **Smyrna Style:** call 📣 Fester! before a Jester.
hand-smyrna-both = **Smyrna Style:** call 📣 Gizzard! before a Wizard and 📣 Fester! before a Jester.
hand-you-out = **You:** out of the game, total { $total }
hand-you-won = **You:** { $won ->
    [one] 1 trick
   *[other] { $won } tricks
} won, total { $total }
hand-you-no-bid = **You:** no bid yet, { $won ->
    [one] 1 trick
   *[other] { $won } tricks
} won, total { $total }
hand-you-won-of = **You:** bid { $bid } · won { $won ->
    [one] 1 trick
   *[other] { $won } tricks
}, total { $total }

## The buttons

hand-button-bid = Bid { $tricks }
hand-button-as-wizard = { $card } as Wizard
hand-button-as-jester = { $card } as Jester
hand-button-hidden-card = Play my hidden card

## The round is over

hand-round-over-title = Round { $round } · your hand
hand-round-over-won = You won { $won ->
    [one] 1 trick
   *[other] { $won } tricks
}: { $points } points, { $total } in all.
hand-round-over-bid = You bid { $bid } and won { $won ->
    [one] 1 trick
   *[other] { $won } tricks
}: { $points } points, { $total } in all.
hand-round-over-final = The final standings are in the channel.
hand-round-over-next = The scores are on the table, and your next hand comes in a new message.
hand-round-over-next-show = The scores are on the table; press **Show my hand** there for your next hand.

## The nudge: a short direct message when a member takes a while on their turn

hand-nudge-trump = 🔔 Your turn at the Wizard table in <#{ $channel }>: choose the trump suit.
hand-nudge-bid = 🔔 Your turn at the Wizard table in <#{ $channel }>: bid (0 to { $max }).
hand-nudge-play = 🔔 Your turn at the Wizard table in <#{ $channel }>: play a card.
hand-nudge-on-table = On the table: { $cards }.
hand-nudge-you-lead = You lead.
hand-nudge-hand-link = [Your hand]({ $url })

## Plain text for screen readers (/wizard me)

hand-card-spoken = { $rank } of { $suit }
hand-card-spoken-trump = { $card } (trump)
hand-rank-jack = Jack
hand-rank-queen = Queen
hand-rank-king = King
hand-rank-ace = Ace
hand-spoken-score = { $name }: bid { $bid }, won { $won }, total { $total }
