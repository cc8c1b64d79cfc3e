### Words every feature uses.

# The bot's languages, each by its own name (the settings menu).
# same in both
language-en = English
# same in both
language-de = Deutsch
