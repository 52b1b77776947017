# O resumo por email: o assunto, uma linha por aviso e os links no fim.

## Assunto
notifier-subject-awaiting = { $count ->
    [one] Daimyo: { $count } partida espera sua jogada
   *[other] Daimyo: { $count } partidas esperam sua jogada
}
notifier-subject-news = Daimyo: novidades das suas partidas

## Uma linha por aviso
notifier-your-turn = { $game }: é a sua jogada.
notifier-your-turn-until = { $game }: é a sua jogada (até { $date }).
notifier-game-found = { $game }: uma partida por correspondência tem um lugar para você.
notifier-time-low = { $game }: resta menos de um dia no seu relógio.
notifier-time-low-until = { $game }: resta menos de um dia no seu relógio (até { $date }).
notifier-game-ended = { $game }: a partida terminou.
notifier-vacation = { $game }: seu adversário está de férias até { $date }.
notifier-friend-challenge = { $host } desafia você para { $game }.
notifier-friend-challenge-unnamed = Um amigo desafia você para { $game }.

## O fim
notifier-open = Suas partidas: { $url }
notifier-why = { $hours ->
    [one] Você recebe este resumo no máximo uma vez por hora.
   *[other] Você recebe este resumo no máximo uma vez a cada { $hours } horas.
}
notifier-stop = Parar estes emails: { $url }
