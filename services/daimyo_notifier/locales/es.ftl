# El resumen por correo: el asunto, una línea por aviso y los enlaces del final.

## Asunto
notifier-subject-awaiting = { $count ->
    [one] Daimyo: { $count } partida espera tu jugada
   *[other] Daimyo: { $count } partidas esperan tu jugada
}
notifier-subject-news = Daimyo: novedades de tus partidas

## Una línea por aviso
notifier-your-turn = { $game }: te toca jugar.
notifier-your-turn-until = { $game }: te toca jugar (hasta el { $date }).
notifier-game-found = { $game }: una partida por correspondencia tiene un lugar para ti.
notifier-time-low = { $game }: queda menos de un día en tu reloj.
notifier-time-low-until = { $game }: queda menos de un día en tu reloj (hasta el { $date }).
notifier-game-ended = { $game }: la partida ha terminado.
notifier-vacation = { $game }: tu rival está de vacaciones hasta el { $date }.
notifier-friend-challenge = { $host } te desafía a { $game }.
notifier-friend-challenge-unnamed = Un amigo te desafía a { $game }.

## El final
notifier-open = Tus partidas: { $url }
notifier-why = { $hours ->
    [one] Recibes este resumen como mucho una vez por hora.
   *[other] Recibes este resumen como mucho una vez cada { $hours } horas.
}
notifier-stop = Dejar de recibir estos correos: { $url }
