"""The protocol's two halves name the same frames and codes: what `frames.py` sends is what
`static/shell/protocol.js` reads, and the version they speak is the same."""

from __future__ import annotations

import re
from pathlib import Path

from daimyo_gateway import frames

PROTOCOL_JS = (Path(frames.__file__).parent / "static" / "shell" / "protocol.js").read_text()


def js_list(name: str) -> list[str]:
    """The strings of `export const <name> = [...]` in protocol.js (comments left out)."""
    found = re.search(rf"export const {name} = \[(.*?)\];", PROTOCOL_JS, re.S)
    assert found, f"protocol.js exports no {name}"
    body = re.sub(r"//[^\n]*", "", found.group(1))
    return re.findall(r'"([a-z_]+)"', body)


def test_both_sides_speak_the_same_protocol_version() -> None:
    assert f"export const PROTOCOL_VERSION = {frames.PROTOCOL_VERSION};" in PROTOCOL_JS


def test_the_client_reads_every_frame_type_the_gateway_sends() -> None:
    assert sorted(js_list("SERVER_FRAME_TYPES")) == sorted(frames.SERVER_FRAME_TYPES)


def test_the_client_knows_every_notice_and_error_code() -> None:
    assert sorted(js_list("NOTICE_CODES")) == sorted(frames.NOTICE_CODES)
    assert sorted(js_list("ERROR_CODES")) == sorted(frames.ERROR_CODES)
