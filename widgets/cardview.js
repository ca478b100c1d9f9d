// CardView: a row of card faces.
function fhtDrawCardView(model, el) {
  const cards = fhtExpect(model.get("cards"), "array", "cards");
  const label = model.get("label") || "";
  const root = fhtRoot(el, "cardview", { fourColour: Boolean(model.get("four_colour")), label: label || "cards" });
  root.append(fhtCardRow(cards, { label: label || undefined, highlight: model.get("highlight") || [] }));
}

export default {
  render({ model, el }) {
    const draw = () => fhtSafe(el, "cardview", () => fhtDrawCardView(model, el));
    draw();
    model.on("change:cards", draw);
    model.on("change:four_colour", draw);
    model.on("change:label", draw);
    model.on("change:highlight", draw);
    return () => {
      model.off("change:cards", draw);
      model.off("change:four_colour", draw);
      model.off("change:label", draw);
      model.off("change:highlight", draw);
    };
  },
};
