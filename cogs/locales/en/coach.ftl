### The coach (a table option): the Hint button on a member's hand, its private answer, and the line
### after each round. "Hard" is the hard computer player.

coach-button-hint = 💡 Hint
coach-hint-title = 💡 Hint from the coach
# $deals: how many deals of the cards the member cannot see were played out.
coach-hint-footer = From { $deals } possible deals of the cards you cannot see. Only you see this.
coach-hint-failed = The coach could not work out a hint just now. Try again in a moment.
coach-refusal-off = This table plays without the coach, so there are no hints.
coach-refusal-no-choice = Hints are for your turn, when you have a suit for trump, a bid or a card to choose.

coach-hint-bid-pick = The hard computer would bid **{ $bid }** in your place.
coach-hint-bid-intro = How often each bid is made, and the points it brings on average:
# $chance like "46%", $points like "+12" or "−8".
coach-hint-bid-option = • Bid { $bid }: made { $chance } of the time, { $points } points
coach-hint-bid-option-pick = • **Bid { $bid }: made { $chance } of the time, { $points } points** ← Hard's choice

coach-hint-play-pick = The hard computer would play **{ $card }** in your place.
coach-hint-play-intro = Your chance of making your bid of { $bid } after each card:
coach-hint-play-intro-points = You have no bid this round; the points each card brings on average:
# same in both: a card and a percentage.
coach-hint-card = • { $card }: { $chance }
coach-hint-card-pick = • **{ $card }: { $chance }** ← Hard's choice
coach-hint-card-points = • { $card }: { $points } points
# A Wizard or Jester played as the opposite card (Smyrna Style, without its call).
coach-hint-opposite = { $card } (as the opposite card)

# On a member's hand after a round: their bid and tricks, and what Hard would have bid.
coach-round-same = 🎓 Round { $round }: you bid { $bid } and took { $took }. Hard would have bid { $coach } too.
coach-round-other = 🎓 Round { $round }: you bid { $bid } and took { $took }. Hard would have bid { $coach }.

# A dealer choosing trump (a Wizard was turned up). $suit like "♥ Hearts".
coach-hint-trump-pick = The hard computer would choose **{ $suit }** as trump in your place.
coach-hint-trump-intro = With each suit as trump, the bid that pays best and its points on average:
coach-hint-trump-option = • { $suit }: bid { $bid }, { $points } points
coach-hint-trump-option-pick = • **{ $suit }: bid { $bid }, { $points } points** ← Hard's choice
coach-hint-trump-unseen = You cannot see your cards yet, so no suit is better than another.
coach-hint-trump-saboteur = As the Saboteur you make no bid: Hard keeps the suit you are strongest in.
