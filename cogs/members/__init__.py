"""Each member's own settings (``/wizard me``): the language of what the bot tells them privately,
pictures, plain text for screen readers, and turn reminders, stored per member and server."""
