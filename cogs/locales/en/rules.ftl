### The rules as players read them: the editions, the house rules (variants) and the presets, and the
### pages of /wizard rules. The English texts are the rules core's own (wizard_core.rules_text and
### wizard_core.variants), word for word; the rulings of RULES.md (R-1 to R-20) are said in words.

## The editions.

rules-edition-classic = Classic Wizard
rules-edition-camelot = Wizard Camelot Edition
# A short name, before the house rules of a table ("Classic + Canadian Rule").
rules-edition-short-classic = Classic
# same in both
rules-edition-short-camelot = Camelot
# An edition and the house rules a table plays with, $variants being their names joined by commas.
# same in both
rules-with-variants = { $edition } + { $variants }
rules-nannie-every-third = { $name } (every 3rd round)

## The house rules: a name, a one-line help text (at most 100 characters: it fits a select menu), the rule.

variant-no-even-bids-name = Bids may not add up
variant-no-even-bids-help = The last bidder may not make the bids total the tricks in the round.
variant-no-even-bids-rule = The last player to bid may not choose a bid that makes the total of all bids equal to the number of tricks in the round, so at least one player must miss. This holds for a bid of 0 too, also with the Canadian Rule. The bids that would do it are not offered.

variant-canadian-name = Canadian Rule
variant-canadian-help = A dealer leading on score may not make the bids add up; this rule still allows a bid of 0.
variant-canadian-rule = When the dealer is strictly ahead on total score (not tied), the dealer may not bid so that the bids total the tricks in the round. This rule never forbids a bid of 0, but it lifts no other rule: with the Hardcore rule (4 or more cards) or Bids may not add up, a 0 that makes the bids add up is refused too. Only players still in the game count when deciding who leads: under Nannie's Rule the totals of eliminated players do not.

variant-hardcore-name = Hardcore rule
variant-hardcore-help = From 4 cards up, the dealer must keep the bids from adding up.
variant-hardcore-rule = In rounds of 4 or more cards the dealer must bid so that the total of bids differs from the number of tricks, whatever the scores. This holds for a bid of 0 too, also with the Canadian Rule.

variant-hidden-bid-name = Hidden Bid
variant-hidden-bid-help = Everyone bids privately; the bids are shown together once all are in.
variant-hidden-bid-rule = All players bid at the same time and in private, in any order; the table sees who has bid, not what, and each player always sees their own bid. When the last bid is in, every bid is revealed at once and the dealer's left leads. With Delayed Reveal Bid on too, the bids stay secret until the round's last trick has been played.

variant-delayed-reveal-name = Delayed Reveal Bid
variant-delayed-reveal-help = Private bids that stay secret until the round's last trick is played.
variant-delayed-reveal-rule = As Hidden Bid, but the bids are only revealed when the round's last trick has been played. Each player knows only their own bid during play; the round's results show every bid. Together with Hidden Bid or Hands In Bid, this rule decides: the bids stay secret until the last trick.

variant-hands-in-name = Hands In Bid
variant-hands-in-help = Everyone bids at once on a 3-2-1 count; nobody bids last.
variant-hands-in-rule = Also called Lost Weekend. All players bid at once and the bids are shown together on a count of 3-2-1. Nobody bids last, so there is no dealer restriction. In the game it works as Hidden Bid: each player sees their own bid, and every bid stays secret until the last one is in (with Delayed Reveal Bid, until the round's last trick has been played).

# same in both
variant-maximus-name = Wizard Maximus
variant-maximus-help = 5 rounds dealing every card; trump is fixed: ♣, ♦, ♥, ♠, then no trump.
variant-maximus-rule = The game has five rounds and each deals the whole deck. Trump is not turned up but fixed per round: clubs, diamonds, hearts, spades, then no trump. The dealer never chooses trump.

# same in both
variant-saboteur-name = Wizard Saboteur
variant-saboteur-help = The dealer does not bid, scores 20, and tries to make the others miss.
variant-saboteur-rule = The dealer skips the bidding and scores 20 points for the round, whatever happens; the dealer plays to make the other players miss their bids. Bidding starts left of the dealer and ends with the player on the dealer's right. One exception in the Camelot Edition: in a round whose every trick is a null trick (a 1-card round that Excalibur takes) nobody scores, the dealer included.

variant-third-time-name = Third Time's The Harm
variant-third-time-help = In rounds 3, 6, 9 … everyone bids before seeing their cards.
variant-third-time-rule = Every third round of the game (the 3rd, 6th, 9th … round played, whatever its number of cards, also with Quick play, Nannie's Rule or Wizard Maximus) all players bid before they see their hands. The hands are shown once the bidding is over. The turned-up card and trump can be seen. A dealer who must choose trump in such a round chooses it without seeing their hand. In a Forehead card round everyone still sees the others' cards.

variant-quick-name = Quick play
variant-quick-help = Hands grow by 2 cards a round; the last round deals every card.
variant-quick-rule = Hand sizes grow by two each round and the last round deals the whole deck. With 3, 5 or 6 players the first round deals 2 cards, with 4 players 1 card. So together with the Forehead card, which needs a 1-card round, it is played by 4 players only: a table of 3, 5 or 6 cannot start.

variant-nannie-name = Nannie's Rule
variant-nannie-help = Reverse order, biggest hand first; the lowest total drops out every 2nd round.
variant-nannie-rule = The rounds go from the largest hand down to 1 card, with the hand sizes of the starting number of players even after eliminations. After every second round (or every third, if the table chooses) the player with the lowest total among those still in is eliminated; on a tie for lowest nobody is eliminated that time. Eliminated players no longer deal, bid or play, and their totals freeze. The game ends after the 1-card round or when one player remains; an elimination due after the last round still takes place, though it changes nobody's place. In the final standings the players still in rank by total above every eliminated player, and the eliminated players rank in reverse order of elimination (the last one out is next): only a player still in can win.

variant-gizzard-fester-name = Smyrna Style (Gizzard/Fester)
variant-gizzard-fester-help = Call Gizzard! with a Wizard and Fester! with a Jester, or the card flips.
variant-gizzard-fester-rule = Whoever plays a Wizard must call "Gizzard!", and whoever plays a Jester must call "Fester!". A card played without its call counts as the opposite: a Wizard as a Jester, a Jester as a Wizard, in every respect (for following suit too). The call is made before playing the card, the table sees it, and it is used up by the caller's next card: a call that does not match that card is wasted. Each player is offered only the calls for the Wizards and Jesters they hold. Merlin needs no call: its declaration stands and it never flips. In the Forehead card round nobody calls, and Wizards and Jesters count as themselves, since their players only see them land.

variant-forehead-name = Forehead card
variant-forehead-help = In the 1-card round you see everyone's card but your own.
variant-forehead-rule = In the round with one card each, every player sees the other players' cards but not their own, and bids on that. Your own card stays hidden until it is played: each player plays it unseen, and a dealer who must choose trump in that round chooses without seeing it. The others' cards stay in view all round, also when it is a Third Time's The Harm round. A Merlin played unseen counts as a Jester if its player bid 0, otherwise as a Wizard (for a Saboteur dealer too). With Smyrna Style nobody calls in this round. The table needs a 1-card round, so it cannot be played with Wizard Maximus, and with Quick play only by 4 players.

## The presets of a lobby and of the server settings.

rules-preset-classic-name = Classic (US rules)
rules-preset-classic-help = The published rules, no variants.

rules-preset-german-name = German
rules-preset-german-help = Classic with the common German rule: the bids may not add up.

rules-preset-tournament-name = Tournament
rules-preset-tournament-help = Classic with the Canadian Rule for a dealer who leads.

# same in both
rules-preset-camelot-name = Camelot
rules-preset-camelot-help = The Camelot Edition and its special cards.

## The variants the rulebook names that the bot does not offer, and why.

rules-unsupported-no-definition = named in the rulebook, but no trustworthy definition has been found

## The classic rules, one message a line (Markdown).

rules-classic-intro = **Wizard (classic)**: 3 to 6 players, 60 cards: four suits of 2 to A (ace high), 4 Wizards, 4 Jesters.
rules-classic-rounds = **Rounds.** Round 1 deals 1 card each, round 2 deals 2, and so on until the deck runs out (20 rounds with 3 players, 15 with 4, 12 with 5, 10 with 6). The deal passes left every round.
rules-classic-first-dealer = **First dealer.** Everyone draws a card; the highest deals. Suits don't matter, Wizards beat aces, Jesters are lowest, and players tied for highest draw again.
rules-classic-trump = **Trump.** The card under the deal is turned up: a suit makes that suit trump, a Jester means no trump, a Wizard lets the dealer pick a suit after seeing their hand. In the last round nothing is left to turn: no trump.
rules-classic-bidding = **Bidding.** From the dealer's left, everyone says how many tricks they will take (0 up to the cards dealt). Bids are public.
rules-classic-play = **Play.** The dealer's left leads the first trick, each trick's winner leads the next. The first suit card sets the suit to follow (a Jester never does). You must follow that suit if you can, but a Wizard or a Jester may always be played. A Wizard played before any suit card frees everyone for that trick. Nobody is forced to trump.
rules-classic-taker = **Who takes the trick.** The first Wizard; else the highest trump; else the highest card of the led suit; if only Jesters were played, the first Jester.
rules-classic-scoring = **Scoring.** Exact bid: 20 points plus 10 per trick. Missed: minus 10 per trick over or under.
rules-classic-end = **End.** After the last round the highest total wins; players tied on it share the win. Players are placed by total; tied players share a place and the places they fill are skipped (50, 50, 30: 1st, 1st, 3rd).

## The Camelot rules, one message a line (Markdown).

rules-camelot-intro = **Wizard Camelot Edition**: classic Wizard with a new deck and four new special cards.
rules-camelot-deck = **Deck.** The 2s are out: four suits of 3 to A, 4 Wizards, 4 Jesters, and Merlin, Excalibur, Morgan le Fay and the Holy Grail (60 cards). The last round deals everything, so it has no trump.
rules-camelot-first-dealer = **First dealer.** Highest draw deals; every special card except the Jester ranks above aces.
rules-camelot-trump = **Trump.** A suit card turned up sets trump, a Jester means no trump, any other special card lets the dealer pick a suit (never no trump).
rules-camelot-positions = **Positions.** In each trick the leader is position 1 (odd), the next player 2 (even), and so on.
rules-camelot-specials = **Special cards.** Every special card may always be played.
rules-camelot-merlin = - *Merlin*: declared as a Wizard or as a Jester when played, and then is exactly that card.
rules-camelot-grail = - *Holy Grail*: from an even position it takes the trick over everything; from an odd position it always loses.
rules-camelot-morgan = - *Morgan le Fay*: beats everything except an even-position Holy Grail.
rules-camelot-excalibur = - *Excalibur*: beats everything except Morgan le Fay and an even-position Holy Grail.
rules-camelot-taker = **Who takes the trick.** In order: an even-position Holy Grail; Morgan le Fay; Excalibur; the first Wizard (Merlin as a Wizard included); the highest trump; the highest card of the led suit; otherwise the first Jester (or Merlin as a Jester).
rules-camelot-null-tricks = **Null tricks.** A trick Excalibur takes counts for nobody, but its player leads the next trick.
rules-camelot-no-score-round = **No-score round.** If every trick of a round is a null trick, nobody's score changes that round, not even a Wizard Saboteur dealer's. Only a 1-card round that Excalibur takes can be one: usually round 1, under Nannie's Rule the last round.
rules-camelot-following = **Following suit.** The first suit card sets the suit. Only a Wizard (or Merlin as a Wizard) played before any suit card frees everyone from following; the other specials neither set nor free the suit.
rules-camelot-example = **Example.** In the trick 4♦, A♦, Wizard, Holy Grail, the Holy Grail is played 4th, an even position, and takes the trick (the rulebook's text for this example names the Wizard by mistake; its heading and the card's rule say the Holy Grail).
rules-camelot-scoring = **Scoring and end.** As classic: 20 + 10 per trick for an exact bid, -10 per trick off; ties for the highest total share the win, and tied players share a place.

## The pages of /wizard rules.

# The topics, as autocomplete offers them.
rules-topic-classic = Classic Wizard rules
rules-topic-camelot = Camelot Edition rules
rules-topic-variants = All variants (house rules)
rules-topic-variant = Variant: { $name }
rules-topic-unsupported = Variants not supported yet
rules-unknown-topic = There is no rules topic called { $topic }. Choose one of: { $topics }.
# An edition's page: its title, and the field that lists the other topics. The commands are named as
# Discord shows them in this language (commands.ftl).
rules-edition-title = { $edition } rules
rules-more-topics = More topics (`/wizard rules topic:…`)
# The title of the next embed when a page needs more than one.
rules-continued = { $title } (continued)
rules-variants-title = Variants
rules-variants-intro = House rules a table can add. A server's defaults are chosen with `/wizard settings`; `/wizard rules topic:<variant>` gives the full rule.
# same in both
rules-variants-line = **{ $name }** (`{ $id }`): { $help }
rules-unsupported-intro = The rulebook names these variants, but the bot does not offer them yet:
# same in both
rules-unsupported-line = **{ $name }**: { $why }.
# A house rule's page: its fields.
rules-in-short = In short
rules-cannot-combine = Cannot be combined with
rules-some-player-counts = Together only with some player counts
rules-at-no-player-count = { $name }: at no player count
rules-only-player-counts = { $name }: { $counts } players only
# The last two of several numbers ("3, 4 or 5").
rules-or = { $first } or { $last }
