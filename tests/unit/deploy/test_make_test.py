"""`make test` is the whole suite: it makes sure Chromium is there (installing it when it can,
failing with the command otherwise) and runs the browser tests unless explicitly told not to."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]
ENSURE = REPO / ".ci" / "ensure-chromium"


def ensure(tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    fake_apt = tmp_path / "apt-get"
    fake_apt.write_text(f"#!/bin/sh\necho \"$@\" >> {tmp_path / 'apt.log'}\n")
    fake_apt.chmod(0o755)
    full = {k: v for k, v in os.environ.items() if k != "DAIMYO_SKIP_BROWSER"}
    full.update(DAIMYO_APT_GET=str(fake_apt), **env)
    return subprocess.run([str(ENSURE)], env=full, capture_output=True, text=True, timeout=30)


def present_chromium(tmp_path: Path) -> Path:
    present = tmp_path / "chromium"
    present.write_text("#!/bin/sh\n")
    present.chmod(0o755)
    return present


def test_a_present_chromium_and_cjk_font_need_nothing(tmp_path: Path) -> None:
    font = tmp_path / "NotoSansCJK-Regular.ttc"
    font.write_bytes(b"")
    chromium = str(present_chromium(tmp_path))
    assert ensure(tmp_path, DAIMYO_CHROMIUM=chromium, DAIMYO_CJK_FONT=str(font)).returncode == 0
    assert not (tmp_path / "apt.log").exists()


def test_missing_cjk_fonts_are_installed_with_chromium_as_root(tmp_path: Path) -> None:
    chromium = str(present_chromium(tmp_path))
    done = ensure(tmp_path, DAIMYO_CHROMIUM=chromium, DAIMYO_CJK_FONT=str(tmp_path / "none.ttc"))
    if os.geteuid() == 0:
        assert done.returncode == 0  # chromium is there; the fonts were asked for
        assert "fonts-noto-cjk" in (tmp_path / "apt.log").read_text()
    else:
        assert "fonts-noto-cjk" in done.stderr


def test_a_missing_chromium_is_installed_with_apt_as_root_or_named_in_the_failure(tmp_path: Path) -> None:
    done = ensure(tmp_path, DAIMYO_CHROMIUM=str(tmp_path / "missing"))
    assert done.returncode == 1  # the fake apt installs nothing, so it is still missing
    if os.geteuid() == 0:
        assert "install -y -qq chromium" in (tmp_path / "apt.log").read_text()
    else:
        assert "sudo apt-get install -y chromium" in done.stderr


def test_opting_out_is_explicit_and_said_aloud(tmp_path: Path) -> None:
    done = ensure(tmp_path, DAIMYO_CHROMIUM=str(tmp_path / "missing"), DAIMYO_SKIP_BROWSER="1")
    assert done.returncode == 0
    assert "will NOT run" in done.stderr


def test_make_test_checks_chromium_then_runs_the_browser_suite() -> None:
    makefile = (REPO / "Makefile").read_text()
    recipe = makefile.split("\ntest: install\n", 1)[1].split("\n\n", 1)[0]
    assert ".ci/ensure-chromium" in recipe.splitlines()[0]
    assert "tests/e2e" in recipe.splitlines()[-1]
