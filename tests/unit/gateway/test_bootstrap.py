"""The gateway refuses to start without a token secret chosen by someone."""

from __future__ import annotations

import pytest

from daimyo_gateway.bootstrap import MissingSecret, token_secret


def test_the_secret_comes_from_the_environment() -> None:
    assert token_secret({"DAIMYO_TOKEN_SECRET": "abc"}) == "abc"


@pytest.mark.parametrize("env", [{}, {"DAIMYO_TOKEN_SECRET": ""}])
def test_without_a_secret_the_gateway_will_not_start(env: dict[str, str]) -> None:
    with pytest.raises(MissingSecret):
        token_secret(env)
