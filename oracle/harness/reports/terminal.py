"""The summary table printed at the end of a certify run."""

from __future__ import annotations

from typing import Any

from oracle.harness.collect import OUTCOMES


def summary_table(report: dict[str, Any], limit: int = 15) -> str:
    impl = report["implementation"]
    who = f"{impl.get('name', report['spec'])} {impl.get('version', '')}".strip()
    lines = [f"railrules {report['suite']['version']} (suite {report['suite']['hash'][:12]}) "
             f"against {who}", ""]
    totals = report["totals"]
    width = max(len(o) for o in (*OUTCOMES, "reading-not-followed"))
    for outcome in (*OUTCOMES, "reading-not-followed"):
        if totals.get(outcome) or outcome in ("pass", "fail"):
            lines.append(f"  {outcome:<{width}}  {totals.get(outcome, 0):>5}")
    lines.append(f"  {'scenarios':<{width}}  {report['scenarios']:>5}")
    rate = report.get("pass_rate")
    if rate is not None:
        lines.append(f"  {'pass rate':<{width}}  {rate:>6.1%}")
    bad = [r for r in report["results"]
           if r["outcome"] in ("fail", "error", "crash", "timeout") and not r.get("open")]
    if bad:
        lines += ["", "Not passing:"]
        for r in bad[:limit]:
            lines.append(f"  {r['outcome']:<8} {r['id']}  {str(r.get('observed', ''))[:90]}")
        if len(bad) > limit:
            lines.append(f"  ... and {len(bad) - limit} more (see index.html)")
    if report["open_rulings"]:
        lines += ["", "Open rulings:"]
        for rid, entry in report["open_rulings"].items():
            lines.append(f"  {rid}: {entry['verdict']}")
    if report["partial"]:
        lines += ["", "PARTIAL RUN: some scenarios did not run; this report certifies nothing."]
    lines += ["", "certified: " + ("yes" if report["certified"] else "no")]
    return "\n".join(lines)
