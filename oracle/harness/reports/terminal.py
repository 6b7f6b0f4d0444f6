"""The summary table printed at the end of a certify run."""

from __future__ import annotations

from typing import Any

from oracle.harness.outcomes import BAD, OUTCOMES
from oracle.harness.reports.text import for_terminal


def summary_table(report: dict[str, Any], limit: int = 15) -> str:
    impl = report["implementation"]
    who = f"{impl.get('name', report['spec'])} {impl.get('version', '')}".strip()
    lines = [f"railrules {report['suite']['version']} (suite {report['suite']['hash'][:12]}) "
             f"against {who}", ""]
    totals = report["totals"]
    width = max(len(o) for o in OUTCOMES)
    for outcome in OUTCOMES:
        if totals.get(outcome) or outcome in ("pass", "fail"):
            lines.append(f"  {outcome:<{width}}  {totals.get(outcome, 0):>5}")
    lines.append(f"  {'scenarios':<{width}}  {report['scenarios']:>5}")
    rate = report.get("pass_rate")
    if rate is not None:
        lines.append(f"  {'pass rate':<{width}}  {rate:>6.1%}")
    bad = [r for r in report["results"] if r["outcome"] in BAD]
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
    lines += ["", *coverage_lines(report, limit)]
    gaps = report.get("declared_gaps") or {}
    if gaps:
        lines += ["", "Declared gaps (their rulings are not graded):"]
        lines += [f"  {game}: {', '.join(names)}" for game, names in gaps.items()]
    missing = report.get("missing_features") or []
    if missing:
        lines += ["", "Build next (the gaps that block the most scenarios):"]
        lines += [f"  {m['feature']}: {m['scenarios']} scenarios, {m['rulings']} rulings"
                  f"{'' if m['declared'] else ' (undeclared)'}" for m in missing[:5]]
    for why in report.get("withheld_because") or ():
        lines += ["", f"NO CERTIFICATE: {why}."]
    scope = report["scope"]
    lines += ["", f"certified: {certified_words(report)} "
                  f"(scope {scope['name']}: {scope['rulings']} rulings; "
                  f"{level_words(report)})"]
    # Adapter text (its name, messages, gap names) is in these lines: each is shown with
    # its control characters escaped, so none can clear the screen or add a line.
    return "\n".join(for_terminal(line) for line in lines)


def level_words(report: dict[str, Any]) -> str:
    """The grading level a certificate was earned at (oracle.protocol.levels)."""
    level = (report.get("grading") or {}).get("level", "reasons")
    if level == "verdicts":
        return "level verdicts: refusals graded as refusals, reason codes not checked"
    return "level reasons: reason codes checked"


def certified_words(report: dict[str, Any]) -> str:
    """``yes``, ``no``, or ``yes, but the adapter was not isolated (why)``: a
    certificate earned by an adapter that could reach the grader's files says so."""
    if not report["certified"]:
        return "no"
    isolation = report.get("isolation") or {}
    if isolation.get("isolated") or isolation.get("method") == "in-process":
        return "yes"
    reason = str(isolation.get("reason") or "no sandbox")
    return f"yes, but the adapter was NOT isolated ({reason})"


def coverage_lines(report: dict[str, Any], limit: int = 15) -> list[str]:
    """Coverage per game, why the certificate is withheld, and what has no scenario."""
    cover = report["coverage"]
    lines = [f"Coverage of scope {report['scope']['name']} (rulings):"]
    for game, counts in cover["games"].items():
        shown = ", ".join(f"{k} {n}" for k, n in counts.items())
        lines.append(f"  {game or '(no game)':<8} {shown}")
    why = cover["not_certified_because"]
    if why:
        lines.append("Not certified because:")
        lines += [f"  {w}" for w in why[:limit]]
        if len(why) > limit:
            lines.append(f"  ... and {len(why) - limit} more (see report.json)")
    without = report["catalogue_without_scenarios"]
    if without:
        lines.append(f"Catalogue rulings with no scenario ({len(without)}), outside any "
                     f"certificate: {_ranges(without)}")
    return lines


def _ranges(ids: list[str]) -> str:
    """``DS-01..DS-17, ST-01..ST-13``: consecutive IDs of one prefix folded."""
    groups: dict[str, list[str]] = {}
    for rid in ids:
        groups.setdefault(rid.rsplit("-", 1)[0], []).append(rid)
    return ", ".join(g[0] if len(g) == 1 else f"{g[0]}..{g[-1]} ({len(g)})"
                     for g in groups.values())
