"""JSON log lines carry the service and the bound request context."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator

import pytest
import structlog

from daimyo_kit import logging as log


@pytest.fixture(autouse=True)
def clean_logging() -> Iterator[None]:
    """Each test configures logging afresh; the process's own logging is restored after."""
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    log.clear()
    yield
    log.clear()
    root.handlers[:], root.level = handlers, level
    structlog.reset_defaults()


def last_json_line(out: str) -> dict[str, object]:
    line: dict[str, object] = json.loads(out.strip().splitlines()[-1])
    return line


def test_a_line_is_json_with_service_level_and_time(capsys: pytest.CaptureFixture[str]) -> None:
    log.configure("game")
    log.get_logger("t").info("move_accepted", version=4)
    line = last_json_line(capsys.readouterr().out)
    assert line["event"] == "move_accepted" and line["version"] == 4
    assert line["service"] == "game" and line["level"] == "info" and "timestamp" in line


def test_bound_context_appears_on_every_line_until_cleared(capsys: pytest.CaptureFixture[str]) -> None:
    log.configure("game")
    log.bind(game_id="g1", seat=2, command_id="c9", player_id=None)
    log.get_logger().info("first")
    assert {"game_id": "g1", "seat": 2, "command_id": "c9"}.items() <= last_json_line(
        capsys.readouterr().out
    ).items()
    log.clear()
    log.get_logger().info("second")
    assert "game_id" not in last_json_line(capsys.readouterr().out)


def test_a_bound_block_restores_the_context_after(capsys: pytest.CaptureFixture[str]) -> None:
    log.configure("bot")
    with log.bound(request_id="r1"):
        log.get_logger().info("inside")
        assert last_json_line(capsys.readouterr().out)["request_id"] == "r1"
    log.get_logger().info("outside")
    assert "request_id" not in last_json_line(capsys.readouterr().out)


def test_standard_library_loggers_write_json_too(capsys: pytest.CaptureFixture[str]) -> None:
    log.configure("matchmaking")
    logging.getLogger("psycopg.pool").warning("pool is slow")
    line = last_json_line(capsys.readouterr().out)
    assert line["event"] == "pool is slow" and line["service"] == "matchmaking"


def test_lines_below_the_level_are_not_written_and_debug_ones_are_at_debug(
        capsys: pytest.CaptureFixture[str]) -> None:
    log.configure("game", level="INFO")
    log.get_logger("t").debug("move_accepted", version=5)
    assert capsys.readouterr().out == ""
    log.configure("game", level="DEBUG")
    log.get_logger("t").debug("move_accepted", version=5)
    assert last_json_line(capsys.readouterr().out)["level"] == "debug"
