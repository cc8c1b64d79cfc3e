"""Running the bot as a service: one process per database (``lock``), consistent copies of the live
database and automatic ones before an upgrade (``backup``), the health check and Prometheus metrics
(``metrics``), and the bot run offline in SimCord, played from a local page (``sandbox``, which needs the
optional `sandbox` extra and is imported only by ``bot.py sandbox``). Not a feature of the game: nothing
here knows about Wizard, and ``bot.py`` uses it."""
