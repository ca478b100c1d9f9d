// CardView: a row of card faces.

import { cardRow } from "./cards.js";
import { expect } from "./dom.js";
import { mountWidget } from "./mount.js";

export default {
  render({ model, el: host }) {
    const widget = mountWidget(host, model, {
      kind: "cardview",
      label: () => model.get("label") || "cards",
      fourColour: true,
      traits: ["cards", "label", "highlight"],
      draw: (root) => {
        const cards = expect(model.get("cards"), "array", "cards");
        root.append(cardRow(cards, { label: model.get("label") || undefined, highlight: model.get("highlight") || [] }));
      },
    });
    return widget.dispose;
  },
};
