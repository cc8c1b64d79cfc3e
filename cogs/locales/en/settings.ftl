### /wizard settings: the panel where a server's managers choose the defaults of its new tables.

settings-title = Wizard settings for this server
settings-description = New tables in this server start with these settings. Every change is saved at once. Only members with Manage Server can change them.
settings-footer-rules = Page 1/3: rules. The turn timer, lobby timeout, pictures, language and coach are on page 2, seasons on page 3.
settings-footer-more = Page 2/3: turn timer, lobby timeout, pictures, language and coach. Seasons are on page 3.
settings-footer-seasons = Page 3/3: seasons. A change of fresh ratings applies to seasons started after it.

# The settings' names: the embed's fields and the menus' placeholders.
# same in both: German says Edition too.
settings-edition = Edition
settings-preset = Preset
settings-variants = Variants
settings-turn-timer = Turn timer
settings-lobby-timeout = Lobby timeout
settings-pictures = Pictures
settings-language = Language
settings-coach = Coach

settings-edition-classic = Classic
# same in both: the edition's name.
settings-edition-camelot = Camelot
settings-edition-classic-option = Classic edition
settings-edition-camelot-option = Camelot edition
settings-preset-none = None (custom)
settings-preset-placeholder = Apply a preset (edition and variants)
settings-variants-none = None
settings-variants-placeholder = Variants: none

# $variant is the name of Nannie's Rule; $every is 2 or 3.
settings-nannie-every = { $variant } (eliminating every { $every ->
    [3] 3rd
   *[other] 2nd
} round)
settings-nannie-option = { $variant }: eliminate every { $every ->
    [3] 3rd
   *[other] 2nd
} round
settings-nannie-placeholder = { $variant } elimination
settings-nannie-off = { $variant } is off

settings-on = On
settings-off = Off
# $timer: a length of time, such as "2 minutes".
settings-timer-default = { $timer } (default)
settings-timer-option = Turn timer: { $timer }
settings-minutes = { $count ->
    [one] { $count } minute
   *[other] { $count } minutes
}
# $timeout: the bot's own lobby timeout (WIZARD_LOBBY_TIMEOUT_MINUTES), such as "30 minutes".
settings-lobby-bot-default = Bot default ({ $timeout })
settings-lobby-option = Lobby timeout: { $timeout }
settings-pictures-bot-on = Bot default (on)
settings-pictures-bot-off = Bot default (off)
settings-pictures-on-button = Pictures on
settings-pictures-off-button = Pictures off
settings-pictures-bot-on-button = Pictures: bot default (on)
settings-pictures-bot-off-button = Pictures: bot default (off)
# The coach's default for new tables (the host can still turn it on or off in each lobby).
settings-coach-on = On: hints for members; games are practice, not rated
settings-coach-off = Off
settings-coach-on-button = Coach on
settings-coach-off-button = Coach off

# $language: a language's own name (English, Deutsch): the one the server's Discord settings ask for.
settings-language-auto = Automatic ({ $language })
settings-language-option = Language: { $language }
settings-language-auto-description = Follows the language in the server's Discord settings

settings-page-more = More settings ▶
settings-page-rules = ◀ Rules
settings-page-seasons = Seasons ▶
settings-page-back-more = ◀ More settings
settings-reset = Reset to defaults

settings-not-offered = That choice isn't offered. Nothing was changed.
# $reason: why the rules do not allow it, a sentence from the rules core (core.ftl).
settings-not-allowed = That combination isn't allowed: { $reason } Nothing was changed.
settings-only-in-a-server = Server settings only work in a server.
settings-manage-server = You need the Manage Server permission to change this server's Wizard settings. Nothing was changed.

## The seasons page.

settings-seasons = Seasons
# $state: On or Off.
settings-seasons-monthly = Monthly seasons (one per calendar month, UTC): { $state }
settings-seasons-fresh = Ratings start from scratch each season: { $state }
# $channel: a channel mention.
settings-seasons-channel = An ended season is announced in { $channel }
settings-seasons-channel-none = An ended season is announced nowhere
settings-season-monthly-on = Monthly seasons on
settings-season-monthly-off = Monthly seasons off
settings-season-fresh-on = Fresh ratings each season
settings-season-fresh-off = All-time ratings in seasons
settings-season-channel-here = Announce in this channel
settings-season-channel-none = Announce nowhere
