// PlayProblem: play one seat of a problem deal.  Book: precomputed verdicts along the
// recorded line.  JupyterLab: every card goes to Python (problems.handle_request).
function fhtDrawProblem(model, el, ui) {
  const data = fhtExpect(model.get("model"), "object", "problem data");
  fhtCheckVersion(data, "play problem");
  const steps = fhtExpect(data.steps, "array", "steps");
  const names = fhtExpect(data.seat_names, "array", "seat names");
  const root = fhtRoot(el, "problem", { fourColour: Boolean(model.get("four_colour")), label: `Play problem: ${data.title || "untitled"}` });
  root.append(fhtTitle(data.title || "Play problem"));
  root.append(fhtEl("p", { class: "fht-context", text: `Contract ${data.contract}. You play ${data.seat_name}.` }));
  let view, legal, prompt, done;
  if (ui.live) {
    view = ui.live.view; legal = ui.live.legal; prompt = null; done = ui.live.status === "done";
  } else if (ui.step < steps.length) {
    const step = steps[ui.step];
    view = step.view; legal = Object.keys(step.choices); prompt = step.prompt; done = false;
  } else {
    view = null; legal = []; done = true;
  }
  if (view) {
    const trick = view.trick.length
      ? fhtEl("div", { class: "fht-trick", role: "group", "aria-label": "Cards played to this trick" },
          ...view.trick.map(([seat, code]) => fhtEl("span", { class: "fht-seat" }, `${names[seat]}: `, fhtCardEl(code, { small: true }))))
      : fhtEl("p", { class: "fht-muted", text: "You are on lead." });
    root.append(trick);
    root.append(fhtEl("p", { class: "fht-muted", text: `Tricks so far: ${view.tricks_won.map((t, s) => `${names[s]} ${t}`).join(", ")}.` }));
    if (prompt) root.append(fhtEl("p", { class: "fht-label", text: prompt }));
    const cardCodes = legal.filter((c) => !c.includes(":"));
    const hand = fhtCardRow(view.hand, {
      label: `Your hand (${names[view.seat]})`,
      button: !ui.waiting && !ui.answered && !done,
      onClick: (code) => ui.choose(code),
    });
    for (const btn of hand.querySelectorAll("button")) {
      if (!cardCodes.includes(btn.dataset.card)) btn.disabled = true;
    }
    root.append(hand);
    const special = legal.filter((c) => c.includes(":"));
    if (special.length && !ui.answered && !done) {
      const box = fhtEl("div", { class: "fht-choices", role: "group", "aria-label": "Other ways to play" });
      for (const code of special) {
        box.append(fhtEl("button", { type: "button", "data-choice": code, onclick: () => ui.choose(code), disabled: ui.waiting || undefined }, fhtWords(code)));
      }
      fhtRoving(box);
      root.append(box);
    }
  }
  const feedback = fhtLive(root);
  feedback.classList.add("fht-feedback");
  if (ui.feedback) {
    feedback.classList.add(ui.good ? "fht-good" : "fht-bad");
    feedback.textContent = ui.feedback;
  }
  if (!ui.live && ui.answered && ui.step < steps.length) {
    root.append(fhtEl("button", { type: "button", class: "fht-next", onclick: () => ui.next() }, "Continue the deal"));
  }
  if (done) root.append(fhtEl("p", { class: "fht-label", text: ui.result || "The problem is finished." }));
}

function fhtWords(code) {
  const [first, second, third] = code.split(":");
  const suits = { S: "spades", C: "clubs", D: "diamonds", H: "hearts" };
  if (first === "h" || first === "t") {
    const where = first === "h" ? "from hand" : "from the table";
    return `${fhtCard(second).name} ${where}` + (third ? `, naming ${suits[third]}` : "");
  }
  return `${fhtCard(first).name}, naming ${suits[second] || second}`;
}

export default {
  render({ model, el }) {
    // Book mode (saved verdicts) until a kernel answers "hello".
    const ui = {
      step: 0, answered: false, waiting: false, feedback: "", good: true, live: null, result: null, book: true,
    };
    const draw = () => fhtKeepFocus(el, () => fhtSafe(el, "problem", () => fhtDrawProblem(model, el, ui)));
    ui.choose = async (code) => {
      if (ui.waiting) return;
      const data = model.get("model");
      if (!ui.book) {
        ui.waiting = true; draw();
        const reply = await fhtRequest(model, { type: "play", code }, 8000);
        ui.waiting = false;
        if (reply && reply.type === "verdict") {
          ui.live = { view: reply.view, legal: reply.legal, status: reply.status };
          ui.good = reply.verdict === "best";
          const answered = reply.replies && reply.replies.length ? ` Then: ${reply.replies.join(" ")}.` : "";
          ui.feedback = reply.annotation + answered;
          ui.result = reply.result;
          draw();
          return;
        }
        if (reply && reply.type === "error") { ui.feedback = reply.error; ui.good = false; draw(); return; }
        ui.book = true; // the kernel went away: the saved verdicts
      }
      const step = data.steps[ui.step];
      const choice = step.choices[code];
      ui.answered = true;
      ui.good = choice.verdict === "best";
      const played = step.played === code ? "" : ` In the deal, ${fhtWords2(step.played)} was played.`;
      ui.feedback = choice.annotation + played;
      draw();
    };
    ui.next = () => {
      ui.step += 1; ui.answered = false; ui.feedback = "";
      draw();
    };
    draw();
    fhtRequest(model, { type: "hello" }, 5000).then((reply) => {
      if (reply && reply.live && ui.step === 0 && !ui.answered) {
        const live = model.get("state") || {};
        ui.book = false;
        ui.live = { view: live.view, legal: live.legal || [], status: live.status };
        draw();
      }
    });
    model.on("change:model", draw);
    model.on("change:four_colour", draw);
    return () => {
      model.off("change:model", draw);
      model.off("change:four_colour", draw);
    };
  },
};

function fhtWords2(code) {
  return code.includes(":") ? fhtWords(code) : fhtCard(code).name;
}
