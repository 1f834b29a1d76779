// The snakes page: `POST /api/snakes` answers every board of a judge input (the judge's
// output and each board's optimal line) and draws the chosen one (the render crate's SVG).
"use strict";

const $ = (id) => document.getElementById(id);
const text = $("snakes-text");
/** The text the table was answered for: drawing another board uses the same. */
let answeredText = "";
/** Requests made: an answer to an earlier one than the last is dropped. */
let asked = 0;

/** One optimal line as words: `4 → 5 ↑ 16, 4 → 20 ↑ 33, 3 → 36`. Squares and counts are the
 * API's exact digits (a board may have 10^18 squares, past a float's 2^53). */
function describe(path) {
  if (path === null) return "the last square cannot be reached";
  if (!path.length) return "already on the last square";
  return path.map((s) => {
    const times = s.repeat ? ` ×${s.repeat}` : "";
    const [to, land] = [BigInt(s.to), BigInt(s.land)];
    const jump = to === land ? "" : to > land ? ` ↑ ${s.to}` : ` ↓ ${s.to}`;
    return `${s.throw}${times} → ${s.land}${jump}`;
  }).join(", ");
}

/** Shows the answers; `data` is the reply with every number as its exact digits. */
function showAnswers(data) {
  const boards = data.boards;
  const lines = data.answers.trimEnd().split("\n");
  const body = $("boards").querySelector("tbody");
  body.replaceChildren(...boards.map((board, i) => {
    const draw = el("button", { type: "button", class: "secondary", "data-case": String(i + 1), text: "Draw",
      "aria-label": `draw board ${i + 1}` });
    draw.addEventListener("click", () => drawCase(i + 1));
    return el("tr", { "data-case": String(i + 1) }, el("td", { text: String(i + 1) }),
      el("td", { class: "throws", text: lines[i] }), el("td", { class: "line", text: describe(board.path) }), el("td", {}, draw));
  }));
  $("output").textContent = data.answers;
  $("notes").textContent = data.notes.join("\n");
}

function showDrawing(data, k) {
  $("drawing").innerHTML = data.svg;
  $("drawn-case").textContent = String(k);
  for (const row of $("boards").querySelectorAll("tbody tr")) {
    if (Number(row.dataset.case) === k) row.setAttribute("aria-current", "true");
    else row.removeAttribute("aria-current");
  }
}

/** Nothing of an earlier input stays on screen once the input is not valid. */
function clearAnswers() {
  $("boards").querySelector("tbody").replaceChildren();
  $("output").textContent = "";
  $("notes").textContent = "";
  $("drawing").replaceChildren();
  $("drawn-case").textContent = "";
  answeredText = "";
}

async function request(sent, k) {
  const mine = ++asked;
  const reply = await api("/api/snakes", { text: sent, case: k });
  if (mine !== asked) return null;
  if (!reply.ok) {
    $("snakes-error").hidden = false;
    $("snakes-error").textContent = errorText(reply.data);
    $("status").textContent = refusedStatus(reply.data, "The input is not valid: see the message.");
    const line = errorLine(reply.data);
    if (line) markLine(text, line);
    return null;
  }
  $("snakes-error").hidden = true;
  return reply.exact;
}

async function answer() {
  $("status").textContent = "Answering…";
  const sent = text.value;
  const mine = asked + 1;
  const data = await request(sent, 1);
  if (mine !== asked) return;
  if (!data) {
    clearAnswers();
    return;
  }
  answeredText = sent;
  showAnswers(data);
  showDrawing(data, 1);
  const boards = $("boards").querySelector("tbody").childElementCount;
  $("status").textContent = `${boards} board${boards === 1 ? "" : "s"} answered.`;
}

async function drawCase(k) {
  $("status").textContent = `Drawing board ${k}…`;
  const data = await request(answeredText, k);
  if (!data) return;
  showDrawing(data, k);
  $("status").textContent = `Board ${k} drawn.`;
}

const load = (path) => loadSample(text, path, answer);

$("answer").addEventListener("click", answer);
$("sample").addEventListener("click", () => load("samples/snakes.txt"));
$("sample-more").addEventListener("click", () => load("samples/snakes-more.txt"));
loadPickedFile($("file"), text, answer);
load("samples/snakes.txt");
