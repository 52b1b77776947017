"""The notifier: what a player hears of while no page of theirs is open (Web Push, email digests)."""
