# The email digest (digest_text.py): its subject, one line per notice, and the links at the end.
# English is the source: every other locale has the same ids and the same placeables
# (tests/unit/kit/test_server_catalogues.py). $game is the game's name ("Samurai"), $date a day
# written in the locale's medium style, $host a player's name.

## Subject
notifier-subject-awaiting = { $count ->
    [one] Daimyo: { $count } game awaits your move
   *[other] Daimyo: { $count } games await your move
}
notifier-subject-news = Daimyo: news of your games

## One line per notice
notifier-your-turn = { $game }: it is your move.
notifier-your-turn-until = { $game }: it is your move (until { $date }).
notifier-game-found = { $game }: a correspondence game has a seat for you.
notifier-time-low = { $game }: less than a day is left on your clock.
notifier-time-low-until = { $game }: less than a day is left on your clock (until { $date }).
notifier-game-ended = { $game }: the game has ended.
notifier-vacation = { $game }: your opponent is on vacation until { $date }.
notifier-friend-challenge = { $host } challenges you to { $game }.
notifier-friend-challenge-unnamed = A friend challenges you to { $game }.

## The end
notifier-open = Your games: { $url }
notifier-why = { $hours ->
    [one] You get this digest at most once an hour.
   *[other] You get this digest at most once every { $hours } hours.
}
notifier-stop = Stop these emails: { $url }
