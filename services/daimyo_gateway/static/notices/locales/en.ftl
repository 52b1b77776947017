# Notices while the page is closed (issue 34): the settings panel on "My games", and what the
# service worker shows. The worker reads only simple messages (`id = text` with { $game }).

notices-title = Notices while Daimyo is closed
notices-push-on = Send notices to this device
notices-push-unsupported = This browser cannot receive notices.
notices-push-denied = Notices are blocked for this site in the browser's settings.
notices-push-failed = This device could not be signed up for notices.
notices-devices = { $count ->
    [one] One device receives your notices.
   *[other] { $count } devices receive your notices.
}
notices-kinds = Tell me when
notices-kind-your_turn = it is my turn in a correspondence game
notices-kind-game_found = a correspondence game was found for me
notices-kind-time_low = 24 hours are left on my clock
notices-kind-game_ended = a game of mine ended
notices-kind-vacation = an opponent goes on vacation
notices-kind-friend_challenge = a friend challenges me
notices-live-hidden = it is my turn in a live game while this tab is hidden
notices-quiet = Quiet hours ({ $zone })
notices-quiet-hint = the same start and end: no quiet hours
notices-save = Save
notices-saved = Saved.

notices-push-your_turn-title = Your turn
notices-push-your_turn-body = { $game }: it is your move.
notices-push-game_found-title = A game for you
notices-push-game_found-body = { $game }: a correspondence game has a seat for you.
notices-push-time_low-title = 24 hours left
notices-push-time_low-body = { $game }: your clock runs out in less than a day.
notices-push-game_ended-title = Game over
notices-push-game_ended-body = { $game }: the game has ended.
notices-push-vacation-title = An opponent is on vacation
notices-push-vacation-body = { $game }: your opponent's clock waits until { $until }.
notices-push-friend_challenge-title = A challenge
notices-push-friend_challenge-body = { $host } challenges you to { $game }.
notices-push-friend_challenge-nameless-body = A friend challenges you to { $game }.

notices-days-label = Days a move
notices-days = { $days ->
    [one] 1 day a move
   *[other] { $days } days a move
}
notices-bank = + a { $days }-day bank

notices-vacation = Vacation
notices-vacation-left = { $left } of { $total } vacation days left this year; while you are away, your correspondence clocks wait.
notices-vacation-until = On vacation until { $until }.
notices-vacation-take = Take
notices-vacation-days = { $days ->
    [one] 1 day
   *[other] { $days } days
}
notices-opponent-away = on vacation until { $until }
