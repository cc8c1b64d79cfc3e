### What any part of the bot may answer: the apology for an unexpected error, refusals of controls and
### commands that cannot be served, and lengths of time in words.

# An unexpected error; the error id follows it (reply-error-id).
reply-sorry = Something went wrong on my side. The error was logged; please try again.
# An error while storing: every action is stored before anything else happens, so nothing changed.
reply-not-saved = I couldn't save that, so nothing changed. Please try again in a moment.
# After reply-sorry or reply-not-saved: the id under which the error was logged.
reply-error-id = (Error id: `{ $reference }`)

reply-invalid-button = That button isn't valid.
reply-invalid-menu = That menu isn't valid.
reply-shutting-down = The bot is shutting down, try again in a minute.

# Slash-command errors the user caused.
reply-cooldown = Slow down: you can use this again in { $seconds ->
    [one] 1 second
   *[other] { $seconds } seconds
}.
reply-server-only = This command only works in a server channel.
# $permissions: one or more names of Discord permissions (reply-permission-…), separated by commas.
reply-missing-permissions = You need the { $permissions } permission for this.
reply-bot-missing-permissions = I need the { $permissions } permission in this channel.
reply-invalid-value = { $value } is not a valid value here.
reply-check-failed = You can't use this here.

# Discord's permissions, as Discord's own settings name them.
reply-permission-manage-guild = Manage Server
reply-permission-view-channel = View Channel
reply-permission-send-messages = Send Messages
reply-permission-embed-links = Embed Links
reply-permission-attach-files = Attach Files
reply-permission-read-message-history = Read Message History
reply-permission-use-external-emojis = Use External Emojis

# The commands of a channel's game.
reply-no-table = There is no table in this channel. Start one with `/wizard { command-new-name }`.
reply-no-game = There is no game running in this channel. Start one with `/wizard { command-new-name }`.
reply-table-closed = This channel's table has just closed.

# A length of time, to the second.
reply-duration-minutes = { $minutes ->
    [one] 1 minute
   *[other] { $minutes } minutes
}
reply-duration-seconds = { $seconds ->
    [one] 1 second
   *[other] { $seconds } seconds
}
reply-duration-minutes-seconds = { $minutes ->
    [one] 1 minute
   *[other] { $minutes } minutes
} { $seconds ->
    [one] 1 second
   *[other] { $seconds } seconds
}
