# 外壳的简体中文消息（与 en.ftl 的 id 和占位符相同）。

## Header

shell-tagline = · 日本战国桌游
shell-nav-label = 主菜单
shell-nav-play = 开始游戏
shell-nav-live = 正在进行
shell-nav-replays = 回放
shell-nav-leaders = 排行榜
shell-nav-mine = 我的对局
shell-language-label = 语言
shell-conn-connecting = 正在连接…
shell-conn-up = 已连接
shell-conn-down = 正在重新连接…
shell-sign-in = 登录
shell-account = 账户
shell-deleted-player = 已删除的玩家
shell-sign-out = 退出
shell-title-your-turn = （{ $count }）轮到你了 · { $title }
shell-badge-your-turn = { $count } 局对局轮到你了

## Sign-in and lobby

shell-game-blurb = { $title }：{ $blurb }。
shell-signin-intro = 在浏览器里与真人或电脑对战。
shell-your-name = 你的名字
shell-play-as-guest = 以访客身份开始
shell-new-game = 新对局
shell-or-private-table = 或与朋友开私人桌 →
shell-field-game = 游戏
shell-field-players = 玩家人数
shell-field-opponents = 对手
shell-field-clock = 计时
shell-field-bot-level = 电脑难度
shell-field-seats = 座位
shell-field-table = 牌桌
shell-play-people = 与真人对战
shell-play-bots = 与电脑对战
shell-allow-bots-after = { $seconds } 秒后允许电脑加入（若没有其他人来）
shell-clock-live = 实时 10+10
shell-clock-blitz = 快棋 3+5
shell-clock-correspondence = 每步 3 天
shell-clock-live-custom = 实时 { $minutes }+{ $increment }
shell-clock-blitz-custom = 快棋 { $minutes }+{ $increment }
shell-clock-days = 每步 { $days } 天
shell-no-clock = 不计时
shell-clock-kind-live = 实时
shell-clock-kind-correspondence = 通信制
shell-find-game = 寻找对局
shell-new-to-game = 第一次玩？
shell-how-to-play = { $title } 怎么玩
shell-your-games = 你的对局
shell-friends-online = 在线好友
shell-friends-online-more = 还有 { $count } 位
shell-loading = 加载中…
shell-all-my-games = 我的全部对局 →
shell-error-title = 出错了
shell-back-to-lobby = 返回大厅
shell-match-found-elsewhere = 已为你找到对局：见“我的对局”
shell-unknown-game = 未知的游戏：{ $name }

## Bots and seats

shell-bot-level-random = 简单（随机）
shell-bot-level-greedy = 中等
shell-bot-level-mcts = 困难
shell-bot-level-expert = 专家
shell-bot-named = 电脑（{ $level }）
shell-seat-number = { $seat } 号座位
shell-name-with-seat = { $name } { $seat }
shell-you = 你
shell-you-object = 你

## Lists and leaderboard

shell-live-title = 正在进行的对局
shell-finished-title = 已结束的对局
shell-watch = 观战
shell-replay = 回放
shell-play = 开始
shell-open = 打开
shell-none-right-now = 目前没有。
shell-col-game = 游戏
shell-col-players = 玩家
shell-col-moves = 步数
shell-col-player = 玩家
shell-col-rating = 等级分
shell-col-games = 局数
shell-col-turn = 轮到
shell-col-time-left = 剩余时间
shell-col-clock = 计时
shell-leaderboard-title = { $title } 排行榜
shell-leaders-counts = 玩家人数
shell-leaders-all-counts = 所有人数
shell-leaders-count = { $count } 人局
shell-no-rated-games = 还没有计分的对局。
shell-rated-label = 计分：
shell-rated-what = 只有真人之间的对局，无论是匹配的还是创建时选择计分的私人桌。
shell-not-rated-label = 不计分：
shell-not-rated-what = 任何有电脑座位的对局（“与电脑对战”，或由电脑补满的牌桌）；创建时选择不计分的私人桌。
shell-rated-abandoned = 离开计分对局、或座位由电脑代打至结束的玩家，在该局排名最后。

## My games

shell-mine-finished-too = 也显示已结束的对局
shell-mine-sound = 轮到我时发出提示音
shell-mine-none-yet = 你还没有对局。
shell-mine-none-in-progress = 没有进行中的对局。
shell-won-by = 获胜：{ $names }
shell-finished = 已结束
shell-your-turn = 轮到你了
shell-to-play = 轮到 { $names }

## Waiting for a table

shell-wait-title = 正在寻找牌桌…
shell-wait-time-label = 已等待时间
shell-wait-estimate = 预计等待：约 { $seconds } 秒（根据最近的等待）
shell-wait-no-estimate = 暂无预计：最近没有人等待这个游戏。
shell-wait-bots-now = 电脑正在坐上空座位…
shell-wait-people-only = 只等待真人。
shell-wait-bots-in = 若没有其他人来，{ $seconds } 秒后电脑坐上空座位。
shell-fill-with-bots = 立即用电脑补满
shell-cancel = 取消
shell-ticket-cancelled = 你已退出排队。
shell-ticket-cancelled-because = 你已退出排队：{ $reason }
shell-ticket-reason-absent = 你没有为它打开的页面

## Private tables

shell-table-form-title = 私人桌
shell-table-form-intro = 与朋友对战：你会得到一个邀请链接发给他们；空着的座位可以让电脑来坐。
shell-table-rated = 计分（计入排行榜）
shell-table-spectators = 允许观战（在“正在进行”中列出）
shell-table-create = 创建牌桌
shell-table-title = 私人桌
shell-table-title-game = 私人桌 · { $title }
shell-table-seats = { $count } 个座位
shell-table-is-rated = 计分
shell-table-not-rated = 不计分
shell-table-spectators-allowed = 允许观战
shell-table-no-spectators = 不允许观战
shell-table-waiting-for = 还差 { $count } 名玩家：所有座位坐满后对局开始。
shell-table-starting = 即将开始…
shell-table-started = 这张牌桌的对局已经开始。
shell-table-watch-it = 观战
shell-table-closed = 这张牌桌已被桌主关闭。
shell-table-join = 加入这张牌桌
shell-table-join-guest = 以访客身份加入
shell-table-seat-bots = 让电脑坐上空座位
shell-table-close = 关闭牌桌
shell-table-leave = 离开牌桌
shell-table-invite = 邀请链接（{ $hours } 小时内有效）
shell-table-copy = 复制链接
shell-table-copied = 已复制 ✓
shell-table-empty-seat = 空座位
shell-table-bots-order = 电脑按座位顺序坐上最前面的空座位
shell-table-bot-level-for = { $seat } 号座位的电脑难度
shell-table-keep-for-friend = 留给朋友
shell-table-bot-option = 电脑：{ $level }
shell-table-choose-bot = 请至少为一个空座位选择电脑难度。
shell-tag-host = 桌主
shell-tag-you = 你

## Live play

shell-reconnecting = 正在重新连接…
shell-clock-bot = （电脑）
shell-take-seat-back = 收回你的座位
shell-time-out = 你的时间用完了：由电脑替你下。
shell-time-out-this-turn = 你的时间用完了：本回合由电脑替你下。
shell-leave-game = 离开对局
shell-leave-confirm = 离开对局？电脑会替你的座位下，除非你回来，否则你排名最后。
shell-time-days-hours = { $days }天 { $hours }小时
shell-time-hours-minutes = { $hours }小时 { $minutes }分
shell-seconds = { $seconds } 秒
shell-playback-label = 回放其他玩家的行动
shell-pace-label = 速度
shell-pace-instant = 立即
shell-pace-fast = 快
shell-pace-normal = 正常
shell-pace-slow = 慢
shell-skip = 跳过 ▸▸
shell-playing-back = 正在回放 · 还有 { $count } 步
shell-zoom-label = 缩放图板
shell-zoom-in = 放大
shell-zoom-out = 缩小
shell-zoom-fit = 适合
shell-zoom-fit-label = 显示整个图板

## Chat

shell-chat-label = 牌桌聊天
shell-chat-players = 牌桌聊天
shell-chat-spectators = 观战者聊天
shell-chat-message = 消息
shell-chat-send = 发送
shell-chat-count = { $n } / { $max }
shell-chat-sign-in = 登录后才能聊天。
shell-chat-someone = 某人
shell-chat-transcript-label = 本局的聊天
shell-chat-title = 聊天
shell-chat-channel-players = 玩家
shell-chat-channel-spectators = 观战者
shell-chat-empty = 没有人在聊天中发言。

## After the game

shell-after-label = 对局结束后
shell-rematch = 再来一局
shell-same-settings = 相同设置的新对局
shell-open-replay = 打开回放
shell-result-no-winner = 没有胜者。
shell-result-you-won = 你赢了。
shell-result-winners = { $count ->
    [one] 胜者：{ $names }。
   *[other] 平手（共同获胜）：{ $names }。
}
shell-result-you-left = 你离开了对局；座位由电脑下完，因此排名最后。
shell-result-left = { $name } 离开了对局；座位由电脑下完，因此排名最后。
shell-rematch-declined-by = { $name } 拒绝了
shell-rematch-starting = 再来一局即将开始…
shell-rematch-starting-because = 再来一局即将开始：{ $reason }。
shell-rematch-expired = 再来一局的邀请已过期。
shell-rematch-expired-because = 再来一局的邀请已过期：{ $reason }。
shell-rematch-off = 再来一局取消了。
shell-rematch-off-because = 再来一局取消了：{ $reason }。
shell-rematch-ready = { $name }：✓ 已准备
shell-rematch-not-yet = { $name }：… 尚未
shell-rematch-accept = 接受再来一局
shell-rematch-decline = 拒绝
shell-rematch-call-off = 取消
shell-rematch-offered-by = { $name } 提议再来一局。
shell-rematch-open = 轮换座位再来一局：所有人接受后开始 — 还剩 { $left }。

## Replay

shell-replay-controls = 回放控制
shell-replay-first = 开头
shell-replay-previous = 上一步
shell-replay-play-label = 播放
shell-replay-play = ▶ 播放
shell-replay-pause = ⏸ 暂停
shell-replay-next = 下一步
shell-replay-last = 结尾
shell-replay-version = 版本
shell-replay-view-as = 视角
shell-replay-spectator = 观战者
shell-replay-reveal-all = 全部公开
shell-replay-start = 开局 · 共 { $moves } 步
shell-replay-move-of = 第 { $move } 步，共 { $moves } 步

## Errors the server sends

error-malformed = 无法理解这个请求。
error-malformed-field = 无法理解这个请求：“{ $field }”缺失或有误。
error-malformed-max-bytes = 消息太长：最多 { $max_bytes } 字节。
error-illegal_move = 现在不能这样做。
error-stale = 对局已经继续进行：请重新查看后再选择。
error-not_found = 未找到：它可能已经结束或从未存在。
error-forbidden = 你不能在这里这样做。
error-blocked = 你与本桌的一位玩家之间存在屏蔽：你的消息未发送。
error-duplicate = 这已经完成了。
error-unavailable = 服务繁忙或暂停：请稍后再试。
error-unauthenticated = 请先（重新）登录。
error-rate_limited = 请求太多：请稍候再试。
error-rate_limited-per-second = 每秒最多 { $per_second } 条消息；超出的消息会被丢弃
error-rate_limited-retry-after-seconds = 请求太多：请在 { $retry_after_seconds } 秒后再试。
error-unsupported_version = 此页面已过时：请刷新后继续游戏。
error-session_ended = 你已退出登录（在本设备或其他设备上）。请重新登录。
error-error = 出错了。

## Player notices

notice-match_found = 已为你找到对局。
notice-your_turn = 轮到你了。
notice-rematch_offered = { $by } 提议再来一局。
notice-rematch_started = 再来一局已经开始。
notice-rematch_refused = 再来一局取消了。
notice-rematch_expired = 再来一局的邀请已过期。
notice-table_changed = 你的私人桌有变化。
notice-table_started = 你的私人桌的对局已经开始。
notice-ticket_cancelled = 你已退出排队。
notice-challenge = { $host } 邀请你对战 { $game }：打开牌桌。

# issue 33: the table as players read it
shell-heading-play = { $title }：你的对局
shell-heading-watch = { $title }：观战
shell-heading-replay = { $title }：回放
shell-watching = { $count } 人观战
shell-after-title = 接下来？
shell-you-left = 你已离开本局：现在由机器人代你落座。你可以随时收回座位、继续观看，或返回大厅。
shell-news-left = { $name } 已离开（退出或断线）：由机器人代为出手。
shell-news-you-left = 你已离开：由机器人代你出手。
shell-news-timed-out = { $name } 超时：由机器人代走这一步。
shell-news-you-timed-out = 你已超时：由机器人代你走这一步。
shell-news-back = { $name } 已回来并继续对局。
shell-news-lost-connection = { $name } 断开了连接。
shell-news-connected-again = { $name } 已重新连接。
shell-news-you-back = 你已收回座位。
shell-col-started = 开始于
shell-moves-count = { $count } 步
shell-unnamed-player = （尚未命名）
shell-pause = 暂停 ❚❚
shell-play-on = 继续 ▶
shell-step-one = 单步 ▸
shell-skip-title = 直接显示到当前，你的下一个决定就在那里
shell-paused-at = 已暂停 · 还有 { $count } 步
shell-pace-very-slow = 很慢
shell-coach-label = 新手引导对局
shell-coach-title = 边玩边学
shell-coach-step = 第 { $n } 步，共 { $of } 步
shell-coach-next = 下一步
shell-coach-skip = 跳过这一步
shell-coach-end = 结束引导
shell-coach-done = 你已掌握基本玩法：把这局下完吧，规则页有全部规则。
shell-learn-by-playing = 边玩边学{ $title }
