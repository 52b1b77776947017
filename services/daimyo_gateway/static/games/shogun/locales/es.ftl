# Shogun en español; sin semilla: términos fijados en el glosario (/work/notes/glossary-shogun.md).

shogun-title = Shogun
shogun-blurb = el juego de conquista de Dirk Henn
shogun-option-side = Cara del tablero
shogun-option-side-sun = Sol
shogun-option-side-moon = Luna
shogun-option-setup = Preparación
shogun-option-setup-fixed = Provincias iniciales fijas
shogun-option-setup-draft = Elección de provincias iniciales

## Actions, special cards, events

shogun-action-castle = Castillo
shogun-action-temple = Templo
shogun-action-theatre = Teatro nō
shogun-action-rice = Requisar arroz
shogun-action-taxes = Recaudar impuestos
shogun-action-recruit5 = Reclutar 5
shogun-action-recruit3 = Reclutar 3
shogun-action-recruit1-move = Reclutar 1 y mover
shogun-action-attack-a = Atacar/mover A
shogun-action-attack-b = Atacar/mover B
shogun-tag-castle = Castillo
shogun-tag-temple = Templo
shogun-tag-theatre = Nō
shogun-tag-rice = Arroz
shogun-tag-taxes = Impuestos
shogun-tag-recruit5 = Rec 5
shogun-tag-recruit3 = Rec 3
shogun-tag-recruit1-move = Rec 1+
shogun-tag-attack-a = Atq A
shogun-tag-attack-b = Atq B
shogun-tag-bid = Puja
shogun-special-attack = Ataque +1
shogun-special-defence = Defensa +1
shogun-special-war-chest = Cofre de guerra +1
shogun-special-rice = Arroz +1
shogun-special-recruit = Reclutar 6
shogun-special-text-attack = +1 cubo de ejército (de tu reserva) a la torre cada vez que atacas en esta ronda
shogun-special-text-defence = +1 cubo de ejército (de tu reserva) cada vez que atacan una provincia tuya o hay una revuelta en ella en esta ronda
shogun-special-text-war-chest = +1 cofre de guerra cada vez que recaudas impuestos en esta ronda
shogun-special-text-rice = +1 arroz cada vez que requisas arroz en esta ronda
shogun-special-text-recruit = +1 ejército con la acción «5 ejércitos por 3 cofres» en esta ronda (6 en vez de 5; 4 en vez de 3 con el evento 12)
shogun-event-name-1 = El teatro calma
shogun-event-name-2 = { shogun-event-name-1 }
shogun-event-name-3 = Campesinos armados
shogun-event-name-4 = Los castillos resisten
shogun-event-name-5 = { shogun-event-name-4 }
shogun-event-name-6 = Paz de los templos
shogun-event-name-7 = Impuestos bajos (máx. 5)
shogun-event-name-8 = Impuestos altos (mín. 6)
shogun-event-name-9 = { shogun-event-name-6 }
shogun-event-name-10 = Buena cosecha (mín. 4)
shogun-event-name-11 = Mala cosecha (máx. 3)
shogun-event-name-12 = Reclutas caros
shogun-event-text-1 = Cuando se construye un teatro nō en esta ronda, se quita 1 marcador de revuelta de esa provincia
shogun-event-text-2 = { shogun-event-text-1 }
shogun-event-text-3 = Atacar una provincia neutral: se echan 2 cubos de campesinos en lugar de 1
shogun-event-text-4 = Cuando un jugador ataca una provincia con castillo, su defensor echa 1 cubo de ejército más (de su reserva)
shogun-event-text-5 = { shogun-event-text-4 }
shogun-event-text-6 = Las provincias con templo no pueden ser atacadas en esta ronda
shogun-event-text-7 = Recaudar impuestos da como mucho 5 cofres
shogun-event-text-8 = Recaudar impuestos da al menos 6 cofres
shogun-event-text-9 = { shogun-event-text-6 }
shogun-event-text-10 = Requisar arroz da al menos 4 de arroz
shogun-event-text-11 = Requisar arroz da como mucho 3 de arroz
shogun-event-text-12 = Las acciones de reclutar dan 3 ejércitos por 3 cofres y 2 ejércitos por 2 cofres (en lugar de 5 y 3)
shogun-event-n = evento { $card }: { $name }

## The map

shogun-map-label = { $side ->
    [moon] Mapa de Japón, cara de la luna
   *[sun] Mapa de Japón, cara del sol
}
shogun-map-frame-label = Mapa: + y − acercan y alejan, las flechas lo desplazan
shogun-legend-note = { $side ->
    [moon] cara de la luna · impuestos·arroz junto a cada nombre
   *[sun] cara del sol · impuestos·arroz junto a cada nombre
}
shogun-region-green = verde
shogun-region-yellow = amarilla
shogun-region-purple = morada
shogun-region-red = roja
shogun-region-brown = marrón
shogun-colour-red = rojo
shogun-colour-blue = azul
shogun-colour-gold = dorado
shogun-colour-purple = morado
shogun-colour-black = negro
shogun-building-castle = castillo
shogun-building-temple = templo
shogun-building-theatre = teatro nō
shogun-province-facts = { $name } — impuestos { $tax }, arroz { $rice }, { $sites ->
    [one] { $sites } espacio de construcción
   *[other] { $sites } espacios de construcción
}
shogun-province-out = fuera de juego
shogun-province-neutral = neutral
shogun-province-owner = { $colour }: { $armies } ejércitos
shogun-province-revolts = { $count ->
    [one] { $count } marcador de revuelta
   *[other] { $count } marcadores de revuelta
}
shogun-season-setup = preparación
shogun-season-spring = primavera
shogun-season-summer = verano
shogun-season-autumn = otoño
shogun-season-winter = invierno
## Nombres de las provincias (romanizados, como en el tablero)

shogun-province-aki = Aki
shogun-province-awa-boso = Awa-Boso
shogun-province-awa-shikoku = Awa-Shikoku
shogun-province-bingo = Bingo
shogun-province-bitchu = Bitchu
shogun-province-bizen = Bizen
shogun-province-echigo = Echigo
shogun-province-echizen = Echizen
shogun-province-etchu = Etchu
shogun-province-harima = Harima
shogun-province-hida = Hida
shogun-province-hitachi = Hitachi
shogun-province-hoki = Hoki
shogun-province-ise = Ise
shogun-province-iwami = Iwami
shogun-province-iyo = Iyo
shogun-province-izu = Izu
shogun-province-izumo = Izumo
shogun-province-kaga = Kaga
shogun-province-kai = Kai
shogun-province-kazusa = Kazusa
shogun-province-kii = Kii
shogun-province-kozuke = Kozuke
shogun-province-mikawa = Mikawa
shogun-province-mimasaka = Mimasaka
shogun-province-mino = Mino
shogun-province-musashi = Musashi
shogun-province-mutsu = Mutsu
shogun-province-noto = Noto
shogun-province-omi = Omi
shogun-province-owari = Owari
shogun-province-sagami = Sagami
shogun-province-sanuki = Sanuki
shogun-province-settsu = Settsu
shogun-province-shima = Shima
shogun-province-shimosa = Shimosa
shogun-province-shimotsuke = Shimotsuke
shogun-province-shinano = Shinano
shogun-province-suruga = Suruga
shogun-province-tajima = Tajima
shogun-province-tamba = Tamba
shogun-province-tosa = Tosa
shogun-province-totomi = Totomi
shogun-province-wakasa = Wakasa
shogun-province-yamato = Yamato

## Cards and bids

shogun-blank-card = carta en blanco (farol)
shogun-blank-card-n = carta en blanco { $n }
shogun-blank = en blanco
shogun-province-card = { $name } (carta)
shogun-no-bid = sin puja
shogun-bid-chests = { $count ->
    [one] { $count } cofre de guerra
   *[other] { $count } cofres de guerra
}
shogun-bid-province = carta de provincia { $name } (puja 0)
shogun-none = ninguno
shogun-face-down = boca abajo
shogun-turn-n = orden { $n }
shogun-this-round = Esta ronda
shogun-peasant = campesino

## The play screen

shogun-connecting = Conectando…
shogun-just-now = Hace un momento:
shogun-spectating = · mirando
shogun-game-over = Fin de la partida
shogun-your-turn = Tu turno
shogun-year-season = Año { $year } · { $season }
shogun-status-plan = planea tus acciones y tu puja (en secreto)
shogun-status-planning = Planificación: esperando a { $names }
shogun-status-pick = elige una carta especial (fija tu orden de turno)
shogun-status-picks = { $name } elige una carta especial
shogun-status-draft = elige una provincia inicial
shogun-status-drafts = { $name } elige
shogun-status-decide = { $action } desde { $province }: ¿adónde y cuántos?
shogun-status-decides = { $name }: { $action } desde { $province }
shogun-status-resolving = Resolviendo…
shogun-sent-label = Enviado
shogun-sent = Enviado — esperando a la mesa…
shogun-waiting-others = Esperando a los demás jugadores…
shogun-your-plan-label = Tu plan
shogun-your-plan = Tu plan (secreto)
shogun-no-actions = ninguna acción
shogun-bid-is-label = Puja: { $bid }
shogun-plan-label = Plan
shogun-plan-title = Planea esta ronda (en secreto)
shogun-submit-plan = Enviar el plan
shogun-clear = Borrar
shogun-special-label = Carta especial
shogun-pick-special = Elige una carta especial
shogun-pick-special-hint = Su número de casilla es tu lugar en el orden de turno de esta ronda.
shogun-target-attack = atacar { $province }
shogun-target-move = → { $province }
shogun-go-attack = Atacar { $province } con { $armies }
shogun-go-move = Mover a { $province } con { $armies }
shogun-armies = Ejércitos
shogun-of-max = de { $max }
shogun-move-label = Mover
shogun-move-from = { $action }: desde { $province }
shogun-armies-n = { $count ->
    [one] ({ $count } ejército)
   *[other] ({ $count } ejércitos)
}
shogun-move-hint = Elige una provincia resaltada (o un botón) y luego cuántos ejércitos van; al menos uno se queda.
shogun-move-none = Desde aquí no se puede entrar en ninguna provincia.
shogun-stay = Quedarse (saltar)
shogun-draft-deck = la carta de arriba del mazo ({ $count })
shogun-draft-label = Elección
shogun-draft-title = Elige una provincia inicial
shogun-draft-card = Carta de provincia:
shogun-draft-group = Grupo de ejércitos que pones allí:
shogun-draft-take = Tomarla

## Planning

shogun-gain-chests = +{ $count } cofres
shogun-gain-rice = +{ $count } arroz
shogun-costs = cuesta { $cost }
shogun-costs-when-done = (cuesta { $cost } cofres de guerra al ejecutarse)
shogun-free = gratis
shogun-no-province = ninguna provincia
shogun-nothing = nada
shogun-pcard-label = { $action }: { $card }
shogun-pcard-label-cost = { $action }, cuesta { $cost }: { $card }
shogun-plan-click = haz clic en una provincia resaltada del mapa o en una de abajo.
shogun-plan-none = ninguna de tus provincias puede acogerla ahora.
shogun-nothing-here = Nada aquí
shogun-action-cards = Cartas de acción
shogun-provinces-for = Provincias para { $action }
shogun-bid-heading = Puja por el orden de turno
shogun-bid-heading-note = cofres de guerra pagados a la banca
shogun-bid = Puja
shogun-planned-cost = Coste planeado: { $spend } de tus { $chests } cofres de guerra.
shogun-planned-cost-over = Las acciones que no puedas pagar cuando lleguen se saltan.
shogun-blank-hides = Una carta en blanco oculta a los demás una acción vacía.
shogun-option-nothing = — nada
shogun-plan-lists = Planear con listas

## Players, tower, battles, winter

shogun-players = Jugadores
shogun-in-turn-order = en orden de turno
shogun-you-tag = (tú)
shogun-turn-order = orden de turno
shogun-vp = PV
shogun-vp-title = puntos de victoria
shogun-chests-title = cofres de guerra
shogun-rice-title = arroz
shogun-provinces-title = provincias propias
shogun-supply-title = ejércitos en la reserva
shogun-bid-title = puja
shogun-bid-is = puja { $bid }
shogun-planned = planeado
shogun-planning = planeando…
shogun-pawn-title = { $colour }: { $vp } PV
shogun-score-track = Marcador de puntos
shogun-tower-tray = Bandeja de la torre:
shogun-tower-stuck = atascados en la torre:
shogun-tower-hidden = ({ $shelves } repisas, contenido oculto)
shogun-peasant-supply = campesinos en la reserva: { $count }
shogun-battle-kind-pvp = Batalla
shogun-battle-kind-neutral = Ataque a una provincia neutral
shogun-battle-kind-revolt = Revuelta
shogun-battle-kind-winter = Revuelta de invierno
shogun-battle-kind-seed = Carga de la torre
shogun-battle-at = { $kind } en { $province } — { $result }
shogun-battle-where = { $kind } en { $province }
shogun-battles = Batallas
shogun-battles-count = { $count }, las más recientes primero
shogun-last-battle = Última batalla
shogun-attacker = Atacante
shogun-defender = Defensor
shogun-peasants = Campesinos
shogun-role-who = { $role }: { $who }
shogun-thrown-in = entran
shogun-thrown-in-title = cubos echados a la torre
shogun-came-out = salieron de la torre
shogun-all-out = Todo lo que salió: { $cubes } ({ $count } cubos, con los de la bandeja).
shogun-battle-holds = { $who } se la queda con { $armies }
shogun-outcome-attacker-wins = gana el atacante
shogun-outcome-defender-wins = gana el defensor
shogun-outcome-tie-neutral = empate: la provincia queda neutral
shogun-outcome-stays-neutral = la provincia sigue neutral
shogun-outcome-owner-keeps = el dueño conserva la provincia
shogun-outcome-becomes-neutral = la provincia queda neutral
shogun-outcome-skipped-not-theirs = saltada: la provincia ya no es suya
shogun-outcome-skipped-no-site = saltada: no hay espacio de construcción libre
shogun-outcome-skipped-cannot-pay = saltada: no puede pagar
shogun-outcome-skipped-no-armies = saltada: no quedan ejércitos en la reserva
shogun-outcome-skipped-few-armies = saltada: menos de 2 ejércitos allí
shogun-winter-of = Invierno del año { $year }
shogun-winter-rice = arroz
shogun-winter-rice-title = arroz que tiene / que necesita
shogun-winter-prov = prov.
shogun-winter-prov-title = 1 PV por provincia
shogun-winter-bldg = edif.
shogun-winter-bldg-title = 1 PV por edificio
shogun-winter-maj = may.
shogun-winter-maj-title = mayorías por región: castillos 3, templos 2, teatros nō 1 (empate: uno menos)
shogun-revolts-title = revueltas
shogun-revolts-n = { $count ->
    [one] { $count } revuelta
   *[other] { $count } revueltas
}
shogun-rice-ok = bien
shogun-revolts-label = Revueltas:
shogun-revolts-in = { $who } en { $provinces }

## Final scores

shogun-final-label = Puntuación final
shogun-final-winners = { $count ->
    [one] Ganador: { $names }
   *[other] Victoria compartida: { $names }
}
shogun-final-no-winner = Sin ganador (un bot terminó todos los puestos)
shogun-col-player = Jugador
shogun-col-chests = Cofres
shogun-col-provinces = Provincias
shogun-winner = ganador
shogun-final-most-vp = { $name } tiene más puntos de victoria ({ $vp }) y gana.
shogun-final-tied = { $names } empatan a { $vp } PV; desempatan los cofres de guerra: { $chests }.
shogun-final-still-tied = Siguen empatados, así que comparten la victoria.
shogun-final-wins = Gana { $name }.

## The log

shogun-log-title = Registro
shogun-log-empty = Nada todavía
shogun-log-planned = { $who } planeó (en secreto)
shogun-log-drafted = { $who } eligió { $province } con { $armies } ejércitos
shogun-log-bids = Pujas: { $bids }
shogun-log-special-taken = { $who } tomó { $card } — juega en el #{ $position }
shogun-log-action-revealed = Carta de acción { $position }: { $action }
shogun-log-action-nothing = { $who }: { $action } — { $card }
shogun-log-action-result = { $who }: { $action } en { $province } { $result }
shogun-log-action-amount = { $who }: { $action } en { $province } (+{ $amount })
shogun-log-action-armies = { $who }: { $action } en { $province } (+{ $armies } ejércitos)
shogun-log-action-done = { $who }: { $action } en { $province }
shogun-log-stayed = { $who } se quedó en { $province }
shogun-log-moved = { $who } envió { $armies } de { $from } a { $to }
shogun-log-tower-seeded = Se cargó la torre
shogun-log-battle = { $kind } en { $province }: salieron { $count } cubos — { $result }
shogun-log-round-over = Fin de { $season }, año { $year }
shogun-log-winter-rice = { $who } arroz de invierno { $rice }/{ $needed }
shogun-log-winter-rice-revolts = { $who } arroz de invierno { $rice }/{ $needed } — { $count ->
    [one] { $count } revuelta
   *[other] { $count } revueltas
}
shogun-log-scoring = Puntuación de invierno, año { $year }: { $scores }
shogun-log-game-over = Fin de la partida
shogun-log-event = Evento { $card } ({ $name }): { $text }
shogun-log-event-cards = Eventos de este año: { $cards }
shogun-log-bid-tiebreak = Pujas empatadas, orden sorteado: { $order }
shogun-log-winter-revolts = Revueltas de invierno de { $who }: { $provinces }

## Replay

shogun-replay-move = Jugada { $move }: { $who }
shogun-replay-start = El inicio
shogun-plans-label = Planes
shogun-plans-title = Planes de esta ronda

# issue 33: the table as players read it
shogun-bot-for-you = el bot en tu asiento
shogun-bid-why-not = Esta carta ya está en una de las acciones de esta ronda: quítala de ahí para pujar con ella.
shogun-blank-why-not = Todas las cartas en blanco ya están en otras acciones.
shogun-clear-why-not = Aún no hay nada en esta acción.
shogun-recap-title = Qué cambió en { $when }
shogun-recap-nobody = nadie
shogun-recap-owner = { $from } → { $to }
shogun-recap-armies = ejércitos { $change }
shogun-recap-built = construido: { $buildings }
shogun-recap-revolts = marcadores de revuelta { $change }
shogun-recap-col-rice = Arroz
shogun-recap-quiet = Ninguna provincia cambió.
shogun-coach-plan = La planificación es secreta y simultánea. Elige una carta de acción arriba de tu plan y haz clic en una provincia resaltada del mapa (o en su botón abajo) para hacer esa acción allí.
shogun-coach-costs = Cada acción cuesta cofres de guerra, indicados en su carta, y se pagan cuando se hace. Una carta en blanco es un farol: no pasa nada, pero nadie lo sabe.
shogun-coach-bid = Puja cofres de guerra por el orden de turno: la puja más alta actúa primero y toma la mejor carta especial. Una carta ya puesta en una acción no puede pujar también.
shogun-coach-submit = Cuando tu plan esté listo, pulsa «Enviar el plan». Luego se reproducen las jugadas de los demás: ponlas en pausa o avanza paso a paso bajo los relojes.
shogun-coach-tower = Toda batalla pasa por la torre de batalla: se echan los cubos de ambos bandos, solo cuentan los que salen, y algunos quedan atascados en la torre para una batalla posterior.
shogun-coach-events = Cada ronda destapa una carta de evento (en la franja sobre el mapa): cambia una regla en esa ronda; pasa el ratón para leerla. El cuarto evento del año fija además la pérdida de arroz en invierno.
shogun-coach-winter = Tras el otoño llega el invierno: necesitas tanto arroz como provincias tengas (más la pérdida de arroz en invierno); la falta provoca revueltas. Después, 1 PV por provincia y por edificio, y puntúan las mayorías regionales de castillos, templos y teatros nō.

# La jugada mejor del análisis de la partida (games/shogun/review.js)
shogun-review-move-plan = otro plan: { $actions } (puja: { $bid })
shogun-review-plan-action = { $action }: { $province }
shogun-review-plan-all-blank = solo cartas en blanco
shogun-review-move-move = { $count ->
    [one] enviar { $count } ejército a { $to }
   *[other] enviar { $count } ejércitos a { $to }
}
shogun-review-move-draft = tomar { $take ->
    [deck] la carta de arriba del mazo
   *[other] la carta de provincia boca arriba { $n }
} con { $count ->
    [one] { $count } ejército
   *[other] { $count } ejércitos
}
shogun-review-move-pick_special = tomar la carta especial { $card }
shogun-review-move-skip = quedarse (saltar)
shogun-review-move-other = otra jugada ({ $type })
