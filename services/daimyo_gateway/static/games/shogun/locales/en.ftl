# Shogun's messages: its name, its table options, the play and replay screens, the log (from
# each effect's data), battles, winter and the final scores. Terms follow
# /work/notes/glossary-shogun.md.

shogun-title = Shogun
shogun-blurb = Dirk Henn's game of conquest
shogun-option-side = Board side
shogun-option-side-sun = Sun
shogun-option-side-moon = Moon
shogun-option-setup = Setup
shogun-option-setup-fixed = Fixed starting provinces
shogun-option-setup-draft = Draft starting provinces

## Actions, special cards, events

shogun-action-castle = Castle
shogun-action-temple = Temple
shogun-action-theatre = Nô theatre
shogun-action-rice = Rice
shogun-action-taxes = Taxes
shogun-action-recruit5 = Recruit 5
shogun-action-recruit3 = Recruit 3
shogun-action-recruit1-move = Recruit 1 + move
shogun-action-attack-a = Attack A
shogun-action-attack-b = Attack B
shogun-tag-castle = Castle
shogun-tag-temple = Temple
shogun-tag-theatre = Nô
shogun-tag-rice = Rice
shogun-tag-taxes = Tax
shogun-tag-recruit5 = Rec 5
shogun-tag-recruit3 = Rec 3
shogun-tag-recruit1-move = Rec 1+
shogun-tag-attack-a = Atk A
shogun-tag-attack-b = Atk B
shogun-tag-bid = Bid
shogun-special-attack = Attack +1
shogun-special-defence = Defence +1
shogun-special-war-chest = War chest +1
shogun-special-rice = Rice +1
shogun-special-recruit = Recruit 6
shogun-special-text-attack = +1 army cube (from your own supply) thrown into the tower whenever you attack this round
shogun-special-text-defence = +1 army cube (from your own supply) whenever a province of yours is attacked or revolts this round
shogun-special-text-war-chest = +1 war chest each time you collect taxes this round
shogun-special-text-rice = +1 rice each time you collect rice this round
shogun-special-text-recruit = +1 army when you take the “5 armies for 3 chests” action this round (6 instead of 5; 4 instead of 3 under event 12)
shogun-event-name-1 = The theatre calms
shogun-event-name-2 = { shogun-event-name-1 }
shogun-event-name-3 = Armed peasants
shogun-event-name-4 = Castles hold
shogun-event-name-5 = { shogun-event-name-4 }
shogun-event-name-6 = Temple peace
shogun-event-name-7 = Poor taxes (max. 5)
shogun-event-name-8 = Rich taxes (min. 6)
shogun-event-name-9 = { shogun-event-name-6 }
shogun-event-name-10 = Good harvest (min. 4)
shogun-event-name-11 = Poor harvest (max. 3)
shogun-event-name-12 = Dear recruits
shogun-event-text-1 = When a Nô theatre is built this round, 1 revolt marker is removed from that province
shogun-event-text-2 = { shogun-event-text-1 }
shogun-event-text-3 = Attacking a neutral province: 2 peasant cubes are thrown in instead of 1
shogun-event-text-4 = When a player attacks a province with a castle, its defender throws 1 extra army cube (from their supply)
shogun-event-text-5 = { shogun-event-text-4 }
shogun-event-text-6 = Provinces with a temple cannot be attacked this round
shogun-event-text-7 = Collect taxes yields at most 5 chests
shogun-event-text-8 = Collect taxes yields at least 6 chests
shogun-event-text-9 = { shogun-event-text-6 }
shogun-event-text-10 = Collect rice yields at least 4 rice
shogun-event-text-11 = Collect rice yields at most 3 rice
shogun-event-text-12 = Recruit actions give 3 armies for 3 chests and 2 armies for 2 chests (instead of 5 and 3)
shogun-event-n = event { $card }: { $name }

## The map

shogun-map-label = { $side ->
    [moon] Map of Japan, moon side
   *[sun] Map of Japan, sun side
}
shogun-map-frame-label = Map: + and − zoom, arrow keys pan
shogun-legend-note = { $side ->
    [moon] moon side · tax·rice by each name
   *[sun] sun side · tax·rice by each name
}
shogun-region-green = green
shogun-region-yellow = yellow
shogun-region-purple = purple
shogun-region-red = red
shogun-region-brown = brown
shogun-colour-red = red
shogun-colour-blue = blue
shogun-colour-gold = gold
shogun-colour-purple = purple
shogun-colour-black = black
shogun-building-castle = castle
shogun-building-temple = temple
shogun-building-theatre = Nô theatre
shogun-province-facts = { $name } — tax { $tax }, rice { $rice }, { $sites ->
    [one] { $sites } site
   *[other] { $sites } sites
}
shogun-province-out = out of play
shogun-province-neutral = neutral
shogun-province-owner = { $colour }: { $armies } armies
shogun-province-revolts = { $count ->
    [one] { $count } revolt marker
   *[other] { $count } revolt markers
}
shogun-season-setup = set-up
shogun-season-spring = spring
shogun-season-summer = summer
shogun-season-autumn = autumn
shogun-season-winter = winter
## Province names (zh-Hans writes them in characters)

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

shogun-blank-card = blank card (bluff)
shogun-blank-card-n = blank card { $n }
shogun-blank = blank
shogun-province-card = { $name } (card)
shogun-no-bid = no bid
shogun-bid-chests = { $count ->
    [one] { $count } war chest
   *[other] { $count } war chests
}
shogun-bid-province = province card { $name } (bids 0)
shogun-none = none
shogun-face-down = face down
shogun-turn-n = turn { $n }
shogun-this-round = This round
shogun-peasant = peasant

## The play screen

shogun-connecting = Connecting…
shogun-just-now = Just now:
shogun-spectating = · spectating
shogun-game-over = Game over
shogun-your-turn = Your turn
shogun-year-season = Year { $year } · { $season }
shogun-status-plan = plan your actions and bid (secret)
shogun-status-planning = Planning: waiting for { $names }
shogun-status-pick = pick a special card (it sets your turn order)
shogun-status-picks = { $name } picks a special card
shogun-status-draft = draft a starting province
shogun-status-drafts = { $name } drafts
shogun-status-decide = { $action } from { $province }: where to, how many?
shogun-status-decides = { $name }: { $action } from { $province }
shogun-status-resolving = Resolving…
shogun-sent-label = Sent
shogun-sent = Sent — waiting for the table…
shogun-waiting-others = Waiting for the other players…
shogun-your-plan-label = Your plan
shogun-your-plan = Your plan (secret)
shogun-no-actions = no actions
shogun-bid-is-label = Bid: { $bid }
shogun-plan-label = Plan
shogun-plan-title = Plan this round (secret)
shogun-submit-plan = Submit plan
shogun-clear = Clear
shogun-special-label = Special card
shogun-pick-special = Pick a special card
shogun-pick-special-hint = Its space number is your place in this round's turn order.
shogun-target-attack = attack { $province }
shogun-target-move = → { $province }
shogun-go-attack = Attack { $province } with { $armies }
shogun-go-move = Move to { $province } with { $armies }
shogun-armies = Armies
shogun-of-max = of { $max }
shogun-move-label = Move
shogun-move-from = { $action }: from { $province }
shogun-armies-n = { $count ->
    [one] ({ $count } army)
   *[other] ({ $count } armies)
}
shogun-move-hint = Pick a highlighted province (or a button), then how many armies go; at least one stays.
shogun-move-none = No province can be entered from here.
shogun-stay = Stay (skip)
shogun-draft-deck = top of the deck ({ $count })
shogun-draft-label = Draft
shogun-draft-title = Draft a starting province
shogun-draft-card = Province card:
shogun-draft-group = Army group to put there:
shogun-draft-take = Take it

## Planning

shogun-gain-chests = +{ $count } chests
shogun-gain-rice = +{ $count } rice
shogun-costs = costs { $cost }
shogun-costs-when-done = (costs { $cost } war chests when it is done)
shogun-free = free
shogun-no-province = no province
shogun-nothing = nothing
shogun-pcard-label = { $action }: { $card }
shogun-pcard-label-cost = { $action }, costs { $cost }: { $card }
shogun-plan-click = click a highlighted province on the map, or one below.
shogun-plan-none = none of your provinces can take it now.
shogun-nothing-here = Nothing here
shogun-action-cards = Action cards
shogun-provinces-for = Provinces for { $action }
shogun-bid-heading = Bid for turn order
shogun-bid-heading-note = war chests paid to the bank
shogun-bid = Bid
shogun-planned-cost = Planned cost { $spend } of your { $chests } war chests.
shogun-planned-cost-over = Actions you cannot pay when they come up are skipped.
shogun-blank-hides = A blank card hides an empty action from the others.
shogun-option-nothing = — nothing
shogun-plan-lists = Plan with lists instead

## Players, tower, battles, winter

shogun-players = Players
shogun-in-turn-order = in turn order
shogun-you-tag = (you)
shogun-turn-order = turn order
shogun-vp = VP
shogun-vp-title = victory points
shogun-chests-title = war chests
shogun-rice-title = rice
shogun-provinces-title = provinces owned
shogun-supply-title = armies in supply
shogun-bid-title = bid
shogun-bid-is = bid { $bid }
shogun-planned = planned
shogun-planning = planning…
shogun-pawn-title = { $colour }: { $vp } VP
shogun-score-track = Score track
shogun-tower-tray = Tower tray:
shogun-tower-stuck = stuck inside:
shogun-tower-hidden = ({ $shelves } shelves, contents hidden)
shogun-peasant-supply = peasants in supply: { $count }
shogun-battle-kind-pvp = Battle
shogun-battle-kind-neutral = Attack on a neutral province
shogun-battle-kind-revolt = Revolt
shogun-battle-kind-winter = Winter revolt
shogun-battle-kind-seed = Tower seeding
shogun-battle-at = { $kind } at { $province } — { $result }
shogun-battle-where = { $kind } at { $province }
shogun-battles = Battles
shogun-battles-count = { $count }, newest first
shogun-last-battle = Last battle
shogun-attacker = Attacker
shogun-defender = Defender
shogun-peasants = Peasants
shogun-role-who = { $role }: { $who }
shogun-thrown-in = in
shogun-thrown-in-title = cubes thrown in
shogun-came-out = came out of the tower
shogun-all-out = All out: { $cubes } ({ $count } cubes, tray cubes included).
shogun-battle-holds = { $who } holds it with { $armies }
shogun-outcome-attacker-wins = attacker wins
shogun-outcome-defender-wins = defender wins
shogun-outcome-tie-neutral = tie: the province becomes neutral
shogun-outcome-stays-neutral = the province stays neutral
shogun-outcome-owner-keeps = the owner keeps the province
shogun-outcome-becomes-neutral = the province becomes neutral
shogun-outcome-skipped-not-theirs = skipped: the province is no longer theirs
shogun-outcome-skipped-no-site = skipped: no free site for it
shogun-outcome-skipped-cannot-pay = skipped: cannot pay
shogun-outcome-skipped-no-armies = skipped: no armies left in supply
shogun-outcome-skipped-few-armies = skipped: fewer than 2 armies there
shogun-winter-of = Winter of year { $year }
shogun-winter-rice = rice
shogun-winter-rice-title = rice held / needed
shogun-winter-prov = prov.
shogun-winter-prov-title = 1 VP per province
shogun-winter-bldg = bldg.
shogun-winter-bldg-title = 1 VP per building
shogun-winter-maj = maj.
shogun-winter-maj-title = region majorities: castles 3, temples 2, Nô theatres 1 (ties: one less)
shogun-revolts-title = revolts
shogun-revolts-n = { $count ->
    [one] { $count } revolt
   *[other] { $count } revolts
}
shogun-rice-ok = ok
shogun-revolts-label = Revolts:
shogun-revolts-in = { $who } in { $provinces }

## Final scores

shogun-final-label = Final scores
shogun-final-winners = { $count ->
    [one] Winner: { $names }
   *[other] Shared victory: { $names }
}
shogun-final-no-winner = No winner (a bot finished every seat)
shogun-col-player = Player
shogun-col-chests = Chests
shogun-col-provinces = Provinces
shogun-winner = winner
shogun-final-most-vp = { $name } has the most victory points ({ $vp }) and wins.
shogun-final-tied = { $names } are tied on { $vp } VP; the tie-break is war chests: { $chests }.
shogun-final-still-tied = Still tied, so they share the victory.
shogun-final-wins = { $name } wins.

## The log

shogun-log-title = Log
shogun-log-empty = Nothing yet
shogun-log-planned = { $who } planned (secret)
shogun-log-drafted = { $who } drafted { $province } with { $armies } armies
shogun-log-bids = Bids: { $bids }
shogun-log-special-taken = { $who } took { $card } — plays #{ $position }
shogun-log-action-revealed = Action card { $position }: { $action }
shogun-log-action-nothing = { $who }: { $action } — { $card }
shogun-log-action-result = { $who }: { $action } in { $province } { $result }
shogun-log-action-amount = { $who }: { $action } in { $province } (+{ $amount })
shogun-log-action-armies = { $who }: { $action } in { $province } (+{ $armies } armies)
shogun-log-action-done = { $who }: { $action } in { $province }
shogun-log-stayed = { $who } stayed in { $province }
shogun-log-moved = { $who } sent { $armies } from { $from } to { $to }
shogun-log-tower-seeded = The tower was seeded
shogun-log-battle = { $kind } at { $province }: { $count } cubes out — { $result }
shogun-log-round-over = End of { $season }, year { $year }
shogun-log-winter-rice = { $who } winter rice { $rice }/{ $needed }
shogun-log-winter-rice-revolts = { $who } winter rice { $rice }/{ $needed } — { $count ->
    [one] { $count } revolt
   *[other] { $count } revolts
}
shogun-log-scoring = Winter scoring, year { $year }: { $scores }
shogun-log-game-over = Game over
shogun-log-event = Event { $card } ({ $name }): { $text }
shogun-log-event-cards = This year's events: { $cards }
shogun-log-bid-tiebreak = Tied bids, drawn order: { $order }
shogun-log-winter-revolts = Winter revolts for { $who }: { $provinces }

## Replay

shogun-replay-move = Move { $move }: { $who }
shogun-replay-start = The start
shogun-plans-label = Plans
shogun-plans-title = Plans this round

# issue 33: the table as players read it
shogun-bot-for-you = the bot in your seat
shogun-bid-why-not = This card is already placed on one of this round's actions: take it off there to bid with it.
shogun-blank-why-not = Every blank card is already placed on another action.
shogun-clear-why-not = Nothing is placed on this action yet.
shogun-recap-title = What { $when } changed
shogun-recap-nobody = nobody
shogun-recap-owner = { $from } → { $to }
shogun-recap-armies = armies { $change }
shogun-recap-built = built { $buildings }
shogun-recap-revolts = revolt markers { $change }
shogun-recap-col-rice = Rice
shogun-recap-quiet = No province changed.
shogun-coach-plan = Planning is secret and simultaneous. Pick an action card at the top of your plan, then click a highlighted province on the map (or its button below) to do that action there.
shogun-coach-costs = Each action costs war chests, shown on its card, paid when it is done. A blank card is a bluff: nothing happens, but nobody can tell.
shogun-coach-bid = Bid war chests for the turn order: the highest bid acts first and takes the best special card. Bid cards placed on an action cannot also be bid.
shogun-coach-submit = When your plan is ready, press “Submit plan”. The others' moves then play back: pause or step through them below the clocks.
shogun-coach-tower = Every battle goes through the battle tower: both sides' cubes are dropped in, only those that come out count, and some stay stuck inside for a later battle.
shogun-coach-events = Each round turns up an event card (in the strip above the map): it changes one rule for that round; hover it to read it. The year's fourth event also sets winter's rice loss.
shogun-coach-winter = After autumn comes winter: you need as much rice as you own provinces (plus the winter rice loss); a shortfall starts revolts. Then 1 VP per province and building, and regional majorities of castles, temples and Nô theatres score.

# The game review's better move (games/shogun/review.js)
shogun-review-move-plan = another plan: { $actions } (bid: { $bid })
shogun-review-plan-action = { $action }: { $province }
shogun-review-plan-all-blank = blank cards only
shogun-review-move-move = { $count ->
    [one] send { $count } army to { $to }
   *[other] send { $count } armies to { $to }
}
shogun-review-move-draft = take { $take ->
    [deck] the top card of the deck
   *[other] face-up province card { $n }
} with { $count ->
    [one] { $count } army
   *[other] { $count } armies
}
shogun-review-move-pick_special = take the special card { $card }
shogun-review-move-skip = stay (skip)
shogun-review-move-other = another move ({ $type })
