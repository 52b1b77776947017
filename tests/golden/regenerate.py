"""`make golden`: rewrite every golden playthrough file from the current engines."""

import importlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

for game in ("samurai", "shogun"):
    try:
        module = importlib.import_module(f"tests.golden.{game}.generate")
    except ModuleNotFoundError as missing:
        print(f"skipping {game}: {missing}")
        continue
    module.regenerate()
