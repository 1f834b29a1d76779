// The octal page: `POST /api/octal` computes the values, the period and the sparse-space
// counts in the server (the same calls as `tabletop octal`), and a sum's winning move; this
// page lays them out.
"use strict";

const $ = (id) => document.getElementById(id);
/** The most values the table shows (the command line's output below has them all). */
const MAX_SHOWN = 3000;
/** The widest row: a longer period is shown in rows of ten. */
const WIDEST = 40;
/** Requests made: an answer to an earlier one than the last is dropped. */
let asked = 0;

function problemIn(box, data) {
  box.hidden = false;
  box.textContent = errorText(data);
}

function table(data, values, queried) {
  const period = data.period;
  const width = period && period.period >= 2 && period.period <= WIDEST ? period.period : 10;
  const count = Math.min(values.length, MAX_SHOWN);
  const head = el("tr", {}, el("th", { scope: "col", text: "n" }));
  for (let c = 0; c < width; c++) head.append(el("th", { scope: "col", text: `+${c}` }));
  $("values").querySelector("thead").replaceChildren(head);
  const rows = [];
  for (let start = 0; start < count; start += width) {
    const row = el("tr", {}, el("th", { scope: "row", text: String(start) }));
    for (let n = start; n < Math.min(start + width, count); n++) {
      let kind = "";
      if (period) kind = n < period.preperiod ? "pre" : n < period.preperiod + period.period ? "first" : "periodic";
      if (queried.has(n)) kind += " queried";
      const cell = el("td", { class: kind.trim(), "data-n": String(n), title: `G(${n}) = ${values[n]}`, text: String(values[n]) });
      row.append(cell);
    }
    rows.push(row);
  }
  $("values").querySelector("tbody").replaceChildren(...rows);
  $("table-note").textContent = count < values.length
    ? `The table shows G(0..${count - 1}) of G(0..${values.length - 1}); the command line's output has every value.`
    : `G(0..${values.length - 1}), ${width} a row.`;
}

function periodLine(data) {
  return data.period ? `period ${data.period.period} preperiod ${data.period.preperiod}` : `no period up to ${data.heaps}`;
}

/** Nothing of the last code stays on screen once a request is refused: not its period,
 * counts, table, command line output or query answer. */
function clearResults() {
  $("values").querySelector("thead").replaceChildren();
  $("values").querySelector("tbody").replaceChildren();
  $("table-note").textContent = "";
  $("period").textContent = "";
  $("counts").replaceChildren();
  $("cli-command").textContent = "";
  $("cli-output").textContent = "";
  $("answer-outcome").replaceChildren();
  $("answer-move").textContent = "";
  $("answer-move").dataset.move = "";
}

async function compute(withQuery) {
  const code = $("code").value.trim();
  const heaps = Number($("heaps").value);
  const query = withQuery ? $("query").value : null;
  $("status").textContent = "Computing…";
  const body = { code, heaps: Number.isInteger(heaps) && heaps >= 0 ? heaps : -1 };
  if (query !== null) body.query = query;
  const mine = ++asked;
  const reply = await api("/api/octal", body);
  if (mine !== asked) return;
  if (!reply.ok) {
    const data = reply.data;
    const inQuery = data.error && data.error.problems && data.error.problems[0] && data.error.problems[0].file === "query";
    problemIn(inQuery ? $("query-error") : $("octal-error"), data);
    (inQuery ? $("octal-error") : $("query-error")).hidden = true;
    $("status").textContent = refusedStatus(data, inQuery ? "The heaps are not valid: see the message." : "Not computed: see the message.");
    clearResults();
    return;
  }
  $("octal-error").hidden = true;
  $("query-error").hidden = true;
  // Arithmetic on the numbers (at most the playground's 50 000 heaps), every figure shown as
  // the server wrote it (`exact`).
  const data = reply.data;
  const exact = reply.exact;
  const queried = new Set(data.query ? data.query.heaps : []);
  table(data, exact.values, queried);
  $("period").textContent = periodLine(exact);
  $("counts").replaceChildren(...data.stats_lines.map((line) => el("div", { text: line })));
  const grown = data.heaps > heaps ? ` (N grown to ${data.heaps}, the largest heap of the sum)` : "";
  $("status").textContent = `G(0..${exact.heaps}) of ${data.code}${grown}.`;
  $("cli-command").textContent = `tabletop octal ${data.code} --heaps ${exact.heaps} --period`;
  $("cli-output").textContent = `${exact.values.join(" ")}\n${periodLine(exact)}\n`;
  if (exact.query) {
    const q = exact.query;
    $("answer-outcome").replaceChildren(el("strong", { class: q.outcome.toLowerCase(), text: q.outcome }),
      ` for the player to move on heaps ${q.heaps.join(" ")} (nim-sum of ${q.heaps.map((h) => `G(${h})`).join(" ⊕ ")}).`);
    $("answer-move").textContent = q.move ? q.move.text : "Every move leaves a sum the opponent wins: there is no winning move.";
    $("answer-move").dataset.move = q.move ? q.move.text : "";
  } else {
    $("answer-outcome").replaceChildren();
    $("answer-move").textContent = "";
  }
}

$("game").addEventListener("submit", (event) => { event.preventDefault(); compute(false); });
$("ask").addEventListener("submit", (event) => { event.preventDefault(); compute(true); });
for (const button of document.querySelectorAll("button[data-code]")) {
  button.addEventListener("click", () => { $("code").value = button.dataset.code; compute(false); });
}
compute(true);
