"""junit.xml for CI systems: one testcase per scenario, classed by feature file."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

from oracle.harness.reports.text import for_xml

#: JUnit has failure, error and skipped; our outcomes map onto them.
_KIND = {"fail": "failure", "undeclared-gap": "failure", "error": "error",
         "crash": "error", "timeout": "error", "setup-error": "error", "skipped": "skipped",
         "unsupported": "skipped"}


def _clean(text: str) -> str:
    """XML 1.0 cannot carry most control characters, U+FFFE, U+FFFF or a lone
    surrogate: replace them."""
    return for_xml(text)


def junit_xml(report: dict[str, Any]) -> bytes:
    results: list[dict[str, Any]] = report["results"]
    name = str(report["implementation"].get("name") or report["spec"])
    suite = ET.Element("testsuite", {
        "name": _clean(f"railrules {report['suite']['version']} against {name}"),
        "tests": str(len(results)),
        "failures": str(sum(1 for r in results if _kind(r) == "failure")),
        "errors": str(sum(1 for r in results if _kind(r) == "error")),
        "skipped": str(sum(1 for r in results if _kind(r) == "skipped")),
        "time": f"{sum(float(r.get('duration_s') or 0) for r in results):.3f}",
        "timestamp": str(report["started"]),
    })
    props = ET.SubElement(suite, "properties")
    for key, value in (("suite_hash", report["suite"]["hash"]), ("spec", report["spec"]),
                       ("partial", str(report["partial"]).lower())):
        ET.SubElement(props, "property", {"name": key, "value": _clean(str(value))})
    for r in results:
        case = ET.SubElement(suite, "testcase", {
            "classname": _clean(str(r.get("feature") or "features")),
            "name": _clean(f"{r['id']}: {r.get('name', '')}"),
            "time": f"{float(r.get('duration_s') or 0):.3f}",
        })
        kind = _kind(r)
        if kind is None:
            continue
        message = _clean(f"{r['outcome']}: {r.get('message') or r.get('observed') or ''}")[:2000]
        element = ET.SubElement(case, kind, {"message": message, "type": str(r["outcome"])})
        if kind != "skipped":
            element.text = _clean(_detail(r))
    ET.indent(suite)
    data: bytes = ET.tostring(suite, encoding="utf-8", xml_declaration=True)
    return data


def _kind(record: dict[str, Any]) -> str | None:
    return _KIND.get(str(record.get("outcome")))


def _detail(r: dict[str, Any]) -> str:
    lines = [f"{s['keyword']} {s['text']}  [{s['status']}]" for s in r.get("steps", [])]
    if r.get("expected") is not None:
        lines += ["", f"expected: {r['expected']}", f"observed: {r.get('observed', '')}"]
    if r.get("stderr"):
        lines += ["", "adapter stderr:", str(r["stderr"])]
    return "\n".join(lines)
