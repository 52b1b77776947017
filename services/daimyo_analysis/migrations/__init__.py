"""SQL migrations of the analysis schema, applied in file-name order (the `migrate` role,
after matchmaking)."""
