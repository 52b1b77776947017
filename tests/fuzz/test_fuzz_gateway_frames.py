"""Fuzzing the gateway's WebSocket: whatever a browser sends — random text or bytes, any JSON,
known frames with wrong types or huge values, moves for other seats and games — the socket
answers with a clear error (or a legitimate answer), keeps serving, and no game's event stream
moves."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from daimyo_gateway.frames import MAX_FRAME_BYTES
from daimyo_gateway.testing import SocketClient
from tests.fuzz.fuzzing import ANY_MOVE, FUZZ, INTEGERS, JSON, any_text

pytestmark = pytest.mark.integration

ERROR_CODES = {"malformed", "illegal_move", "stale", "not_found", "forbidden", "duplicate"}
PROBE = "fuzz-probe"
THEIRS, OTHERS = "<their game>", "<another game>"  # replaced by the real ids at run time
GAME_IDS = st.sampled_from([THEIRS, OTHERS]) | any_text(120) | JSON
VERSIONS = INTEGERS | JSON
FRAMES = st.fixed_dictionaries(
    {"type": st.sampled_from(["subscribe", "unsubscribe", "move", "ping"]) | JSON},
    optional={"game_id": GAME_IDS, "as": st.sampled_from([0, 1, 2, 15, 16, -1, "spectator"]) | JSON,
              "since_version": VERSIONS, "move": ANY_MOVE, "expected_version": VERSIONS,
              "command_id": any_text(120) | JSON, "ref": JSON},
)
MOVES_ELSEWHERE = st.fixed_dictionaries({
    "type": st.just("move"), "game_id": st.sampled_from([THEIRS, OTHERS]), "move": ANY_MOVE,
    "expected_version": st.integers(min_value=0, max_value=3) | st.none(), "command_id": any_text(20),
})


def with_real_ids(frame: Any, ids: dict[str, str]) -> Any:
    if isinstance(frame, dict) and isinstance(frame.get("game_id"), str) and frame["game_id"] in ids:
        return {**frame, "game_id": ids[frame["game_id"]]}
    return frame


async def send_and_check(stack: Any, sends: list[str | bytes]) -> None:
    """Send everything on a fresh socket, then a ping: the pong must come, every error must be
    a known code with a message, and both games must still be at their versions."""
    before = await stack.versions()
    socket: SocketClient = await stack.socket()
    try:
        for item in sends:
            if isinstance(item, bytes):
                await socket.ws.send_bytes(item)
            else:
                await socket.send(item)
        await socket.send({"type": "ping", "ref": PROBE})
        try:
            await socket.wait_for(lambda f: f.get("type") == "pong" and f.get("ref") == PROBE, timeout=5)
        except TimeoutError:
            pytest.fail(f"the socket stopped answering (closed: {socket.ws.closed}, "
                        f"close code {socket.ws.close_code}); frames: {socket.frames[-5:]}")
        for error in socket.of_type("error"):
            assert error.get("code") in ERROR_CODES and isinstance(error.get("message"), str), error
    finally:
        await socket.close()
    assert await stack.versions() == before


@FUZZ
@given(text=any_text(300))
@example(text="")
@example(text="{}")
@example(text='{"type": []}')
@example(text='{"type": {"a": 1}}')
@example(text="[" * 60_000)
@example(text='{"type": "move", "move": ' + "[" * 30_000)
async def test_random_text_frames_get_an_error_and_the_socket_stays_usable(fuzz_stack: Any,
                                                                          text: str) -> None:
    await send_and_check(fuzz_stack, [text])


@FUZZ
@given(data=st.binary(max_size=300))
async def test_binary_frames_get_an_error_and_the_socket_stays_usable(fuzz_stack: Any, data: bytes) -> None:
    await send_and_check(fuzz_stack, [data])


@FUZZ
@given(value=JSON)
async def test_any_json_value_gets_an_answer_and_changes_nothing(fuzz_stack: Any, value: Any) -> None:
    await send_and_check(fuzz_stack, [json.dumps(value)])


@FUZZ
@given(frames=st.lists(FRAMES, min_size=1, max_size=4))
@example(frames=[{"type": "move", "game_id": THEIRS, "move": {"type": "end_turn"},
                  "expected_version": 2**64}])
@example(frames=[{"type": "subscribe", "game_id": THEIRS, "as": 1, "since_version": 10**30}])
@example(frames=[{"type": "move", "game_id": THEIRS, "move": {"type": "pass"}, "command_id": 7}])
async def test_frames_with_wrong_types_or_huge_values_change_nothing(fuzz_stack: Any,
                                                                    frames: list[dict[str, Any]]) -> None:
    ids = {THEIRS: fuzz_stack.theirs, OTHERS: fuzz_stack.others}
    await send_and_check(fuzz_stack, [json.dumps(with_real_ids(f, ids)) for f in frames])


@FUZZ
@given(frames=st.lists(MOVES_ELSEWHERE, min_size=1, max_size=3),
       subscribe_as=st.sampled_from([None, 0, 1, "spectator"]))
async def test_moves_for_seats_and_games_the_player_does_not_hold_change_nothing(
        fuzz_stack: Any, frames: list[dict[str, Any]], subscribe_as: Any) -> None:
    ids = {THEIRS: fuzz_stack.theirs, OTHERS: fuzz_stack.others}
    sends: list[str | bytes] = [json.dumps(with_real_ids(f, ids)) for f in frames]
    if subscribe_as is not None:
        subscribe = {"type": "subscribe", "game_id": fuzz_stack.theirs, "as": subscribe_as}
        sends.insert(0, json.dumps(subscribe))
    await send_and_check(fuzz_stack, sends)


@pytest.mark.parametrize("depth", [100, 900, 990, 5000])
async def test_a_deeply_nested_move_is_refused_cleanly(fuzz_stack: Any, depth: int) -> None:
    tile = "[" * depth + "]" * depth  # built as text: json.dumps itself gives up near 1000
    frame = (f'{{"type": "move", "game_id": "{fuzz_stack.theirs}", "expected_version": 1, '
             f'"move": {{"type": "place", "hex": "h55", "tile": {tile}}}}}')
    await send_and_check(fuzz_stack, [frame])


async def test_an_oversized_frame_closes_only_that_socket(fuzz_stack: Any) -> None:
    big = await fuzz_stack.socket()
    await big.send("x" * (MAX_FRAME_BYTES + 1))
    await big.close()
    await send_and_check(fuzz_stack, [json.dumps({"type": "ping"})])
