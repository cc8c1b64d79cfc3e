"""Server settings: each server's defaults for new tables, chosen by its managers in `/wizard settings`.

``store`` keeps the settings (``ServerSettings``, ``ServerSettingsStore``), which the tables read;
``panel`` is the settings panel that shows and changes them; ``cog`` is the extension that switches the
feature on.
"""
