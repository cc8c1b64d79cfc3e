"""Replays and game records of finished games: /wizard replay, /wizard record and `bot.py replay FILE`."""
