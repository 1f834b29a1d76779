// The octal page: `POST /api/octal` computes the values, the period and the sparse-space
// counts in the server (the same calls as `tabletop octal`), or under misère play the misère
// quotient, and a sum's winning move; this page lays them out and plays games against the
// engine's replies.
"use strict";

const $ = (id) => document.getElementById(id);
/** The most values the table shows (the command line's output below has them all). */
const MAX_SHOWN = 3000;
/** The widest row: a longer period is shown in rows of ten. */
const WIDEST = 40;
/** Requests made: an answer to an earlier one than the last is dropped. */
let asked = 0;
/** The last N asked under each play: misère quotients are computed for far fewer heaps. */
const heapsAsked = { normal: "200", misere: "20" };

/** "normal" or "misere", as chosen. */
function convention() {
  return document.querySelector("input[name=convention]:checked").value;
}

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
  clearMisere();
}

/** Nothing of a misère quotient stays once another answer is shown. */
function clearMisere() {
  for (const id of ["order", "p-portion", "generators", "relations"]) $(id).textContent = "";
  $("pretend").querySelector("thead").replaceChildren();
  $("pretend").querySelector("tbody").replaceChildren();
}

/** Shows the figures of one play and hides the other's. */
function showPlay(misere) {
  for (const node of document.querySelectorAll(".misere-only")) node.hidden = !misere;
  for (const node of document.querySelectorAll(".normal-only")) node.hidden = misere;
}

async function compute(withQuery) {
  const code = $("code").value.trim();
  const heaps = Number($("heaps").value);
  const query = withQuery ? $("query").value : null;
  const misere = convention() === "misere";
  $("status").textContent = "Computing…";
  const body = { code, heaps: Number.isInteger(heaps) && heaps >= 0 ? heaps : -1 };
  if (query !== null) body.query = query;
  if (misere) body.misere = true;
  const mine = ++asked;
  let reply = await api("/api/octal", body);
  // Misère replies carry no nim-values: they are asked for the same N, to be shown beside.
  let values = null;
  if (misere && reply.ok && mine === asked) {
    values = await api("/api/octal", { code, heaps: reply.data.heaps });
    if (!values.ok) reply = values;
  }
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
  showPlay(misere);
  const grown = reply.data.heaps > heaps ? ` (N grown to ${reply.data.heaps}, the largest heap of the sum)` : "";
  if (misere) showMisere(reply.data, values, grown);
  else showNormal(reply.data, reply.exact, grown);
}

function showNormal(data, exact, grown) {
  clearMisere();
  // Arithmetic on the numbers (at most the playground's 50 000 heaps), every figure shown as
  // the server wrote it (`exact`).
  const queried = new Set(data.query ? data.query.heaps : []);
  table(data, exact.values, queried);
  $("period").textContent = periodLine(exact);
  $("counts").replaceChildren(...data.stats_lines.map((line) => el("div", { text: line })));
  $("status").textContent = `G(0..${exact.heaps}) of ${data.code}${grown}.`;
  $("cli-command").textContent = `tabletop octal ${data.code} --heaps ${exact.heaps} --period`;
  $("cli-output").textContent = `${exact.values.join(" ")}\n${periodLine(exact)}\n`;
  if (exact.query) {
    const q = exact.query;
    $("answer-outcome").replaceChildren(el("strong", { class: q.outcome.toLowerCase(), text: q.outcome }),
      ` for the player to move on heaps ${q.heaps.join(" ")} (nim-sum of ${q.heaps.map((h) => `G(${h})`).join(" ⊕ ")}).`);
    showMove(data.query);
  } else {
    $("answer-outcome").replaceChildren();
    $("answer-move").textContent = "";
  }
}

/** A query's winning move, or why there is none. */
function showMove(q) {
  $("answer-move").textContent = q.move ? q.move.text
    : !q.reply ? `No move is left: the player to move ${q.outcome === "WIN" ? "wins" : "loses"}.`
    : "Every move leaves a sum the opponent wins: there is no winning move.";
  $("answer-move").dataset.move = q.move ? q.move.text : "";
}

// Misère quotients: elements are numbered, and shown as the command line shows them, as
// words in the generators a, b, c, … (crates/render/src/misere.rs).

/** Generator `index`'s letter: a … z, then g27, g28, …. */
function generatorName(index) {
  return index < 26 ? String.fromCharCode(97 + index) : `g${index + 1}`;
}

/** A word from its exponents of the generators: `ab^2`, `1` when empty. */
function word(exponents) {
  let text = "";
  exponents.forEach((power, index) => {
    if (power === 0) return;
    const name = generatorName(index);
    // Multi-letter names are set apart so that words read back unambiguously.
    if (name.length > 1 && text) text += " ";
    text += power > 1 ? `${name}^${power}` : name;
  });
  return text || "1";
}

/** The pieces of `tabletop octal CODE --misere --period`'s text, each element as its word. */
function misereFigures(heaps, m) {
  const name = (element) => (m.words[element] ? word(m.words[element]) : String(element));
  const list = (items) => (items.length ? items.join(", ") : "none");
  return {
    name,
    order: String(m.order),
    generators: list(m.generators.map((heap, index) => `${generatorName(index)} = heap ${heap}`)),
    relations: list(m.relations.map((r) => `${word(r.left)} = ${word(r.right)}`)),
    elements: m.words.map((w, element) => `${element} = ${word(w)}`).join(", "),
    p: list(m.p.map(name)),
    pretend: m.pretend.map(name).join(" "),
    period: m.period ? `period ${m.period.period} preperiod ${m.period.preperiod}` : `no period proven up to ${heaps}`,
  };
}

function showMisere(data, values, grown) {
  const m = data.misere;
  const f = misereFigures(data.heaps, m);
  const queried = new Set(data.query ? data.query.heaps : []);
  table(values.data, values.exact.values, queried);
  pretendTable(m, f.name, queried);
  $("period").textContent = f.period;
  $("order").textContent = f.order;
  $("p-portion").textContent = f.p;
  $("generators").textContent = f.generators;
  $("relations").textContent = f.relations;
  $("status").textContent = `The misère quotient of ${data.code} for heaps 0..${data.heaps}${grown}, and G(0..${data.heaps}).`;
  $("cli-command").textContent = `tabletop octal ${data.code} --misere --heaps ${data.heaps} --period`;
  $("cli-output").textContent = [
    `misère quotient of ${data.code}, heaps 0..=${data.heaps}: order ${f.order}`,
    `generators: ${f.generators}`, `relations: ${f.relations}`, `elements: ${f.elements}`,
    `P-portion: ${f.p}`, `pretend: ${f.pretend}`, f.period, ""].join("\n");
  if (data.query) {
    const q = data.query;
    // The sum's element: the product of its heaps' elements (0 is the identity).
    const element = q.heaps.reduce((x, h) => m.product[x][m.pretend[h]], 0);
    const inP = m.p.includes(element);
    const factors = q.heaps.length > 1 ? `${q.heaps.map((h) => f.name(m.pretend[h])).join(" · ")} = ` : "";
    $("answer-outcome").replaceChildren(el("strong", { class: q.outcome.toLowerCase(), text: q.outcome }),
      ` for the player to move on heaps ${q.heaps.join(" ")} under misère play (${q.heaps.map((h) => `Φ(${h})`).join(" · ")} = `
      + `${factors}${f.name(element)}, ${inP ? "in" : "not in"} the P-portion).`);
    showMove(q);
  } else {
    $("answer-outcome").replaceChildren();
    $("answer-move").textContent = "";
  }
}

/** The pretending function as a table, each element as its word; P-portion cells marked. */
function pretendTable(m, name, queried) {
  const width = m.period && m.period.period >= 2 && m.period.period <= WIDEST ? m.period.period : 10;
  const head = el("tr", {}, el("th", { scope: "col", text: "n" }));
  for (let c = 0; c < width; c++) head.append(el("th", { scope: "col", text: `+${c}` }));
  $("pretend").querySelector("thead").replaceChildren(head);
  const rows = [];
  for (let start = 0; start < m.pretend.length; start += width) {
    const row = el("tr", {}, el("th", { scope: "row", text: String(start) }));
    for (let n = start; n < Math.min(start + width, m.pretend.length); n++) {
      const element = m.pretend[n];
      const kind = `${m.p.includes(element) ? "p-portion" : ""}${queried.has(n) ? " queried" : ""}`.trim();
      row.append(el("td", { class: kind, "data-n": String(n), title: `Φ(${n}) = ${name(element)} (element ${element})`, text: name(element) }));
    }
    rows.push(row);
  }
  $("pretend").querySelector("tbody").replaceChildren(...rows);
}

// Play against the engine. The server answers each position (`query`): its outcome, the
// engine's `reply` (the winning move, else the first legal move, null when no move is left)
// and every legal move (`moves`, null when there are too many to list).

/** The game being played: its code, play, heaps (as the server read them), the legal moves,
 * who is to move; null before one. */
let game = null;

/** `take 2, leave 1 and 3`, as the command line writes a move after its heap. */
function moveText(move) {
  const leave = move.leave.length ? move.leave.join(" and ") : "nothing";
  return `take ${move.take}, leave ${leave}`;
}

/** The heaps after `move` on heap `move.heap` (from 1) of `heaps`; empty heaps dropped. */
function afterMove(heaps, move) {
  return [...heaps.slice(0, move.heap - 1), ...move.leave, ...heaps.slice(move.heap)].filter((h) => h > 0);
}

function logMove(who, text) {
  $("log").append(el("li", { text: `${who}: ${text}` }));
  $("log").scrollTop = $("log").scrollHeight;
}

function showPosition() {
  const play = game.misere ? "misère" : "normal";
  const heaps = game.heaps.filter((h) => h > 0);
  $("position").textContent = heaps.length
    ? `${game.code} under ${play} play · heaps ${heaps.join(" ")}`
    : `${game.code} under ${play} play · no heaps left`;
}

/** Asks the server about the game's position; the position as it parsed it comes back. */
function askPosition(query) {
  return api("/api/octal", { code: game.code, heaps: 0, query, misere: game.misere });
}

/** The end of the game: `mover` cannot move. */
function gameOver(mover) {
  game.over = true;
  $("heap-choice").replaceChildren();
  $("moves").replaceChildren();
  const rule = "under misère play the player who cannot move wins";
  const youWin = game.misere === (mover === "you");
  $("verdict").replaceChildren(el("span", { class: youWin ? "win" : "lose", text: youWin ? "You win" : "The engine wins" }),
    mover === "you"
      ? (game.misere ? `: you have no move left, and ${rule}.` : ": you have no move left.")
      : (game.misere ? `: it has no move left, and ${rule}.` : ": the engine has no move left."));
}

/** One turn: the server's answer for the position, then the engine's move or the user's choice. */
async function nextTurn(query) {
  const playing = game;
  const reply = await askPosition(query);
  if (game !== playing) return;
  if (!reply.ok) {
    game.over = true;
    problemIn($("play-error"), reply.data);
    $("verdict").textContent = "The game cannot go on: see the message.";
    return;
  }
  const q = reply.data.query;
  // The code as the server writes it, and the heaps as it read them (its moves number them).
  game.code = reply.data.code;
  game.heaps = q.heaps;
  game.moves = q.moves;
  showPosition();
  if (!q.reply) return gameOver(game.mover);
  if (game.mover === "engine") {
    logMove("engine", q.reply.text);
    game.heaps = afterMove(q.heaps, q.reply);
    game.mover = "you";
    showPosition();
    return nextTurn(game.heaps.join(" ") || "0");
  }
  game.selected = null;
  $("verdict").textContent = `Your move (for you the position is ${q.outcome} under ${game.misere ? "misère" : "normal"} play).`;
  showHeaps();
}

/** The user's heaps to choose from, and the chosen heap's legal moves (the server's). */
function showHeaps() {
  if (!game.moves) {
    $("verdict").textContent = "These heaps have too many moves to list: start a game with smaller heaps.";
    return;
  }
  const movesOf = (i) => game.moves.filter((move) => move.heap === i + 1);
  const movable = game.heaps.map((_, i) => movesOf(i).length > 0);
  if (game.selected === null || !movable[game.selected]) game.selected = movable.indexOf(true);
  const buttons = [];
  game.heaps.forEach((size, i) => {
    if (size === 0) return;
    const button = el("button", { type: "button", class: "secondary", "data-heap": String(i + 1),
      "aria-pressed": String(i === game.selected), title: `${size} tokens` },
    `heap ${i + 1}: ${size} `, el("span", { class: "tokens", "aria-hidden": "true", text: "●".repeat(Math.min(size, 40)) }));
    button.disabled = !movable[i];
    button.addEventListener("click", () => { game.selected = i; showHeaps(); $("moves").querySelector("button")?.focus(); });
    buttons.push(button);
  });
  $("heap-choice").replaceChildren(...buttons);
  $("moves").replaceChildren(...movesOf(game.selected).map((move) => {
    const button = el("button", { type: "button", "data-take": String(move.take), "data-leave": move.leave.join(" "), text: moveText(move) });
    button.addEventListener("click", () => userMove(move));
    return button;
  }));
}

function userMove(move) {
  if (!game || game.over || game.mover !== "you") return;
  logMove("you", move.text);
  game.heaps = afterMove(game.heaps, move);
  game.mover = "engine";
  $("heap-choice").replaceChildren();
  $("moves").replaceChildren();
  $("verdict").textContent = "The engine moves…";
  showPosition();
  nextTurn(game.heaps.join(" ") || "0");
}

function startGame() {
  const first = document.querySelector("input[name=first]:checked").value;
  // The server reads the code and the heaps; until it answers, the code is the text typed.
  game = { code: $("code").value.trim(), misere: convention() === "misere", heaps: [], mover: first, selected: null, over: false };
  $("play-error").hidden = true;
  $("log").replaceChildren();
  $("heap-choice").replaceChildren();
  $("moves").replaceChildren();
  $("position").textContent = "";
  $("verdict").textContent = first === "engine" ? "The engine moves first…" : "Starting…";
  nextTurn($("play-heaps").value);
}

$("play-form").addEventListener("submit", (event) => { event.preventDefault(); startGame(); });
$("game").addEventListener("submit", (event) => { event.preventDefault(); compute(false); });
$("ask").addEventListener("submit", (event) => { event.preventDefault(); compute(true); });
for (const radio of document.querySelectorAll("input[name=convention]")) {
  radio.addEventListener("change", () => {
    // Each play keeps its own N: 200 nim-values are instant, a misère quotient of 200 heaps is refused.
    const now = convention();
    heapsAsked[now === "misere" ? "normal" : "misere"] = $("heaps").value;
    $("heaps").value = heapsAsked[now];
    compute(true);
  });
}
for (const button of document.querySelectorAll("button[data-code]")) {
  button.addEventListener("click", () => { $("code").value = button.dataset.code; compute(false); });
}
compute(true);
