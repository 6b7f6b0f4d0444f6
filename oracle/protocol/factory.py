"""Turn an ``--impl`` spec into an Implementation.

* ``oracle`` (the default): the in-process oracle.
* anything else: a shell command that starts an adapter speaking the protocol;
  ``client_options`` (timeout, max_restarts, max_reply_bytes, ...) go to its client,
  and so does ``isolate`` (auto, yes, no: run it in the sandbox, oracle.protocol.sandbox).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from oracle.protocol.implementation import Implementation
from oracle.protocol.inprocess import InProcess


def make_implementation(spec: str, *, isolate: str = "auto", grader_paths: Sequence[str] = (),
                        **client_options: Any) -> Implementation:
    """``isolate`` and ``grader_paths`` go to the adapter's client (the in-process oracle
    starts no process: nothing to isolate)."""
    if spec in ("", "oracle"):
        return InProcess()
    from oracle.protocol.client import ProtocolClient
    return ProtocolClient(spec, isolate=isolate, grader_paths=grader_paths, **client_options)
