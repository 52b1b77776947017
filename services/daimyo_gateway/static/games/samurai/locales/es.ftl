# Samurai en español; términos del glosario (/work/notes/glossary-samurai.md, semilla es).

samurai-title = Samurai
samurai-blurb = el juego de influencia en el Japón feudal de Reiner Knizia
samurai-option-random-setup = Preparación
samurai-option-random-setup-true = Rápida: figuras y manos repartidas al azar
samurai-option-random-setup-false = Completa: colocar las figuras y luego escoger las manos

## Pieces

samurai-kind-buddha = Buda
samurai-kind-rice = Arrozal
samurai-kind-castle = Casco
samurai-kind-samurai = Samurái
samurai-kind-ronin = Ronin
samurai-kind-ship = Barco
samurai-kind-figure-swap = Intercambio de figuras
samurai-kind-tile-swap = Intercambio de ficha
samurai-short-buddha = buda
samurai-short-rice = arrozal
samurai-short-castle = casco
samurai-short-samurai = samurái
samurai-short-ronin = ronin
samurai-short-ship = barco
samurai-short-figure-swap = figuras
samurai-short-tile-swap = fichas
samurai-tile-named = { $kind } { $value }
samurai-tile-title = { $tile }
samurai-tile-fast-title = { $tile } (rápida)
samurai-tile-fast-label = { $tile }, ficha rápida
samurai-a-figure = una figura

## The board

samurai-board-label = Tablero de Samurai
samurai-board-frame-label = Tablero: + y − acercan y alejan, las flechas lo desplazan
samurai-a-hex = un hexágono
samurai-site-at = { $kind ->
    [edo] la capital Edo en { $at }
    [city] la ciudad en { $at }
   *[village] el pueblo en { $at }
}
samurai-hex-near = { $kind ->
    [edo] { $at }, junto a la capital en { $near }
    [city] { $at }, junto a la ciudad en { $near }
   *[village] { $at }, junto al pueblo en { $near }
}
samurai-hex-title = { $kind ->
    [sea] mar { $hex }
   *[land] tierra { $hex }
}
samurai-move-tile-from = mover { $tile } desde { $hex }
samurai-placed-title = { $tile } (puesto { $seat }) en { $hex }
samurai-figure-in = { $figure } en { $hex }
samurai-site-influence = { $hex }: { $influence }
samurai-influence-label = influencia:
samurai-influence-none-left = no quedan figuras
samurai-influence-none-yet = { $figures } — aún sin influencia
samurai-influence-seat = { $name }: { $values }
samurai-influence-figure = { $figure } { $value }

## The play screen

samurai-connecting = Conectando…
samurai-just-now = Hace un momento:
samurai-spectating = · mirando
samurai-game-over = Fin de la partida
samurai-opening-waiting = Manos iniciales: esperando a { $names }
samurai-phase-setup = — coloca una figura
samurai-your-turn = Tu turno
samurai-to-play = Juega { $name }
samurai-end-turn = Terminar turno
samurai-pass = Pasar
samurai-cancel = Cancelar (Esc)
samurai-your-hand = Tu mano
samurai-hand-empty = vacía
samurai-waiting-others = Esperando a los demás jugadores…
samurai-hint-pass = Ninguna ficha de tu mano se puede jugar: pasa.
samurai-hint-fast-or-end = Juega una ficha rápida (») o termina tu turno.
samurai-hint-start = Elige una ficha y luego un hexágono resaltado (o arrástrala allí). Una ficha normal termina tu turno por sí sola; las fichas rápidas (») pueden ir antes. Señala un asentamiento para ver la influencia de cada cual.
samurai-hint-place = { $kind ->
    [sea] Coloca { $tile } en un hexágono de mar resaltado.
   *[land] Coloca { $tile } en un hexágono de tierra resaltado.
}
samurai-hint-tswap-to = Muévela a un hexágono de tierra vacío resaltado.
samurai-hint-tswap-from = Elige una de tus fichas normales (marcadas) para moverla.
samurai-hint-fswap-second = ¿Con qué figura intercambias { $figure } en { $hex }?
samurai-hint-fswap-first = Intercambio de figuras (ficha rápida): intercambia dos figuras que estén en dos asentamientos distintos, en cualquier lugar del tablero; después ninguna ciudad (ni Edo) puede tener dos figuras del mismo tipo, y la ficha sale del juego. Elige la primera figura.
samurai-setup-title = Preparación: coloca una figura
samurai-setup-figure-left = { $figure } (quedan { $count })
samurai-setup-pick-site = Elige un asentamiento resaltado para { $figure }.
samurai-setup-choose = Elige un tipo de figura y luego un asentamiento.
samurai-choose-hand = Escoge tu mano inicial ({ $chosen }/{ $count })
samurai-confirm-hand = Confirmar la mano
samurai-choose-hand-hint = Tu elección queda en secreto; las demás fichas forman tu pila de robo, barajada.
samurai-legend-fast = » ficha rápida
samurai-legend-esc = Esc cancela

## Players

samurai-players = Jugadores
samurai-you-tag = (tú)
samurai-captured-hidden = { $count } capturadas (ocultas)
samurai-hand-stack-title = fichas en la mano · en la pila de robo
samurai-hand-stack = mano { $hand } · pila { $stack }
samurai-set-aside-label = Retiradas (empates):

## The log

samurai-log-label = Registro de jugadas
samurai-log-title = Registro
samurai-log-empty = Aún no hay jugadas
samurai-log-placed = { $name } colocó { $tile } en { $hex }
samurai-log-figures-swapped = { $name } intercambió { $a } en { $from } con { $b } en { $to }
samurai-log-tiles-swapped = { $name } movió { $tile } de { $from } a { $to }
samurai-log-captured = { $name } capturó { $figure } en { $hex }
samurai-log-captured-score = { $name } capturó { $figure } en { $hex } ({ $score })
samurai-log-set-aside = { $figure } en { $hex } retirada: empate
samurai-log-set-aside-score = { $figure } en { $hex } retirada: empate ({ $score })
samurai-log-turn-ended = { $name } terminó su turno
samurai-log-turn-ended-drew = { $name } terminó su turno — robó { $count }
samurai-log-turn-ended-drew-tiles = { $name } terminó su turno — robó { $tiles }
samurai-log-passed = { $name } pasó
samurai-log-game-finished = Fin de la partida: { $reason }
samurai-log-figure-placed = { $name } colocó { $figure } en { $hex }
samurai-log-figures-placed = Todas las figuras están colocadas — ahora cada jugador escoge en secreto { $count } fichas
samurai-log-hand-chosen = { $name } escogió su mano inicial
samurai-log-play-started = Empieza el juego
samurai-end-figures-gone = no queda ninguna figura de { $figures } en el tablero
samurai-end-set-aside = { $count } figuras se han retirado por empates
samurai-end-no-moves = ningún jugador puede colocar más fichas

## Final scoring

samurai-final-label = Puntuación final
samurai-final-winners = { $count ->
    [one] Ganador: { $names }
   *[other] Victoria compartida: { $names }
}
samurai-final-no-winner = Sin ganador (un bot terminó todos los puestos)
samurai-final-how = Cómo se decidió
samurai-col-player = Jugador
samurai-col-total = Total
samurai-col-tokens = Fichas de líder
samurai-col-place = Puesto
samurai-leader-token = ficha de líder
samurai-leader-tokens = fichas de líder
samurai-final-no-leader = { $figure }: empate en la mayoría (o ninguna capturada) — nadie recibe esta ficha de líder.
samurai-final-leader = { $figure }: { $name } tiene la mayoría exclusiva y recibe la ficha de líder.
samurai-name-score = { $name } { $score }
samurai-final-no-tokens = Nadie tiene ficha de líder, así que gana quien más figuras capturó en total: { $scores }.
samurai-final-most-tokens = { $name } tiene más fichas de líder ({ $count }) y gana sin más.
samurai-final-tied-tokens = { $count ->
    [one] { $names } empatan con { $count } ficha de líder; solo ellos siguen en liza.
   *[other] { $names } empatan con { $count } fichas de líder; solo ellos siguen en liza.
}
samurai-final-unled = Figuras de los tipos que cada cual no lidera: { $scores }.
samurai-final-still-tied = Siguen empatados, así que decide el total de figuras capturadas: { $scores }.

## Replay

samurai-replay-move = Jugada { $move }: { $name }
samurai-replay-start = El inicio
samurai-hands = Manos

# issue 33: the table as players read it
samurai-bot-for-you = El bot en tu asiento
samurai-why-not-your-turn = aún no es tu turno
samurai-why-no-swap = ahora no es posible ningún intercambio en el tablero
samurai-why-one-normal = una ficha normal por turno: solo pueden seguir fichas rápidas (»)
samurai-why-no-hex = ningún hexágono de { $kind ->
    [sea] mar
   *[land] tierra
  } vacío para ella
samurai-log-game-ended = Se jugó la última ficha: decide la puntuación final.
samurai-coach-pick = Tu mano tiene cinco fichas: el número es la fuerza de la ficha y el símbolo la figura por la que lucha (samuráis y barcos cuentan para las tres; » marca una ficha rápida). Haz clic en una ficha para elegirla.
samurai-coach-place = Los hexágonos resaltados son donde puede ir. Haz clic en uno para colocarla: suma su fuerza a cada asentamiento vecino, para su figura.
samurai-coach-end = Una ficha normal termina tu turno por sí sola; las fichas rápidas (») pueden ir antes, y tras jugar solo fichas rápidas pulsas «Terminar turno». En ambos casos robas hasta tener cinco.
samurai-coach-surround = Cuando todos los hexágonos de tierra junto a un asentamiento tienen ficha, el asentamiento queda rodeado: por cada figura suya, quien tenga más influencia sobre esa figura allí se la lleva. Un empate en el máximo no se lleva nada.
samurai-coach-swaps = Dos fichas especiales: el intercambio de figuras (rápida) intercambia dos figuras de dos asentamientos distintos; el intercambio de ficha mueve una ficha tuya del tablero a un hexágono de tierra vacío y se queda donde estaba, valiendo 0.
samurai-coach-scoring = Al final, quien tiene estrictamente más figuras de un tipo lidera ese tipo; gana quien lidera más tipos. Empate en liderazgos: cuenta las figuras de los tipos que no lideras; si sigue el empate: todas las figuras; si sigue: victoria compartida.

# La jugada mejor del análisis de la partida (games/samurai/review.js)
samurai-review-move-place = colocar { $tile } en { $hex }
samurai-review-move-tile_swap = mover la ficha de { $from } a { $to }
samurai-review-move-figure_swap = intercambiar { $a } en { $from } con { $b } en { $to }
samurai-review-move-place_figure = colocar { $figure } en { $hex }
samurai-review-move-choose_hand = otra mano inicial
samurai-review-move-end_turn = terminar el turno
samurai-review-move-pass = pasar
samurai-review-move-other = otra jugada ({ $type })
