// The search box: matches a name, a label (借走) or a kind against SEARCH_INDEX (search-index.js),
// which every page loads as a script, so the site needs no server.
(function () {
  var box = document.getElementById("search"), list = document.getElementById("results");
  if (!box || !list || !window.SEARCH_INDEX) { return; }
  function show(query) {
    list.innerHTML = "";
    var q = query.trim().toLowerCase();
    if (!q) { return; }
    var hits = window.SEARCH_INDEX.filter(function (e) {
      return e.name.toLowerCase().indexOf(q) >= 0 || (e.label && e.label.toLowerCase().indexOf(q) >= 0);
    }).slice(0, 30);
    hits.forEach(function (e) {
      var li = document.createElement("li"), a = document.createElement("a");
      a.href = e.url;
      a.textContent = (e.label ? e.label + " " : "") + e.name + " ";
      var kind = document.createElement("small");
      kind.textContent = e.kind;
      a.appendChild(kind);
      li.appendChild(a);
      list.appendChild(li);
    });
  }
  box.addEventListener("input", function () { show(box.value); });
  // `page.html?q=借走` opens with that search made: a search can be linked to.
  var asked = new URLSearchParams(window.location.search).get("q");
  if (asked) { box.value = asked; show(asked); }
  box.addEventListener("keydown", function (ev) {
    var first = list.querySelector("a");
    if (ev.key === "Enter" && first) { window.location.href = first.href; }
  });
})();
