# 《侍》的简体中文消息；术语见词汇表（/work/notes/glossary-samurai.md，中文种子文本）。

samurai-title = 侍
samurai-blurb = Reiner Knizia 设计的日本战国势力之争
samurai-option-random-setup = 布置
samurai-option-random-setup-true = 快速：棋子和手牌随机发放
samurai-option-random-setup-false = 完整：先摆放棋子，再选择手牌

## Pieces

samurai-kind-buddha = 佛像
samurai-kind-rice = 稻田
samurai-kind-castle = 头盔
samurai-kind-samurai = 徒步武士
samurai-kind-ronin = 骑马武士
samurai-kind-ship = 船只
samurai-kind-figure-swap = 棋子互换
samurai-kind-tile-swap = 板块互换
samurai-short-buddha = 佛像
samurai-short-rice = 稻田
samurai-short-castle = 头盔
samurai-short-samurai = 武士
samurai-short-ronin = 骑马
samurai-short-ship = 船只
samurai-short-figure-swap = 棋子
samurai-short-tile-swap = 板块
samurai-tile-named = { $kind } { $value }
samurai-tile-title = { $tile }
samurai-tile-fast-title = { $tile }（「侍」板块）
samurai-tile-fast-label = { $tile }，「侍」板块
samurai-a-figure = 一个棋子

## The board

samurai-board-label = 《侍》图板
samurai-board-frame-label = 图板：+ 和 − 缩放，方向键移动
samurai-a-hex = 一个空格
samurai-site-at = { $kind ->
    [edo] 位于 { $at } 的国都江户
    [city] 位于 { $at } 的城镇
   *[village] 位于 { $at } 的村庄
}
samurai-hex-near = { $kind ->
    [edo] { $at }，靠近位于 { $near } 的国都
    [city] { $at }，靠近位于 { $near } 的城镇
   *[village] { $at }，靠近位于 { $near } 的村庄
}
samurai-hex-title = { $kind ->
    [sea] 海洋 { $hex }
   *[land] 陆地 { $hex }
}
samurai-move-tile-from = 从 { $hex } 移走 { $tile }
samurai-placed-title = { $tile }（{ $seat } 号座位）在 { $hex }
samurai-figure-in = { $hex } 的{ $figure }
samurai-site-influence = { $hex }：{ $influence }
samurai-influence-label = 点数：
samurai-influence-none-left = 没有剩下的棋子
samurai-influence-none-yet = { $figures } — 尚无点数
samurai-influence-seat = { $name }：{ $values }
samurai-influence-figure = { $figure } { $value }

## The play screen

samurai-connecting = 正在连接…
samurai-just-now = 刚才：
samurai-spectating = · 观战中
samurai-game-over = 对局结束
samurai-opening-waiting = 起始手牌：等待 { $names }
samurai-phase-setup = — 摆放一个棋子
samurai-your-turn = 轮到你了
samurai-to-play = 轮到 { $name }
samurai-end-turn = 结束回合
samurai-pass = 跳过
samurai-cancel = 取消（Esc）
samurai-your-hand = 你的手牌
samurai-hand-empty = 空
samurai-waiting-others = 等待其他玩家…
samurai-hint-pass = 你手中没有可以打出的板块：跳过。
samurai-hint-fast-or-end = 打出一块「侍」板块（»），或结束回合。
samurai-hint-start = 选一块板块，再点一个高亮的空格（或拖过去）。一块「一般」板块打出后回合自动结束；「侍」板块（»）可以先打。指向一个聚落可查看各人在那里的点数。
samurai-hint-place = { $kind ->
    [sea] 把 { $tile } 摆放到一个高亮的海洋空格。
   *[land] 把 { $tile } 摆放到一个高亮的陆地空格。
}
samurai-hint-tswap-to = 把它移到一个高亮的空陆地格。
samurai-hint-tswap-from = 选一块你的「一般」板块（有轮廓标记）来移动。
samurai-hint-fswap-second = 把 { $hex } 的{ $figure }和哪个棋子互换？
samurai-hint-fswap-first = 棋子互换（「侍」板块）：交换棋盘上任意两个不同聚落中的两个棋子；交换后任何城镇（包括江户）都不能有两个同种类的棋子，此板块随即离开游戏。选择第一个棋子。
samurai-setup-title = 布置：摆放一个棋子
samurai-setup-figure-left = { $figure }（剩 { $count } 个）
samurai-setup-pick-site = 为{ $figure }选一个高亮的聚落。
samurai-setup-choose = 先选棋子种类，再选聚落。
samurai-choose-hand = 选择你的起始手牌（{ $chosen }/{ $count }）
samurai-confirm-hand = 确认手牌
samurai-choose-hand-hint = 你的选择是秘密的；其余板块洗混后成为你的板块堆。
samurai-legend-fast = » 「侍」板块
samurai-legend-esc = Esc 取消

## Players

samurai-players = 玩家
samurai-you-tag = （你）
samurai-captured-hidden = 已取得 { $count } 个（隐藏）
samurai-hand-stack-title = 手中的板块 · 板块堆剩余
samurai-hand-stack = 手牌 { $hand } · 板块堆 { $stack }
samurai-set-aside-label = 放到一旁（平分）：

## The log

samurai-log-label = 行动记录
samurai-log-title = 记录
samurai-log-empty = 还没有行动
samurai-log-placed = { $name } 把 { $tile } 摆放在 { $hex }
samurai-log-figures-swapped = { $name } 把 { $from } 的{ $a }与 { $to } 的{ $b }互换
samurai-log-tiles-swapped = { $name } 把 { $tile } 从 { $from } 移到 { $to }
samurai-log-captured = { $name } 在 { $hex } 取得{ $figure }
samurai-log-captured-score = { $name } 在 { $hex } 取得{ $figure }（{ $score }）
samurai-log-set-aside = { $hex } 的{ $figure }放到一旁：平分
samurai-log-set-aside-score = { $hex } 的{ $figure }放到一旁：平分（{ $score }）
samurai-log-turn-ended = { $name } 结束回合
samurai-log-turn-ended-drew = { $name } 结束回合 — 抽了 { $count } 块
samurai-log-turn-ended-drew-tiles = { $name } 结束回合 — 抽到 { $tiles }
samurai-log-passed = { $name } 跳过
samurai-log-game-finished = 对局结束：{ $reason }
samurai-log-figure-placed = { $name } 在 { $hex } 摆放了{ $figure }
samurai-log-figures-placed = 所有棋子都已摆放 — 现在每位玩家秘密选择 { $count } 块板块
samurai-log-hand-chosen = { $name } 选好了起始手牌
samurai-log-play-started = 游戏开始
samurai-end-figures-gone = 图板上已没有{ $figures }棋子
samurai-end-set-aside = 已有 { $count } 个棋子因平分放到一旁
samurai-end-no-moves = 没有玩家还能摆放板块

## Final scoring

samurai-final-label = 最终计分
samurai-final-winners = { $count ->
    [one] 胜者：{ $names }
   *[other] 平手（共同获胜）：{ $names }
}
samurai-final-no-winner = 没有胜者（所有座位都由电脑下完）
samurai-final-how = 胜负如何决定
samurai-col-player = 玩家
samurai-col-total = 总数
samurai-col-tokens = 首领标记
samurai-col-place = 名次
samurai-leader-token = 首领标记
samurai-leader-tokens = 首领标记
samurai-final-no-leader = { $figure }：最多数目者平分（或无人取得）— 没有人获得这个首领标记。
samurai-final-leader = { $figure }：{ $name } 取得最多，获得首领标记。
samurai-name-score = { $name } { $score }
samurai-final-no-tokens = 没有人拥有首领标记，因此取得棋子总数最多者获胜：{ $scores }。
samurai-final-most-tokens = { $name } 拥有最多首领标记（{ $count } 个），直接获胜。
samurai-final-tied-tokens = { $names } 以 { $count } 个首领标记平分；只有他们继续比较。
samurai-final-unled = 各人未领先种类的棋子数：{ $scores }。
samurai-final-still-tied = 仍然平分，因此由取得棋子总数决胜：{ $scores }。

## Replay

samurai-replay-move = 第 { $move } 步：{ $name }
samurai-replay-start = 开局
samurai-hands = 手牌

# issue 33: the table as players read it
samurai-bot-for-you = 代你落座的机器人
samurai-why-not-your-turn = 还没轮到你
samurai-why-no-swap = 棋盘上现在无法互换
samurai-why-one-normal = 每回合只能打一块「一般」板块：之后只能打「侍」板块（»）
samurai-why-no-hex = 没有空的{ $kind ->
    [sea] 海洋
   *[land] 陆地
  }格可放
samurai-log-game-ended = 最后一块板块已打出：由最终计分决定胜负。
samurai-coach-pick = 你手里有五块板块：数字是板块的力量，符号是它争夺的棋子（武士和船对三种都算；» 表示「侍」板块）。点击一块板块选中它。
samurai-coach-place = 高亮的格子是它可以放的位置。点击其中一格放下：它会为相邻的每个聚落中对应的棋子加上自己的力量。
samurai-coach-end = 打出一块「一般」板块后回合自动结束；「侍」板块（»）可以在它之前打，只打了「侍」板块时按“结束回合”。无论哪种情况，你都会补牌到五块。
samurai-coach-surround = 当一个聚落周围的所有陆地格都放了板块，这个聚落就被包围：其中每个棋子，由对该棋子影响力最大的玩家拿走。最高者打平则谁也拿不到。
samurai-coach-swaps = 两块特殊板块：棋子互换（「侍」板块）交换两个不同聚落里的两个棋子；板块互换把你在棋盘上的一块板块移到空的陆地格，自己留在原处，计 0。
samurai-coach-scoring = 终局时，某一种类棋子严格最多的玩家领先该种类；领先种类最多者获胜。领先数打平：比较各自未领先种类的棋子数；仍平：比较全部棋子；仍平：共享胜利。

# 对局分析中的更佳走法（games/samurai/review.js）
samurai-review-move-place = 把 { $tile } 摆放在 { $hex }
samurai-review-move-tile_swap = 把板块从 { $from } 移到 { $to }
samurai-review-move-figure_swap = 把 { $from } 的{ $a }与 { $to } 的{ $b }互换
samurai-review-move-place_figure = 在 { $hex } 摆放{ $figure }
samurai-review-move-choose_hand = 另一组起始手牌
samurai-review-move-end_turn = 结束回合
samurai-review-move-pass = 跳过
samurai-review-move-other = 另一步（{ $type }）
