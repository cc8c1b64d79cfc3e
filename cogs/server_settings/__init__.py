"""Server settings: each server's defaults for new tables, chosen by its managers in `/wizard settings`.

``panel`` holds the stored settings (``ServerSettingsStore``) and the settings panel's embed, menus and
buttons.
"""
