# Los dos correos del servicio de cuentas: confirmar una dirección, elegir una contraseña nueva.

accounts-verify-subject = Daimyo: confirma tu dirección de correo
accounts-verify-body =
    Abre este enlace para confirmar esta dirección en tu cuenta de Daimyo:

    { $link }

accounts-reset-subject = Daimyo: elige una contraseña nueva
accounts-reset-body =
    Abre este enlace para elegir una contraseña nueva para tu cuenta de Daimyo:

    { $link }

    Si no lo pediste, ignora este mensaje: nada cambia.
