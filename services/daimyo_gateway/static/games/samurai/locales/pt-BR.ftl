# Samurai em português do Brasil; termos do glossário (/work/notes/glossary-samurai.md, semente pt-BR).

samurai-title = Samurai
samurai-blurb = o jogo de influência no Japão feudal de Reiner Knizia
samurai-option-random-setup = Preparação
samurai-option-random-setup-true = Rápida: peças de casta e mãos distribuídas aleatoriamente
samurai-option-random-setup-false = Completa: colocar as peças de casta e depois escolher as mãos

## Pieces

samurai-kind-buddha = Buda
samurai-kind-rice = Arroz
samurai-kind-castle = Castelo
samurai-kind-samurai = Samurai
samurai-kind-ronin = Ronin
samurai-kind-ship = Barco
samurai-kind-figure-swap = Troca de figuras
samurai-kind-tile-swap = Troca de fichas
samurai-short-buddha = buda
samurai-short-rice = arroz
samurai-short-castle = castelo
samurai-short-samurai = samurai
samurai-short-ronin = ronin
samurai-short-ship = barco
samurai-short-figure-swap = figuras
samurai-short-tile-swap = fichas
samurai-tile-named = { $kind } { $value }
samurai-tile-title = { $tile }
samurai-tile-fast-title = { $tile } (velocidade)
samurai-tile-fast-label = { $tile }, ficha de velocidade
samurai-a-figure = uma peça de casta

## The board

samurai-board-label = Tabuleiro de Samurai
samurai-board-frame-label = Tabuleiro: + e − dão zoom, as setas movem
samurai-a-hex = um espaço
samurai-site-at = { $kind ->
    [edo] a capital Edo em { $at }
    [city] a cidade em { $at }
   *[village] a vila em { $at }
}
samurai-hex-near = { $kind ->
    [edo] { $at }, junto à capital em { $near }
    [city] { $at }, junto à cidade em { $near }
   *[village] { $at }, junto à vila em { $near }
}
samurai-hex-title = { $kind ->
    [sea] mar { $hex }
   *[land] terra { $hex }
}
samurai-move-tile-from = mover { $tile } de { $hex }
samurai-placed-title = { $tile } (lugar { $seat }) em { $hex }
samurai-figure-in = { $figure } em { $hex }
samurai-site-influence = { $hex }: { $influence }
samurai-influence-label = influência:
samurai-influence-none-left = nenhuma peça de casta restante
samurai-influence-none-yet = { $figures } — ainda sem influência
samurai-influence-seat = { $name }: { $values }
samurai-influence-figure = { $figure } { $value }

## The play screen

samurai-connecting = Conectando…
samurai-just-now = Agora há pouco:
samurai-spectating = · assistindo
samurai-game-over = Fim de jogo
samurai-opening-waiting = Mãos iniciais: esperando { $names }
samurai-phase-setup = — coloque uma peça de casta
samurai-your-turn = Sua vez
samurai-to-play = Vez de { $name }
samurai-end-turn = Encerrar turno
samurai-pass = Passar
samurai-cancel = Cancelar (Esc)
samurai-your-hand = Sua mão
samurai-hand-empty = vazia
samurai-waiting-others = Esperando os outros jogadores…
samurai-hint-pass = Nenhuma ficha da sua mão pode ser jogada: passe.
samurai-hint-fast-or-end = Jogue uma ficha de velocidade (»), ou encerre o turno.
samurai-hint-start = Escolha uma ficha e depois um espaço destacado (ou arraste-a até lá). Uma ficha normal encerra o turno sozinha; fichas de velocidade (») podem vir antes. Aponte para um povoado para ver a influência de cada um.
samurai-hint-place = { $kind ->
    [sea] Coloque { $tile } num espaço de mar destacado.
   *[land] Coloque { $tile } num espaço de terra destacado.
}
samurai-hint-tswap-to = Mova-a para um espaço de terra vazio destacado.
samurai-hint-tswap-from = Escolha uma das suas fichas normais (contornadas) para mover.
samurai-hint-fswap-second = Trocar { $figure } em { $hex } por qual peça de casta?
samurai-hint-fswap-first = Troca de figuras (ficha de velocidade): troque duas peças de casta em dois povoados diferentes, em qualquer lugar do tabuleiro; depois nenhuma cidade (nem Edo) pode ter duas peças da mesma casta, e a ficha sai do jogo. Escolha a primeira peça de casta.
samurai-setup-title = Preparação: coloque uma peça de casta
samurai-setup-figure-left = { $figure } (restam { $count })
samurai-setup-pick-site = Escolha um povoado destacado para { $figure }.
samurai-setup-choose = Escolha uma casta e depois um povoado.
samurai-choose-hand = Escolha sua mão inicial ({ $chosen }/{ $count })
samurai-confirm-hand = Confirmar a mão
samurai-choose-hand-hint = Sua escolha fica em segredo; as outras fichas formam sua pilha de compra embaralhada.
samurai-legend-fast = » ficha de velocidade
samurai-legend-esc = Esc cancela

## Players

samurai-players = Jogadores
samurai-you-tag = (você)
samurai-captured-hidden = { $count } capturadas (ocultas)
samurai-hand-stack-title = fichas na mão · restantes na pilha de compra
samurai-hand-stack = mão { $hand } · pilha { $stack }
samurai-set-aside-label = Removidas (empate):

## The log

samurai-log-label = Registro das jogadas
samurai-log-title = Registro
samurai-log-empty = Nenhuma jogada ainda
samurai-log-placed = { $name } colocou { $tile } em { $hex }
samurai-log-figures-swapped = { $name } trocou { $a } em { $from } por { $b } em { $to }
samurai-log-tiles-swapped = { $name } moveu { $tile } de { $from } para { $to }
samurai-log-captured = { $name } capturou { $figure } em { $hex }
samurai-log-captured-score = { $name } capturou { $figure } em { $hex } ({ $score })
samurai-log-set-aside = { $figure } em { $hex } removida: empate
samurai-log-set-aside-score = { $figure } em { $hex } removida: empate ({ $score })
samurai-log-turn-ended = { $name } encerrou o turno
samurai-log-turn-ended-drew = { $name } encerrou o turno — comprou { $count }
samurai-log-turn-ended-drew-tiles = { $name } encerrou o turno — comprou { $tiles }
samurai-log-passed = { $name } passou
samurai-log-game-finished = Fim de jogo: { $reason }
samurai-log-figure-placed = { $name } colocou { $figure } em { $hex }
samurai-log-figures-placed = Todas as peças de casta estão colocadas — agora cada jogador escolhe em segredo { $count } fichas
samurai-log-hand-chosen = { $name } escolheu a mão inicial
samurai-log-play-started = O jogo começa
samurai-end-figures-gone = não resta nenhuma peça de { $figures } no tabuleiro
samurai-end-set-aside = { $count } peças de casta foram removidas por empate
samurai-end-no-moves = nenhum jogador consegue mais colocar fichas

## Final scoring

samurai-final-label = Pontuação final
samurai-final-winners = { $count ->
    [one] Vencedor: { $names }
   *[other] Vitória compartilhada: { $names }
}
samurai-final-no-winner = Sem vencedor (um bot terminou todos os lugares)
samurai-final-how = Como foi decidido
samurai-col-player = Jogador
samurai-col-total = Total
samurai-col-tokens = Fichas de líder
samurai-col-place = Posição
samurai-leader-token = ficha de líder
samurai-leader-tokens = fichas de líder
samurai-final-no-leader = { $figure }: empate no maior número (ou nenhuma capturada) — ninguém recebe esta ficha de líder.
samurai-final-leader = { $figure }: { $name } capturou mais e recebe a ficha de líder.
samurai-name-score = { $name } { $score }
samurai-final-no-tokens = Ninguém tem ficha de líder, então vence quem capturou mais peças de casta no total: { $scores }.
samurai-final-most-tokens = { $name } tem mais fichas de líder ({ $count }) e vence sozinho.
samurai-final-tied-tokens = { $count ->
    [one] { $names } empatam com { $count } ficha de líder; só eles continuam na disputa.
   *[other] { $names } empatam com { $count } fichas de líder; só eles continuam na disputa.
}
samurai-final-unled = Peças das castas que cada um não lidera: { $scores }.
samurai-final-still-tied = Ainda empatados: decide o total de peças de casta capturadas: { $scores }.

## Replay

samurai-replay-move = Jogada { $move }: { $name }
samurai-replay-start = O início
samurai-hands = Mãos

# issue 33: the table as players read it
samurai-bot-for-you = O bot no seu lugar
samurai-why-not-your-turn = ainda não é a sua vez
samurai-why-no-swap = nenhuma troca é possível no tabuleiro agora
samurai-why-one-normal = uma ficha normal por vez: só fichas de velocidade (») podem vir depois
samurai-why-no-hex = nenhum espaço de { $kind ->
    [sea] mar
   *[land] terra
  } vazio para ela
samurai-log-game-ended = A última ficha foi jogada: a pontuação final decide.
samurai-coach-pick = Sua mão tem cinco fichas: o número é a força da ficha, o símbolo é a peça de casta que ela disputa (samurais e barcos contam para as três; » marca uma ficha de velocidade). Clique numa ficha para escolhê-la.
samurai-coach-place = Os espaços destacados são onde ela pode ir. Clique num deles para colocá-la: ela soma sua força a cada povoado vizinho, para a sua peça de casta.
samurai-coach-end = Uma ficha normal encerra sua vez sozinha; fichas de velocidade (») podem vir antes dela, e depois de só fichas de velocidade você aperta “Encerrar turno”. De todo modo, você compra até ter cinco.
samurai-coach-surround = Quando todos os espaços de terra vizinhos a um povoado têm fichas, o povoado está cercado: para cada peça de casta nele, quem tem mais influência sobre ela ali a captura. Empate no máximo: ninguém a leva.
samurai-coach-swaps = Duas fichas especiais: a troca de figuras (de velocidade) troca duas peças de casta entre dois povoados diferentes; a troca de fichas move uma ficha sua do tabuleiro para um espaço de terra vazio e fica onde ela estava, valendo 0.
samurai-coach-scoring = No fim, quem tem estritamente mais peças de uma casta lidera essa casta; quem lidera mais castas vence. Empate em lideranças: conte as peças das castas que você não lidera; ainda empatados: todas as peças; ainda empatados: vitória compartilhada.

# A jogada melhor da análise da partida (games/samurai/review.js)
samurai-review-move-place = colocar { $tile } em { $hex }
samurai-review-move-tile_swap = mover a ficha de { $from } para { $to }
samurai-review-move-figure_swap = trocar { $a } em { $from } por { $b } em { $to }
samurai-review-move-place_figure = colocar { $figure } em { $hex }
samurai-review-move-choose_hand = outra mão inicial
samurai-review-move-end_turn = encerrar o turno
samurai-review-move-pass = passar
samurai-review-move-other = outra jogada ({ $type })
