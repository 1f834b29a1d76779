// The game graph page: the answers and values of `POST /api/grundy`, the graph as the
// server draws it (crates/render), and a game against the engine through
// `POST /api/grundy/turn`, shown by restyling that drawing.
"use strict";

const $ = (id) => document.getElementById(id);
const text = $("graph-text");

let cases = [];
let shownCase = 0;
let shownQuery = 0;
/** The game being played: {case, pieces, over}, with the text it was started on. */
let game = null;

/** The drawing being fetched (play mode waits for it), and which request is the latest. */
let drawn = Promise.resolve();
let drawings = 0;

/** The drawing of the shown case and query, as the server (the render crate) draws it. */
function redraw() {
  const query = cases[shownCase].queries[shownQuery];
  const body = { text: text.value, case: shownCase + 1 };
  if (query) body.query = shownQuery + 1;
  const number = ++drawings;
  const key = `${body.case}:${body.query || 0}`;
  delete $("drawing").dataset.drawn;
  drawn = api("/api/grundy", body).then((reply) => {
    if (number !== drawings) return;
    // Says which drawing is shown, so that a reader (or a test) can wait for this one.
    $("drawing").dataset.drawn = key;
    if (!reply.ok) {
      $("drawing").replaceChildren(el("p", { class: "error", text: errorText(reply.data) }));
      return;
    }
    $("drawing").innerHTML = reply.data.svg;
  });
  return drawn;
}

/** Play mode on the server's drawing: the pieces ringed (with a badge for several on one
 * position), no winning move in red, the engine's last move dashed. */
function showGame(pieces, last) {
  const svg = $("drawing").querySelector("svg");
  if (!svg) return;
  const counts = new Map();
  pieces.forEach((p) => counts.set(p, (counts.get(p) || 0) + 1));
  for (const node of svg.querySelectorAll("g.node")) {
    const count = counts.get(Number(node.dataset.position)) || 0;
    node.classList.toggle("piece", count > 0);
    const badge = node.querySelector("text.badge");
    if (badge) badge.textContent = count === 0 ? "" : count === 1 ? "●" : `●×${count}`;
  }
  for (const edge of svg.querySelectorAll("path.edge")) {
    const isLast = !!last && Number(edge.dataset.from) === last.from && Number(edge.dataset.to) === last.to;
    edge.classList.remove("best");
    edge.classList.toggle("last", isLast);
    edge.setAttribute("marker-end", `url(#tt-head-${isLast ? "last" : "plain"})`);
  }
  for (const label of svg.querySelectorAll("text.edge-label")) label.remove();
}

const describeMove = (m) => (m ? `piece ${m.piece}: ${m.from} → ${m.to}` : "–");

/** A query's move to play: a winning move for a WIN; for a DRAW a drawing move, which wins
 * nothing but keeps the draw (say so, so that it does not read as a winning one). */
function queryMove(q) {
  if (!q.play) return "–";
  return q.outcome === "DRAW" ? `drawing move (keeps the draw): ${describeMove(q.play)}` : describeMove(q.play);
}

function showCase() {
  const view = cases[shownCase];
  const body = $("queries").querySelector("tbody");
  body.replaceChildren();
  view.queries.forEach((q, i) => {
    const show = el("button", { type: "button", class: "secondary", "data-query": String(i + 1), text: "Show" });
    show.addEventListener("click", () => { shownQuery = i; stopGame(); showQuery(); });
    body.append(el("tr", { "data-query": String(i + 1) },
      el("td", { text: String(i + 1) }), el("td", { text: q.pieces.join(" ") }),
      el("td", { class: q.outcome.toLowerCase(), text: q.outcome }), el("td", { class: "move", text: queryMove(q) }), el("td", {}, show)));
  });
  showQuery();
}

function showQuery() {
  const view = cases[shownCase];
  const query = view.queries[shownQuery];
  if (game) return;
  redraw();
  $("play").disabled = !query;
  $("play-from").textContent = query ? `query ${shownQuery + 1}: pieces on ${query.pieces.join(" ")} (${query.outcome})` : "this test case has no query";
  for (const row of $("queries").querySelectorAll("tbody tr")) {
    row.style.background = Number(row.dataset.query) === shownQuery + 1 ? "#e7f0fb" : "";
  }
}

/** Nothing of the last input stays on screen once an input is refused. */
function clearAnswers() {
  cases = [];
  drawings++;
  $("case").replaceChildren();
  $("queries").querySelector("tbody").replaceChildren();
  $("drawing").replaceChildren();
  delete $("drawing").dataset.drawn;
  $("play").disabled = true;
  $("play-from").textContent = "";
}

async function analyse(keepCase = false) {
  stopGame();
  $("status").textContent = "Answering…";
  const reply = await api("/api/grundy", { text: text.value });
  if (!reply.ok) {
    $("graph-error").hidden = false;
    $("graph-error").textContent = errorText(reply.data);
    $("status").textContent = refusedStatus(reply.data, "The input is not valid: see the message.");
    const line = errorLine(reply.data);
    if (line) markLine(text, line);
    clearAnswers();
    return;
  }
  $("graph-error").hidden = true;
  cases = reply.data.cases;
  const select = $("case");
  select.replaceChildren(...cases.map((c, i) => el("option", { value: String(i), text: `${i + 1} (${c.positions.length} positions${c.cyclic ? ", cycles" : ""})` })));
  shownCase = keepCase && shownCase < cases.length ? shownCase : 0;
  shownQuery = keepCase && shownQuery < cases[shownCase].queries.length ? shownQuery : 0;
  select.value = String(shownCase);
  $("status").textContent = `Answers (the judge's output): ${reply.data.answers.trim().split("\n").join(", ")}`;
  showCase();
}

function stopGame() {
  game = null;
  $("moves").replaceChildren();
  $("log").replaceChildren();
  $("verdict").textContent = "";
}

function logMove(who, m) {
  $("log").append(el("li", { text: `${who}: ${describeMove(m)}` }));
}

/** Shows the game after a turn: the verdict or the user's legal moves. */
async function showTurn(turn) {
  await drawn;
  const view = cases[game.case];
  game.pieces = turn.pieces;
  if (turn.reply) logMove("engine", turn.reply);
  showGame(game.pieces, turn.reply);
  const moves = $("moves");
  moves.replaceChildren();
  if (turn.winner) {
    game.over = true;
    $("verdict").textContent = turn.winner === "engine" ? "The engine wins: you have no move left." : "You win: the engine has no move left.";
    return;
  }
  // A position met again with the same player to move: the game can go round for ever, which
  // is a draw (only a DRAW position can repeat: from a WIN the engine's moves end the game).
  const key = game.pieces.join(" ");
  if (game.seen.has(key)) {
    game.over = true;
    $("verdict").textContent = `Draw: the pieces are on ${key} again with you to move, so the game can go on for ever; neither side can force a win.`;
    return;
  }
  game.seen.add(key);
  $("verdict").textContent = `Your move (for you the position is ${turn.outcome}).`;
  game.pieces.forEach((from, i) => {
    for (const to of [...new Set(view.successors[from])]) {
      const button = el("button", { type: "button", "data-piece": String(i + 1), "data-to": String(to), text: `piece ${i + 1}: ${from} → ${to}` });
      button.addEventListener("click", () => move(i + 1, to));
      moves.append(button);
    }
  });
  const first = moves.querySelector("button");
  if (first) first.focus();
}

async function turn(body) {
  const reply = await api("/api/grundy/turn", body);
  if (!reply.ok) {
    $("verdict").textContent = errorText(reply.data);
    return;
  }
  await showTurn(reply.data);
}

function play() {
  const query = cases[shownCase].queries[shownQuery];
  stopGame();
  game = { case: shownCase, pieces: query.pieces.slice(), text: text.value, over: false, seen: new Set() };
  if (document.querySelector("input[name=first]:checked").value === "you") {
    // The query's own position with the user to move: its answer is the user's outcome,
    // and a user with no move has lost, as after any engine move.
    const view = cases[game.case];
    const stuck = game.pieces.every((p) => !view.successors[p].length);
    showTurn({ pieces: game.pieces, reply: null, winner: stuck ? "engine" : null, outcome: query.outcome });
    return;
  }
  $("verdict").textContent = "The engine moves first…";
  turn({ text: game.text, case: game.case + 1, pieces: game.pieces });
}

function move(piece, to) {
  if (!game || game.over) return;
  logMove("you", { piece, from: game.pieces[piece - 1], to });
  $("moves").replaceChildren();
  turn({ text: game.text, case: game.case + 1, pieces: game.pieces, move: { piece, to } });
}

/** The judge input's lines, and where each test case's lines are: its count of positions,
 * one line a position (its out-degree, then its successors), its queries up to the closing
 * `0`. `null` when the text is not written one position a line (the server says what is
 * wrong, or the text is edited by hand). */
function layoutOf(source) {
  const lines = source.split("\n");
  const numbers = (i) => lines[i].trim().split(/\s+/).filter(Boolean).map(Number);
  const cases = [];
  let i = 0;
  const skipBlank = () => { while (i < lines.length && !lines[i].trim()) i++; };
  for (skipBlank(); i < lines.length; skipBlank()) {
    const head = numbers(i);
    if (head.length !== 1 || !Number.isSafeInteger(head[0])) return null;
    const layout = { head: i, positions: [], end: null };
    i++;
    for (let p = 0; p < head[0]; p++, i++) {
      if (i >= lines.length) return null;
      const row = numbers(i);
      if (!row.length || row[0] !== row.length - 1 || row.some((n) => !Number.isSafeInteger(n))) return null;
      layout.positions.push(i);
    }
    for (; i < lines.length; i++) {
      const row = numbers(i);
      if (row.length && row[0] === 0) { layout.end = i; i++; break; }
    }
    if (layout.end === null) return null;
    cases.push(layout);
  }
  return { lines, cases };
}

/** Edits the shown test case's text with `change(lines, layout)` and answers it again: the
 * text and the drawing stay one. Says why when the text cannot be edited so. */
function editShownCase(change) {
  const layout = layoutOf(text.value);
  const mine = layout && layout.cases[shownCase];
  if (!mine) {
    $("edit-status").textContent = "Edit the text: it is not written one position a line, as the editor needs.";
    return false;
  }
  const said = change(layout.lines, mine);
  if (said) {
    $("edit-status").textContent = said;
    return false;
  }
  text.value = layout.lines.join("\n");
  analyse(true);
  return true;
}

/** A position with no move out of it, numbered after the last. */
function addPosition() {
  let added = null;
  editShownCase((lines, layout) => {
    added = layout.positions.length;
    lines[layout.head] = String(added + 1);
    lines.splice(layout.head + added + 1, 0, "0");
  });
  if (added !== null) $("edit-status").textContent = `Position ${added} added (no move out of it yet).`;
}

/** A move from `from` to `to` in the shown test case. */
function addMove(from, to) {
  const added = editShownCase((lines, layout) => {
    const at = layout.positions[from];
    if (at === undefined || to >= layout.positions.length) return "No such position.";
    const [, ...successors] = lines[at].trim().split(/\s+/).map(Number);
    if (successors.includes(to)) return `The move ${from} → ${to} is there already.`;
    successors.push(to);
    lines[at] = [successors.length, ...successors].join(" ");
    return null;
  });
  if (added) $("edit-status").textContent = `Move ${from} → ${to} added.`;
}

/** The position picked first when adding a move by clicking two positions. */
let movePicked = null;

function pickPosition(position) {
  if (!$("add-moves").checked || game) return;
  if (movePicked === null) {
    movePicked = position;
    markPicked();
    $("edit-status").textContent = `From ${position}: now click the position the move goes to.`;
    return;
  }
  const from = movePicked;
  movePicked = null;
  markPicked();
  addMove(from, position);
}

function markPicked() {
  for (const node of $("drawing").querySelectorAll("g.node")) {
    node.classList.toggle("picked", movePicked !== null && Number(node.dataset.position) === movePicked);
  }
}

const load = (path) => loadSample(text, path, analyse);

$("analyse").addEventListener("click", () => analyse());
$("add-position").addEventListener("click", addPosition);
$("add-moves").addEventListener("change", () => {
  movePicked = null;
  markPicked();
  $("drawing").classList.toggle("editing", $("add-moves").checked);
  $("edit-status").textContent = $("add-moves").checked ? "Click the position a move starts from." : "";
});
$("drawing").addEventListener("click", (event) => {
  const node = event.target.closest && event.target.closest("g.node");
  if (node) pickPosition(Number(node.dataset.position));
});
$("sample").addEventListener("click", () => load("samples/graph.txt"));
$("sample-cycles").addEventListener("click", () => load("samples/graph-cycles.txt"));
$("case").addEventListener("change", () => { shownCase = Number($("case").value); shownQuery = 0; stopGame(); showCase(); });
$("play").addEventListener("click", play);
load("samples/graph.txt");
