"""The gateway's NATS user may publish exactly the subjects the gateway publishes on (issue 32:
it could publish any chat or presence subject), and every place that configures NATS (make run,
compose, Kubernetes) grants the same permissions."""

from __future__ import annotations

import ast
import textwrap
from pathlib import Path

from daimyo_bus import subjects
from daimyo_gateway.frames import CHAT_CHANNELS
from daimyo_kit import credentials
from daimyo_kit.credentials import GATEWAY_PUBLISHES, nats_users

REPO = Path(__file__).resolve().parents[3]
GATEWAY = REPO / "services" / "daimyo_gateway"


def matches(pattern: str, subject: str) -> bool:
    """NATS subject matching: `*` is one token, `>` one or more at the end."""
    wanted, tokens = pattern.split("."), subject.split(".")
    for n, token in enumerate(wanted):
        if token == ">":
            return len(tokens) > n
        if n >= len(tokens) or token not in ("*", tokens[n]):
            return False
    return len(tokens) == len(wanted)


def gateway_permissions() -> dict[str, list[str]]:
    env = {credentials.nats_password_var(role): "pw" for role in credentials.NATS_ROLES}
    user = next(u for u in nats_users(env, with_operator=False) if u["user"] == "gateway")
    permissions = user["permissions"]
    assert isinstance(permissions, dict)
    return {kind: rule.get("allow", []) for kind, rule in permissions.items()}


def subject_makers_published_by_the_gateway() -> set[str]:
    """The `subjects.<maker>(…)` whose result a gateway module passes to a publish call."""
    makers = set()
    for path in GATEWAY.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if (isinstance(node, ast.Call) and ast.unparse(node.func).endswith("publish") and node.args
                    and isinstance(first := node.args[0], ast.Call)
                    and ast.unparse(first.func).startswith("subjects.")):
                makers.add(ast.unparse(first.func).removeprefix("subjects."))
    return makers


def subjects_the_gateway_publishes() -> list[str]:
    assert subject_makers_published_by_the_gateway() == {"presence", "online", "chat", "sessions_revoked",
                                                         "names_changed", "connection", "audience"}
    return [subjects.presence("g-1", 0), subjects.presence("g-1", 5), subjects.online("g-alice"),
            *(subjects.chat("g-1", channel) for channel in CHAT_CHANNELS), subjects.sessions_revoked(),
            subjects.names_changed(), subjects.connection("g-1"), subjects.audience("g-1")]


def test_every_subject_the_gateway_publishes_is_allowed() -> None:
    allowed = gateway_permissions()["publish"]
    for subject in subjects_the_gateway_publishes():
        assert any(matches(pattern, subject) for pattern in allowed), subject


def test_every_subject_the_gateway_may_publish_is_one_it_uses() -> None:
    used = subjects_the_gateway_publishes()
    assert gateway_permissions()["publish"] == list(GATEWAY_PUBLISHES)
    for pattern in GATEWAY_PUBLISHES:
        assert any(matches(pattern, subject) for subject in used), f"{pattern} is never used"


def test_the_gateway_may_read_every_gateways_online_beats_ended_sessions_and_changed_names() -> None:
    allowed = gateway_permissions()["subscribe"]  # bootstrap subscribes to these three on every gateway
    for subject in (subjects.ALL_ONLINE, subjects.sessions_revoked(), subjects.names_changed()):
        assert any(matches(pattern, subject) for pattern in allowed), subject


def test_the_gateway_may_not_publish_views_turns_results_invitations_or_other_chat() -> None:
    allowed = gateway_permissions()["publish"]
    forbidden = [subjects.seat("g-1", 0), subjects.watch("g-1"), subjects.turn("g-1"),
                 subjects.finished("g-1"), subjects.abandoned("g-1"), subjects.player("g-alice"),
                 subjects.chat("g-1", "staff"),
                 "daimyo.chat.g-1.players.x", "daimyo.presence.g-1.0.x", "$JS.API.STREAM.INFO.DAIMYO_GAMES",
                 "daimyo.connection.g-1.x", "daimyo.audience.g-1.x"]
    for subject in forbidden:
        assert not any(matches(pattern, subject) for pattern in allowed), subject


def test_compose_and_kubernetes_grant_what_the_generator_grants() -> None:
    assert (REPO / "deploy" / "nats" / "nats.conf").read_text() == credentials.nats_config_template()
    block = textwrap.indent(credentials.nats_authorization_block(), "    ").rstrip()
    assert block in (REPO / "k8s" / "base" / "nats.yaml").read_text()


def test_the_subject_matcher_follows_nats_wildcards() -> None:
    assert matches("a.*.c", "a.b.c") and not matches("a.*.c", "a.b.c.d")
    assert matches("a.>", "a.b.c") and not matches("a.>", "a")
