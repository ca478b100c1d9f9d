// "Check yourself" (<details class="fht-check"><summary>Show the answer</summary>…): open, the summary says
// what a click does now, "Hide the answer" ("answers" where it said "answers"); closed, "Show" again.
// The words are the summary's own text, so its accessible name is always what is on screen. The chapters
// say only "Show the answer": a notebook (JupyterLab, without this script) shows that one label.
// "toggle" does not bubble: one listener on the document, in the capture phase, hears every box.
(function () {
  "use strict";
  function relabel(details) {
    if (!(details instanceof HTMLDetailsElement) || !details.classList.contains("fht-check")) return;
    var summary = details.querySelector(":scope > summary");
    if (!summary || summary.children.length) return;
    var words = summary.textContent.replace(/^\s*(Show|Hide)\b/, details.open ? "Hide" : "Show");
    if (words !== summary.textContent) summary.textContent = words;
  }
  document.addEventListener("toggle", function (event) { relabel(event.target); }, true);
  function all() { document.querySelectorAll("details.fht-check").forEach(relabel); }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", all);
  else all();
})();
