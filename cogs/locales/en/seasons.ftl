### Seasons and server records: /wizard season start, end and show, the season: option, an ended
### season's announcement in the channel the managers chose, and /wizard stats server.

## A season in words ($name: its name; a monthly season's is its month, "March 2026").

season-all-time = All time
# An entry of the season: option's list: the season that is running.
season-choice-running = { $name } (running)
season-line-running = Season **{ $name }**, since { $since }
season-line-until = Season **{ $name }**, { $since } to { $until } (UTC)
season-line-ended = Season **{ $name }**, { $since } to { $until } (ended)
season-champion = Champion: { $member } 🏆
season-champion-none = Nobody played in this season.
season-fresh-ratings = Ratings in this season started from scratch; all-time ratings went on.

## /wizard season show, and the announcement of an ended season.

season-title = Wizard season: { $name }
season-board-empty = No finished games in this season yet.
season-footer = { $count ->
    [one] { $count } player
   *[other] { $count } players
  } · by rating
season-over-title = Season { $name } is over
season-over-see-more = The whole board: `/wizard season show`.

## Answers to the managers, and refusals.

season-started = Season **{ $name }** has started: every finished game counts in it until you end it with `/wizard season end`.
# $date: the season's last day.
season-started-until = Season **{ $name }** has started: every finished game counts in it up to and including { $date } (UTC).
season-ended = Season **{ $name }** has ended; its board and champion are kept.
season-refused-running = Season **{ $name }** is still running: end it first with `/wizard season end`.
season-refused-none-running = No season is running in this server.
season-refused-name-taken = This server already had a season of that name. Choose another one.
season-refused-name = A season's name has 1 to { $limit } characters.
season-refused-name-reserved = That name is taken by the season option itself: choose a name with letters.
season-refused-ends-past = A season has to end after today.
# $text: what the manager wrote.
season-refused-ends-format = I can't read “{ $text }” as a day: write it as 2026-03-31 or 31.03.2026.
season-refused-unknown = This server has no season called “{ $name }”. Pick one from the list.
season-refused-no-seasons = This server has had no seasons yet. Managers start one with `/wizard season start`.
season-refused-pick-one = Pick a season from the list.

## /wizard stats server: the server's records, and who holds them (members only).

records-title-all = Wizard records of this server
records-title-season = Wizard records of season { $name }
records-description = Members only; practice games don't count. Bid accuracy needs at least { $min } games.
records-none = Not set yet.
records-score-name = Highest score
records-score = **{ NUMBER($score, useGrouping: 0) }** by { $holders }
records-streak-name = Most bids made in a row (in one game)
records-streak = **{ $count ->
    [one] { $count } round
   *[other] { $count } rounds
  }** by { $holders }
records-accuracy-name = Best bid accuracy
records-accuracy = **{ NUMBER($rate, style: "percent") }** by { $holder } ({ $exact }/{ $rounds } rounds exact over { $games } games)
records-accuracy-none = Nobody has played { $min } games yet.
