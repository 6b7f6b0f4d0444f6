"""The outcomes a scenario can have, and which of them grade, withhold or are gaps.

One list for the collector, the reports and ``railrules diff`` (docs/certify.md,
"Outcomes"). ``unsupported`` is a gap the handshake declared (the request was never
sent); an ``unsupported`` or ``skipped`` answer no declaration covers is an
``undeclared-gap``, which withholds the certificate like a failure.
"""

from __future__ import annotations

from typing import Final

OUTCOMES: Final = ("pass", "fail", "skipped", "unsupported", "undeclared-gap", "error",
                   "crash", "timeout", "setup-error")
#: outcomes that grade the ruling: the scenario ran to a verdict
GRADED: Final = ("pass", "fail")
#: outcomes that stop a certificate
BAD: Final = ("fail", "undeclared-gap", "error", "crash", "timeout", "setup-error")
#: outcomes that are a gap the engine declared in its handshake: the ruling is not graded
DECLARED_GAP: Final = ("unsupported",)
