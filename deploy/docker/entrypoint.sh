#!/bin/sh
# Maps a role name to its command so that one image serves every Daimyo process.
# Usage: daimyo-entrypoint ROLE [ARGS...]   (extra arguments are passed to the command)
set -eu

usage() {
  cat >&2 <<'USAGE'
usage: daimyo-entrypoint ROLE [ARGS...]
roles:
  game         gRPC game service (50051, metrics 9101)
  relay        outbox relay: events -> NATS (one active replica holds the lease)
  matchmaking  gRPC matchmaking service (50052, metrics 9102)
  accounts     gRPC accounts service (50055, metrics 9106)
  bot          gRPC bot service (50053, metrics 9103)
  driver       bot driver: plays bot seats when NATS says it is their turn
  gateway      HTTP + WebSocket gateway (8080, metrics 9104)
  analysis     gRPC analysis service and its workers (50054, metrics 9105)
  notifier     gRPC notifier: Web Push notices while the page is closed (50056, metrics 9107)
  migrate      apply every schema's migrations in order, each under its owner's settings
               (DAIMYO_<SERVICE>_DATABASE_URL, else DAIMYO_DATABASE_URL), then exit:
               game (the event store's files, then the game service's), then matchmaking,
               then analysis, then accounts, then notifier
  migrate-game, migrate-matchmaking, migrate-analysis, migrate-accounts, migrate-notifier
               one owner's migrations only
  replay ID    rebuild one game from its event log and print it
  probe ...    health probe: probe grpc PORT [SERVICE] | probe http URL
USAGE
}

role="${1:-help}"
[ "$#" -gt 0 ] && shift

case "$role" in
  game)        exec python -m daimyo_game "$@" ;;
  relay)       exec python -m daimyo_game relay "$@" ;;
  matchmaking) exec python -m daimyo_matchmaking "$@" ;;
  accounts)    exec python -m daimyo_accounts "$@" ;;
  bot)         exec python -m daimyo_bot "$@" ;;
  driver)      exec python -m daimyo_bot driver "$@" ;;
  gateway)     exec python -m daimyo_gateway "$@" ;;
  analysis)    exec python -m daimyo_analysis "$@" ;;
  notifier)    exec python -m daimyo_notifier "$@" ;;
  migrate)     python -m daimyo_game migrate && python -m daimyo_matchmaking migrate \
                 && python -m daimyo_analysis migrate && python -m daimyo_accounts migrate \
                 && exec python -m daimyo_notifier migrate ;;
  migrate-game)        exec python -m daimyo_game migrate "$@" ;;
  migrate-matchmaking) exec python -m daimyo_matchmaking migrate "$@" ;;
  migrate-analysis)    exec python -m daimyo_analysis migrate "$@" ;;
  migrate-accounts)    exec python -m daimyo_accounts migrate "$@" ;;
  migrate-notifier)    exec python -m daimyo_notifier migrate "$@" ;;
  replay)      exec python -m daimyo_game replay "$@" ;;
  probe)       exec python "${DAIMYO_PROBE_SCRIPT:-/usr/local/lib/daimyo/probe.py}" "$@" ;;
  help|-h|--help) usage; exit 0 ;;
  *)           echo "daimyo-entrypoint: unknown role '$role'" >&2; usage; exit 64 ;;
esac
