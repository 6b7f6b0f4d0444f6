"""Turn an ``--impl`` spec into an Implementation.

* ``oracle`` (the default): the in-process oracle.
* anything else: a shell command that starts an adapter speaking the protocol;
  ``client_options`` (timeout, max_restarts, max_reply_bytes, ...) go to its client.
"""

from __future__ import annotations

from typing import Any

from oracle.protocol.implementation import Implementation
from oracle.protocol.inprocess import InProcess


def make_implementation(spec: str, **client_options: Any) -> Implementation:
    if spec in ("", "oracle"):
        return InProcess()
    from oracle.protocol.client import ProtocolClient
    return ProtocolClient(spec, **client_options)
