"""`python -m daimyo_analysis [serve|migrate]`: the analysis service (gRPC 50054, metrics 9105 by
default); `migrate` applies its schema's migrations (`migrations/`) and exits — the deploy job's
step after matchmaking's (deploy/docker/entrypoint.sh)."""

from daimyo_analysis.bootstrap import main
from daimyo_analysis.store import migrate
from daimyo_kit.service_main import serve_or_migrate

if __name__ == "__main__":
    serve_or_migrate("analysis", main, migrate)
