# Os dois emails do serviço de contas: confirmar um endereço, escolher uma nova senha.

accounts-verify-subject = Daimyo: confirme seu endereço de e-mail
accounts-verify-body =
    Abra este link para confirmar este endereço na sua conta Daimyo:

    { $link }

accounts-reset-subject = Daimyo: escolha uma nova senha
accounts-reset-body =
    Abra este link para escolher uma nova senha para sua conta Daimyo:

    { $link }

    Se você não pediu isso, ignore esta mensagem: nada muda.
