"""The accounts service: who a player is (guest or account), names, passwords, passkeys, sessions."""
