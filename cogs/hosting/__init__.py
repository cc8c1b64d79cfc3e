"""Running the bot as a service: one process per database (``lock``), consistent copies of the live
database and automatic ones before an upgrade (``backup``), and the health check and Prometheus metrics
(``metrics``). Not a feature of the game: nothing here knows about Wizard, and ``bot.py`` uses it."""
