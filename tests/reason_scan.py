"""Where the source makes reason codes, found by parsing it (``ast``), for the tests
that hold the oracle and the mutants to the registry (tests/test_reason_sources.py).

Two views of a source tree:

* every string literal shaped like a reason code (``tile/label_mismatch``), wherever
  it stands: a code returned by a helper (``tiles.upgrade_problem``) and raised by its
  caller is a literal too, so nothing built from literals escapes;
* every refusal made: a call of ``IllegalAction`` or of a ``refuse`` helper (a function
  that returns ``IllegalAction(code, ...)`` of its own first parameter), with its code
  (a literal, a module constant, or None when it is only known at run time) and the
  rulings it may cite (None when those are only known at run time).

The tests decide what to make of each; this module only reads.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: wider than the registry's shape (which the suite's steps take), so a code the steps
#: could not assert (a digit, a capital) is still seen
CODE_SHAPE = re.compile(r"^[A-Za-z0-9_]+/[A-Za-z0-9_]+$")
#: keyword arguments whose code-shaped values are folders, not codes
#: (``GameModule(features="features/rocket")``)
FOLDER_KEYWORDS = frozenset({"features"})


@dataclass(frozen=True, slots=True)
class Site:
    path: str  # relative to the repository root
    line: int
    function: str  # the enclosing ``Class.method`` ("" at module level)

    def __str__(self) -> str:
        return f"{self.path}:{self.line} ({self.function or 'module'})"


@dataclass(frozen=True, slots=True)
class Refusal:
    """One ``IllegalAction`` made, directly or through a ``refuse`` helper."""

    site: Site
    code: str | None  # None: the code is only known at run time
    code_source: str
    rulings: frozenset[str] | None  # None: only known at run time
    ruling_source: str
    #: the private's aspect whose ruling it cites ("tile"), when it cites one
    aspect: str = ""


@dataclass
class Scan:
    #: code-shaped literal -> where it stands
    literals: dict[str, list[Site]] = field(default_factory=dict)
    refusals: list[Refusal] = field(default_factory=list)
    #: the ``code`` of an error that is not an IllegalAction (``SearchTooLarge``)
    error_codes: dict[str, Site] = field(default_factory=dict)

    def within(self, *prefixes: str) -> Scan:
        """Only what stands in files under these paths (relative to the root)."""
        def keep(site: Site) -> bool:
            return site.path.startswith(prefixes)
        literals = {c: [s for s in sites if keep(s)] for c, sites in self.literals.items()}
        return Scan({c: sites for c, sites in literals.items() if sites},
                    [r for r in self.refusals if keep(r.site)],
                    {c: s for c, s in self.error_codes.items() if keep(s)})


def python_files(*relative: str) -> list[Path]:
    """The ``.py`` files under each path (a file or a folder) relative to the root."""
    out: list[Path] = []
    for rel in relative:
        path = ROOT / rel
        out += [path] if path.is_file() else sorted(path.rglob("*.py"))
    return out


def _helper_names(trees: Iterable[ast.Module]) -> frozenset[str]:
    """Functions whose body returns ``IllegalAction(<first parameter>, ...)``."""
    names = set()
    for tree in trees:
        for node in ast.walk(tree):
            if not isinstance(node, ast.FunctionDef) or not node.args.args:
                continue
            first = node.args.args[0].arg
            for ret in (n for n in ast.walk(node) if isinstance(n, ast.Return)):
                call = ret.value
                if isinstance(call, ast.Call) and _name(call.func) == "IllegalAction" and \
                        call.args and isinstance(call.args[0], ast.Name) and \
                        call.args[0].id == first:
                    names.add(node.name)
    return frozenset(names)


def _name(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    return func.attr if isinstance(func, ast.Attribute) else ""


def _constants(tree: ast.Module) -> dict[str, str]:
    """Module-level ``NAME = "text"`` (``CODE = "tile/crosses_river"``)."""
    out = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant) and \
                isinstance(node.value.value, str):
            out.update({t.id: node.value.value for t in node.targets if isinstance(t, ast.Name)})
    return out


def _rulings(expr: ast.expr | None) -> frozenset[str] | None:
    """The rulings a ruling argument may be, or None when only the run knows."""
    if expr is None:
        return frozenset()
    if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
        return frozenset({expr.value} - {""})
    if isinstance(expr, ast.IfExp):
        a, b = _rulings(expr.body), _rulings(expr.orelse)
        return None if a is None or b is None else a | b
    return None


def _aspect(expr: ast.expr | None) -> str:
    """``pdef.ruling("tile")`` or ``rules.cites(state, private, "tile")``: the ruling a
    private names for one aspect of its powers ("tile"); "" for any other argument."""
    if isinstance(expr, ast.Call) and expr.args and isinstance(expr.args[-1], ast.Constant) \
            and _name(expr.func) in ("ruling", "cites"):
        return str(expr.args[-1].value)
    return ""


class _Visitor(ast.NodeVisitor):
    def __init__(self, path: str, tree: ast.Module, helpers: frozenset[str],
                 scan: Scan) -> None:
        self.path = path
        self.constants = _constants(tree)
        self.helpers = helpers
        self.scan = scan
        self.stack: list[str] = []
        self.folder_values: set[int] = set()  # id() of constants that name folders

    def site(self, node: ast.AST) -> Site:
        return Site(self.path, getattr(node, "lineno", 0), ".".join(self.stack))

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        if "IllegalAction" not in {_name(b) for b in node.bases}:
            for item in node.body:  # ``code = "route/search_too_large"`` of another error
                if isinstance(item, ast.Assign) and isinstance(item.value, ast.Constant) and \
                        any(isinstance(t, ast.Name) and t.id == "code" for t in item.targets):
                    self.scan.error_codes[str(item.value.value)] = self.site(item)
                    self.folder_values.add(id(item.value))
        self._scoped(node)

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        self._scoped(node)

    def _scoped(self, node: ast.ClassDef | ast.FunctionDef) -> None:
        self.stack.append(node.name)
        self.generic_visit(node)
        self.stack.pop()

    def visit_keyword(self, node: ast.keyword) -> None:
        if node.arg in FOLDER_KEYWORDS:
            self.folder_values.add(id(node.value))
        self.generic_visit(node)

    def visit_Constant(self, node: ast.Constant) -> None:
        if isinstance(node.value, str) and CODE_SHAPE.match(node.value) and \
                id(node) not in self.folder_values:
            self.scan.literals.setdefault(node.value, []).append(self.site(node))

    def visit_Call(self, node: ast.Call) -> None:
        name = _name(node.func)
        if (name == "IllegalAction" or name in self.helpers) and node.args:
            # IllegalAction(code, ruling, reason); every helper: refuse(code, reason[, ruling])
            ruling_at = 1 if name == "IllegalAction" else 2
            ruling = node.args[ruling_at] if len(node.args) > ruling_at else next(
                (k.value for k in node.keywords if k.arg == "ruling"), None)
            first = node.args[0]
            code = first.value if isinstance(first, ast.Constant) else \
                self.constants.get(first.id) if isinstance(first, ast.Name) else None
            self.scan.refusals.append(Refusal(
                self.site(node), code if isinstance(code, str) else None, ast.unparse(first),
                _rulings(ruling), ast.unparse(ruling) if ruling else '""', _aspect(ruling)))
        self.generic_visit(node)


def scan(files: Iterable[Path]) -> Scan:
    """Read ``files`` once. The ``refuse`` helpers are found across all of them (a
    mutant calls the oracle's)."""
    parsed = {path: ast.parse(path.read_text(encoding="utf-8"), str(path)) for path in files}
    helpers = _helper_names(parsed.values())
    out = Scan()
    for path, tree in parsed.items():
        _Visitor(str(path.relative_to(ROOT)), tree, helpers, out).visit(tree)
    return out
