"""`python -m daimyo_accounts [serve|migrate]`: the accounts service (gRPC 50055, metrics 9106 by
default); `migrate` applies its schema's migrations (`migrations/`) and exits — the deploy job's
step after matchmaking's (deploy/docker/entrypoint.sh)."""

from daimyo_accounts.bootstrap import main
from daimyo_accounts.store import migrate
from daimyo_kit.service_main import serve_or_migrate

if __name__ == "__main__":
    serve_or_migrate("accounts", main, migrate)
