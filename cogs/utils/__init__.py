"""Helpers shared by the bot and its cogs: settings and the database."""
