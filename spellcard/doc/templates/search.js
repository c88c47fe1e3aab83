// The search box: finds an entry of SEARCH_INDEX (search-index.js, loaded by every page as a script,
// so the site needs no server) by its name or label first, then by any word of its printed or
// generated text, shown with the words around the match. Results are built as DOM nodes with
// textContent, never as HTML, so no text of a pack can add markup.
(function () {
  var box = document.getElementById("search"), list = document.getElementById("results");
  if (!box || !list || !window.SEARCH_INDEX) { return; }
  var MAX = 30, AROUND = 28;

  function lower(s) { return (s || "").toLowerCase(); }

  function snippet(text, at, len) {
    var span = document.createElement("span"), mark = document.createElement("mark");
    var from = Math.max(0, at - AROUND), to = Math.min(text.length, at + len + AROUND);
    span.className = "hit";
    span.appendChild(document.createTextNode((from > 0 ? "…" : "") + text.slice(from, at)));
    mark.textContent = text.slice(at, at + len);
    span.appendChild(mark);
    span.appendChild(document.createTextNode(text.slice(at + len, to) + (to < text.length ? "…" : "")));
    return span;
  }

  function show(query) {
    list.replaceChildren();
    var q = lower(query.trim());
    if (!q) { return; }
    var named = [], worded = [];
    window.SEARCH_INDEX.forEach(function (e) {
      if (lower(e.name).indexOf(q) >= 0 || lower(e.label).indexOf(q) >= 0) { named.push([e, -1]); return; }
      var at = lower(e.text).indexOf(q);
      if (at >= 0) { worded.push([e, at]); }
    });
    named.concat(worded).slice(0, MAX).forEach(function (hit) {
      var e = hit[0], li = document.createElement("li"), a = document.createElement("a");
      var kind = document.createElement("small");
      a.href = e.url;
      a.appendChild(document.createTextNode((e.label ? e.label + " " : "") + e.name + " "));
      kind.textContent = e.kind;
      a.appendChild(kind);
      if (hit[1] >= 0) { a.appendChild(snippet(e.text, hit[1], q.length)); }
      li.appendChild(a);
      list.appendChild(li);
    });
  }
  box.addEventListener("input", function () { show(box.value); });
  // `page.html?q=…` opens with that search made: a search can be linked to.
  var asked = new URLSearchParams(window.location.search).get("q");
  if (asked) { box.value = asked; show(asked); }
  box.addEventListener("keydown", function (ev) {
    var first = list.querySelector("a");
    if (ev.key === "Enter" && first) { window.location.href = first.href; }
  });
})();
