# 邮件摘要：主题、每条通知一行，以及末尾的链接。

## 主题
notifier-subject-awaiting = { $count ->
   *[other] Daimyo：有 { $count } 局对局等你走棋
}
notifier-subject-news = Daimyo：你的对局动态

## 每条通知一行
notifier-your-turn = { $game }：该你走了。
notifier-your-turn-until = { $game }：该你走了（截至 { $date }）。
notifier-game-found = { $game }：一局通信对局为你留了座位。
notifier-time-low = { $game }：你的时钟剩不到一天。
notifier-time-low-until = { $game }：你的时钟剩不到一天（截至 { $date }）。
notifier-game-ended = { $game }：对局已经结束。
notifier-vacation = { $game }：对手休假至 { $date }。
notifier-friend-challenge = { $host } 邀你下 { $game }。
notifier-friend-challenge-unnamed = 一位好友邀你下 { $game }。

## 结尾
notifier-open = 你的对局：{ $url }
notifier-why = 此摘要最多每 { $hours } 小时发送一次。
notifier-stop = 不再接收这些邮件：{ $url }
