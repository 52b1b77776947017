# The shell's messages (header, lobby, lists, waiting, tables, live bar, chat, replay, end of
# game), the server's error and notice codes, and bot levels. English is the source: every other
# catalogue has the same ids and the same placeables (tests/unit/client/catalogues.test.js).

## Header

shell-tagline = · board games of feudal Japan
shell-nav-label = Main
shell-nav-play = Play
shell-nav-live = Live
shell-nav-replays = Replays
shell-nav-leaders = Leaders
shell-nav-mine = My games
shell-language-label = Language
shell-conn-connecting = connecting…
shell-conn-up = connected
shell-conn-down = reconnecting…
shell-sign-in = sign in
shell-account = account
shell-deleted-player = deleted player
shell-sign-out = sign out
shell-title-your-turn = ({ $count }) Your turn · { $title }
shell-badge-your-turn = { $count ->
    [one] your turn in { $count } game
   *[other] your turn in { $count } games
}

## Sign-in and lobby

shell-game-blurb = { $title }: { $blurb }.
shell-signin-intro = Play people or bots in your browser.
shell-your-name = Your name
shell-play-as-guest = Play as guest
shell-new-game = New game
shell-or-private-table = or a private table with friends →
shell-field-game = Game
shell-field-players = Players
shell-field-opponents = Opponents
shell-field-clock = Clock
shell-field-bot-level = Bot level
shell-field-seats = Seats
shell-field-table = Table
shell-play-people = Play people
shell-play-bots = Play bots
shell-allow-bots-after = Allow bots after { $seconds } s (if nobody else comes)
shell-clock-live = Live 10+10
shell-clock-blitz = Blitz 3+5
shell-clock-correspondence = 3 days a move
shell-clock-live-custom = Live { $minutes }+{ $increment }
shell-clock-blitz-custom = Blitz { $minutes }+{ $increment }
shell-clock-days = { $days ->
    [one] { $days } day a move
   *[other] { $days } days a move
}
shell-no-clock = no clock
shell-clock-kind-live = live
shell-clock-kind-correspondence = correspondence
shell-find-game = Find a game
shell-new-to-game = New to a game?
shell-how-to-play = How to play { $title }
shell-your-games = Your games
shell-friends-online = Friends online
shell-friends-online-more = and { $count } more
shell-loading = Loading…
shell-all-my-games = All my games →
shell-error-title = Something went wrong
shell-back-to-lobby = Back to the lobby
shell-match-found-elsewhere = A game was found for you: it is under My games
shell-unknown-game = Unknown game: { $name }

## Bots and seats

shell-bot-level-random = Easy (random)
shell-bot-level-greedy = Medium
shell-bot-level-mcts = Hard
shell-bot-level-expert = Expert
shell-bot-named = Bot ({ $level })
shell-seat-number = Seat { $seat }
shell-name-with-seat = { $name } { $seat }
shell-you = You
shell-you-object = you

## Lists and leaderboard

shell-live-title = Live games
shell-finished-title = Finished games
shell-watch = Watch
shell-replay = Replay
shell-play = Play
shell-open = Open
shell-none-right-now = None right now.
shell-col-game = Game
shell-col-players = Players
shell-col-moves = Moves
shell-col-player = Player
shell-col-rating = Rating
shell-col-games = Games
shell-col-turn = Turn
shell-col-time-left = Time left
shell-col-clock = Clock
shell-leaderboard-title = { $title } leaderboard
shell-leaders-counts = Player counts
shell-leaders-all-counts = Every player count
shell-leaders-count = { $count } players
shell-no-rated-games = No rated games yet.
shell-rated-label = Rated:
shell-rated-what = games between people only, matchmade or at a private table created as rated.
shell-not-rated-label = Not rated:
shell-not-rated-what = any game with a bot seat ("play bots", or bots that filled a table); private tables created as unrated.
shell-rated-abandoned = A player who left a rated game, or whose seat a bot finished, is ranked last in it.

## My games

shell-mine-finished-too = Finished games too
shell-mine-sound = Sound when it is my turn
shell-mine-none-yet = You have no game yet.
shell-mine-none-in-progress = No game in progress.
shell-won-by = Won by { $names }
shell-finished = Finished
shell-your-turn = Your turn
shell-to-play = { $names } to play

## Waiting for a table

shell-wait-title = Looking for a table…
shell-wait-time-label = time waited
shell-wait-estimate = Estimated wait: about { $seconds } s (from recent waits)
shell-wait-no-estimate = No estimate yet: nobody has waited for this game lately.
shell-wait-bots-now = Bots are taking the empty seats…
shell-wait-people-only = Waiting for people only.
shell-wait-bots-in = Bots fill the empty seats in { $seconds } s if nobody else comes.
shell-fill-with-bots = Fill with bots now
shell-cancel = Cancel
shell-ticket-cancelled = Your place in the queue was given up.
shell-ticket-cancelled-because = Your place in the queue was given up: { $reason }
shell-ticket-reason-absent = no page of yours was open for it

## Private tables

shell-table-form-title = A private table
shell-table-form-intro = Play friends: you get an invitation link to send them; you may seat bots in the seats left empty.
shell-table-rated = Rated (counts for the leaderboard)
shell-table-spectators = Spectators allowed (listed under Live)
shell-table-create = Create the table
shell-table-title = Private table
shell-table-title-game = Private table · { $title }
shell-table-seats = { $count ->
    [one] { $count } seat
   *[other] { $count } seats
}
shell-table-is-rated = rated
shell-table-not-rated = not rated
shell-table-spectators-allowed = spectators allowed
shell-table-no-spectators = no spectators
shell-table-waiting-for = { $count ->
    [one] Waiting for { $count } more player: the game starts when every seat is taken.
   *[other] Waiting for { $count } more players: the game starts when every seat is taken.
}
shell-table-starting = Starting…
shell-table-started = This table's game has started.
shell-table-watch-it = Watch it
shell-table-closed = This table was closed by its host.
shell-table-join = Join this table
shell-table-join-guest = Join as guest
shell-table-seat-bots = Seat bots in the empty seats
shell-table-close = Close the table
shell-table-leave = Leave the table
shell-table-invite = Invitation link (valid { $hours } h)
shell-table-copy = Copy link
shell-table-copied = Copied ✓
shell-table-empty-seat = Empty seat
shell-table-bots-order = bots sit in the first empty seats, in seat order
shell-table-bot-level-for = Bot level for seat { $seat }
shell-table-keep-for-friend = keep for a friend
shell-table-bot-option = bot: { $level }
shell-table-choose-bot = Choose a bot level for at least one empty seat.
shell-tag-host = host
shell-tag-you = you

## Live play

shell-reconnecting = Reconnecting…
shell-clock-bot = (bot)
shell-take-seat-back = Take your seat back
shell-time-out = Your time ran out: a bot plays for you.
shell-time-out-this-turn = Your time ran out: a bot plays for you this turn.
shell-leave-game = Leave game
shell-leave-confirm = Leave the game? A bot plays your seat, and you are ranked last unless you come back.
shell-time-days-hours = { $days }d { $hours }h
shell-time-hours-minutes = { $hours }h { $minutes }m
shell-seconds = { $seconds } s
shell-playback-label = Playback of other players' moves
shell-pace-label = Speed
shell-pace-instant = instant
shell-pace-fast = fast
shell-pace-normal = normal
shell-pace-slow = slow
shell-skip = Skip ▸▸
shell-playing-back = playing back · { $count } more
shell-zoom-label = Zoom the board
shell-zoom-in = Zoom in
shell-zoom-out = Zoom out
shell-zoom-fit = Fit
shell-zoom-fit-label = Show the whole board

## Chat

shell-chat-label = Table chat
shell-chat-players = Table chat
shell-chat-spectators = Spectators' chat
shell-chat-message = Message
shell-chat-send = Send
shell-chat-count = { $n } / { $max }
shell-chat-sign-in = Sign in to chat.
shell-chat-someone = someone
shell-chat-transcript-label = Chat of this game
shell-chat-title = Chat
shell-chat-channel-players = Players
shell-chat-channel-spectators = Spectators
shell-chat-empty = Nobody wrote in the chat.

## After the game

shell-after-label = After the game
shell-rematch = Rematch
shell-same-settings = New game, same settings
shell-open-replay = Open the replay
shell-result-no-winner = No winner.
shell-result-you-won = You won.
shell-result-winners = { $count ->
    [one] Winner: { $names }.
   *[other] Shared victory: { $names }.
}
shell-result-you-left = You left the game; a bot finished the seat, so it ranks last.
shell-result-left = { $name } left the game; a bot finished the seat, so it ranks last.
shell-rematch-declined-by = { $name } declined
shell-rematch-starting = The rematch is starting…
shell-rematch-starting-because = The rematch is starting: { $reason }.
shell-rematch-expired = The rematch offer expired.
shell-rematch-expired-because = The rematch offer expired: { $reason }.
shell-rematch-off = The rematch is off.
shell-rematch-off-because = The rematch is off: { $reason }.
shell-rematch-ready = { $name }: ✓ ready
shell-rematch-not-yet = { $name }: … not yet
shell-rematch-accept = Accept the rematch
shell-rematch-decline = Decline
shell-rematch-call-off = Call it off
shell-rematch-offered-by = { $name } offers a rematch.
shell-rematch-open = Rematch with seats rotated: it starts when everyone accepts — { $left } left.

## Replay

shell-replay-controls = Replay controls
shell-replay-first = First
shell-replay-previous = Previous
shell-replay-play-label = Play
shell-replay-play = ▶ Play
shell-replay-pause = ⏸ Pause
shell-replay-next = Next
shell-replay-last = Last
shell-replay-version = Version
shell-replay-view-as = View as
shell-replay-spectator = Spectator
shell-replay-reveal-all = Reveal all
shell-replay-start = { $moves ->
    [one] start · { $moves } move
   *[other] start · { $moves } moves
}
shell-replay-move-of = move { $move } of { $moves }

## Errors the server sends (error frames and REST errors: `error-<code>`, or
## `error-<code>-<arg>` when the error carries that argument)

error-malformed = The request was not understood.
error-malformed-field = The request was not understood: “{ $field }” is missing or wrong.
error-malformed-max-bytes = The message is too long: at most { $max_bytes } bytes.
error-illegal_move = That is not allowed now.
error-stale = The game moved on meanwhile: look again and choose once more.
error-not_found = Not found: it may have ended or never existed.
error-forbidden = You may not do that here.
error-blocked = A block stands between you and a player at this table: your line was not sent.
error-duplicate = That was done already.
error-unavailable = The service is busy or down: try again in a moment.
error-unauthenticated = Please sign in (again) first.
error-rate_limited = Too many requests: wait a moment and try again.
error-rate_limited-per-second = at most { $per_second } frames a second; frames over the rate are dropped
error-rate_limited-retry-after-seconds = Too many requests: try again in { $retry_after_seconds } s.
error-unsupported_version = This page is out of date: reload it to play on.
error-session_ended = You were signed out (on this or another device). Sign in again.
error-error = Something went wrong.

## Player notices (`notice-<code>`)

notice-match_found = A game was found for you.
notice-your_turn = It is your turn.
notice-rematch_offered = { $by } offers a rematch.
notice-rematch_started = The rematch has started.
notice-rematch_refused = The rematch is off.
notice-rematch_expired = The rematch offer expired.
notice-table_changed = Your private table changed.
notice-table_started = Your private table's game has started.
notice-ticket_cancelled = Your place in the queue was given up.
notice-challenge = { $host } challenges you to { $game }: open the table.

# issue 33: the table as players read it
shell-heading-play = { $title }: your game
shell-heading-watch = { $title }: watching a game
shell-heading-replay = { $title }: replay
shell-watching = { $count ->
    [one] { $count } watching
   *[other] { $count } watching
}
shell-after-title = What next?
shell-you-left = You left this game: a bot plays your seat now. You may take your seat back at any time, watch on, or go back to the lobby.
shell-news-left = { $name } has gone (left or lost the connection): a bot plays for them.
shell-news-you-left = You left: a bot plays your seat.
shell-news-timed-out = { $name } ran out of time: a bot plays their turn.
shell-news-you-timed-out = Your time ran out: a bot plays your turn.
shell-news-back = { $name } is back and plays again.
shell-news-lost-connection = { $name } lost connection.
shell-news-connected-again = { $name } is back.
shell-news-you-back = You took your seat back.
shell-col-started = Started
shell-moves-count =
  { $count ->
    [one] 1 move
   *[other] { $count } moves
  }
shell-unnamed-player = (no name yet)
shell-pause = Pause ❚❚
shell-play-on = Play on ▶
shell-step-one = Step ▸
shell-skip-title = Show everything up to now, where your next decision waits
shell-paused-at = paused · { $count } more
shell-pace-very-slow = very slow
shell-coach-label = Guided first game
shell-coach-title = Learning by playing
shell-coach-step = step { $n } of { $of }
shell-coach-next = Next
shell-coach-skip = Skip this step
shell-coach-end = End the guide
shell-coach-done = You know the basics: play this game to its end, and the how-to page has every rule.
shell-learn-by-playing = Learn { $title } by playing
