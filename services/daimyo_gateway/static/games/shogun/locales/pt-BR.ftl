# Shogun em português do Brasil; termos do glossário (/work/notes/glossary-shogun.md, semente pt-BR).

shogun-title = Shogun
shogun-blurb = o jogo de conquista de Dirk Henn
shogun-option-side = Lado do tabuleiro
shogun-option-side-sun = Sol
shogun-option-side-moon = Lua
shogun-option-setup = Preparação
shogun-option-setup-fixed = Províncias iniciais pré-determinadas
shogun-option-setup-draft = Escolha das províncias iniciais

## Actions, special cards, events

shogun-action-castle = Castelo
shogun-action-temple = Templo
shogun-action-theatre = Teatro Nô
shogun-action-rice = Confiscar Arroz
shogun-action-taxes = Coletar Taxas
shogun-action-recruit5 = Colocar 5 tropas
shogun-action-recruit3 = Colocar 3 tropas
shogun-action-recruit1-move = Colocar 1 tropa / Mover
shogun-action-attack-a = Combate/Mover A
shogun-action-attack-b = Combate/Mover B
shogun-tag-castle = Castelo
shogun-tag-temple = Templo
shogun-tag-theatre = Nô
shogun-tag-rice = Arroz
shogun-tag-taxes = Taxas
shogun-tag-recruit5 = Col 5
shogun-tag-recruit3 = Col 3
shogun-tag-recruit1-move = Col 1+
shogun-tag-attack-a = Comb A
shogun-tag-attack-b = Comb B
shogun-tag-bid = Oferta
shogun-special-attack = Ataque +1
shogun-special-defence = Defesa +1
shogun-special-war-chest = +1 Baú de Guerra
shogun-special-rice = +1 Arroz
shogun-special-recruit = Colocar 6 tropas
shogun-special-text-attack = +1 cubo de tropa (da sua reserva) jogado na Torre de Batalha sempre que você atacar nesta rodada
shogun-special-text-defence = +1 cubo de tropa (da sua reserva) sempre que uma província sua for atacada ou tiver uma revolta nesta rodada
shogun-special-text-war-chest = +1 baú de guerra cada vez que você coletar taxas nesta rodada
shogun-special-text-rice = +1 arroz cada vez que você confiscar arroz nesta rodada
shogun-special-text-recruit = +1 tropa na ação “5 tropas por 3 baús” nesta rodada (6 em vez de 5; 4 em vez de 3 com o evento 12)
shogun-event-name-1 = O teatro acalma
shogun-event-name-2 = { shogun-event-name-1 }
shogun-event-name-3 = Agricultores armados
shogun-event-name-4 = Castelos resistem
shogun-event-name-5 = { shogun-event-name-4 }
shogun-event-name-6 = Paz dos templos
shogun-event-name-7 = Taxas baixas (máx. 5)
shogun-event-name-8 = Taxas altas (mín. 6)
shogun-event-name-9 = { shogun-event-name-6 }
shogun-event-name-10 = Boa colheita (mín. 4)
shogun-event-name-11 = Colheita fraca (máx. 3)
shogun-event-name-12 = Recrutas caros
shogun-event-text-1 = Quando um Teatro Nô é construído nesta rodada, 1 marcador de revolta sai daquela província
shogun-event-text-2 = { shogun-event-text-1 }
shogun-event-text-3 = Atacar uma província neutra: 2 cubos de agricultores são jogados na torre em vez de 1
shogun-event-text-4 = Quando um jogador ataca uma província com castelo, o defensor joga 1 cubo de tropa a mais (da sua reserva)
shogun-event-text-5 = { shogun-event-text-4 }
shogun-event-text-6 = Províncias com templo não podem ser atacadas nesta rodada
shogun-event-text-7 = Coletar Taxas rende no máximo 5 baús
shogun-event-text-8 = Coletar Taxas rende no mínimo 6 baús
shogun-event-text-9 = { shogun-event-text-6 }
shogun-event-text-10 = Confiscar Arroz rende no mínimo 4 arroz
shogun-event-text-11 = Confiscar Arroz rende no máximo 3 arroz
shogun-event-text-12 = As ações de colocar tropas dão 3 tropas por 3 baús e 2 tropas por 2 baús (em vez de 5 e 3)
shogun-event-n = evento { $card }: { $name }

## The map

shogun-map-label = { $side ->
    [moon] Mapa do Japão, lado da lua
   *[sun] Mapa do Japão, lado do sol
}
shogun-map-frame-label = Mapa: + e − dão zoom, as setas movem
shogun-legend-note = { $side ->
    [moon] lado da lua · taxa·arroz junto a cada nome
   *[sun] lado do sol · taxa·arroz junto a cada nome
}
shogun-region-green = verde
shogun-region-yellow = amarela
shogun-region-purple = roxa
shogun-region-red = vermelha
shogun-region-brown = marrom
shogun-colour-red = vermelho
shogun-colour-blue = azul
shogun-colour-gold = dourado
shogun-colour-purple = roxo
shogun-colour-black = preto
shogun-building-castle = castelo
shogun-building-temple = templo
shogun-building-theatre = Teatro Nô
shogun-province-facts = { $name } — taxa { $tax }, arroz { $rice }, { $sites ->
    [one] { $sites } espaço de construção
   *[other] { $sites } espaços de construção
}
shogun-province-out = fora de jogo
shogun-province-neutral = neutra
shogun-province-owner = { $colour }: { $armies } tropas
shogun-province-revolts = { $count ->
    [one] { $count } marcador de revolta
   *[other] { $count } marcadores de revolta
}
shogun-season-setup = preparação
shogun-season-spring = Primavera
shogun-season-summer = Verão
shogun-season-autumn = Outono
shogun-season-winter = Inverno
## Nomes das províncias (romanizados, como no tabuleiro)

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

shogun-blank-card = carta de baú virada (blefe)
shogun-blank-card-n = carta de baú virada { $n }
shogun-blank = virada
shogun-province-card = { $name } (carta)
shogun-no-bid = sem oferta
shogun-bid-chests = { $count ->
    [one] { $count } baú de guerra
   *[other] { $count } baús de guerra
}
shogun-bid-province = carta de província { $name } (vale 0)
shogun-none = nenhum
shogun-face-down = virada para baixo
shogun-turn-n = ordem { $n }
shogun-this-round = Esta rodada
shogun-peasant = agricultor

## The play screen

shogun-connecting = Conectando…
shogun-just-now = Agora há pouco:
shogun-spectating = · assistindo
shogun-game-over = Fim de jogo
shogun-your-turn = Sua vez
shogun-year-season = Ano { $year } · { $season }
shogun-status-plan = planeje suas ações e sua oferta (em segredo)
shogun-status-planning = Planejamento: esperando { $names }
shogun-status-pick = escolha uma carta especial (ela define sua ordem no turno)
shogun-status-picks = { $name } escolhe uma carta especial
shogun-status-draft = escolha uma província inicial
shogun-status-drafts = { $name } escolhe
shogun-status-decide = { $action } a partir de { $province }: para onde, quantas?
shogun-status-decides = { $name }: { $action } a partir de { $province }
shogun-status-resolving = Resolvendo…
shogun-sent-label = Enviado
shogun-sent = Enviado — esperando a mesa…
shogun-waiting-others = Esperando os outros jogadores…
shogun-your-plan-label = Seu planejamento
shogun-your-plan = Seu planejamento (secreto)
shogun-no-actions = nenhuma ação
shogun-bid-is-label = Oferta: { $bid }
shogun-plan-label = Planejamento
shogun-plan-title = Planeje esta rodada (em segredo)
shogun-submit-plan = Enviar planejamento
shogun-clear = Limpar
shogun-special-label = Carta especial
shogun-pick-special = Escolha uma carta especial
shogun-pick-special-hint = O número do espaço dela é o seu lugar na ordem do turno desta rodada.
shogun-target-attack = atacar { $province }
shogun-target-move = → { $province }
shogun-go-attack = Atacar { $province } com { $armies }
shogun-go-move = Mover para { $province } com { $armies }
shogun-armies = Tropas
shogun-of-max = de { $max }
shogun-move-label = Mover
shogun-move-from = { $action }: a partir de { $province }
shogun-armies-n = { $count ->
    [one] ({ $count } tropa)
   *[other] ({ $count } tropas)
}
shogun-move-hint = Escolha uma província destacada (ou um botão) e depois quantas tropas vão; pelo menos uma fica.
shogun-move-none = Nenhuma província pode ser alcançada daqui.
shogun-stay = Ficar (pular)
shogun-draft-deck = topo do baralho ({ $count })
shogun-draft-label = Escolha
shogun-draft-title = Escolha uma província inicial
shogun-draft-card = Carta de província:
shogun-draft-group = Grupo de tropas a colocar ali:
shogun-draft-take = Pegar

## Planning

shogun-gain-chests = +{ $count } baús
shogun-gain-rice = +{ $count } arroz
shogun-costs = custa { $cost }
shogun-costs-when-done = (custa { $cost } baús de guerra quando for executada)
shogun-free = grátis
shogun-no-province = nenhuma província
shogun-nothing = nada
shogun-pcard-label = { $action }: { $card }
shogun-pcard-label-cost = { $action }, custa { $cost }: { $card }
shogun-plan-click = clique numa província destacada no mapa, ou numa abaixo.
shogun-plan-none = nenhuma das suas províncias pode recebê-la agora.
shogun-nothing-here = Nada aqui
shogun-action-cards = Cartas de ação
shogun-provinces-for = Províncias para { $action }
shogun-bid-heading = Oferta pela ordem do turno
shogun-bid-heading-note = baús de guerra pagos ao banco
shogun-bid = Oferta
shogun-planned-cost = Custo planejado: { $spend } dos seus { $chests } baús de guerra.
shogun-planned-cost-over = As ações que você não puder pagar na hora serão puladas.
shogun-blank-hides = Uma carta de baú virada esconde uma ação vazia dos outros.
shogun-option-nothing = — nada
shogun-plan-lists = Planejar com listas

## Players, tower, battles, winter

shogun-players = Jogadores
shogun-in-turn-order = na ordem do turno
shogun-you-tag = (você)
shogun-turn-order = ordem do turno
shogun-vp = PV
shogun-vp-title = pontos de vitória
shogun-chests-title = baús de guerra
shogun-rice-title = arroz
shogun-provinces-title = províncias possuídas
shogun-supply-title = tropas na reserva
shogun-bid-title = oferta
shogun-bid-is = oferta { $bid }
shogun-planned = planejou
shogun-planning = planejando…
shogun-pawn-title = { $colour }: { $vp } PV
shogun-score-track = Trilha de pontos
shogun-tower-tray = Bandeja da torre:
shogun-tower-stuck = presos na torre:
shogun-tower-hidden = ({ $shelves } prateleiras, conteúdo oculto)
shogun-peasant-supply = agricultores na reserva: { $count }
shogun-battle-kind-pvp = Batalha
shogun-battle-kind-neutral = Ataque a uma província neutra
shogun-battle-kind-revolt = Revolta
shogun-battle-kind-winter = Revolta de inverno
shogun-battle-kind-seed = Carregar a torre
shogun-battle-at = { $kind } em { $province } — { $result }
shogun-battle-where = { $kind } em { $province }
shogun-battles = Batalhas
shogun-battles-count = { $count }, as mais recentes primeiro
shogun-last-battle = Última batalha
shogun-attacker = Atacante
shogun-defender = Defensor
shogun-peasants = Agricultores
shogun-role-who = { $role }: { $who }
shogun-thrown-in = entraram
shogun-thrown-in-title = cubos jogados na torre
shogun-came-out = saíram da torre
shogun-all-out = Tudo o que saiu: { $cubes } ({ $count } cubos, contando os da bandeja).
shogun-battle-holds = { $who } fica com ela com { $armies }
shogun-outcome-attacker-wins = o atacante vence
shogun-outcome-defender-wins = o defensor vence
shogun-outcome-tie-neutral = empate: a província fica neutra
shogun-outcome-stays-neutral = a província continua neutra
shogun-outcome-owner-keeps = o dono mantém a província
shogun-outcome-becomes-neutral = a província fica neutra
shogun-outcome-skipped-not-theirs = pulada: a província não é mais dele
shogun-outcome-skipped-no-site = pulada: não há espaço de construção livre
shogun-outcome-skipped-cannot-pay = pulada: não pode pagar
shogun-outcome-skipped-no-armies = pulada: não há tropas na reserva
shogun-outcome-skipped-few-armies = pulada: menos de 2 tropas ali
shogun-winter-of = Inverno do ano { $year }
shogun-winter-rice = arroz
shogun-winter-rice-title = arroz que tem / que precisa
shogun-winter-prov = prov.
shogun-winter-prov-title = 1 PV por província
shogun-winter-bldg = constr.
shogun-winter-bldg-title = 1 PV por construção
shogun-winter-maj = maior.
shogun-winter-maj-title = maiorias por região: castelos 3, templos 2, Teatros Nô 1 (empate: um a menos)
shogun-revolts-title = revoltas
shogun-revolts-n = { $count ->
    [one] { $count } revolta
   *[other] { $count } revoltas
}
shogun-rice-ok = ok
shogun-revolts-label = Revoltas:
shogun-revolts-in = { $who } em { $provinces }

## Final scores

shogun-final-label = Pontuação final
shogun-final-winners = { $count ->
    [one] Vencedor: { $names }
   *[other] Vitória compartilhada: { $names }
}
shogun-final-no-winner = Sem vencedor (um bot terminou todos os lugares)
shogun-col-player = Jogador
shogun-col-chests = Baús
shogun-col-provinces = Províncias
shogun-winner = vencedor
shogun-final-most-vp = { $name } tem mais pontos de vitória ({ $vp }) e vence.
shogun-final-tied = { $names } empatam com { $vp } PV; o desempate são os baús de guerra: { $chests }.
shogun-final-still-tied = Ainda empatados: eles compartilham a vitória.
shogun-final-wins = { $name } vence.

## The log

shogun-log-title = Registro
shogun-log-empty = Nada ainda
shogun-log-planned = { $who } planejou (em segredo)
shogun-log-drafted = { $who } escolheu { $province } com { $armies } tropas
shogun-log-bids = Ofertas: { $bids }
shogun-log-special-taken = { $who } pegou { $card } — joga em #{ $position }
shogun-log-action-revealed = Carta de ação { $position }: { $action }
shogun-log-action-nothing = { $who }: { $action } — { $card }
shogun-log-action-result = { $who }: { $action } em { $province } { $result }
shogun-log-action-amount = { $who }: { $action } em { $province } (+{ $amount })
shogun-log-action-armies = { $who }: { $action } em { $province } (+{ $armies } tropas)
shogun-log-action-done = { $who }: { $action } em { $province }
shogun-log-stayed = { $who } ficou em { $province }
shogun-log-moved = { $who } mandou { $armies } de { $from } para { $to }
shogun-log-tower-seeded = A torre foi carregada
shogun-log-battle = { $kind } em { $province }: { $count } cubos saíram — { $result }
shogun-log-round-over = Fim de { $season }, ano { $year }
shogun-log-winter-rice = { $who } arroz de inverno { $rice }/{ $needed }
shogun-log-winter-rice-revolts = { $who } arroz de inverno { $rice }/{ $needed } — { $count ->
    [one] { $count } revolta
   *[other] { $count } revoltas
}
shogun-log-scoring = Pontuação de inverno, ano { $year }: { $scores }
shogun-log-game-over = Fim de jogo
shogun-log-event = Evento { $card } ({ $name }): { $text }
shogun-log-event-cards = Eventos deste ano: { $cards }
shogun-log-bid-tiebreak = Ofertas empatadas, ordem sorteada: { $order }
shogun-log-winter-revolts = Revoltas de inverno de { $who }: { $provinces }

## Replay

shogun-replay-move = Jogada { $move }: { $who }
shogun-replay-start = O início
shogun-plans-label = Planejamentos
shogun-plans-title = Planejamentos desta rodada

# issue 33: the table as players read it
shogun-bot-for-you = o bot no seu lugar
shogun-bid-why-not = Esta carta já está numa das ações desta rodada: tire-a de lá para dar o lance com ela.
shogun-blank-why-not = Todas as cartas em branco já estão em outras ações.
shogun-clear-why-not = Nada foi colocado nesta ação ainda.
shogun-recap-title = O que mudou em { $when }
shogun-recap-nobody = ninguém
shogun-recap-owner = { $from } → { $to }
shogun-recap-armies = tropas { $change }
shogun-recap-built = construído: { $buildings }
shogun-recap-revolts = marcadores de revolta { $change }
shogun-recap-col-rice = Arroz
shogun-recap-quiet = Nenhuma província mudou.
shogun-coach-plan = O planejamento é secreto e simultâneo. Escolha uma carta de ação no alto do seu plano e clique numa província destacada no mapa (ou no botão dela abaixo) para fazer a ação ali.
shogun-coach-costs = Cada ação custa baús de guerra, mostrados na carta, pagos quando ela acontece. Uma carta em branco é um blefe: nada acontece, mas ninguém sabe.
shogun-coach-bid = Dê uma oferta em baús de guerra pela ordem de turno: a maior oferta age primeiro e fica com a melhor carta especial. Uma carta já colocada numa ação não pode servir de oferta.
shogun-coach-submit = Quando seu plano estiver pronto, aperte “Enviar planejamento”. As jogadas dos outros são então repetidas: pause ou avance passo a passo abaixo dos relógios.
shogun-coach-tower = Toda batalha passa pela Torre de Batalha: os cubos dos dois lados são jogados dentro, só contam os que saem, e alguns ficam presos na torre para uma batalha futura.
shogun-coach-events = Cada rodada revela uma carta de evento (na faixa acima do mapa): ela muda uma regra naquela rodada; passe o mouse para lê-la. O quarto evento do ano também define a perda de arroz no inverno.
shogun-coach-winter = Depois do outono vem o inverno: você precisa de tanto arroz quanto províncias (mais a perda de arroz no inverno); a falta provoca revoltas. Depois, 1 PV por província e por construção, e as maiorias regionais de castelos, templos e teatros Nô pontuam.

# A jogada melhor da análise da partida (games/shogun/review.js)
shogun-review-move-plan = outro planejamento: { $actions } (oferta: { $bid })
shogun-review-plan-action = { $action }: { $province }
shogun-review-plan-all-blank = só cartas de baú viradas
shogun-review-move-move = { $count ->
    [one] enviar { $count } tropa para { $to }
   *[other] enviar { $count } tropas para { $to }
}
shogun-review-move-draft = pegar { $take ->
    [deck] a carta do topo do baralho
   *[other] a carta de província aberta { $n }
} com { $count ->
    [one] { $count } tropa
   *[other] { $count } tropas
}
shogun-review-move-pick_special = pegar a carta especial { $card }
shogun-review-move-skip = ficar (pular)
shogun-review-move-other = outra jogada ({ $type })
