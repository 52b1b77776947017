"""The gateway's accounts client: every call a resource makes is one it knows how to send, with
the request type the service declares; refusals keep their codes and statuses."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from daimyo_gateway.accounts import ACCOUNT_STATUS, REQUESTS
from daimyo_gateway.http_api.app import HTTP_STATUS
from daimyo_proto.daimyo.accounts.v1 import accounts_pb2

GATEWAY = Path(__file__).resolve().parents[3] / "services" / "daimyo_gateway"


def methods_called() -> set[str]:
    """Every `<accounts>.call("Method", …)` in the gateway's code."""
    called = set()
    for path in GATEWAY.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            is_call = isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            if is_call and node.func.attr == "call":  # type: ignore[attr-defined]
                first = node.args[0] if node.args else None  # type: ignore[attr-defined]
                if isinstance(first, ast.Constant) and re.fullmatch(r"[A-Z]\w+", str(first.value)):
                    called.add(str(first.value))
    return called


def test_every_method_a_resource_calls_is_known_with_the_services_request_type() -> None:
    service = accounts_pb2.DESCRIPTOR.services_by_name["AccountsService"]
    assert methods_called() and methods_called() <= set(REQUESTS)
    for name, request in REQUESTS.items():
        declared = request.DESCRIPTOR.full_name  # type: ignore[attr-defined]
        assert service.methods_by_name[name].input_type.full_name == declared


def test_every_refusal_of_the_accounts_service_is_a_4xx() -> None:
    assert all(400 <= HTTP_STATUS[code] < 500 for code in ACCOUNT_STATUS)
