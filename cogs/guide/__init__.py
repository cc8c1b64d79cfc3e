"""The guide: what `/wizard help` and `/wizard rules` show."""
