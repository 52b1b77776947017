# 关闭 Daimyo 时的通知（issue 34）。

notices-title = 关闭 Daimyo 时的通知
notices-push-on = 向此设备发送通知
notices-push-unsupported = 此浏览器无法接收通知。
notices-push-denied = 浏览器设置已屏蔽本站的通知。
notices-push-failed = 无法为此设备开启通知。
notices-devices = { $count ->
   *[other] 有 { $count } 台设备接收你的通知。
}
notices-kinds = 在以下情况通知我
notices-kind-your_turn = 通信对局轮到我时
notices-kind-game_found = 为我找到通信对局时
notices-kind-time_low = 我的时钟只剩 24 小时时
notices-kind-game_ended = 我的对局结束时
notices-kind-vacation = 对手开始休假时
notices-kind-friend_challenge = 好友向我挑战时
notices-live-hidden = 此标签页隐藏时实时对局轮到我
notices-quiet = 免打扰时段（{ $zone }）
notices-quiet-hint = 开始与结束相同：不设免打扰
notices-save = 保存
notices-saved = 已保存。

notices-push-your_turn-title = 轮到你了
notices-push-your_turn-body = { $game }：该你走了。
notices-push-game_found-title = 为你找到对局
notices-push-game_found-body = { $game }：一局通信对局为你留了座位。
notices-push-time_low-title = 还剩 24 小时
notices-push-time_low-body = { $game }：你的时钟不到一天就会用完。
notices-push-game_ended-title = 对局结束
notices-push-game_ended-body = { $game }：对局已经结束。
notices-push-vacation-title = 对手正在休假
notices-push-vacation-body = { $game }：对手的时钟暂停到 { $until }。
notices-push-friend_challenge-title = 挑战
notices-push-friend_challenge-body = { $host } 邀你下 { $game }。
notices-push-friend_challenge-nameless-body = 一位好友邀你下 { $game }。

notices-days-label = 每步天数
notices-days = { $days ->
   *[other] 每步 { $days } 天
}
notices-bank = + { $days } 天备用时间

notices-vacation = 休假
notices-vacation-left = 今年还剩 { $left } / { $total } 天假期；你离开期间，你的通信对局时钟会暂停。
notices-vacation-until = 休假至 { $until }。
notices-vacation-take = 休假
notices-vacation-days = { $days ->
   *[other] { $days } 天
}
notices-opponent-away = 休假至 { $until }
