"""The process-wide knobs: defaults, each from its variable, a bad grace named."""

from __future__ import annotations

import pytest

from daimyo_kit.runtime import Runtime


def test_the_defaults_tune_everything_and_follow_no_parent() -> None:
    assert Runtime.from_env({}) == Runtime(shutdown_grace=10.0, parent_pid=None, uvloop=True, tuned_gc=True)


def test_each_knob_comes_from_its_variable() -> None:
    env = {"DAIMYO_SHUTDOWN_GRACE_SECONDS": "2.5", "DAIMYO_DIE_WITH_PARENT": "42",
           "DAIMYO_UVLOOP": "OFF", "DAIMYO_GC": "default"}
    assert Runtime.from_env(env) == Runtime(shutdown_grace=2.5, parent_pid=42, uvloop=False, tuned_gc=False)


def test_a_parent_that_is_not_a_pid_is_no_parent() -> None:
    assert Runtime.from_env({"DAIMYO_DIE_WITH_PARENT": "yes"}).parent_pid is None


@pytest.mark.parametrize("raw", ["soon", "0", "-1"])
def test_a_grace_that_is_not_a_positive_number_names_its_variable(raw: str) -> None:
    with pytest.raises(ValueError, match="DAIMYO_SHUTDOWN_GRACE_SECONDS"):
        Runtime.from_env({"DAIMYO_SHUTDOWN_GRACE_SECONDS": raw})
