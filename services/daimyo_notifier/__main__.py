"""`python -m daimyo_notifier [serve|migrate]`: the notifier (gRPC 50056, metrics 9107 by default);
`migrate` applies its schema's migrations (`migrations/`) and exits — the deploy job's step after
matchmaking's (deploy/docker/entrypoint.sh)."""

from daimyo_kit.service_main import serve_or_migrate
from daimyo_notifier.bootstrap import main
from daimyo_notifier.store import migrate

if __name__ == "__main__":
    serve_or_migrate("notifier", main, migrate)
