// The sidebar buttons a reader sees (the article header's "☰" and "contents") open their sidebars.
// pydata-sphinx-theme 0.17 and sphinx-book-theme 1.3 both bind their click handlers to the FIRST
// .primary-toggle / .secondary-toggle of the page: the header bar's copies, which the book theme hides. The
// visible ones had no handler and only showed their tooltip (a beginner's trial on a phone). A click on a
// visible one is handed to the hidden one, whose handlers open the sidebar as the themes mean to.
(() => {
  const forward = (kind) => {
    const all = [...document.querySelectorAll(`.${kind}`)];
    const bound = all[0];
    if (!bound) return;
    for (const button of all.slice(1)) {
      button.addEventListener("click", (event) => {
        if (bound.offsetParent !== null) return; // the themes' own button is on screen: it works by itself
        event.preventDefault();
        event.stopPropagation();
        bound.click();
      });
    }
  };
  const start = () => {
    forward("primary-toggle");
    forward("secondary-toggle");
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
