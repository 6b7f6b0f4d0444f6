"""The 18xx engine's entry modules import first, on their own (a user's script may
start from any of them): an import cycle that only the API's import order hides fails
here (the whole-game sequence once imported the operating round's names while the
operating round was still importing the mechanisms that import the sequence). Every
module of the package would be the full proof, at some 20 s of CI; these are the
modules others start from."""

from __future__ import annotations

import importlib
import pkgutil
import sys

import oracle.eighteen

TOP = sorted(f"oracle.eighteen.{m.name}" for m in pkgutil.iter_modules(
    oracle.eighteen.__path__) if not m.ispkg)
MODULES = [*TOP, "oracle.eighteen.whole.sequence", "oracle.eighteen.mechanisms.emergency"]


def test_each_module_imports_first() -> None:
    saved = {k: v for k, v in sys.modules.items() if k.startswith("oracle")}
    failed = []
    try:
        for name in MODULES:
            for key in [k for k in sys.modules if k.startswith("oracle")]:
                del sys.modules[key]
            try:
                importlib.import_module(name)
            except ImportError as err:
                failed.append(f"{name}: {err}")
    finally:
        for key in [k for k in sys.modules if k.startswith("oracle")]:
            del sys.modules[key]
        sys.modules.update(saved)
    assert len(MODULES) > 20
    assert not failed, "\n".join(failed)
