"""Per-service credentials of the internal mesh, as environment variables.

Each service proves who it is to NATS (user + password, permissions per user in the server's
config) and to the gRPC services it calls (a bearer token checked by `daimyo_kit.auth`).
Kubernetes takes them from Secrets (k8s/base, deploy/OPERATIONS.md); `make run` and the test
stacks generate them here: `env_additions(env, path)` returns what `env` lacks (kept in
`path`, mode 0600, so a restart keeps them), and `nats_server_config` writes the embedded
server's accounts from the same values.

Names: `DAIMYO_<ROLE>_NATS_PASSWORD` (user `DAIMYO_<ROLE>_NATS_USER`, default the role),
`DAIMYO_<ROLE>_GRPC_TOKEN`, and `DAIMYO_GRPC_CALLERS` — `role:sha256(token)` pairs, the only
thing a server needs to check callers (so a server cannot act as its callers). The
`operator` NATS login (`DAIMYO_NATS_USER`/`DAIMYO_NATS_PASSWORD`) is for tests and tools.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Mapping
from pathlib import Path

NATS_ROLES = ("game", "matchmaking", "gateway", "driver", "analysis", "notifier")
"""Who connects to NATS: the relay (game service), matchmaking, gateways, the bot driver, analysis,
the notifier."""

GRPC_CLIENT_ROLES = ("gateway", "driver", "matchmaking", "analysis", "notifier")
"""Who calls internal gRPC: gateways (as the players they serve), the bot driver, matchmaking,
the analysis workers (reading finished games), the notifier (a digest's address, from accounts)."""

OPERATOR = "operator"
GRPC_CALLERS = "DAIMYO_GRPC_CALLERS"
OPERATOR_USER = "DAIMYO_NATS_USER"
OPERATOR_PASSWORD = "DAIMYO_NATS_PASSWORD"
GAMES_STREAM = "DAIMYO_GAMES"
VAPID_PRIVATE_KEY = "DAIMYO_VAPID_PRIVATE_KEY"
"""The notifier's Web Push signing key (RFC 8292): a P-256 private key, base64url of its 32 bytes."""
NATS_ROUTE_PASSWORD = "DAIMYO_NATS_ROUTE_PASSWORD"
"""The password NATS nodes give each other on their cluster routes (the prod overlays)."""


def nats_user_var(role: str) -> str:
    return f"DAIMYO_{role.upper()}_NATS_USER"


def nats_password_var(role: str) -> str:
    return f"DAIMYO_{role.upper()}_NATS_PASSWORD"


def grpc_token_var(role: str) -> str:
    return f"DAIMYO_{role.upper()}_GRPC_TOKEN"


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def generate() -> dict[str, str]:
    """A fresh, complete set: every role's NATS password and gRPC token, and the callers list."""
    env = {nats_password_var(role): secrets.token_urlsafe(24) for role in NATS_ROLES}
    env |= {OPERATOR_USER: OPERATOR, OPERATOR_PASSWORD: secrets.token_urlsafe(24)}
    tokens = {role: secrets.token_urlsafe(32) for role in GRPC_CLIENT_ROLES}
    env |= {grpc_token_var(role): token for role, token in tokens.items()}
    env[GRPC_CALLERS] = ",".join(f"{role}:{token_digest(token)}" for role, token in tokens.items())
    env[VAPID_PRIVATE_KEY] = vapid_private_key()
    return env


def vapid_private_key() -> str:
    """A fresh VAPID key: browsers bind their push subscriptions to its public half, so it is kept
    (in `.daimyo/credentials.json` under `make run`, in a Secret on Kubernetes) and not rotated lightly."""
    import base64

    from cryptography.hazmat.primitives.asymmetric import ec

    scalar = ec.generate_private_key(ec.SECP256R1()).private_numbers().private_value
    return base64.urlsafe_b64encode(scalar.to_bytes(32, "big")).rstrip(b"=").decode()


def env_additions(env: Mapping[str, str], path: Path | None = None) -> dict[str, str]:
    """The credentials `env` lacks: none when it has a complete set (a test session or an
    operator provided them), else the set kept in `path` (generated there the first time)."""
    if _complete(env):
        return {}
    stored = _load(path) if path is not None else None
    if stored is None or not _complete(stored):
        stored = generate()
        if path is not None:
            _save(path, stored)
    return {name: value for name, value in stored.items() if name not in env}


def _complete(env: Mapping[str, str]) -> bool:
    return all(name in env for name in generate())


def _load(path: Path) -> dict[str, str] | None:
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError):
        return None
    return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else None


def _save(path: Path, values: Mapping[str, str]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.touch(mode=0o600)
    path.chmod(0o600)
    path.write_text(json.dumps(dict(values), indent=1, sort_keys=True))


def nats_login(role: str | None, env: Mapping[str, str]) -> tuple[str, str] | None:
    """(user, password) for `role` (None: the operator login); None when none is configured,
    e.g. against a NATS without authentication. A role never falls back to the operator."""
    if role is not None:
        password = env.get(nats_password_var(role))
        return (env.get(nats_user_var(role)) or role, password) if password else None
    if env.get(OPERATOR_PASSWORD):
        return env.get(OPERATOR_USER) or OPERATOR, env[OPERATOR_PASSWORD]
    return None


def grpc_token(role: str, env: Mapping[str, str]) -> str | None:
    return env.get(grpc_token_var(role)) or None


def grpc_callers(env: Mapping[str, str]) -> dict[str, str]:
    """role → sha256 of its token, from `DAIMYO_GRPC_CALLERS` ("role:hex,role:hex")."""
    callers = {}
    for pair in filter(None, (p.strip() for p in env.get(GRPC_CALLERS, "").split(","))):
        role, _, digest = pair.partition(":")
        if not role or len(digest) != 64:
            raise ValueError(f"{GRPC_CALLERS}: expected role:sha256hex pairs, got {pair!r}")
        callers[role] = digest.lower()
    return callers


GATEWAY_CHAT = ("daimyo.chat.*.players", "daimyo.chat.*.spectators")
GATEWAY_SESSIONS = "daimyo.sessions.revoked"
GATEWAY_NAMES = "daimyo.names.changed"
GATEWAY_TABLE = ("daimyo.connection.*", "daimyo.audience.*")  # drops and returns, watcher counts
GATEWAY_PUBLISHES = ("daimyo.presence.*.*", "daimyo.online.*", *GATEWAY_CHAT, GATEWAY_SESSIONS, GATEWAY_NAMES,
                     *GATEWAY_TABLE)
"""Every subject a gateway publishes on (tests/unit/kit/test_nats_permissions.py keeps it exact)."""


def inbox_prefix(role: str | None) -> str:
    """Each role's replies arrive under its own prefix, so no user may read another's replies."""
    return f"_INBOX_{role or OPERATOR}"


def _permissions(role: str) -> dict[str, list[str]]:
    """What each NATS user may publish and subscribe to (nothing else)."""
    stream = f"$JS.API.STREAM.{{}}.{GAMES_STREAM}"
    consumer = f"$JS.API.CONSUMER.{{}}.{GAMES_STREAM}.>"
    inbox = [f"{inbox_prefix(role)}.>"]
    return {
        "game": {"publish": ["daimyo.game.*.seat.*", "daimyo.game.*.watch", "daimyo.game.*.turn",
                             "daimyo.game.*.finished", "daimyo.game.*.abandoned", "daimyo.game.*.notices",
                             "daimyo.player.*",
                             *(stream.format(op) for op in ("INFO", "CREATE", "UPDATE", "PURGE"))],
                 "subscribe": inbox},
        "matchmaking": {"publish": ["daimyo.player.*", "daimyo.table.*.challenge", stream.format("INFO"),
                                    *(consumer.format(op) for op in ("INFO", "CREATE", "DURABLE.CREATE",
                                                                     "MSG.NEXT")),
                                    f"$JS.ACK.{GAMES_STREAM}.>"],
                        "subscribe": [*inbox, "daimyo.online.*"]},
        # Exactly the gateway's own traffic: seats' presence beats, players' online beats, the
        # two chat channels (no other channel, nothing deeper), ended sessions, changed names,
        # seats' drops and returns and watcher counts; it reads views, chat, ended sessions,
        # changed names, every gateway's online beats (friends online), drops and returns and
        # watcher counts.
        "gateway": {"publish": [*GATEWAY_PUBLISHES],
                    "subscribe": ["daimyo.game.*.seat.*", "daimyo.game.*.watch", "daimyo.player.*",
                                  "daimyo.presence.*.*", "daimyo.online.*", *GATEWAY_CHAT, GATEWAY_SESSIONS,
                                  GATEWAY_NAMES, *GATEWAY_TABLE]},
        "driver": {"publish": [], "subscribe": ["daimyo.game.*.turn"]},
        # The analysis service's durable consumer of finished games, nothing else.
        "analysis": {"publish": [stream.format("INFO"),
                                 *(consumer.format(op) for op in ("INFO", "CREATE", "DURABLE.CREATE",
                                                                  "MSG.NEXT")),
                                 f"$JS.ACK.{GAMES_STREAM}.>"],
                     "subscribe": inbox},
        # The notifier only reads the games stream durably (the games' notices); it publishes nothing.
        "notifier": {"publish": [stream.format("INFO"),
                                 *(consumer.format(op) for op in ("INFO", "CREATE", "DURABLE.CREATE",
                                                                  "MSG.NEXT")),
                                 f"$JS.ACK.{GAMES_STREAM}.>"],
                     "subscribe": inbox},
    }[role]


def nats_users(env: Mapping[str, str], with_operator: bool = True) -> list[dict[str, object]]:
    """The `authorization.users` of a NATS config for the credentials in `env`."""
    users: list[dict[str, object]] = []
    for role in NATS_ROLES:
        allowed = _permissions(role)
        permissions = {kind: {"allow": subjects} if subjects else {"deny": [">"]}
                       for kind, subjects in allowed.items()}
        users.append({"user": env.get(nats_user_var(role)) or role, "password": env[nats_password_var(role)],
                      "permissions": permissions})
    if with_operator and env.get(OPERATOR_PASSWORD):
        users.append({"user": env.get(OPERATOR_USER) or OPERATOR, "password": env[OPERATOR_PASSWORD]})
    return users


def nats_server_config(env: Mapping[str, str], port: int, store_dir: Path, host: str = "127.0.0.1") -> str:
    """A nats-server config: JetStream, and only the users of `env` (no anonymous access).
    JSON is valid NATS configuration syntax, so values need no other quoting."""
    config = {"host": host, "port": port, "jetstream": {"store_dir": str(store_dir)},
              "authorization": {"users": nats_users(env)}}
    return json.dumps(config, indent=1)


def nats_config_template(store_dir: str = "/data") -> str:
    """The same accounts for a NATS whose passwords come from its environment (`$VAR`
    references, resolved by nats-server): compose mounts it, Kubernetes renders the same users."""
    placeholders = {nats_password_var(role): f"${nats_password_var(role)}" for role in NATS_ROLES}
    config = {"port": 4222, "http_port": 8222, "server_name": "daimyo-nats",
              "jetstream": {"store_dir": store_dir},
              "authorization": {"users": nats_users(placeholders, with_operator=False)}}
    text = json.dumps(config, indent=1)
    for name in placeholders:
        text = text.replace(f'"${name}"', f"${name}")
    return "# Generated by `python -m daimyo_kit.credentials nats-template`; do not edit.\n" + text + "\n"


def nats_authorization_block() -> str:
    """The `authorization` block of `nats_config_template`, for configs that hold more (k8s)."""
    template = nats_config_template()
    start = template.index('"authorization"')
    return "authorization: " + template[template.index("{", start):template.rindex("}")].rstrip() + "\n"


K8S_SECRETS = {
    "game": ("DAIMYO_GAME_NATS_PASSWORD", GRPC_CALLERS),
    "matchmaking": ("DAIMYO_MATCHMAKING_NATS_PASSWORD", "DAIMYO_MATCHMAKING_GRPC_TOKEN", GRPC_CALLERS),
    "gateway": ("DAIMYO_GATEWAY_NATS_PASSWORD", "DAIMYO_GATEWAY_GRPC_TOKEN"),
    "driver": ("DAIMYO_DRIVER_NATS_PASSWORD", "DAIMYO_DRIVER_GRPC_TOKEN"),
    "bot": (GRPC_CALLERS,),
    "analysis": ("DAIMYO_ANALYSIS_NATS_PASSWORD", "DAIMYO_ANALYSIS_GRPC_TOKEN", GRPC_CALLERS),
    "accounts": (GRPC_CALLERS,),
    "notifier": ("DAIMYO_NOTIFIER_NATS_PASSWORD", "DAIMYO_NOTIFIER_GRPC_TOKEN", GRPC_CALLERS,
                 VAPID_PRIVATE_KEY),
    "nats": (*(nats_password_var(role) for role in NATS_ROLES), NATS_ROUTE_PASSWORD),
}
"""Secret `daimyo-<name>-credentials` → the variables it holds: each workload gets only its own."""


def write_k8s_secrets(directory: Path) -> list[Path]:
    """One env file per Secret of K8S_SECRETS (and `secrets.env` for `daimyo-secrets`), fresh."""
    directory.mkdir(parents=True, exist_ok=True)
    values = {**compose_secrets("daimyo-postgres"), NATS_ROUTE_PASSWORD: secrets.token_urlsafe(24)}
    files = {f"{name}.env": {k: values[k] for k in keys} for name, keys in K8S_SECRETS.items()}
    files["secrets.env"] = {"database-url": values["DAIMYO_DATABASE_URL"],
                            "token-secret": values["DAIMYO_TOKEN_SECRET"],
                            "postgres-password": values["POSTGRES_PASSWORD"]}
    written = []
    for name, content in files.items():
        path = directory / name
        path.touch(mode=0o600)
        path.write_text("".join(f"{k}={v}\n" for k, v in content.items()))
        written.append(path)
    return written


def compose_secrets(database_host: str = "postgres") -> dict[str, str]:
    """Everything secret a compose deployment needs, freshly generated (never committed)."""
    password = secrets.token_urlsafe(24)
    return {**generate(), "POSTGRES_PASSWORD": password, "DAIMYO_TOKEN_SECRET": secrets.token_urlsafe(32),
            "DAIMYO_DATABASE_URL": f"postgresql://daimyo:{password}@{database_host}:5432/daimyo"}


def main(argv: list[str] | None = None) -> int:
    """`env FILE`: write a fresh compose secrets file (refuses to overwrite one);
    `k8s DIR`: one env file per Kubernetes Secret (deploy/OPERATIONS.md);
    `nats-template`: print the NATS accounts template."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m daimyo_kit.credentials", description=main.__doc__)
    parser.add_argument("command", choices=("env", "nats-template", "k8s"))
    parser.add_argument("path", nargs="?", type=Path)
    args = parser.parse_args(argv)
    if args.command == "nats-template":
        print(nats_config_template(), end="")
        return 0
    if args.command == "k8s":
        if args.path is None or any(args.path.glob("*.env")):
            parser.error("k8s needs an empty or new DIR (secrets are never overwritten)")
        for path in write_k8s_secrets(args.path):
            print(path)
        return 0
    if args.path is None or args.path.exists():
        parser.error("env needs a FILE that does not exist yet (secrets are never overwritten)")
    args.path.touch(mode=0o600)
    args.path.write_text("".join(f"{k}={v}\n" for k, v in sorted(compose_secrets().items())))
    print(f"wrote {args.path} (mode 600); keep it out of version control")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
