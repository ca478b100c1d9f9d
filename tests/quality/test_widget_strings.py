"""No English a learner can see in widgets/src outside the catalogs (issue 29, part 2).

The scanner (fivehundred_tutor/bookbuild/widgetstrings.py) reads every widget source file; what it finds
must stay within NOT_YET_WRAPPED (the files still being wrapped, each count only allowed to go down), and
the scanner itself is shown catching a bare ``text: "Show the answer"`` and passing the wrapped forms.
"""

from __future__ import annotations

from fivehundred_tutor.bookbuild import widgetstrings as ws


def _found(snippet: str) -> list[str]:
    return [f.text for f in ws.scan_text(snippet)]


def test_the_scanner_catches_a_bare_button_label_and_passes_a_wrapped_one() -> None:
    assert _found('el("button", { class: "fht-btn", text: "Show the answer" });') == ["Show the answer"]
    assert _found("el('button', { 'aria-label': 'Next question' });") == ["Next question"]
    assert _found("status.textContent = `${picked.size} of ${need} picked`;") == ["{}  of  {}  picked"]
    assert _found('el("button", { text: "Continue" });') == ["Continue"]
    # a word beside an arrow (the replay's "« Start" went unseen before the readers found it)
    assert _found('go("fht-start", "\\u00AB Start", 0);') == ["\\u00AB Start"]
    assert _found('go("fht-forward", "Next \\u25B6", 1);') == ["Next \\u25B6"]
    assert _found('const label = done ? "All done here" : "Keep going now";') == ["All done here", "Keep going now"]
    assert _found('el("button", { class: "fht-btn", text: t("Show the answer") });') == []
    assert _found('status.textContent = nt("{n} card picked", "{n} cards picked", n, { n });') == []
    assert _found('t("{card} from hand", { card: name(x) });') == []


def test_the_scanner_leaves_codes_classes_keys_and_developer_text() -> None:
    snippet = """
      // a comment with Some English words
      /* and a block: Show the answer */
      const node = el("div", { class: "fht-course fht-course-all-done", role: "status" });
      if (event.key === "Enter" || event.key === "ArrowLeft") go();
      console.warn("the engine is slow today");
      throw new Error("no plural forms for this key");
      const re = /Show the answer/g;
      const code = "7NT";
      const words = { one: "# trick", other: "# tricks" };
      const names = { "left bower": t("left bower"), "to move": t("to move") };
      const name = "Bob"; // i18n-ok: a player's name from the engine
    """
    assert _found(snippet) == []


def test_no_widget_file_has_more_bare_english_than_it_is_allowed() -> None:
    found = ws.scan()
    over = ws.over_budget(found)
    lines = [str(f) for f in found if f.file in over]
    assert not over, f"wrap these in t()/nt() (widgets/src/language.js): {over}\n" + "\n".join(lines)
    # the allow-list of files is short, each with its reason
    assert set(ws.ALLOWED_FILES) == {"catalogs.js"}


def test_every_wrapped_string_reaches_the_catalogs() -> None:
    """A t("…") Babel does not extract (one nested in another t()'s fields) would stay English in every
    language: each t()/nt() literal of widgets/src is a message of the template."""
    import json
    import re

    from babel.messages.pofile import read_po

    from fivehundred_tutor.bookbuild import catalogs

    with catalogs.TEMPLATE.open("rb") as handle:
        template = read_po(handle)
    ids = {m.id[0] if isinstance(m.id, tuple) else m.id for m in template if m.id}
    call = re.compile(r"""\bn?t\(\s*("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')""")
    missing = []
    for path in sorted(ws.SOURCE.glob("*.js")):
        if path.name in ws.ALLOWED_FILES or path.name == "language.js":  # language.js: its doc comment's example
            continue
        for match in call.finditer(path.read_text(encoding="utf-8")):
            literal = match.group(1)
            text = json.loads(literal) if literal[0] == '"' else literal[1:-1].replace("\\'", "'")
            if text not in ids:
                missing.append(f"{path.name}: {text!r}")
    assert not missing, "not extracted (a t() inside another t()'s fields? hoist it):\n" + "\n".join(missing)
