# 《将军》的简体中文消息；无种子文本，术语按词汇表（/work/notes/glossary-shogun.md）。

shogun-title = 将军
shogun-blurb = Dirk Henn 设计的征服游戏
shogun-option-side = 地图板的一面
shogun-option-side-sun = 太阳面
shogun-option-side-moon = 月亮面
shogun-option-setup = 开局
shogun-option-setup-fixed = 固定开局
shogun-option-setup-draft = 轮选起始省份

## Actions, special cards, events

shogun-action-castle = 城堡
shogun-action-temple = 寺庙
shogun-action-theatre = 能剧场
shogun-action-rice = 征收稻米
shogun-action-taxes = 征税
shogun-action-recruit5 = 招募5支
shogun-action-recruit3 = 招募3支
shogun-action-recruit1-move = 招募1支并移动
shogun-action-attack-a = 进攻/移动 A
shogun-action-attack-b = 进攻/移动 B
shogun-tag-castle = 城堡
shogun-tag-temple = 寺庙
shogun-tag-theatre = 能剧
shogun-tag-rice = 米
shogun-tag-taxes = 税
shogun-tag-recruit5 = 招5
shogun-tag-recruit3 = 招3
shogun-tag-recruit1-move = 招1+
shogun-tag-attack-a = 攻A
shogun-tag-attack-b = 攻B
shogun-tag-bid = 出价
shogun-special-attack = 进攻+1
shogun-special-defence = 防守+1
shogun-special-war-chest = 军资+1
shogun-special-rice = 稻米+1
shogun-special-recruit = 招募6支
shogun-special-text-attack = 本轮你每次进攻时，额外从后备投入 1 个军队方块到战斗塔
shogun-special-text-defence = 本轮你的省份每次被进攻或发生起义时，额外从后备投入 1 个军队方块
shogun-special-text-war-chest = 本轮你每次征税额外 +1 军资箱
shogun-special-text-rice = 本轮你每次征收稻米额外 +1 稻米
shogun-special-text-recruit = 本轮“3 军资箱招募 5 支军队”的行动多招募 1 支（5 支变 6 支；事件 12 下 3 支变 4 支）
shogun-event-name-1 = 能剧安民
shogun-event-name-2 = { shogun-event-name-1 }
shogun-event-name-3 = 农民武装
shogun-event-name-4 = 城堡坚守
shogun-event-name-5 = { shogun-event-name-4 }
shogun-event-name-6 = 寺庙休战
shogun-event-name-7 = 税收歉收（最多5）
shogun-event-name-8 = 税收丰厚（至少6）
shogun-event-name-9 = { shogun-event-name-6 }
shogun-event-name-10 = 丰收（至少4）
shogun-event-name-11 = 歉收（最多3）
shogun-event-name-12 = 募兵昂贵
shogun-event-text-1 = 本轮在某省建造能剧场时，移除该省 1 个起义标记
shogun-event-text-2 = { shogun-event-text-1 }
shogun-event-text-3 = 进攻中立省份时投入 2 个农民方块，而不是 1 个
shogun-event-text-4 = 玩家进攻有城堡的省份时，防守方额外从后备投入 1 个军队方块
shogun-event-text-5 = { shogun-event-text-4 }
shogun-event-text-6 = 本轮有寺庙的省份不能被进攻
shogun-event-text-7 = 征税最多得到 5 个军资箱
shogun-event-text-8 = 征税至少得到 6 个军资箱
shogun-event-text-9 = { shogun-event-text-6 }
shogun-event-text-10 = 征收稻米至少得到 4 稻米
shogun-event-text-11 = 征收稻米最多得到 3 稻米
shogun-event-text-12 = 招募行动改为 3 军资箱得 3 支军队、2 军资箱得 2 支军队（原为 5 支和 3 支）
shogun-event-n = 事件 { $card }：{ $name }

## The map

shogun-map-label = { $side ->
    [moon] 日本地图，月亮面
   *[sun] 日本地图，太阳面
}
shogun-map-frame-label = 地图：+ 和 − 缩放，方向键移动
shogun-legend-note = { $side ->
    [moon] 月亮面 · 名称旁为 税·米
   *[sun] 太阳面 · 名称旁为 税·米
}
shogun-region-green = 绿色
shogun-region-yellow = 黄色
shogun-region-purple = 紫色
shogun-region-red = 红色
shogun-region-brown = 棕色
shogun-colour-red = 红
shogun-colour-blue = 蓝
shogun-colour-gold = 金
shogun-colour-purple = 紫
shogun-colour-black = 黑
shogun-building-castle = 城堡
shogun-building-temple = 寺庙
shogun-building-theatre = 能剧场
shogun-province-facts = { $name } — 税 { $tax }，米 { $rice }，{ $sites } 个建筑位
shogun-province-out = 不使用
shogun-province-neutral = 中立
shogun-province-owner = { $colour }：{ $armies } 支军队
shogun-province-revolts = { $count } 个起义标记
shogun-season-setup = 开局
shogun-season-spring = 春季
shogun-season-summer = 夏季
shogun-season-autumn = 秋季
shogun-season-winter = 冬季
## 省份名称（按词汇表）

shogun-province-aki = 安艺
shogun-province-awa-boso = 安房
shogun-province-awa-shikoku = 阿波
shogun-province-bingo = 备后
shogun-province-bitchu = 备中
shogun-province-bizen = 备前
shogun-province-echigo = 越后
shogun-province-echizen = 越前
shogun-province-etchu = 越中
shogun-province-harima = 播磨
shogun-province-hida = 飞驒
shogun-province-hitachi = 常陆
shogun-province-hoki = 伯耆
shogun-province-ise = 伊势
shogun-province-iwami = 石见
shogun-province-iyo = 伊予
shogun-province-izu = 伊豆
shogun-province-izumo = 出云
shogun-province-kaga = 加贺
shogun-province-kai = 甲斐
shogun-province-kazusa = 上总
shogun-province-kii = 纪伊
shogun-province-kozuke = 上野
shogun-province-mikawa = 三河
shogun-province-mimasaka = 美作
shogun-province-mino = 美浓
shogun-province-musashi = 武藏
shogun-province-mutsu = 陆奥
shogun-province-noto = 能登
shogun-province-omi = 近江
shogun-province-owari = 尾张
shogun-province-sagami = 相模
shogun-province-sanuki = 赞岐
shogun-province-settsu = 摄津
shogun-province-shima = 志摩
shogun-province-shimosa = 下总
shogun-province-shimotsuke = 下野
shogun-province-shinano = 信浓
shogun-province-suruga = 骏河
shogun-province-tajima = 但马
shogun-province-tamba = 丹波
shogun-province-tosa = 土佐
shogun-province-totomi = 远江
shogun-province-wakasa = 若狭
shogun-province-yamato = 大和

## Cards and bids

shogun-blank-card = 空白卡（虚张）
shogun-blank-card-n = 空白卡 { $n }
shogun-blank = 空白
shogun-province-card = { $name }（卡）
shogun-no-bid = 不出价
shogun-bid-chests = { $count } 个军资箱
shogun-bid-province = 省份卡 { $name }（出价 0）
shogun-none = 无
shogun-face-down = 背面朝上
shogun-turn-n = 顺序 { $n }
shogun-this-round = 本轮
shogun-peasant = 农民

## The play screen

shogun-connecting = 正在连接…
shogun-just-now = 刚才：
shogun-spectating = · 观战中
shogun-game-over = 对局结束
shogun-your-turn = 轮到你了
shogun-year-season = 第 { $year } 年 · { $season }
shogun-status-plan = 秘密计划你的行动和出价
shogun-status-planning = 计划中：等待 { $names }
shogun-status-pick = 选择一张特权卡（它决定你的行动顺序）
shogun-status-picks = { $name } 正在选择特权卡
shogun-status-draft = 轮选一个起始省份
shogun-status-drafts = { $name } 正在轮选
shogun-status-decide = 从 { $province } { $action }：去哪里，派多少？
shogun-status-decides = { $name }：从 { $province } { $action }
shogun-status-resolving = 结算中…
shogun-sent-label = 已发送
shogun-sent = 已发送 — 等待牌桌…
shogun-waiting-others = 等待其他玩家…
shogun-your-plan-label = 你的计划
shogun-your-plan = 你的计划（秘密）
shogun-no-actions = 没有行动
shogun-bid-is-label = 出价：{ $bid }
shogun-plan-label = 计划
shogun-plan-title = 计划本轮（秘密）
shogun-submit-plan = 提交计划
shogun-clear = 清除
shogun-special-label = 特权卡
shogun-pick-special = 选择一张特权卡
shogun-pick-special-hint = 卡上的数字就是你在本轮行动顺序中的位置。
shogun-target-attack = 进攻 { $province }
shogun-target-move = → { $province }
shogun-go-attack = 以 { $armies } 支军队进攻 { $province }
shogun-go-move = 以 { $armies } 支军队移动到 { $province }
shogun-armies = 军队
shogun-of-max = / { $max }
shogun-move-label = 移动
shogun-move-from = { $action }：从 { $province }
shogun-armies-n = （{ $count } 支军队）
shogun-move-hint = 选一个高亮的省份（或按钮），再选派出多少支军队；至少留下一支。
shogun-move-none = 从这里无法进入任何省份。
shogun-stay = 留守（跳过）
shogun-draft-deck = 牌堆顶（{ $count }）
shogun-draft-label = 轮选
shogun-draft-title = 轮选一个起始省份
shogun-draft-card = 省份卡：
shogun-draft-group = 放在那里的军队：
shogun-draft-take = 拿取

## Planning

shogun-gain-chests = +{ $count } 军资箱
shogun-gain-rice = +{ $count } 稻米
shogun-costs = 花费 { $cost }
shogun-costs-when-done = （执行时花费 { $cost } 个军资箱）
shogun-free = 免费
shogun-no-province = 没有省份
shogun-nothing = 无
shogun-pcard-label = { $action }：{ $card }
shogun-pcard-label-cost = { $action }，花费 { $cost }：{ $card }
shogun-plan-click = 点击地图上高亮的省份，或下方的一个。
shogun-plan-none = 你的省份现在都不能执行它。
shogun-nothing-here = 这里不放
shogun-action-cards = 行动卡
shogun-provinces-for = 可执行{ $action }的省份
shogun-bid-heading = 为行动顺序出价
shogun-bid-heading-note = 付给银行的军资箱
shogun-bid = 出价
shogun-planned-cost = 计划花费：{ $spend } 个军资箱，你有 { $chests } 个。
shogun-planned-cost-over = 轮到时付不起的行动会被跳过。
shogun-blank-hides = 空白卡可以向他人隐藏一个空行动。
shogun-option-nothing = — 无
shogun-plan-lists = 改用列表计划

## Players, tower, battles, winter

shogun-players = 玩家
shogun-in-turn-order = 按行动顺序
shogun-you-tag = （你）
shogun-turn-order = 行动顺序
shogun-vp = 胜利分
shogun-vp-title = 胜利分
shogun-chests-title = 军资箱
shogun-rice-title = 稻米
shogun-provinces-title = 拥有的省份
shogun-supply-title = 后备中的军队
shogun-bid-title = 出价
shogun-bid-is = 出价 { $bid }
shogun-planned = 已计划
shogun-planning = 计划中…
shogun-pawn-title = { $colour }：{ $vp } 胜利分
shogun-score-track = 计分轨
shogun-tower-tray = 战斗塔托盘：
shogun-tower-stuck = 卡在塔内：
shogun-tower-hidden = （{ $shelves } 层隔板，内容不可见）
shogun-peasant-supply = 后备中的农民：{ $count }
shogun-battle-kind-pvp = 战斗
shogun-battle-kind-neutral = 进攻中立省份
shogun-battle-kind-revolt = 起义
shogun-battle-kind-winter = 冬季起义
shogun-battle-kind-seed = 塔的预置
shogun-battle-at = { $province } 的{ $kind } — { $result }
shogun-battle-where = { $province } 的{ $kind }
shogun-battles = 战斗
shogun-battles-count = { $count } 场，最新的在前
shogun-last-battle = 最近一场战斗
shogun-attacker = 进攻方
shogun-defender = 防守方
shogun-peasants = 农民
shogun-role-who = { $role }：{ $who }
shogun-thrown-in = 投入
shogun-thrown-in-title = 投入塔中的方块
shogun-came-out = 从塔中落出
shogun-all-out = 全部落出：{ $cubes }（{ $count } 个方块，含托盘中的）。
shogun-battle-holds = { $who } 以 { $armies } 支军队占有
shogun-outcome-attacker-wins = 进攻方获胜
shogun-outcome-defender-wins = 防守方获胜
shogun-outcome-tie-neutral = 平局：该省份变为中立
shogun-outcome-stays-neutral = 该省份仍为中立
shogun-outcome-owner-keeps = 原主保住该省份
shogun-outcome-becomes-neutral = 该省份变为中立
shogun-outcome-skipped-not-theirs = 跳过：该省份已不属于他
shogun-outcome-skipped-no-site = 跳过：没有空的建筑位
shogun-outcome-skipped-cannot-pay = 跳过：付不起
shogun-outcome-skipped-no-armies = 跳过：后备中没有军队
shogun-outcome-skipped-few-armies = 跳过：那里的军队少于 2 支
shogun-winter-of = 第 { $year } 年冬季
shogun-winter-rice = 米
shogun-winter-rice-title = 拥有 / 需要的稻米
shogun-winter-prov = 省
shogun-winter-prov-title = 每个省份 1 胜利分
shogun-winter-bldg = 建筑
shogun-winter-bldg-title = 每个建筑 1 胜利分
shogun-winter-maj = 多数
shogun-winter-maj-title = 地区多数：城堡 3，寺庙 2，能剧场 1（平局：少 1）
shogun-revolts-title = 起义
shogun-revolts-n = { $count } 次起义
shogun-rice-ok = 足够
shogun-revolts-label = 起义：
shogun-revolts-in = { $who } 于 { $provinces }

## Final scores

shogun-final-label = 最终得分
shogun-final-winners = { $count ->
    [one] 胜者：{ $names }
   *[other] 平手（共同获胜）：{ $names }
}
shogun-final-no-winner = 没有胜者（所有座位都由电脑下完）
shogun-col-player = 玩家
shogun-col-chests = 军资箱
shogun-col-provinces = 省份
shogun-winner = 胜者
shogun-final-most-vp = { $name } 胜利分最多（{ $vp }），获胜。
shogun-final-tied = { $names } 以 { $vp } 胜利分并列；以军资箱决胜：{ $chests }。
shogun-final-still-tied = 仍然并列，因此共同获胜。
shogun-final-wins = { $name } 获胜。

## The log

shogun-log-title = 记录
shogun-log-empty = 还没有内容
shogun-log-planned = { $who } 已计划（秘密）
shogun-log-drafted = { $who } 以 { $armies } 支军队选了 { $province }
shogun-log-bids = 出价：{ $bids }
shogun-log-special-taken = { $who } 拿了{ $card } — 第 { $position } 个行动
shogun-log-action-revealed = 行动卡 { $position }：{ $action }
shogun-log-action-nothing = { $who }：{ $action } — { $card }
shogun-log-action-result = { $who }：在 { $province } { $action }，{ $result }
shogun-log-action-amount = { $who }：在 { $province } { $action }（+{ $amount }）
shogun-log-action-armies = { $who }：在 { $province } { $action }（+{ $armies } 支军队）
shogun-log-action-done = { $who }：在 { $province } { $action }
shogun-log-stayed = { $who } 留守 { $province }
shogun-log-moved = { $who } 从 { $from } 派 { $armies } 支军队到 { $to }
shogun-log-tower-seeded = 战斗塔已预置
shogun-log-battle = { $province } 的{ $kind }：落出 { $count } 个方块 — { $result }
shogun-log-round-over = 第 { $year } 年{ $season }结束
shogun-log-winter-rice = { $who } 冬季稻米 { $rice }/{ $needed }
shogun-log-winter-rice-revolts = { $who } 冬季稻米 { $rice }/{ $needed } — { $count } 次起义
shogun-log-scoring = 第 { $year } 年冬季计分：{ $scores }
shogun-log-game-over = 对局结束
shogun-log-event = 事件 { $card }（{ $name }）：{ $text }
shogun-log-event-cards = 今年的事件：{ $cards }
shogun-log-bid-tiebreak = 出价相同，抽签顺序：{ $order }
shogun-log-winter-revolts = { $who } 的冬季起义：{ $provinces }

## Replay

shogun-replay-move = 第 { $move } 步：{ $who }
shogun-replay-start = 开局
shogun-plans-label = 计划
shogun-plans-title = 本轮的计划

# issue 33: the table as players read it
shogun-bot-for-you = 代你落座的机器人
shogun-bid-why-not = 这张牌已放在本回合的某个行动上：先从那里撤下，才能用它出价。
shogun-blank-why-not = 所有空白牌都已放在其他行动上。
shogun-clear-why-not = 这个行动上还没有放牌。
shogun-recap-title = { $when }的变化
shogun-recap-nobody = 无人
shogun-recap-owner = { $from } → { $to }
shogun-recap-armies = 军队 { $change }
shogun-recap-built = 建造了{ $buildings }
shogun-recap-revolts = 起义标记 { $change }
shogun-recap-col-rice = 稻米
shogun-recap-quiet = 没有省份发生变化。
shogun-coach-plan = 计划是秘密且同时进行的。在计划上方选一张行动卡，然后点击地图上高亮的省份（或下方它的按钮），在那里执行该行动。
shogun-coach-costs = 每个行动都要花军资箱，数目写在卡上，执行时支付。空白卡是虚张：什么也不发生，但别人看不出来。
shogun-coach-bid = 用军资箱为回合顺序出价：出价最高者先行动并拿最好的特殊卡。已放在行动上的卡不能再用来出价。
shogun-coach-submit = 计划好后按“提交计划”。随后会回放其他人的行动：可在时钟下方暂停或单步查看。
shogun-coach-tower = 每场战斗都要经过战斗塔：双方的方块一起投入，只有掉出来的才算，有些会卡在塔内，留到以后的战斗。
shogun-coach-events = 每个回合翻开一张事件卡（在地图上方的卡条里）：它在该回合改变一条规则；把鼠标移上去可阅读。每年第四张事件还决定冬季耗粮。
shogun-coach-winter = 秋季之后是冬季：你需要与所占省份数相同的稻米（再加冬季耗粮）；不足就会引发起义。然后每个省份和建筑各得 1 分，并按地区比拼城堡、寺庙和能剧场的多数得分。

# 对局分析中的更佳走法（games/shogun/review.js）
shogun-review-move-plan = 另一个计划：{ $actions }（出价：{ $bid }）
shogun-review-plan-action = { $action }：{ $province }
shogun-review-plan-all-blank = 全是空白卡
shogun-review-move-move = 派 { $count } 支军队前往 { $to }
shogun-review-move-draft = 拿取{ $take ->
    [deck] 牌堆顶的省份卡
   *[other] 第 { $n } 张明牌省份卡
}，放 { $count } 支军队
shogun-review-move-pick_special = 拿取特权卡「{ $card }」
shogun-review-move-skip = 留守（跳过）
shogun-review-move-other = 另一步（{ $type }）
