"""Entry point for `python -m daimyo_rules`."""

import sys

from daimyo_rules.cli import main

sys.exit(main())
