// How the pages reach the JSON API: `fetch('/api/..')` under `tabletop serve`, the
// WebAssembly module in a Web Worker on the static site (`cargo xtask site` sets STATIC_SITE),
// which makes no request to /api/ at all. Both give the same {ok, status, data, exact}.
"use strict";

const STATIC_SITE = false;

/** How often a server job is polled. */
const POLL_MS = 200;

/** The reply of a status and JSON text, as the pages read it (`exact`: see exactNumbers). */
function apiReply(status, answer) {
  let data, exact;
  try {
    data = JSON.parse(answer);
    exact = exactNumbers(answer);
  } catch (e) {
    data = exact = { error: { kind: "network", message: "the answer is not JSON" } };
  }
  return { ok: status >= 200 && status < 300, status, data, exact };
}

/** Posts `body` as JSON to `path`; resolves to {ok, status, data, exact}. `signal` cancels it. */
async function api(path, body, signal) {
  return run(path, body, { signal });
}

/** The worker of the static site, started on first use and after a cancel. */
let siteWorker = null;
let siteRequests = 0;

function worker() {
  if (!siteWorker) siteWorker = new Worker("worker.js");
  return siteWorker;
}

/** `path` answered in the worker; `signal` terminates the worker (the work stops at once). */
function inWorker(path, body, signal, onProgress) {
  return new Promise((resolve, reject) => {
    const id = ++siteRequests;
    const w = worker();
    const abort = () => {
      w.terminate();
      if (siteWorker === w) siteWorker = null;
      reject(new DOMException("cancelled", "AbortError"));
    };
    if (signal) {
      if (signal.aborted) return abort();
      signal.addEventListener("abort", abort, { once: true });
    }
    const listen = (event) => {
      const message = event.data;
      if (message.id !== id) return;
      if (message.progress !== undefined) {
        if (onProgress) onProgress(JSON.parse(message.progress));
        return;
      }
      w.removeEventListener("message", listen);
      if (signal) signal.removeEventListener("abort", abort);
      if (message.failed) reject(new Error(message.failed));
      else resolve(apiReply(message.status, message.text));
    };
    w.addEventListener("message", listen);
    w.postMessage({ id, path, body: JSON.stringify(body) });
  });
}

/** The server's odds job for `body`, polled until it ends, as the reply of `/api/odds`. */
async function oddsJob(body, signal, onProgress) {
  let reply = await fetchApi("/api/odds/start", body, signal);
  const cancel = () => {
    if (reply.ok && reply.data.job) fetchApi("/api/odds/cancel", { job: reply.data.job }).catch(() => {});
  };
  if (signal) signal.addEventListener("abort", cancel, { once: true });
  try {
    while (reply.ok && reply.data.state === "running") {
      if (onProgress) onProgress({ ...(reply.data.progress || {}), job: reply.data.job });
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      reply = await fetchApi("/api/odds/job", { job: reply.data.job }, signal);
    }
  } finally {
    if (signal) signal.removeEventListener("abort", cancel);
  }
  if (!reply.ok) return reply;
  const job = reply.data;
  if (job.state === "done") {
    return { ok: true, status: 200, data: job.result, exact: reply.exact.result };
  }
  const error = job.error || { kind: job.state, message: `the computation was ${job.state}` };
  return { ok: false, status: job.status ? Number(job.status) : 503, data: { error }, exact: { error } };
}

async function fetchApi(path, body, signal) {
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
    signal,
  });
  return apiReply(response.status, await response.text());
}

/** Long work: `path` answered with `onProgress({stage, fraction, message})` told how far it
 * got; `signal` cancels it (the server's job is cancelled, the worker terminated). */
async function run(path, body, { signal, onProgress } = {}) {
  if (STATIC_SITE) return inWorker(path, body, signal, onProgress);
  if (path === "/api/odds" && onProgress) return oddsJob(body, signal, onProgress);
  return fetchApi(path, body, signal);
}
