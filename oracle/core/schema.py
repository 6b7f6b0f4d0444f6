"""JSON Schema loading and validation with errors that name the field."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

import jsonschema

from oracle.core.errors import MalformedInput


@cache
def load_schema(package: str, name: str) -> dict[str, Any]:
    """Load a schema file shipped inside ``package``."""
    text = resources.files(package).joinpath(name).read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    jsonschema.Draft202012Validator.check_schema(schema)
    return schema


@cache
def _validator(package: str, name: str) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(load_schema(package, name))


def validate(value: Any, package: str, name: str, what: str = "position") -> None:
    """Raise ``MalformedInput`` naming the first offending field, if any."""
    errors = sorted(_validator(package, name).iter_errors(value), key=lambda e: list(e.path))
    if errors:
        err = errors[0]
        path = ".".join(str(p) for p in err.absolute_path) or what
        raise MalformedInput(path, f"schema: {err.message}", rule=f"{name}")
