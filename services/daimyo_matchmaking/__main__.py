"""`python -m daimyo_matchmaking`: the matchmaking service (gRPC 50052, metrics 9102 by default)."""

from daimyo_matchmaking.bootstrap import main

main()
