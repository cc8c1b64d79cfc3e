### The leaderboard's private replies: /wizard leaderboard, stats, history (with its score sheets),
### /wizard forget-me and /wizard-admin's confirmations, results and refusals.

## Sorts and periods: the leaderboard's title, and the stats card's field names.

lb-sort-rating = Rating
lb-sort-wins = Wins
lb-sort-winrate = Win rate
lb-sort-average = Average score
lb-sort-accuracy = Bid accuracy
lb-period-all = All time
lb-period-month = This month
lb-period-week = This week
# The period with its first day ($date is written as the language writes dates).
lb-period-since-month = This month (since { $date }, UTC)
lb-period-since-week = This week (since Monday, { $date }, UTC)

## A leaderboard page.

lb-board-title = Wizard leaderboard · { $sort } · { $period }
lb-board-empty = No finished games in this server for this period yet.
# Marks the reader's own line on the page.
lb-board-me-marker = ◀ you
# The field with the reader's own line when it is on another page.
lb-board-you = You
lb-board-you-none = You have no finished games in this period.
lb-board-page = Page { $page }/{ $pages }
lb-board-provisional-note = ? = provisional rating (fewer than { $min } rated games)
lb-board-rate-note = players with fewer than { $min } games in the period come after the others
lb-board-current-ratings = ratings are current ones
lb-players = { $count ->
    [one] { $count } player
   *[other] { $count } players
  }

## The figures of one leaderboard line ($rate is a fraction: 0.25 is shown as 25%).

lb-figure-rating = rating { NUMBER($rating, useGrouping: 0) }
# A rating resting on too few games: marked with "?".
lb-figure-rating-provisional = rating { NUMBER($rating, useGrouping: 0) }?
lb-figure-wins = { $count ->
    [one] { $count } win
   *[other] { $count } wins
  }
lb-figure-winrate = { NUMBER($rate, style: "percent") } won
lb-figure-average = avg { NUMBER($average, minimumFractionDigits: 1, maximumFractionDigits: 1) }
lb-figure-accuracy = bids { NUMBER($rate, style: "percent") } exact
lb-figure-games = { $count ->
    [one] { $count } game
   *[other] { $count } games
  }

## A stats card.

lb-stats-title = Wizard stats · { $name }
lb-stats-description = { $member } in this server, all time.
lb-stats-games = Games
lb-stats-wins-shared = { $wins } ({ $shared } shared)
lb-percent = { NUMBER($rate, style: "percent") }
lb-average = { NUMBER($average, minimumFractionDigits: 1, maximumFractionDigits: 1) }
lb-stats-best = Best score
lb-stats-accuracy = { NUMBER($rate, style: "percent") } ({ $exact }/{ $rounds ->
    [one] { $rounds } round
   *[other] { $rounds } rounds
  } exact)
lb-rating = { NUMBER($rating, useGrouping: 0) }
lb-stats-provisional = { NUMBER($rating, useGrouping: 0) } (provisional: { $games } of { $min ->
    [one] { $min } rated game
   *[other] { $min } rated games
  })
lb-stats-unrated = { $count ->
    [one] 1 game
   *[other] { $count } games
  } not rated: a game is rated when at least { $members } members play it.
lb-stats-rank = #{ $rank } of { $players } by rating
lb-stats-trend = Trend, last { $count ->
    [one] { $count } rated game
   *[other] { $count } rated games
  }
lb-stats-hand-sizes = Bid accuracy by hand size
# One line of the table of bid accuracy by hand size: "12 cards  30/80  38%".
lb-stats-hand-cards = { $count ->
    [one] card
   *[other] cards
  }

## A history page, its menu and buttons.

lb-history-title = Wizard history
lb-history-none = { $member } has no finished games in this server yet.
lb-history-no-older = No older games.
lb-history-heading = { $member }'s games in this server:
# A member's place in a game ($place), from 1 to 6.
lb-place = { $place ->
    [1] 1st
    [2] 2nd
    [3] 3rd
   *[other] { $place }th
  }
# A member's result in a game: $place as lb-place writes it.
lb-history-result = **{ $place }** with { $score }
lb-history-result-plain = { $place } with { $score }
lb-history-erased = { $count } erased
lb-history-footer = Page { $page } · newest first · pick a game below for its score sheet
# same in both
lb-when = { $date }, { $time } UTC
lb-edition-classic = Classic
# same in both
lb-edition-camelot = Camelot
lb-pick-game = Show a game's score sheet
lb-newer = ◀ Newer
lb-older = Older ▶
lb-back-to-games = ◀ Back to the games

## A score sheet.

lb-sheet-title = Score sheet · { $edition } · { $when }
# A player's column in the score sheet, by seat: P1, P2...
lb-sheet-seat = P{ $seat }
lb-sheet-player = { $label } { $name }: **{ $place }** with { $score }
lb-sheet-erased = { $count ->
    [one] { $count } player's records were erased.
   *[other] { $count } players' records were erased.
  }
# The key of a score sheet's code blocks: their first column (#) is the round's number; lb-sheet-key when each
# round deals as many cards as its number, lb-sheet-key-cards when a column (n) gives the cards dealt.
lb-sheet-key = Each round (# = its number and cards dealt): bid/tricks and the running total; - no bid.
lb-sheet-key-cards = Each round (# = its number, n = cards dealt): bid/tricks and the running total; - no bid.
# A player eliminated by Nannie's Rule, in the rounds after it.
lb-sheet-out = out

## Computer players, as the table showed them.

# same in both
lb-computer = Computer
lb-level-easy = Easy
lb-level-medium = Medium
lb-level-hard = Hard

## Leaderboard page buttons.

lb-previous = ◀ Previous
lb-next = Next ▶
lb-my-place = My place

## Refusals.

lb-only-in-a-server = This only works in a server.
lb-choose-from-lists = Choose a sort and a period from the lists.
lb-stats-none-you = You have no finished Wizard games in this server yet.
lb-stats-none-member = { $member } has no finished Wizard games in this server yet.
lb-game-gone = That game is not in this server's records any more.
lb-pick-one-game = Pick one game from the list.

## Erasing records after a yes/no.

lb-only-the-asker = Only the member who asked can answer this.
lb-need-manage-server = You need the Manage Server permission for this; nothing was erased.
lb-nothing-erased = Nothing was erased.
lb-no-answer = No answer: nothing was erased.
lb-keep-everything = Keep everything
lb-forget-question = Erase **your** Wizard records in **this server**: your results, round-by-round sheets, stats and rating? Other servers keep theirs (run this there too), other players keep their own results, and games you finish later are recorded again. This cannot be undone.
lb-forget-button = Erase my records
lb-forget-done = Done: your records of { $count ->
    [one] { $count } game
   *[other] { $count } games
  } in this server were erased.
lb-reset-question = Reset this server's Wizard leaderboard? Every result, score sheet, stat and rating of every member in **this server** is erased. This cannot be undone.
lb-reset-button = Reset the leaderboard
lb-reset-done = Done: the leaderboard was reset; the records of { $count ->
    [one] { $count } game
   *[other] { $count } games
  } were erased.
lb-remove-question = Erase { $member }'s Wizard records in **this server**: their results, score sheets, stats and rating? Other players keep their own results. This cannot be undone.
lb-remove-button = Erase their records
lb-remove-done = Done: { $member }'s records of { $count ->
    [one] { $count } game
   *[other] { $count } games
  } in this server were erased.

## Seasons and practice games.

# A season's board whose ratings started from scratch with the season.
lb-board-season-ratings = ratings of this season alone
# An ended season's board that shows all-time ratings: as they were after each player's last game in it.
lb-board-ratings-at-end = ratings as they stood after each player's last game of the season
lb-period-or-season = Choose a period or a season, not both.
lb-season-gone = That season is not in this server's records.
# $season: a season's name.
lb-stats-none-you-season = You have no finished Wizard games in season { $season }. `season: All time` shows all your games.
lb-stats-none-member-season = { $member } has no finished Wizard games in season { $season }.
# A game played with the coach: in history, but in no rating, board or record.
lb-history-practice = 🎓 practice (coached), not rated
