"""The leaderboard: finished games' results, ratings, rankings, stats, history and erasure.

``board`` holds the results, ratings, queries, embeds and buttons; ``admin`` the `/wizard-admin` commands.
"""
