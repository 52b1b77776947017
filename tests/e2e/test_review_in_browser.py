"""The review of a finished game in a real browser against every real service: bots play a game
to its end, a person opens its replay, asks for the review, watches "analysing… n %" turn into
the chart, the skill and luck of each seat and the marked decisions, shows a better move on the
board and jumps to a position from the chart. Both games, so neither plug-in is left out."""

from __future__ import annotations

import json
import time
import urllib.request
import uuid
from pathlib import Path
from typing import Any

import grpc
import pytest
from playwright.sync_api import Page, expect

from daimyo_proto.daimyo.game.v1 import game_pb2, game_pb2_grpc
from tests.e2e.pages import LAPTOP, TIMEOUT, shot, sign_in
from tests.e2e.stack import Stack

REVIEW_TIMEOUT = 240_000  # ms: a whole review on a small shared machine, at the stack's small budget
GAMES = {"samurai": 2, "shogun": 3}


def bot_game(stack: Stack, game: str, players: int) -> str:
    """A game between random bots, made straight through the game service; the driver plays it."""
    seats = [game_pb2.Seat(bot_level="random", display_name=f"Bot {n + 1}") for n in range(players)]
    request = game_pb2.CreateGameRequest(game=game, seats=seats, config_json=json.dumps({"players": players}),
                                         command_id=uuid.uuid4().hex)
    as_matchmaking = (("x-daimyo-caller", "matchmaking"),
                      ("x-daimyo-token", stack.env["DAIMYO_MATCHMAKING_GRPC_TOKEN"]))
    with grpc.insecure_channel(stack.env["DAIMYO_GAME_ADDR"]) as channel:
        stub = game_pb2_grpc.GameServiceStub(channel)
        return str(stub.CreateGame(request, timeout=10, metadata=as_matchmaking).game_id)


def wait_until_finished(stack: Stack, game_id: str, timeout_s: float = 240) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        with urllib.request.urlopen(f"{stack.url}/api/games/{game_id}", timeout=10) as response:
            if json.load(response).get("finished"):
                return
        time.sleep(0.5)
    raise AssertionError(f"the bots did not finish game {game_id} in {timeout_s} s")


def show_a_better_move(page: Page) -> None:
    """Open marked decisions until one has a better move the board can draw, and draw it."""
    decisions = page.locator("[data-analysis-moves] li:has([data-mark]) [data-decision]")
    for n in range(min(decisions.count(), 25)):
        decisions.nth(n).click()
        toggle = page.locator("[data-better]")
        if not toggle.count():
            continue
        said = page.locator("[data-better-text]")
        expect(said).to_contain_text("Better:", timeout=TIMEOUT)
        # said in the game's words, from the game's catalogue: no message id left unresolved
        expect(said).not_to_contain_text("review-move-")
        toggle.click()
        if page.locator("#board .analysis-better").count():
            return
        page.locator("[data-better]").click()  # a better move with no place on the board: hide it again
    raise AssertionError("no marked decision had a better move drawn on the board")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_finished_games_replay_shows_its_review(stack: Stack, browser: Any, artifacts: Path,
                                                  game: str) -> None:
    game_id = bot_game(stack, game, GAMES[game])
    context = browser.new_context(viewport=LAPTOP)
    page = context.new_page()
    sign_in(page, stack.url, "Reviewer")
    wait_until_finished(stack, game_id)
    page.goto(f"{stack.url}/#/replay/{game_id}")
    page.wait_for_selector("#board svg", timeout=TIMEOUT)
    expect(page.locator("section.analysis")).to_contain_text("not been reviewed yet", timeout=TIMEOUT)
    page.click("section.analysis [data-request]")
    expect(page.locator("[data-analysis-status]")).to_contain_text("…", timeout=TIMEOUT)  # queued or running
    expect(page.locator("[data-analysis-chart]")).to_be_visible(timeout=REVIEW_TIMEOUT)

    expect(page.locator("[data-analysis-chart] polyline")).to_have_count(GAMES[game])
    expect(page.locator("[data-analysis-summary] tbody tr")).to_have_count(GAMES[game])
    assert page.locator("[data-analysis-moves] [data-mark]").count() > 0, "random bots made no mistake"
    show_a_better_move(page)
    shot(page, artifacts, f"review-{game}-better-move")

    page.click("[data-step=last]")
    last = page.inner_text("#at")
    point = page.locator("[data-analysis-chart] circle[data-position='1']")
    point.last.click()  # the one on top where the seats' points meet
    expect(page.locator("#at")).not_to_have_text(last, timeout=TIMEOUT)
    expect(page.locator("#at")).to_contain_text("move 1 of", timeout=TIMEOUT)
    page.click("section.analysis .review-help summary")
    expect(page.locator("section.analysis .review-help")).to_contain_text("Luck")
    shot(page, artifacts, f"review-{game}")
    context.close()
