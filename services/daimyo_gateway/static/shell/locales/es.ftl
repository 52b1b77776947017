# Mensajes del shell en español (mismos ids y marcadores que en.ftl).

## Header

shell-tagline = · juegos de tablero del Japón feudal
shell-nav-label = Principal
shell-nav-play = Jugar
shell-nav-live = En directo
shell-nav-replays = Repeticiones
shell-nav-leaders = Clasificación
shell-nav-mine = Mis partidas
shell-language-label = Idioma
shell-conn-connecting = conectando…
shell-conn-up = conectado
shell-conn-down = reconectando…
shell-sign-in = entrar
shell-account = cuenta
shell-deleted-player = jugador borrado
shell-sign-out = salir
shell-title-your-turn = ({ $count }) Tu turno · { $title }
shell-badge-your-turn = { $count ->
    [one] tu turno en { $count } partida
   *[other] tu turno en { $count } partidas
}

## Sign-in and lobby

shell-game-blurb = { $title }: { $blurb }.
shell-signin-intro = Juega contra personas o bots en tu navegador.
shell-your-name = Tu nombre
shell-play-as-guest = Jugar como invitado
shell-new-game = Nueva partida
shell-or-private-table = o una mesa privada con amigos →
shell-field-game = Juego
shell-field-players = Jugadores
shell-field-opponents = Rivales
shell-field-clock = Reloj
shell-field-bot-level = Nivel de los bots
shell-field-seats = Puestos
shell-field-table = Mesa
shell-play-people = Jugar contra personas
shell-play-bots = Jugar contra bots
shell-allow-bots-after = Aceptar bots tras { $seconds } s (si no viene nadie más)
shell-clock-live = En directo 10+10
shell-clock-blitz = Blitz 3+5
shell-clock-correspondence = 3 días por jugada
shell-clock-live-custom = En directo { $minutes }+{ $increment }
shell-clock-blitz-custom = Blitz { $minutes }+{ $increment }
shell-clock-days = { $days ->
    [one] { $days } día por jugada
   *[other] { $days } días por jugada
}
shell-no-clock = sin reloj
shell-clock-kind-live = en directo
shell-clock-kind-correspondence = por correspondencia
shell-find-game = Buscar partida
shell-new-to-game = ¿Primera vez?
shell-how-to-play = Cómo se juega a { $title }
shell-your-games = Tus partidas
shell-friends-online = Amigos conectados
shell-friends-online-more = y { $count } más
shell-loading = Cargando…
shell-all-my-games = Todas mis partidas →
shell-error-title = Algo ha fallado
shell-back-to-lobby = Volver a la sala
shell-match-found-elsewhere = Hemos encontrado una partida para ti: está en Mis partidas
shell-unknown-game = Juego desconocido: { $name }

## Bots and seats

shell-bot-level-random = Fácil (al azar)
shell-bot-level-greedy = Medio
shell-bot-level-mcts = Difícil
shell-bot-level-expert = Experto
shell-bot-named = Bot ({ $level })
shell-seat-number = Puesto { $seat }
shell-name-with-seat = { $name } { $seat }
shell-you = Tú
shell-you-object = ti

## Lists and leaderboard

shell-live-title = Partidas en directo
shell-finished-title = Partidas terminadas
shell-watch = Mirar
shell-replay = Repetición
shell-play = Jugar
shell-open = Abrir
shell-none-right-now = Ninguna ahora mismo.
shell-col-game = Juego
shell-col-players = Jugadores
shell-col-moves = Jugadas
shell-col-player = Jugador
shell-col-rating = Puntuación
shell-col-games = Partidas
shell-col-turn = Turno
shell-col-time-left = Tiempo restante
shell-col-clock = Reloj
shell-leaderboard-title = Clasificación de { $title }
shell-leaders-counts = Número de jugadores
shell-leaders-all-counts = Todos los números de jugadores
shell-leaders-count = { $count } jugadores
shell-no-rated-games = Aún no hay partidas puntuables.
shell-rated-label = Puntúan:
shell-rated-what = solo las partidas entre personas, emparejadas o en una mesa privada creada como puntuable.
shell-not-rated-label = No puntúan:
shell-not-rated-what = cualquier partida con un puesto de bot («jugar contra bots», o bots que completaron una mesa); las mesas privadas creadas como no puntuables.
shell-rated-abandoned = Quien abandona una partida puntuable, o cuyo puesto terminó un bot, queda último en ella.

## My games

shell-mine-finished-too = Incluir partidas terminadas
shell-mine-sound = Sonido cuando sea mi turno
shell-mine-none-yet = Aún no tienes ninguna partida.
shell-mine-none-in-progress = Ninguna partida en curso.
shell-won-by = Ganada por { $names }
shell-finished = Terminada
shell-your-turn = Tu turno
shell-to-play = Juega { $names }

## Waiting for a table

shell-wait-title = Buscando mesa…
shell-wait-time-label = tiempo de espera
shell-wait-estimate = Espera estimada: unos { $seconds } s (según las esperas recientes)
shell-wait-no-estimate = Aún no hay estimación: nadie ha esperado este juego últimamente.
shell-wait-bots-now = Los bots están ocupando los puestos vacíos…
shell-wait-people-only = Esperando solo a personas.
shell-wait-bots-in = Los bots ocupan los puestos vacíos en { $seconds } s si no viene nadie más.
shell-fill-with-bots = Completar con bots ya
shell-cancel = Cancelar
shell-ticket-cancelled = Has salido de la cola.
shell-ticket-cancelled-because = Has salido de la cola: { $reason }
shell-ticket-reason-absent = no tenías ninguna página abierta para ella

## Private tables

shell-table-form-title = Una mesa privada
shell-table-form-intro = Juega con amigos: recibes un enlace de invitación para enviárselo; los puestos que queden libres pueden ocuparlos bots.
shell-table-rated = Puntuable (cuenta para la clasificación)
shell-table-spectators = Se admiten espectadores (aparece en En directo)
shell-table-create = Crear la mesa
shell-table-title = Mesa privada
shell-table-title-game = Mesa privada · { $title }
shell-table-seats = { $count ->
    [one] { $count } puesto
   *[other] { $count } puestos
}
shell-table-is-rated = puntuable
shell-table-not-rated = no puntuable
shell-table-spectators-allowed = con espectadores
shell-table-no-spectators = sin espectadores
shell-table-waiting-for = { $count ->
    [one] Falta { $count } jugador: la partida empieza cuando todos los puestos estén ocupados.
   *[other] Faltan { $count } jugadores: la partida empieza cuando todos los puestos estén ocupados.
}
shell-table-starting = Empezando…
shell-table-started = La partida de esta mesa ha empezado.
shell-table-watch-it = Mirarla
shell-table-closed = El anfitrión cerró esta mesa.
shell-table-join = Unirse a esta mesa
shell-table-join-guest = Unirse como invitado
shell-table-seat-bots = Poner bots en los puestos vacíos
shell-table-close = Cerrar la mesa
shell-table-leave = Dejar la mesa
shell-table-invite = Enlace de invitación (válido { $hours } h)
shell-table-copy = Copiar enlace
shell-table-copied = Copiado ✓
shell-table-empty-seat = Puesto vacío
shell-table-bots-order = los bots ocupan los primeros puestos vacíos, por orden
shell-table-bot-level-for = Nivel del bot para el puesto { $seat }
shell-table-keep-for-friend = guardar para un amigo
shell-table-bot-option = bot: { $level }
shell-table-choose-bot = Elige un nivel de bot para al menos un puesto vacío.
shell-tag-host = anfitrión
shell-tag-you = tú

## Live play

shell-reconnecting = Reconectando…
shell-clock-bot = (bot)
shell-take-seat-back = Recuperar tu puesto
shell-time-out = Se te acabó el tiempo: un bot juega por ti.
shell-time-out-this-turn = Se te acabó el tiempo: un bot juega por ti este turno.
shell-leave-game = Abandonar la partida
shell-leave-confirm = ¿Abandonar la partida? Un bot juega en tu puesto y quedas último, salvo que vuelvas.
shell-time-days-hours = { $days } d { $hours } h
shell-time-hours-minutes = { $hours } h { $minutes } min
shell-seconds = { $seconds } s
shell-playback-label = Reproducción de las jugadas de los demás
shell-pace-label = Velocidad
shell-pace-instant = instantánea
shell-pace-fast = rápida
shell-pace-normal = normal
shell-pace-slow = lenta
shell-skip = Saltar ▸▸
shell-playing-back = reproduciendo · { $count } más
shell-zoom-label = Zoom del tablero
shell-zoom-in = Acercar
shell-zoom-out = Alejar
shell-zoom-fit = Ajustar
shell-zoom-fit-label = Mostrar todo el tablero

## Chat

shell-chat-label = Chat de la mesa
shell-chat-players = Chat de la mesa
shell-chat-spectators = Chat de espectadores
shell-chat-message = Mensaje
shell-chat-send = Enviar
shell-chat-count = { $n } / { $max }
shell-chat-sign-in = Entra para chatear.
shell-chat-someone = alguien
shell-chat-transcript-label = Chat de esta partida
shell-chat-title = Chat
shell-chat-channel-players = Jugadores
shell-chat-channel-spectators = Espectadores
shell-chat-empty = Nadie escribió en el chat.

## After the game

shell-after-label = Tras la partida
shell-rematch = Revancha
shell-same-settings = Nueva partida, mismas opciones
shell-open-replay = Abrir la repetición
shell-result-no-winner = Sin ganador.
shell-result-you-won = Has ganado.
shell-result-winners = { $count ->
    [one] Ganador: { $names }.
   *[other] Victoria compartida: { $names }.
}
shell-result-you-left = Abandonaste la partida; un bot terminó el puesto, que queda último.
shell-result-left = { $name } abandonó la partida; un bot terminó el puesto, que queda último.
shell-rematch-declined-by = { $name } la rechazó
shell-rematch-starting = La revancha está empezando…
shell-rematch-starting-because = La revancha está empezando: { $reason }.
shell-rematch-expired = La oferta de revancha caducó.
shell-rematch-expired-because = La oferta de revancha caducó: { $reason }.
shell-rematch-off = No habrá revancha.
shell-rematch-off-because = No habrá revancha: { $reason }.
shell-rematch-ready = { $name }: ✓ listo
shell-rematch-not-yet = { $name }: … todavía no
shell-rematch-accept = Aceptar la revancha
shell-rematch-decline = Rechazar
shell-rematch-call-off = Anularla
shell-rematch-offered-by = { $name } propone una revancha.
shell-rematch-open = Revancha con los puestos rotados: empieza cuando todos acepten — quedan { $left }.

## Replay

shell-replay-controls = Controles de la repetición
shell-replay-first = Principio
shell-replay-previous = Anterior
shell-replay-play-label = Reproducir
shell-replay-play = ▶ Reproducir
shell-replay-pause = ⏸ Pausa
shell-replay-next = Siguiente
shell-replay-last = Final
shell-replay-version = Versión
shell-replay-view-as = Ver como
shell-replay-spectator = Espectador
shell-replay-reveal-all = Mostrar todo
shell-replay-start = { $moves ->
    [one] inicio · { $moves } jugada
   *[other] inicio · { $moves } jugadas
}
shell-replay-move-of = jugada { $move } de { $moves }

## Errors the server sends

error-malformed = No se entendió la petición.
error-malformed-field = No se entendió la petición: «{ $field }» falta o es incorrecto.
error-malformed-max-bytes = El mensaje es demasiado largo: como mucho { $max_bytes } bytes.
error-illegal_move = Eso no está permitido ahora.
error-stale = La partida avanzó mientras tanto: vuelve a mirar y elige otra vez.
error-not_found = No encontrado: puede que haya terminado o que nunca existiera.
error-forbidden = No puedes hacer eso aquí.
error-blocked = Hay un bloqueo entre tú y un jugador de esta mesa: tu mensaje no se envió.
error-duplicate = Eso ya está hecho.
error-unavailable = El servicio está ocupado o caído: inténtalo de nuevo en un momento.
error-unauthenticated = Entra (de nuevo) primero.
error-rate_limited = Demasiadas peticiones: espera un momento y vuelve a intentarlo.
error-rate_limited-per-second = como mucho { $per_second } mensajes por segundo; los que superan el ritmo se descartan
error-rate_limited-retry-after-seconds = Demasiadas peticiones: inténtalo de nuevo en { $retry_after_seconds } s.
error-unsupported_version = Esta página está desactualizada: recárgala para seguir jugando.
error-session_ended = Se cerró tu sesión (en este u otro dispositivo). Vuelve a entrar.
error-error = Algo ha fallado.

## Player notices

notice-match_found = Hemos encontrado una partida para ti.
notice-your_turn = Es tu turno.
notice-rematch_offered = { $by } propone una revancha.
notice-rematch_started = La revancha ha empezado.
notice-rematch_refused = No habrá revancha.
notice-rematch_expired = La oferta de revancha caducó.
notice-table_changed = Tu mesa privada ha cambiado.
notice-table_started = La partida de tu mesa privada ha empezado.
notice-ticket_cancelled = Has salido de la cola.
notice-challenge = { $host } te reta a { $game }: abre la mesa.

# issue 33: the table as players read it
shell-heading-play = { $title }: tu partida
shell-heading-watch = { $title }: viendo una partida
shell-heading-replay = { $title }: repetición
shell-watching = { $count ->
    [one] { $count } espectador
   *[other] { $count } espectadores
}
shell-after-title = ¿Y ahora?
shell-you-left = Has dejado esta partida: ahora un bot juega en tu lugar. Puedes recuperar tu asiento cuando quieras, seguir mirando o volver al vestíbulo.
shell-news-left = { $name } se ha ido (salió o perdió la conexión): un bot juega por él.
shell-news-you-left = Has salido: un bot juega en tu lugar.
shell-news-timed-out = A { $name } se le acabó el tiempo: un bot juega su turno.
shell-news-you-timed-out = Se te acabó el tiempo: un bot juega tu turno.
shell-news-back = { $name } ha vuelto y juega de nuevo.
shell-news-lost-connection = { $name } perdió la conexión.
shell-news-connected-again = { $name } ha vuelto.
shell-news-you-back = Has recuperado tu asiento.
shell-col-started = Inicio
shell-moves-count =
  { $count ->
    [one] 1 jugada
   *[other] { $count } jugadas
  }
shell-unnamed-player = (aún sin nombre)
shell-pause = Pausa ❚❚
shell-play-on = Continuar ▶
shell-step-one = Paso ▸
shell-skip-title = Mostrar todo hasta ahora, donde espera tu próxima decisión
shell-paused-at = en pausa · quedan { $count }
shell-pace-very-slow = muy lento
shell-coach-label = Primera partida guiada
shell-coach-title = Aprender jugando
shell-coach-step = paso { $n } de { $of }
shell-coach-next = Siguiente
shell-coach-skip = Saltar este paso
shell-coach-end = Terminar la guía
shell-coach-done = Ya sabes lo básico: juega esta partida hasta el final; la página de reglas tiene todas las reglas.
shell-learn-by-playing = Aprende { $title } jugando
