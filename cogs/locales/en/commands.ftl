### The slash commands' names and descriptions, their options' and their choices' names, as Discord shows
### them. A name has at most 32 characters: lowercase letters, digits, - and _ (no spaces); a description
### or a choice has at most 100 characters.

# same in both: the game's name.
command-wizard-name = wizard
command-wizard-description = Play the card game Wizard

command-help-name = help
command-help-description = Show what this bot does, its commands and a summary of the rules.

command-new-name = new
command-new-description = Open a table in this channel for others to join.
# same in both: German says Edition too.
command-new-edition-name = edition
command-new-edition-description = Which deck to play (default: this server's choice in /wizard { command-settings-name })
command-edition-classic = Classic Wizard
command-edition-camelot = Camelot Edition

# same in both: German says Hand too.
command-hand-name = hand
command-hand-description = Show your hand in this channel's game, only to you, with your controls.

command-table-name = table
command-table-description = Bring this channel's table back to the bottom of the channel, below the chat.

command-end-name = end
command-end-description = End this channel's game early (host or Manage Server); no results are recorded.

command-leave-name = leave
command-leave-description = Leave this channel's game; a computer plays your seat to the end, and it won't count for you.

command-leaderboard-name = leaderboard
command-leaderboard-description = Show this server's Wizard ranking, only to you.
command-leaderboard-sort-name = sort
command-leaderboard-sort-description = What to rank by (default: rating)
command-leaderboard-period-name = period
command-leaderboard-period-description = Which games count (default: all)

command-stats-name = stats
command-stats-description = Show a member's Wizard stats and rating in this server, only to you.
command-stats-member-name = member
command-stats-member-description = Whose stats to show (default: yours)

command-history-name = history
command-history-description = List a member's recent games in this server, with their score sheets, only to you.
command-history-member-name = member
command-history-member-description = Whose games to list (default: yours)

command-forget-me-name = forget-me
command-forget-me-description = Erase your Wizard records in this server, after a confirmation.

command-rules-name = rules
command-rules-description = Show the rules of an edition or of a variant, only to you.
command-rules-topic-name = topic
command-rules-topic-description = An edition, a variant, 'variants' or 'unsupported' (default: classic rules)

command-settings-name = settings
command-settings-description = Choose this server's default rules, timers, pictures and language (Manage Server).

## /wizard help: what the bot is, how a game goes here, the commands and a summary of the rules.

# same in both: the game's name.
help-title = Wizard
help-about = Play **Wizard**, the trick-taking card game for 3 to 6 players, right in a server channel. The table, the bids and the tricks are shown to everyone in the channel; your hand is shown only to you.
help-how-to-play-title = How to play here
# How a game goes in Discord, step by step, naming the buttons and commands by their own messages.
help-how-to-play =
    1. `/wizard { command-new-name }` opens a table in the channel; players click **{ lobby-button-join }**. The host can add computer players and choose house rules, then clicks **{ lobby-button-start }**.
    2. Your hand comes by direct message. If your DMs are closed, press **{ table-button-show-hand }** on the table or use `/wizard { command-hand-name }`: only you see it.
    3. Your hand has buttons for your bids and your cards all round: press one on your turn. The table shows whose turn it is; if you take a while, a short reminder comes by DM.
    4. If the server has a turn timer, the table shows when your turn runs out; then a computer plays that turn for you, and after two missed turns in a row your seat, until you press **{ table-button-take-back }**.
    5. The final standings have a **{ table-button-play-again }** button for a new table with the same rules.
    6. `/wizard { command-leave-name }` hands your seat to a computer for the rest of the game; `/wizard { command-end-name }` ends it early, with no results recorded (the host or Manage Server).
    7. Chat pushed the table out of sight? `/wizard { command-table-name }` brings it back to the bottom.
help-how-to-play-continued = How to play here (continued)
help-commands = Commands
help-more-commands = More commands
help-rules = Rules
help-rules-continued = Rules (continued)

## /wizard-admin (declared in cogs/leaderboard/admin.py).

command-admin-name = wizard-admin
command-admin-description = Manage this server's Wizard leaderboard
command-admin-reset-name = reset-leaderboard
command-admin-reset-description = Erase this server's Wizard results, stats and ratings, after a confirmation.
command-admin-remove-name = remove-member
command-admin-remove-description = Erase one member's Wizard records in this server, after a confirmation.
command-admin-remove-member-name = member
command-admin-remove-member-description = The member whose records to erase

## Seasons and server records (issue 28): the season: options, /wizard stats server and /wizard season.

command-leaderboard-season-name = season
command-leaderboard-season-description = Which season's board (default: the current season, else all time)
command-stats-season-name = season
command-stats-season-description = Which season's stats (default: the current season, else all time)
# same in both: German says server too.
command-stats-server-name = server
command-stats-server-description = Show this server's records and who holds them instead
command-history-season-name = season
command-history-season-description = Which season's games (default: the current season, else all time)
command-season-name = season
command-season-description = This server's Wizard seasons
command-season-start-name = start
command-season-start-description = Start a season of this server's Wizard games (Manage Server).
# same in both: German says name too.
command-season-start-name-name = name
command-season-start-name-description = The season's name, such as Spring Cup
command-season-start-ends-name = ends
command-season-start-ends-description = Its last day (UTC), such as 2026-03-31; none: until you end it
command-season-end-name = end
command-season-end-description = End the running season now and announce its champion (Manage Server).
command-season-show-name = show
command-season-show-description = Show a season with its board and champion, only to you.
command-season-show-season-name = season
command-season-show-season-description = Which season (default: the current one, else the latest)

## /wizard replay and /wizard record (declared in cogs/wizard.py, answered by cogs/replay).

command-replay-name = replay
command-replay-description = Replay a finished game of this server trick by trick, only to you.
command-replay-game-name = game
command-replay-game-description = The game's number (your recent games are suggested)
command-record-name = record
command-record-description = Download a finished game's record (JSON) and score sheet (CSV), only to you.
command-record-game-name = game
command-record-game-description = The game's number (your recent games are suggested)
command-me-name = me
command-me-description = Your own settings here: language, pictures, plain text for screen readers, turn reminders.
