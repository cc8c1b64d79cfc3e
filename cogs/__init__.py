"""Extensions loaded by bot.py: every module here except utils and names starting with "_"."""
