"""The leaderboard: finished games' results, ratings, rankings, stats, history and erasure.

Without Discord: ``results`` (what a finished game leaves, and recording it; the table store imports
it), ``ratings`` (openskill), ``periods``, ``queries`` (reading) and ``erasure``. With Discord:
``embeds``, ``components`` (the replies' buttons and menu), ``commands`` (what /wizard leaderboard, stats
and history answer), ``confirm`` (erasing after a yes/no), ``admin`` (the /wizard-admin cog) and ``cog``
(the extension). ``board`` re-exports what ``cogs/wizard.py`` has not switched yet.

Every reply is private, in the language of the member who reads it
(``server_settings.language.reply_texts``: their Discord client's, else the server's), with its words
from ``cogs/locales/<language>/leaderboard.ftl``.
"""
