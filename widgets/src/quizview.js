// Quiz widgets (card hierarchy, bowers, tricks, scoring): the quiz panel alone.

import { el, expect } from "./dom.js";
import { mountQuiz, quizPanel } from "./quiz.js";

export default {
  render({ model, el: host }) {
    return mountQuiz(host, model, {
      kind: "quiz",
      label: () => model.get("quiz")?.title || "quiz",
      draw: (root, state) => {
        expect(model.get("quiz"), "object", "quiz");
        const panel = el("div");
        root.append(panel);
        quizPanel(model, panel, state);
      },
    });
  },
};
