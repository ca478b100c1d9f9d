// Requests to the Python side.  Three hosts, one protocol: the JupyterLab kernel
// (model.send → fivehundred_tutor.handlers.handle), the static book without the engine
// (null), and the live book, where the engine runs in the reader's browser (live.js).
//
// In JupyterLab a busy kernel answers late (its messages wait behind the running cell), and a
// restarted kernel never answers an old widget: a request then waits (a visible "waiting for the
// Python kernel…" after a few seconds, `hello` re-sent with backoff) and, after a restart, says so
// ("Python restarted: … Run → Run All Cells").  Widgets show these lines through `onStatus`
// (or listen to the window's "fht-kernel" event); nothing turns silently static.

import { t } from "./language.js";
import { liveConfig, liveRequest } from "./live.js";
import { REPLY } from "./protocol.js";

let nextId = 1;

// After a restart Python has forgotten every earlier cell too (the imports, the rules): running this cell
// alone gives a NameError, so the advice is the whole notebook (the learner's round is kept: progress.js).
/** What a widget says while Python is busy, after a restart, when Python does not answer (in the reader's words). */
export const waitingText = () => t("Waiting for Python\u2026");
export const restartedText = () => t("Python restarted: run the whole notebook again (Run \u2192 Run All Cells).");
export const silentText = () => t("Python is not answering: if it restarted, run the whole notebook again (Run \u2192 Run All Cells).");

/** Kernel statuses that end every widget made before them. */
const RESTART_STATUSES = new Set(["restarting", "autorestarting", "dead"]);
const watched = new WeakSet();
const restarted = new WeakSet();

/** The JupyterLab kernel behind a model (null in the book: no widget manager there). */
export function kernelOf(model) {
  try {
    return model?.widget_manager?.kernel || null;
  } catch (_error) {
    return null;
  }
}

/** Remember, per kernel connection, that it restarted (a Lumino signal on the connection). */
function watchKernel(kernel) {
  if (!kernel || watched.has(kernel)) return;
  watched.add(kernel);
  try {
    kernel.statusChanged?.connect?.((_sender, status) => {
      if (RESTART_STATUSES.has(status)) restarted.add(kernel);
    });
  } catch (_error) {
    // an unknown kernel object: fall back on time-outs
  }
}

/** Has the kernel this widget was made in restarted since?  (`born` is the kernel id at mount.) */
export function kernelRestarted(model, born = undefined) {
  const kernel = kernelOf(model);
  if (!kernel) return false;
  watchKernel(kernel);
  if (restarted.has(kernel)) return true;
  return born !== undefined && born !== null && kernel.id !== undefined && kernel.id !== born;
}

/** Tell the page (and the widget) how the kernel is doing: status "waiting" | "restarted" | "silent" | "ok". */
function announce(model, status, onStatus) {
  const text = status === "waiting" ? waitingText() : status === "restarted" ? restartedText() : status === "silent" ? silentText() : "";
  if (onStatus) onStatus(status, text);
  try {
    window.dispatchEvent(new CustomEvent("fht-kernel", { detail: { model, status, text } }));
  } catch (_error) {
    // no window (Node tests)
  }
}

/**
 * `request(model, {type: …}, wait, options)` resolves with the reply, or with null when nothing answers.
 *
 * In the book (no kernel) it waits `wait` ms.  With a JupyterLab kernel it waits as long as the kernel
 * is busy (up to `options.patience` ms, default 3 minutes): after `wait` ms `options.onStatus("waiting",
 * text)` is called, `hello` is re-sent at 2, 4, 8, 16… s; a restart resolves at once with
 * `{type: "error", restarted: true, error: restartedText()}` and onStatus("restarted", text).
 * A reply's `type` is one of protocol.js's REPLY_TYPES (widgets/tests/protocol.test.js checks the widgets).
 * @returns {Promise<import("./protocol.js").Reply | null>}
 */
export function request(model, message, wait = 4000, { onStatus = null, patience = 180000, born = undefined } = {}) {
  if (liveConfig()) return liveRequest(model, { ...message, id: `r${nextId++}` });
  const kernel = kernelOf(model);
  watchKernel(kernel);
  if (kernel && kernelRestarted(model, born)) {
    announce(model, "restarted", onStatus);
    return Promise.resolve({ type: REPLY.ERROR, restarted: true, error: restartedText() });
  }
  return new Promise((resolve) => {
    const ids = new Set();
    let done = false;
    const timers = [];
    const finish = (reply) => {
      if (done) return;
      done = true;
      for (const t of timers) clearTimeout(t);
      model.off("msg:custom", onMsg);
      resolve(reply);
    };
    const onMsg = (msg) => {
      if (msg && ids.has(msg.id)) {
        if (kernel) announce(model, "ok", onStatus);
        finish(msg);
      }
    };
    const send = () => {
      const id = `r${nextId++}`;
      ids.add(id);
      model.send({ ...message, id });
    };
    model.on("msg:custom", onMsg);
    try {
      send();
    } catch (_error) {
      finish(null);
      return;
    }
    if (!kernel) {
      timers.push(setTimeout(() => finish(null), wait));
      return;
    }
    // A kernel: wait while it is busy, watch for a restart, re-send hello (it has no effect twice).
    const started = Date.now();
    timers.push(setTimeout(() => !done && announce(model, "waiting", onStatus), wait));
    let backoff = 2000;
    const resend = () => {
      if (done) return;
      if (message.type === REPLY.HELLO) {
        try {
          send();
        } catch (_error) {
          // the comm is gone: the restart check below reports it
        }
      }
      backoff = Math.min(backoff * 2, 30000);
      timers.push(setTimeout(resend, backoff));
    };
    timers.push(setTimeout(resend, backoff));
    const poll = () => {
      if (done) return;
      if (kernelRestarted(model, born)) {
        announce(model, "restarted", onStatus);
        finish({ type: REPLY.ERROR, restarted: true, error: restartedText() });
        return;
      }
      if (Date.now() - started > patience) {
        announce(model, "silent", onStatus);
        finish(null);
        return;
      }
      timers.push(setTimeout(poll, 500));
    };
    timers.push(setTimeout(poll, 500));
  });
}
