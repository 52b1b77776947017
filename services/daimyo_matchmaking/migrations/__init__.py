"""SQL migrations of the matchmaking schema, applied in file-name order at service start."""
