"""The bot service: suggests a move for one seat from that seat's view only, and the driver
that plays bot seats through the game service like any other player."""
