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

async function analyse() {
  stopGame();
  $("status").textContent = "Answering…";
  const reply = await api("/api/grundy", { text: text.value });
  if (!reply.ok) {
    $("graph-error").hidden = false;
    $("graph-error").textContent = errorText(reply.data);
    $("status").textContent = "The input is not valid: see the message.";
    const line = errorLine(reply.data);
    if (line) markLine(text, line);
    clearAnswers();
    return;
  }
  $("graph-error").hidden = true;
  cases = reply.data.cases;
  const select = $("case");
  select.replaceChildren(...cases.map((c, i) => el("option", { value: String(i), text: `${i + 1} (${c.positions.length} positions${c.cyclic ? ", cycles" : ""})` })));
  shownCase = 0; shownQuery = 0;
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
  $("verdict").textContent = "The engine moves first…";
  turn({ text: game.text, case: game.case + 1, pieces: game.pieces });
}

function move(piece, to) {
  if (!game || game.over) return;
  logMove("you", { piece, from: game.pieces[piece - 1], to });
  $("moves").replaceChildren();
  turn({ text: game.text, case: game.case + 1, pieces: game.pieces, move: { piece, to } });
}

async function load(path) {
  text.value = await (await fetch(path)).text();
  analyse();
}

$("analyse").addEventListener("click", analyse);
$("sample").addEventListener("click", () => load("/samples/graph.txt"));
$("sample-cycles").addEventListener("click", () => load("/samples/graph-cycles.txt"));
$("case").addEventListener("change", () => { shownCase = Number($("case").value); shownQuery = 0; stopGame(); showCase(); });
$("play").addEventListener("click", play);
load("/samples/graph.txt");
