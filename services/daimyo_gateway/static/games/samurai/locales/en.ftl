# Samurai's messages: its name, its table options, the play and replay screens, the log (from
# each effect's data) and the final scoring. Terms follow /work/notes/glossary-samurai.md.

samurai-title = Samurai
samurai-blurb = Reiner Knizia's game of influence over feudal Japan
samurai-option-random-setup = Setup
samurai-option-random-setup-true = Quick: figures and hands dealt at random
samurai-option-random-setup-false = Full: place figures, then choose hands

## Pieces

samurai-kind-buddha = Buddha
samurai-kind-rice = Rice
samurai-kind-castle = Castle
samurai-kind-samurai = Samurai
samurai-kind-ronin = Ronin
samurai-kind-ship = Ship
samurai-kind-figure-swap = Figure swap
samurai-kind-tile-swap = Tile swap
samurai-short-buddha = buddha
samurai-short-rice = rice
samurai-short-castle = castle
samurai-short-samurai = samurai
samurai-short-ronin = ronin
samurai-short-ship = ship
samurai-short-figure-swap = figures
samurai-short-tile-swap = tiles
samurai-tile-named = { $kind } { $value }
samurai-tile-title = { $tile }
samurai-tile-fast-title = { $tile } (fast)
samurai-tile-fast-label = { $tile }, fast
samurai-a-figure = a figure

## The board

samurai-board-label = Samurai board
samurai-board-frame-label = Board: + and − zoom, arrow keys pan
samurai-a-hex = a hex
samurai-site-at = { $kind ->
    [edo] the capital Edo at { $at }
    [city] the city at { $at }
   *[village] the village at { $at }
}
samurai-hex-near = { $kind ->
    [edo] { $at }, by the capital at { $near }
    [city] { $at }, by the city at { $near }
   *[village] { $at }, by the village at { $near }
}
samurai-hex-title = { $kind ->
    [sea] sea { $hex }
   *[land] land { $hex }
}
samurai-move-tile-from = move { $tile } from { $hex }
samurai-placed-title = { $tile } (seat { $seat }) on { $hex }
samurai-figure-in = { $figure } in { $hex }
samurai-site-influence = { $hex }: { $influence }
samurai-influence-label = influence:
samurai-influence-none-left = no figures left
samurai-influence-none-yet = { $figures } — no influence yet
samurai-influence-seat = { $name }: { $values }
samurai-influence-figure = { $figure } { $value }

## The play screen

samurai-connecting = Connecting…
samurai-just-now = Just now:
samurai-spectating = · spectating
samurai-game-over = Game over
samurai-opening-waiting = Opening hands: waiting for { $names }
samurai-phase-setup = — place a figure
samurai-your-turn = Your turn
samurai-to-play = { $name } to play
samurai-end-turn = End turn
samurai-pass = Pass
samurai-cancel = Cancel (Esc)
samurai-your-hand = Your hand
samurai-hand-empty = empty
samurai-waiting-others = Waiting for the other players…
samurai-hint-pass = No tile in your hand can be played: pass.
samurai-hint-fast-or-end = Play a fast tile (»), or end your turn.
samurai-hint-start = Pick a tile, then a highlighted hex (or drag it there). A normal tile ends your turn by itself; fast tiles (») may come first. Point at a settlement to see everyone's influence on it.
samurai-hint-place = { $kind ->
    [sea] Place { $tile } on a highlighted sea hex.
   *[land] Place { $tile } on a highlighted land hex.
}
samurai-hint-tswap-to = Move it to a highlighted empty land hex.
samurai-hint-tswap-from = Pick one of your non-fast tiles (outlined) to move.
samurai-hint-fswap-second = Swap the { $figure } in { $hex } with which figure?
samurai-hint-fswap-first = Figure swap (a fast tile): exchange two figures standing on two different settlements anywhere on the board; afterwards no city (nor Edo) may hold two figures of one kind, and the tile leaves the game. Pick the first figure.
samurai-setup-title = Setup: place a figure
samurai-setup-figure-left = { $figure } ({ $count } left)
samurai-setup-pick-site = Pick a highlighted settlement for the { $figure }.
samurai-setup-choose = Choose a figure type, then a settlement.
samurai-choose-hand = Choose your opening hand ({ $chosen }/{ $count })
samurai-confirm-hand = Confirm hand
samurai-choose-hand-hint = Your choice stays secret; the other tiles become your shuffled draw stack.
samurai-legend-fast = » fast tile
samurai-legend-esc = Esc cancels

## Players

samurai-players = Players
samurai-you-tag = (you)
samurai-captured-hidden = { $count } captured (hidden)
samurai-hand-stack-title = tiles in hand · left in the draw stack
samurai-hand-stack = hand { $hand } · stack { $stack }
samurai-set-aside-label = Set aside (ties):

## The log

samurai-log-label = Move log
samurai-log-title = Log
samurai-log-empty = No moves yet
samurai-log-placed = { $name } placed { $tile } on { $hex }
samurai-log-figures-swapped = { $name } swapped the { $a } in { $from } with the { $b } in { $to }
samurai-log-tiles-swapped = { $name } moved { $tile } from { $from } to { $to }
samurai-log-captured = { $name } captured a { $figure } in { $hex }
samurai-log-captured-score = { $name } captured a { $figure } in { $hex } ({ $score })
samurai-log-set-aside = { $figure } in { $hex } set aside: tie
samurai-log-set-aside-score = { $figure } in { $hex } set aside: tie ({ $score })
samurai-log-turn-ended = { $name } ended the turn
samurai-log-turn-ended-drew = { $name } ended the turn — drew { $count }
samurai-log-turn-ended-drew-tiles = { $name } ended the turn — drew { $tiles }
samurai-log-passed = { $name } passed
samurai-log-game-finished = Game over: { $reason }
samurai-log-figure-placed = { $name } put a { $figure } in { $hex }
samurai-log-figures-placed = Every figure is placed — now each player secretly chooses { $count } tiles
samurai-log-hand-chosen = { $name } chose an opening hand
samurai-log-play-started = Play begins
samurai-end-figures-gone = no { $figures } figure remains on the board
samurai-end-set-aside = { $count } figures have been set aside through ties
samurai-end-no-moves = no player can place a tile any more

## Final scoring

samurai-final-label = Final scoring
samurai-final-winners = { $count ->
    [one] Winner: { $names }
   *[other] Shared victory: { $names }
}
samurai-final-no-winner = No winner (a bot finished every seat)
samurai-final-how = How it was decided
samurai-col-player = Player
samurai-col-total = Total
samurai-col-tokens = Tokens
samurai-col-place = Place
samurai-leader-token = leader token
samurai-leader-tokens = leader tokens
samurai-final-no-leader = { $figure }: tied for most (or none captured) — nobody gets this leader token.
samurai-final-leader = { $figure }: { $name } captured the most and takes the leader token.
samurai-name-score = { $name } { $score }
samurai-final-no-tokens = No one holds a leader token, so the most captured figures in total wins: { $scores }.
samurai-final-most-tokens = { $name } holds the most leader tokens ({ $count }) and wins outright.
samurai-final-tied-tokens = { $count ->
    [one] { $names } are tied on { $count } leader token; only they stay in.
   *[other] { $names } are tied on { $count } leader tokens; only they stay in.
}
samurai-final-unled = Figures of the types each does not lead: { $scores }.
samurai-final-still-tied = Still tied, so total captured figures decide: { $scores }.

## Replay

samurai-replay-move = Move { $move }: { $name }
samurai-replay-start = The start
samurai-hands = Hands

# issue 33: the table as players read it
samurai-bot-for-you = The bot in your seat
samurai-why-not-your-turn = not your turn yet
samurai-why-no-swap = no swap is possible on the board now
samurai-why-one-normal = one normal tile a turn: only fast tiles (») may follow
samurai-why-no-hex = no empty { $kind ->
    [sea] sea
   *[land] land
  } hex for it
samurai-log-game-ended = The last tile is played: the final scoring decides.
samurai-coach-pick = Your hand holds five tiles: the number is a tile's strength, the symbol the figure it fights for (samurai and ships count for all three; » marks a fast tile). Click a tile to pick it.
samurai-coach-place = The highlighted hexes are where it may go. Click one to place it: it adds its strength to every settlement next to it, for its figure.
samurai-coach-end = A normal tile ends your turn by itself; fast tiles (») may come before it, and after fast tiles alone you press “End turn”. Either way you draw back up to five.
samurai-coach-surround = When every land hex next to a settlement holds a tile, the settlement is surrounded: for each of its figures, whoever has the most influence on that figure there takes it. A tie for the most takes nothing.
samurai-coach-swaps = Two special tiles: the figure swap (fast) exchanges two figures on two different settlements; the tile swap moves one of your tiles on the board to an empty land hex and stays where it stood, counting 0.
samurai-coach-scoring = At the end, whoever has strictly the most figures of a kind leads that kind; the most leads wins. Tied on leads: count the figures of the kinds you do not lead; still tied: all figures; still tied: a shared victory.

# The game review's better move (games/samurai/review.js)
samurai-review-move-place = place { $tile } on { $hex }
samurai-review-move-tile_swap = move the tile from { $from } to { $to }
samurai-review-move-figure_swap = swap the { $a } in { $from } with the { $b } in { $to }
samurai-review-move-place_figure = put a { $figure } in { $hex }
samurai-review-move-choose_hand = another opening hand
samurai-review-move-end_turn = end the turn
samurai-review-move-pass = pass
samurai-review-move-other = another move ({ $type })
