# The accounts service's two emails (mail.py): confirm an address, choose a new password.
# English is the source: every other locale has the same ids and the same placeables
# (tests/unit/kit/test_server_catalogues.py). $link is the one-time address to open.

accounts-verify-subject = Daimyo: confirm your email address
accounts-verify-body =
    Open this link to confirm this address for your Daimyo account:

    { $link }

accounts-reset-subject = Daimyo: choose a new password
accounts-reset-body =
    Open this link to choose a new password for your Daimyo account:

    { $link }

    If you did not ask for it, ignore this message: nothing changes.
