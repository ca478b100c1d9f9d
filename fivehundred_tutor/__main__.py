"""``python -m fivehundred_tutor`` is the ``fivehundred-tutor`` command."""

from .cli import main

raise SystemExit(main())
