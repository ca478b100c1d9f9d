// A table wider than the screen (a phone) says so above it. The theme lets such a table scroll sideways in
// its own box, and nothing showed that it does: the scoring table's ♥ and NT columns looked missing.
// The cue is for the eye (aria-hidden): a screen reader reads every column anyway.
(function () {
  "use strict";
  var CUE = "fht-scroll-cue";
  var WORDS = "Wider than the screen: swipe the table sideways to see every column \u2192";
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
