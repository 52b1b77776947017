# Avisos con Daimyo cerrado (issue 34).

notices-title = Avisos con Daimyo cerrado
notices-push-on = Enviar avisos a este dispositivo
notices-push-unsupported = Este navegador no puede recibir avisos.
notices-push-denied = Los avisos de este sitio están bloqueados en la configuración del navegador.
notices-push-failed = No se pudo suscribir este dispositivo a los avisos.
notices-devices = { $count ->
    [one] Un dispositivo recibe tus avisos.
   *[other] { $count } dispositivos reciben tus avisos.
}
notices-kinds = Avísame cuando
notices-kind-your_turn = sea mi turno en una partida por correspondencia
notices-kind-game_found = se encuentre una partida por correspondencia para mí
notices-kind-time_low = queden 24 horas en mi reloj
notices-kind-game_ended = termine una partida mía
notices-kind-vacation = un rival se va de vacaciones
notices-kind-friend_challenge = un amigo me desafíe
notices-live-hidden = sea mi turno en una partida en vivo con esta pestaña oculta
notices-quiet = Horas de silencio ({ $zone })
notices-quiet-hint = inicio y fin iguales: sin horas de silencio
notices-save = Guardar
notices-saved = Guardado.

notices-push-your_turn-title = Tu turno
notices-push-your_turn-body = { $game }: te toca jugar.
notices-push-game_found-title = Una partida para ti
notices-push-game_found-body = { $game }: una partida por correspondencia tiene un lugar para ti.
notices-push-time_low-title = Quedan 24 horas
notices-push-time_low-body = { $game }: tu reloj se agota en menos de un día.
notices-push-game_ended-title = Fin de la partida
notices-push-game_ended-body = { $game }: la partida ha terminado.
notices-push-vacation-title = Un rival está de vacaciones
notices-push-vacation-body = { $game }: el reloj de tu rival espera hasta el { $until }.
notices-push-friend_challenge-title = Un desafío
notices-push-friend_challenge-body = { $host } te desafía a { $game }.
notices-push-friend_challenge-nameless-body = Un amigo te desafía a { $game }.

notices-days-label = Días por jugada
notices-days = { $days ->
    [one] 1 día por jugada
   *[other] { $days } días por jugada
}
notices-bank = + reserva de { $days } días

notices-vacation = Vacaciones
notices-vacation-left = Te quedan { $left } de { $total } días de vacaciones este año; mientras estés fuera, tus relojes por correspondencia esperan.
notices-vacation-until = De vacaciones hasta el { $until }.
notices-vacation-take = Tomar
notices-vacation-days = { $days ->
    [one] 1 día
   *[other] { $days } días
}
notices-opponent-away = de vacaciones hasta el { $until }
