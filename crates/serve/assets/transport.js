// How the pages reach the JSON API: `fetch('api/..')` under `tabletop serve`, the
// WebAssembly module in a Web Worker on the static site (`cargo xtask site` sets STATIC_SITE),
// which makes no request to api/ at all. Both give the same {ok, status, data, exact}; when
// the server cannot be reached or the worker cannot run, the reply is an error of kind
// `unavailable` that the pages show as they show a refused input.
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

/** What to do when the worker cannot run: from disk, the one way that always works; on a
 * server, publish the files the worker needs. */
const WORKER_ADVICE = FROM_DISK
  ? "Serve this folder over HTTP instead (for example python3 -m http.server in it) and open the page from there."
  : "Check that worker.js, tabletop_wasm.js and tabletop_wasm_bg.wasm (from cargo xtask site) are published beside this page.";

/** The worker of the static site (a promise of {worker, pending}), started on first use and
 * again after a cancel or a failure; `pending` maps a request's id to its handlers. */
let siteWorker = null;
let siteRequests = 0;

/** A new worker. From disk (`file://`) Chromium refuses a worker script by URL and the
 * worker's fetch of the module: there the worker is made from worker-bundle.js, a classic
 * script that holds the worker's source with the module in base64, run from a Blob. */
async function newWorker() {
  if (!FROM_DISK) return new Worker("worker.js");
  await loadScript("worker-bundle.js");
  const source = new Blob([self.TABLETOP_WORKER_SOURCE], { type: "text/javascript" });
  return new Worker(URL.createObjectURL(source));
}

/** Stops `site`'s worker: each request it holds is rejected with `error(id)`. */
function stopWorker(site, error) {
  site.worker.terminate();
  if (siteWorker === site.started) siteWorker = null;
  for (const [id, handlers] of site.pending) handlers.reject(error(id));
  site.pending.clear();
}

/** The running worker, started with one listener for every request's messages and one for
 * its failure (a script or module missing or refused, an error outside a request). */
function worker() {
  if (siteWorker) return siteWorker;
  const started = newWorker().then((w) => {
    const site = { worker: w, started, pending: new Map() };
    w.addEventListener("message", (event) => {
      const { id, progress, failed, status, text } = event.data;
      const handlers = site.pending.get(id);
      if (!handlers) return;
      if (progress !== undefined) {
        if (handlers.onProgress) handlers.onProgress(JSON.parse(progress));
        return;
      }
      site.pending.delete(id);
      if (failed) handlers.reject(new Error(failed));
      else handlers.resolve(apiReply(status, text));
    });
    w.addEventListener("error", (event) => {
      // Handled here: each request shows it, the console need not.
      event.preventDefault();
      const message = event.message || "its script did not load";
      stopWorker(site, () => new Error(message));
    });
    return site;
  });
  siteWorker = started;
  // A worker that could not even be made: the next request tries again.
  started.catch(() => { if (siteWorker === started) siteWorker = null; });
  return started;
}

/** `path` answered in the worker; `signal` terminates the worker (the work stops at once;
 * another request it held fails, which only a page with two at once would meet). */
async function inWorker(path, body, signal, onProgress) {
  if (signal && signal.aborted) throw new DOMException("cancelled", "AbortError");
  const site = await worker();
  return new Promise((resolve, reject) => {
    const id = ++siteRequests;
    const abort = () => stopWorker(site, (other) => (other === id
      ? new DOMException("cancelled", "AbortError")
      : new Error("the worker was stopped to cancel another request")));
    if (signal) {
      if (signal.aborted) return reject(new DOMException("cancelled", "AbortError"));
      signal.addEventListener("abort", abort, { once: true });
    }
    const done = () => { if (signal) signal.removeEventListener("abort", abort); };
    site.pending.set(id, {
      onProgress,
      resolve: (reply) => { done(); resolve(reply); },
      reject: (error) => { done(); reject(error); },
    });
    site.worker.postMessage({ id, path, body: JSON.stringify(body) });
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

/** `path` (`/api/...`) posted to the server, relative to the page: the pages work under
 * any path prefix. */
async function fetchApi(path, body, signal) {
  const response = await fetch(path.replace(/^\//, ""), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
    signal,
  });
  return apiReply(response.status, await response.text());
}

/** The reply of a request the engine never answered: `message`, and what to do. */
function unavailable(message) {
  const data = { error: { kind: "unavailable", message } };
  return { ok: false, status: 503, data, exact: data };
}

/** Long work: `path` answered with `onProgress({stage, fraction, message})` told how far it
 * got; `signal` cancels it (the server's job is cancelled, the worker terminated, and the
 * promise rejects with an AbortError). Never rejects otherwise: a server that cannot be
 * reached or a worker that cannot run is an `unavailable` reply. */
async function run(path, body, { signal, onProgress } = {}) {
  try {
    if (STATIC_SITE) return await inWorker(path, body, signal, onProgress);
    if (path === "/api/odds" && onProgress) return await oddsJob(body, signal, onProgress);
    return await fetchApi(path, body, signal);
  } catch (error) {
    if (error.name === "AbortError") throw error;
    if (!STATIC_SITE) return unavailable(`The server cannot be reached: ${error.message}`);
    return unavailable(`The engine (WebAssembly in a Web Worker) could not run: ${error.message}. ${WORKER_ADVICE}`);
  }
}
