// Shared by the pages: calling the JSON API and showing its errors.
"use strict";

// `api` and `run` (calling the JSON API) are in transport.js.

/** The JSON with every number as the text the server wrote (the digits the CLI prints), where
 * the browser gives the source text; else as JavaScript spells the number. */
function exactNumbers(body) {
  return JSON.parse(body, (key, value, context) =>
    typeof value === "number" ? (context && context.source !== undefined ? context.source : String(value)) : value);
}

/** The text of an API error: every located problem's report, or the message. */
function errorText(data) {
  const error = (data && data.error) || { message: "unknown error" };
  if (error.problems && error.problems.length) {
    return error.problems.map((p) => p.report.trimEnd()).join("\n");
  }
  return error.message;
}

/** The first problem's line (1-based), if the error is located. */
function errorLine(data) {
  const problems = data && data.error && data.error.problems;
  return problems && problems.length ? problems[0].line : null;
}

/** Selects line `line` (1-based) of a textarea, so a located error shows where it is. */
function markLine(textarea, line) {
  const lines = textarea.value.split("\n");
  if (!line || line > lines.length) return;
  let start = 0;
  for (let i = 0; i < line - 1; i++) start += lines[i].length + 1;
  textarea.setSelectionRange(start, start + lines[line - 1].length);
  const height = textarea.scrollHeight / Math.max(lines.length, 1);
  textarea.scrollTop = Math.max(0, (line - 3) * height);
}

/** An element with attributes and children. */
function el(tag, attributes, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes || {})) {
    if (key === "text") node.textContent = value;
    else node.setAttribute(key, value);
  }
  for (const child of children) node.append(child);
  return node;
}

const SVG_NS = "http://www.w3.org/2000/svg";

/** An SVG element with attributes. */
function svgEl(tag, attributes) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attributes || {})) node.setAttribute(key, value);
  return node;
}

/** Runs `f` after `ms` of quiet: the last call wins. */
function debounce(f, ms) {
  let timer = null;
  return (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => f(...args), ms);
  };
}

/** Scripts added to the page, by file name: each loads once. */
const loadedScripts = new Map();

/** Runs the classic script `file` (beside the page) once; resolves when it has run. */
function loadScript(file) {
  if (!loadedScripts.has(file)) {
    loadedScripts.set(file, new Promise((resolve, reject) => {
      const script = el("script", { src: file });
      script.addEventListener("load", resolve, { once: true });
      script.addEventListener("error", () => reject(new Error(`${file} did not load`)), { once: true });
      document.head.append(script);
    }));
  }
  return loadedScripts.get(file);
}

/** Whether the page was opened from disk (`file://`), where Chromium refuses `fetch` and
 * worker scripts by URL: the static site then brings its samples and its worker in classic
 * scripts (`samples.js`, `worker-bundle.js`, made by `cargo xtask site`). */
const FROM_DISK = location.protocol === "file:";

/** The text of a file beside the page, e.g. `samples/race.board`. */
async function fetchText(path) {
  if (FROM_DISK) {
    await loadScript("samples.js");
    const text = self.TABLETOP_SAMPLES && self.TABLETOP_SAMPLES[path];
    if (typeof text !== "string") throw new Error(`${path} is not in samples.js`);
    return text;
  }
  const response = await fetch(path);
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return response.text();
}

/** Loads the sample `path` into `textarea`, then runs `run`; a sample that cannot be had
 * says so in the page's status line. */
async function loadSample(textarea, path, run) {
  try {
    textarea.value = await fetchText(path);
  } catch (error) {
    document.getElementById("status").textContent = `The sample did not load: ${error.message}`;
    return;
  }
  run();
}

/** A file the user picks with `input` is put into `textarea` and `run`. */
function loadPickedFile(input, textarea, run) {
  input.addEventListener("change", async () => {
    const file = input.files[0];
    if (!file) return;
    textarea.value = await file.text();
    run();
  });
}

/** The status line of a refused request: `invalid` when the input was at fault, else that
 * the engine itself could not answer (see transport.js). */
function refusedStatus(data, invalid) {
  const unavailable = data && data.error && data.error.kind === "unavailable";
  return unavailable ? "Not answered: the engine could not run (see the message)." : invalid;
}
