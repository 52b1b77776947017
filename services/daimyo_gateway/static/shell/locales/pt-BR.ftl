# Mensagens do shell em português do Brasil (mesmos ids e marcadores do en.ftl).

## Header

shell-tagline = · jogos de tabuleiro do Japão feudal
shell-nav-label = Principal
shell-nav-play = Jogar
shell-nav-live = Ao vivo
shell-nav-replays = Replays
shell-nav-leaders = Ranking
shell-nav-mine = Meus jogos
shell-language-label = Idioma
shell-conn-connecting = conectando…
shell-conn-up = conectado
shell-conn-down = reconectando…
shell-sign-in = entrar
shell-account = conta
shell-deleted-player = jogador apagado
shell-sign-out = sair
shell-title-your-turn = ({ $count }) Sua vez · { $title }
shell-badge-your-turn = { $count ->
    [one] sua vez em { $count } jogo
   *[other] sua vez em { $count } jogos
}

## Sign-in and lobby

shell-game-blurb = { $title }: { $blurb }.
shell-signin-intro = Jogue contra pessoas ou bots no navegador.
shell-your-name = Seu nome
shell-play-as-guest = Jogar como convidado
shell-new-game = Novo jogo
shell-or-private-table = ou uma mesa privada com amigos →
shell-field-game = Jogo
shell-field-players = Jogadores
shell-field-opponents = Adversários
shell-field-clock = Relógio
shell-field-bot-level = Nível dos bots
shell-field-seats = Lugares
shell-field-table = Mesa
shell-play-people = Jogar contra pessoas
shell-play-bots = Jogar contra bots
shell-allow-bots-after = Aceitar bots após { $seconds } s (se ninguém mais vier)
shell-clock-live = Ao vivo 10+10
shell-clock-blitz = Blitz 3+5
shell-clock-correspondence = 3 dias por jogada
shell-clock-live-custom = Ao vivo { $minutes }+{ $increment }
shell-clock-blitz-custom = Blitz { $minutes }+{ $increment }
shell-clock-days = { $days ->
    [one] { $days } dia por jogada
   *[other] { $days } dias por jogada
}
shell-no-clock = sem relógio
shell-clock-kind-live = ao vivo
shell-clock-kind-correspondence = por correspondência
shell-find-game = Procurar jogo
shell-new-to-game = Primeira vez?
shell-how-to-play = Como jogar { $title }
shell-your-games = Seus jogos
shell-friends-online = Amigos online
shell-friends-online-more = e mais { $count }
shell-loading = Carregando…
shell-all-my-games = Todos os meus jogos →
shell-error-title = Algo deu errado
shell-back-to-lobby = Voltar ao saguão
shell-match-found-elsewhere = Encontramos um jogo para você: ele está em Meus jogos
shell-unknown-game = Jogo desconhecido: { $name }

## Bots and seats

shell-bot-level-random = Fácil (aleatório)
shell-bot-level-greedy = Médio
shell-bot-level-mcts = Difícil
shell-bot-level-expert = Especialista
shell-bot-named = Bot ({ $level })
shell-seat-number = Lugar { $seat }
shell-name-with-seat = { $name } { $seat }
shell-you = Você
shell-you-object = você

## Lists and leaderboard

shell-live-title = Jogos ao vivo
shell-finished-title = Jogos terminados
shell-watch = Assistir
shell-replay = Replay
shell-play = Jogar
shell-open = Abrir
shell-none-right-now = Nenhum no momento.
shell-col-game = Jogo
shell-col-players = Jogadores
shell-col-moves = Jogadas
shell-col-player = Jogador
shell-col-rating = Pontuação
shell-col-games = Jogos
shell-col-turn = Vez
shell-col-time-left = Tempo restante
shell-col-clock = Relógio
shell-leaderboard-title = Ranking de { $title }
shell-leaders-counts = Número de jogadores
shell-leaders-all-counts = Todos os números de jogadores
shell-leaders-count = { $count } jogadores
shell-no-rated-games = Ainda não há jogos valendo pontos.
shell-rated-label = Valem pontos:
shell-rated-what = só jogos entre pessoas, pelo pareamento ou numa mesa privada criada valendo pontos.
shell-not-rated-label = Não valem pontos:
shell-not-rated-what = qualquer jogo com um lugar de bot (“jogar contra bots”, ou bots que completaram uma mesa); mesas privadas criadas sem pontos.
shell-rated-abandoned = Quem sai de um jogo que vale pontos, ou cujo lugar um bot terminou, fica em último nele.

## My games

shell-mine-finished-too = Incluir jogos terminados
shell-mine-sound = Som quando for minha vez
shell-mine-none-yet = Você ainda não tem nenhum jogo.
shell-mine-none-in-progress = Nenhum jogo em andamento.
shell-won-by = Vitória de { $names }
shell-finished = Terminado
shell-your-turn = Sua vez
shell-to-play = Vez de { $names }

## Waiting for a table

shell-wait-title = Procurando uma mesa…
shell-wait-time-label = tempo de espera
shell-wait-estimate = Espera estimada: cerca de { $seconds } s (pelas esperas recentes)
shell-wait-no-estimate = Ainda sem estimativa: ninguém esperou por este jogo recentemente.
shell-wait-bots-now = Os bots estão ocupando os lugares vazios…
shell-wait-people-only = Esperando só por pessoas.
shell-wait-bots-in = Os bots ocupam os lugares vazios em { $seconds } s se ninguém mais vier.
shell-fill-with-bots = Completar com bots agora
shell-cancel = Cancelar
shell-ticket-cancelled = Você saiu da fila.
shell-ticket-cancelled-because = Você saiu da fila: { $reason }
shell-ticket-reason-absent = nenhuma página sua estava aberta para ela

## Private tables

shell-table-form-title = Uma mesa privada
shell-table-form-intro = Jogue com amigos: você recebe um link de convite para enviar a eles; os lugares que sobrarem podem ficar com bots.
shell-table-rated = Vale pontos (conta para o ranking)
shell-table-spectators = Espectadores permitidos (aparece em Ao vivo)
shell-table-create = Criar a mesa
shell-table-title = Mesa privada
shell-table-title-game = Mesa privada · { $title }
shell-table-seats = { $count ->
    [one] { $count } lugar
   *[other] { $count } lugares
}
shell-table-is-rated = vale pontos
shell-table-not-rated = não vale pontos
shell-table-spectators-allowed = espectadores permitidos
shell-table-no-spectators = sem espectadores
shell-table-waiting-for = { $count ->
    [one] Esperando mais { $count } jogador: o jogo começa quando todos os lugares estiverem ocupados.
   *[other] Esperando mais { $count } jogadores: o jogo começa quando todos os lugares estiverem ocupados.
}
shell-table-starting = Começando…
shell-table-started = O jogo desta mesa começou.
shell-table-watch-it = Assistir
shell-table-closed = O anfitrião fechou esta mesa.
shell-table-join = Entrar nesta mesa
shell-table-join-guest = Entrar como convidado
shell-table-seat-bots = Pôr bots nos lugares vazios
shell-table-close = Fechar a mesa
shell-table-leave = Sair da mesa
shell-table-invite = Link de convite (válido por { $hours } h)
shell-table-copy = Copiar link
shell-table-copied = Copiado ✓
shell-table-empty-seat = Lugar vazio
shell-table-bots-order = os bots ocupam os primeiros lugares vazios, na ordem dos lugares
shell-table-bot-level-for = Nível do bot para o lugar { $seat }
shell-table-keep-for-friend = guardar para um amigo
shell-table-bot-option = bot: { $level }
shell-table-choose-bot = Escolha o nível de bot para pelo menos um lugar vazio.
shell-tag-host = anfitrião
shell-tag-you = você

## Live play

shell-reconnecting = Reconectando…
shell-clock-bot = (bot)
shell-take-seat-back = Retomar seu lugar
shell-time-out = Seu tempo acabou: um bot joga por você.
shell-time-out-this-turn = Seu tempo acabou: um bot joga por você neste turno.
shell-leave-game = Sair do jogo
shell-leave-confirm = Sair do jogo? Um bot joga no seu lugar, e você fica em último, a menos que volte.
shell-time-days-hours = { $days }d { $hours }h
shell-time-hours-minutes = { $hours }h { $minutes }min
shell-seconds = { $seconds } s
shell-playback-label = Reprodução das jogadas dos outros jogadores
shell-pace-label = Velocidade
shell-pace-instant = instantânea
shell-pace-fast = rápida
shell-pace-normal = normal
shell-pace-slow = lenta
shell-skip = Pular ▸▸
shell-playing-back = reproduzindo · mais { $count }
shell-zoom-label = Zoom do tabuleiro
shell-zoom-in = Aproximar
shell-zoom-out = Afastar
shell-zoom-fit = Ajustar
shell-zoom-fit-label = Mostrar o tabuleiro inteiro

## Chat

shell-chat-label = Chat da mesa
shell-chat-players = Chat da mesa
shell-chat-spectators = Chat dos espectadores
shell-chat-message = Mensagem
shell-chat-send = Enviar
shell-chat-count = { $n } / { $max }
shell-chat-sign-in = Entre para conversar.
shell-chat-someone = alguém
shell-chat-transcript-label = Chat deste jogo
shell-chat-title = Chat
shell-chat-channel-players = Jogadores
shell-chat-channel-spectators = Espectadores
shell-chat-empty = Ninguém escreveu no chat.

## After the game

shell-after-label = Depois do jogo
shell-rematch = Revanche
shell-same-settings = Novo jogo, mesmas opções
shell-open-replay = Abrir o replay
shell-result-no-winner = Sem vencedor.
shell-result-you-won = Você venceu.
shell-result-winners = { $count ->
    [one] Vencedor: { $names }.
   *[other] Vitória compartilhada: { $names }.
}
shell-result-you-left = Você saiu do jogo; um bot terminou o lugar, que fica em último.
shell-result-left = { $name } saiu do jogo; um bot terminou o lugar, que fica em último.
shell-rematch-declined-by = { $name } recusou
shell-rematch-starting = A revanche está começando…
shell-rematch-starting-because = A revanche está começando: { $reason }.
shell-rematch-expired = O convite de revanche expirou.
shell-rematch-expired-because = O convite de revanche expirou: { $reason }.
shell-rematch-off = A revanche foi cancelada.
shell-rematch-off-because = A revanche foi cancelada: { $reason }.
shell-rematch-ready = { $name }: ✓ pronto
shell-rematch-not-yet = { $name }: … ainda não
shell-rematch-accept = Aceitar a revanche
shell-rematch-decline = Recusar
shell-rematch-call-off = Desistir
shell-rematch-offered-by = { $name } propõe uma revanche.
shell-rematch-open = Revanche com os lugares trocados: começa quando todos aceitarem — faltam { $left }.

## Replay

shell-replay-controls = Controles do replay
shell-replay-first = Início
shell-replay-previous = Anterior
shell-replay-play-label = Reproduzir
shell-replay-play = ▶ Reproduzir
shell-replay-pause = ⏸ Pausar
shell-replay-next = Próxima
shell-replay-last = Fim
shell-replay-version = Versão
shell-replay-view-as = Ver como
shell-replay-spectator = Espectador
shell-replay-reveal-all = Revelar tudo
shell-replay-start = { $moves ->
    [one] início · { $moves } jogada
   *[other] início · { $moves } jogadas
}
shell-replay-move-of = jogada { $move } de { $moves }

## Errors the server sends

error-malformed = O pedido não foi entendido.
error-malformed-field = O pedido não foi entendido: “{ $field }” falta ou está errado.
error-malformed-max-bytes = A mensagem é longa demais: no máximo { $max_bytes } bytes.
error-illegal_move = Isso não é permitido agora.
error-stale = O jogo andou enquanto isso: olhe de novo e escolha outra vez.
error-not_found = Não encontrado: pode ter terminado ou nunca ter existido.
error-forbidden = Você não pode fazer isso aqui.
error-blocked = Há um bloqueio entre você e um jogador desta mesa: sua mensagem não foi enviada.
error-duplicate = Isso já foi feito.
error-unavailable = O serviço está ocupado ou fora do ar: tente de novo daqui a pouco.
error-unauthenticated = Entre (de novo) primeiro.
error-rate_limited = Pedidos demais: espere um pouco e tente de novo.
error-rate_limited-per-second = no máximo { $per_second } mensagens por segundo; as que passarem disso são descartadas
error-rate_limited-retry-after-seconds = Pedidos demais: tente de novo em { $retry_after_seconds } s.
error-unsupported_version = Esta página está desatualizada: recarregue-a para continuar jogando.
error-session_ended = Você foi desconectado (neste ou em outro aparelho). Entre de novo.
error-error = Algo deu errado.

## Player notices

notice-match_found = Encontramos um jogo para você.
notice-your_turn = É a sua vez.
notice-rematch_offered = { $by } propõe uma revanche.
notice-rematch_started = A revanche começou.
notice-rematch_refused = A revanche foi cancelada.
notice-rematch_expired = O convite de revanche expirou.
notice-table_changed = Sua mesa privada mudou.
notice-table_started = O jogo da sua mesa privada começou.
notice-ticket_cancelled = Você saiu da fila.
notice-challenge = { $host } desafia você para { $game }: abra a mesa.

# issue 33: the table as players read it
shell-heading-play = { $title }: sua partida
shell-heading-watch = { $title }: assistindo a uma partida
shell-heading-replay = { $title }: replay
shell-watching = { $count ->
    [one] { $count } assistindo
   *[other] { $count } assistindo
}
shell-after-title = E agora?
shell-you-left = Você saiu desta partida: um bot joga no seu lugar agora. Você pode retomar seu lugar a qualquer momento, continuar assistindo ou voltar ao saguão.
shell-news-left = { $name } saiu (deixou a partida ou perdeu a conexão): um bot joga no lugar.
shell-news-you-left = Você saiu: um bot joga no seu lugar.
shell-news-timed-out = O tempo de { $name } acabou: um bot joga a vez.
shell-news-you-timed-out = Seu tempo acabou: um bot joga a sua vez.
shell-news-back = { $name } voltou e joga de novo.
shell-news-lost-connection = { $name } perdeu a conexão.
shell-news-connected-again = { $name } voltou.
shell-news-you-back = Você retomou seu lugar.
shell-col-started = Início
shell-moves-count =
  { $count ->
    [one] 1 jogada
   *[other] { $count } jogadas
  }
shell-unnamed-player = (ainda sem nome)
shell-pause = Pausar ❚❚
shell-play-on = Continuar ▶
shell-step-one = Passo ▸
shell-skip-title = Mostrar tudo até agora, onde sua próxima decisão espera
shell-paused-at = pausado · faltam { $count }
shell-pace-very-slow = muito lento
shell-coach-label = Primeira partida guiada
shell-coach-title = Aprendendo jogando
shell-coach-step = passo { $n } de { $of }
shell-coach-next = Próximo
shell-coach-skip = Pular este passo
shell-coach-end = Encerrar o guia
shell-coach-done = Você já sabe o básico: jogue esta partida até o fim; a página de regras tem todas as regras.
shell-learn-by-playing = Aprenda { $title } jogando
