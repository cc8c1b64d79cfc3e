## /wizard me: a member's own settings in a server

me-title = Your settings in { $server }
me-description = How the bot talks to you privately in this server: your hand, your turn reminders and its private answers. Only you see them.
me-language = **Language:** { $value }
me-language-client = your Discord language ({ $lang })
me-pictures = **Pictures on your hand:** { $value }
me-plain = **Plain text for screen readers** (full card names, no pictures, no tables): { $value }
me-reminders = **Turn reminders** when you take a while: { $value }
me-on = on
me-off = off
me-language-placeholder = Language of your private messages
me-language-option-client = My Discord language
me-button-pictures = Pictures { $value }
me-button-plain = Plain text { $value }
me-button-reminders = Reminders { $value }
me-refusal-not-yours = These settings are someone else's: use /wizard me for your own.
me-refusal-server-only = Your settings belong to a server: use /wizard me there.
