// A table wider than the screen (a phone) says so above it. The theme lets such a table scroll sideways in
// its own box, and nothing showed that it does: the scoring table's ♥ and NT columns looked missing.
// The cue is for the eye (aria-hidden): a screen reader reads every column anyway.
(function () {
  "use strict";
  var CUE = "fht-scroll-cue";
  // in the page's language (the Polish and Italian editions set <html lang>)
  var WORDS_BY_LANGUAGE = {
    en: "Wider than the screen: swipe the table sideways to see every column \u2192",
    pl: "Szersza ni\u017c ekran: przesu\u0144 tabel\u0119 w bok, by zobaczy\u0107 wszystkie kolumny \u2192",
    it: "Pi\u00f9 larga dello schermo: scorri la tabella di lato per vedere tutte le colonne \u2192",
  };
  var lang = (document.documentElement.lang || "en").slice(0, 2);
  var WORDS = WORDS_BY_LANGUAGE[lang] || WORDS_BY_LANGUAGE.en;
  function mark(box) {
    var wide = box.scrollWidth > box.clientWidth + 1;
    var before = box.previousElementSibling;
    var has = before !== null && before.classList.contains(CUE);
    if (wide && !has) {
      var cue = document.createElement("p");
      cue.className = CUE;
      cue.setAttribute("aria-hidden", "true");
      cue.textContent = WORDS;
      box.parentNode.insertBefore(cue, box);
    } else if (!wide && has) {
      before.remove();
    }
  }
  function all() {
    document.querySelectorAll(".bd-content .pst-scrollable-table-container").forEach(mark);
  }
  var pending = false;
  function later() {
    if (pending) return;
    pending = true;
    requestAnimationFrame(function () {
      pending = false;
      all();
    });
  }
  window.addEventListener("resize", later);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", all);
  else all();
  window.addEventListener("load", all);
})();
