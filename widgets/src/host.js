// Requests to the Python side.  Three hosts, one protocol: the JupyterLab kernel
// (model.send → fivehundred_tutor.handlers.handle), the static book without the engine
// (null), and the live book, where the engine runs in the reader's browser (live.js).

import { liveConfig, liveRequest } from "./live.js";

let nextId = 1;

/** `request(model, {type: …})` resolves with the reply, or with null when nothing answers within `wait` ms. */
export function request(model, message, wait = 4000) {
  if (liveConfig()) return liveRequest(model, { ...message, id: `r${nextId++}` });
  return new Promise((resolve) => {
    const id = `r${nextId++}`;
    let done = false;
    const finish = (reply) => {
      if (done) return;
      done = true;
      model.off("msg:custom", onMsg);
      resolve(reply);
    };
    const onMsg = (msg) => {
      if (msg && msg.id === id) finish(msg);
    };
    model.on("msg:custom", onMsg);
    try {
      model.send({ ...message, id });
    } catch (_error) {
      finish(null);
      return;
    }
    setTimeout(() => finish(null), wait);
  });
}
