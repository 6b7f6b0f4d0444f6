"""The site's search: a JSON index of every ruling (its ID, words, game, source, status
and its scenarios' names and ids) and a small script that filters it in the browser.

The index is written twice: ``search.json`` for tools, and ``search-data.js`` (the same
JSON assigned to one variable) because a browser will not ``fetch`` a file beside a page
opened from disk. The script builds its results with ``textContent``, never HTML.
"""

from __future__ import annotations

import json
from typing import Any

from oracle.harness.site.model import SiteData

SCRIPT = """(function () {
  "use strict";
  var index = window.RAILRULES_SEARCH || [];
  function norm(s) { return String(s).toLowerCase(); }
  function hay(e) {
    return norm([e.id, e.text, e.game, e.source, e.status, e.scenarios.join(" ")].join(" "));
  }
  var hays = index.map(hay);
  function show(q) {
    var list = document.getElementById("results");
    var count = document.getElementById("count");
    while (list.firstChild) { list.removeChild(list.firstChild); }
    var words = norm(q).split(/\\s+/).filter(Boolean);
    if (!words.length) { count.textContent = ""; return; }
    var found = 0;
    index.forEach(function (e, i) {
      if (!words.every(function (w) { return hays[i].indexOf(w) >= 0; })) { return; }
      found += 1;
      var li = document.createElement("li");
      var a = document.createElement("a");
      a.href = e.page;
      a.textContent = e.id;
      li.appendChild(a);
      li.appendChild(document.createTextNode(" (" + e.status + ") " + e.text));
      list.appendChild(li);
    });
    count.textContent = found + (found === 1 ? " ruling" : " rulings");
  }
  document.addEventListener("DOMContentLoaded", function () {
    var box = document.getElementById("q");
    if (!box) { return; }
    box.addEventListener("input", function () { show(box.value); });
    var hash = decodeURIComponent(location.hash.slice(1));
    if (hash) { box.value = hash; show(hash); }
  });
})();
"""


def entries(data: SiteData) -> list[dict[str, Any]]:
    out = []
    for rid in data.ruling_ids():
        ruling = data.catalogue.get(rid)
        scenarios = data.scenarios_of(rid)
        out.append({
            "id": rid, "page": f"rulings/{rid}.html",
            "text": ruling.text if ruling else "", "game": data.game_of(rid),
            "source": ruling.section if ruling else "",
            "status": ruling.status if ruling else "not in the catalogue",
            "scenarios": sorted({s.name for s in scenarios} | {s.id for s in scenarios}),
        })
    return out


def index_json(data: SiteData) -> str:
    return json.dumps(entries(data), ensure_ascii=True, indent=0, sort_keys=True) + "\n"


def index_script(data: SiteData) -> str:
    # ASCII JSON with "<" escaped: nothing in it can end a script element
    text = json.dumps(entries(data), ensure_ascii=True, sort_keys=True).replace("<", "\\u003c")
    return f"window.RAILRULES_SEARCH = {text};\n"
