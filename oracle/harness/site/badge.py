"""An engine's badge (SVG, shields-style): what its report certifies, for a README.

The badge states the scope, the grading level and whether the adapter ran isolated,
beside the verdict: ``railrules suite | certified · reasons · isolated``. Every word
comes from a validated report and is XML-escaped; the width follows the text.
"""

from __future__ import annotations

from html import escape

from oracle.harness.site.engine_reports import EngineRun, cut

GREEN, RED, GREY = "#2e7d32", "#c62828", "#757575"
#: a rough width per character of 11px Verdana, as shields estimates it
CHAR_PX = 6.6


def badge_words(run: EngineRun, passed: int, total: int) -> tuple[str, str, str]:
    """(left text, right text, colour)."""
    left = f"railrules {cut(run.scope, 40)}"
    if run.partial:
        verdict, colour = "partial run", GREY
    elif run.certified:
        verdict, colour = "certified", GREEN
    else:
        verdict, colour = f"{passed}/{total} rulings", RED
    right = f"{verdict} \u00b7 {run.level} \u00b7 {run.isolation_words}"
    return left, right, colour


def badge_svg(run: EngineRun, passed: int, total: int) -> str:
    left, right, colour = badge_words(run, passed, total)
    lw = round(len(left) * CHAR_PX + 12)
    rw = round(len(right) * CHAR_PX + 12)
    width = lw + rw
    title = escape(f"{run.label}: {left}: {right}")
    text_l, text_r = escape(left), escape(right)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="20" role="img" '
        f'aria-label="{title}"><title>{title}</title>'
        f'<rect width="{lw}" height="20" fill="#555"/>'
        f'<rect x="{lw}" width="{rw}" height="20" fill="{colour}"/>'
        '<g fill="#fff" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11">'
        f'<text x="6" y="14">{text_l}</text><text x="{lw + 6}" y="14">{text_r}</text>'
        "</g></svg>\n")
