"""The game table: lobbies, running games, private hands and controls, computer players and restarts."""
