"""`python -m argcheck` runs the CLI."""

import sys

from argcheck.cli import main

sys.exit(main())
