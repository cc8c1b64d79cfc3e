### Wörter, die jeder Teil des Bots braucht.

# Die Sprachen des Bots, jede mit ihrem eigenen Namen (im Einstellungsmenü).
# same in both
language-en = English
# same in both
language-de = Deutsch
