"""The gateway's shared code and the web client's shell name no game: a game is found through
the rules registry (server) and its folder `static/games/<name>/` (client), so adding one needs
no change here. Every registered game's name is looked for, in any case."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import daimyo_gateway
from daimyo_rules.registry import game_names

GATEWAY = Path(daimyo_gateway.__file__).parent
STATIC = GATEWAY / "static"
SHARED = sorted([*GATEWAY.glob("*.py"), *(STATIC / "shell").glob("*.js"), STATIC / "index.html",
                 STATIC / "style.css"])


def test_there_is_shared_code_to_check() -> None:
    assert len(SHARED) > 10 and (STATIC / "shell" / "screen.js") in SHARED


@pytest.mark.parametrize("path", SHARED, ids=lambda p: str(p.relative_to(GATEWAY)))
def test_a_shared_file_names_no_registered_game(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    named = [g for g in game_names() if re.search(re.escape(g), text, re.IGNORECASE)]
    assert not named, f"{path.name} names {named}: ask the registry or the game's plug-in instead"


def test_every_registered_game_has_a_client_plug_in() -> None:
    for name in game_names():
        index = STATIC / "games" / name / "index.js"
        assert index.exists(), f"{name} has no static/games/{name}/index.js"
        assert f'registerGame("{name}"' in index.read_text(encoding="utf-8")


def test_no_game_folder_imports_another_game() -> None:
    for name in game_names():
        for script in (STATIC / "games" / name).glob("*.js"):
            imports = re.findall(r'from\s+"([^"]+)"', script.read_text(encoding="utf-8"))
            foreign = [i for i in imports if not (i.startswith("./") or i.startswith("../../shell/"))]
            assert not foreign, f"games/{name}/{script.name} imports {foreign}"
