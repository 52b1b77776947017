# 账户服务的两封邮件：确认地址、设置新密码。

accounts-verify-subject = Daimyo：请确认你的电子邮件地址
accounts-verify-body =
    打开此链接，为你的 Daimyo 账户确认此地址：

    { $link }

accounts-reset-subject = Daimyo：请设置新密码
accounts-reset-body =
    打开此链接，为你的 Daimyo 账户设置新密码：

    { $link }

    如果这不是你本人的请求，请忽略此邮件：什么都不会改变。
