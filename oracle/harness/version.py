"""What ``railrules --version`` prints: the package's version, the hash of the suite it
grades with (the same ``suite.hash`` a report records, from ``suite_info``: every
registered game's feature files and the step code) and the adapter protocol's version."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from importlib import metadata
from typing import Any, NoReturn

import oracle


def package_version() -> str:
    """The installed distribution's version (the source tree's, when not installed)."""
    try:
        return metadata.version("railrules")
    except metadata.PackageNotFoundError:
        return oracle.__version__


def version_text() -> str:
    from oracle.harness.suite_info import chosen, suite_info
    from oracle.protocol.messages import PROTOCOL_VERSION

    suite = suite_info(chosen(None))
    return (f"railrules {package_version()}\n"
            f"suite {suite['hash']} ({', '.join(suite['games'])})\n"
            f"protocol {PROTOCOL_VERSION}")


class VersionAction(argparse.Action):
    """``--version``, computed only when asked for (hashing the suite reads its files)."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS,
                 default: Any = argparse.SUPPRESS, help: str | None = None) -> None:
        super().__init__(option_strings, dest=dest, default=default, nargs=0, help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: Any, option_string: str | None = None) -> NoReturn:
        print(version_text())
        parser.exit()
