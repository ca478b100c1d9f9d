// Quiz widgets (card hierarchy, bowers, tricks, scoring): the quiz panel alone.
export default {
  render({ model, el }) {
    return fhtMountQuiz(model, el, "quiz", (state) => {
      const quiz = fhtExpect(model.get("quiz"), "object", "quiz");
      const root = fhtRoot(el, "quiz", { label: quiz.title || "quiz" });
      const panel = fhtEl("div");
      root.append(panel);
      fhtQuizPanel(model, panel, state);
    });
  },
};
