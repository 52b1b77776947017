# Avisos com o Daimyo fechado (issue 34).

notices-title = Avisos com o Daimyo fechado
notices-push-on = Enviar avisos para este aparelho
notices-push-unsupported = Este navegador não recebe avisos.
notices-push-denied = Os avisos deste site estão bloqueados nas configurações do navegador.
notices-push-failed = Não foi possível inscrever este aparelho nos avisos.
notices-devices = { $count ->
    [one] Um aparelho recebe seus avisos.
   *[other] { $count } aparelhos recebem seus avisos.
}
notices-kinds = Avise-me quando
notices-kind-your_turn = for minha vez numa partida por correspondência
notices-kind-game_found = uma partida por correspondência for encontrada para mim
notices-kind-time_low = restarem 24 horas no meu relógio
notices-kind-game_ended = uma partida minha terminar
notices-kind-vacation = um adversário sair de férias
notices-kind-friend_challenge = um amigo me desafiar
notices-live-hidden = for minha vez numa partida ao vivo com esta aba escondida
notices-quiet = Horas de silêncio ({ $zone })
notices-quiet-hint = início e fim iguais: sem horas de silêncio
notices-save = Salvar
notices-saved = Salvo.

notices-push-your_turn-title = Sua vez
notices-push-your_turn-body = { $game }: é a sua jogada.
notices-push-game_found-title = Uma partida para você
notices-push-game_found-body = { $game }: uma partida por correspondência tem um lugar para você.
notices-push-time_low-title = Restam 24 horas
notices-push-time_low-body = { $game }: seu relógio acaba em menos de um dia.
notices-push-game_ended-title = Fim de jogo
notices-push-game_ended-body = { $game }: a partida terminou.
notices-push-vacation-title = Um adversário está de férias
notices-push-vacation-body = { $game }: o relógio do seu adversário espera até { $until }.
notices-push-friend_challenge-title = Um desafio
notices-push-friend_challenge-body = { $host } desafia você para { $game }.
notices-push-friend_challenge-nameless-body = Um amigo desafia você para { $game }.

notices-days-label = Dias por jogada
notices-days = { $days ->
    [one] 1 dia por jogada
   *[other] { $days } dias por jogada
}
notices-bank = + reserva de { $days } dias

notices-vacation = Férias
notices-vacation-left = Restam { $left } de { $total } dias de férias neste ano; enquanto você estiver fora, seus relógios por correspondência esperam.
notices-vacation-until = De férias até { $until }.
notices-vacation-take = Tirar
notices-vacation-days = { $days ->
    [one] 1 dia
   *[other] { $days } dias
}
notices-opponent-away = de férias até { $until }
