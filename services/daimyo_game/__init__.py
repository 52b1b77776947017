"""The game service: every game is an event stream; its state is a fold of that stream."""
