// The game graph page: the answers and values of `POST /api/grundy`, the graph drawn in
// layers, and a game against the engine through `POST /api/grundy/turn`.
"use strict";

const $ = (id) => document.getElementById(id);
const text = $("graph-text");
/** The most positions drawn; a larger graph is answered but not drawn. */
const MAX_DRAWN = 150;

let cases = [];
let shownCase = 0;
let shownQuery = 0;
/** The game being played: {case, pieces, over}, with the text it was started on. */
let game = null;

/** Strongly connected components (Tarjan, iterative): the component of each position. */
function components(successors) {
  const n = successors.length;
  const index = new Array(n).fill(-1), low = new Array(n).fill(0), component = new Array(n).fill(-1);
  const onStack = new Array(n).fill(false), stack = [];
  let counter = 0, count = 0;
  for (let root = 0; root < n; root++) {
    if (index[root] >= 0) continue;
    const work = [[root, 0]];
    index[root] = low[root] = counter++;
    stack.push(root); onStack[root] = true;
    while (work.length) {
      const top = work[work.length - 1];
      const [v, i] = top;
      if (i < successors[v].length) {
        top[1]++;
        const w = successors[v][i];
        if (index[w] < 0) {
          index[w] = low[w] = counter++;
          stack.push(w); onStack[w] = true;
          work.push([w, 0]);
        } else if (onStack[w]) low[v] = Math.min(low[v], index[w]);
      } else {
        work.pop();
        if (work.length) { const u = work[work.length - 1][0]; low[u] = Math.min(low[u], low[v]); }
        if (low[v] === index[v]) {
          let w;
          do { w = stack.pop(); onStack[w] = false; component[w] = count; } while (w !== v);
          count++;
        }
      }
    }
  }
  return { component, count };
}

/** Layers: a position's layer is the longest path from its component down to a sink
 * component (Tarjan numbers components sinks first, so one pass in that order suffices). */
function layout(successors) {
  const { component, count } = components(successors);
  const height = new Array(count).fill(0);
  const members = Array.from({ length: count }, () => []);
  successors.forEach((_, v) => members[component[v]].push(v));
  for (let c = 0; c < count; c++) {
    for (const v of members[c]) for (const w of successors[v]) {
      if (component[w] !== c) height[c] = Math.max(height[c], height[component[w]] + 1);
    }
  }
  const top = Math.max(0, ...height);
  const rows = Array.from({ length: top + 1 }, () => []);
  successors.forEach((_, v) => rows[top - height[component[v]]].push(v));
  // Order each row by the mean place of its predecessors above (fewer crossings).
  const place = new Array(successors.length).fill(0);
  const predecessors = successors.map(() => []);
  successors.forEach((list, v) => list.forEach((w) => predecessors[w].push(v)));
  rows.forEach((row, r) => {
    if (r > 0) {
      const key = (v) => {
        const above = predecessors[v].filter((u) => place[u] !== undefined && rows[r - 1].includes(u));
        return above.length ? above.reduce((s, u) => s + place[u], 0) / above.length : place[v] || v;
      };
      row.sort((a, b) => key(a) - key(b) || a - b);
    }
    row.forEach((v, i) => { place[v] = i - (row.length - 1) / 2; });
  });
  return { rows, component };
}

const OUTCOME = { WIN: "W", LOSE: "L", DRAW: "D" };

function draw(view, pieces, best, last) {
  const container = $("drawing");
  container.replaceChildren();
  const n = view.successors.length;
  if (n > MAX_DRAWN) {
    container.append(el("p", { class: "hint", text: `${n} positions are more than the ${MAX_DRAWN} drawn; the answers are above.` }));
    return;
  }
  const { rows } = layout(view.successors);
  const gapX = 84, gapY = 96, radius = 26, margin = 60;
  const widest = Math.max(...rows.map((r) => r.length));
  const width = Math.max(widest * gapX, 200) + 2 * margin, height = rows.length * gapY + margin;
  const at = [];
  rows.forEach((row, r) => row.forEach((v, i) => {
    at[v] = { x: width / 2 + (i - (row.length - 1) / 2) * gapX, y: margin + r * gapY };
  }));
  const svg = svgEl("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": `graph of test case ${shownCase + 1}` });
  const defs = svgEl("defs");
  for (const [id, colour] of [["plain", "#56606b"], ["best", "#d62728"], ["last", "#6c5ce7"]]) {
    const marker = svgEl("marker", { id: `head-${id}`, viewBox: "0 0 10 10", refX: "9", refY: "5", markerWidth: "7", markerHeight: "7", orient: "auto-start-reverse", markerUnits: "userSpaceOnUse" });
    marker.append(svgEl("path", { d: "M0,0 L10,5 L0,10 z", fill: colour }));
    defs.append(marker);
  }
  svg.append(defs);
  const edges = svgEl("g");
  view.successors.forEach((list, v) => {
    [...new Set(list)].forEach((w) => {
      const kind = best && best.from === v && best.to === w ? "best" : last && last.from === v && last.to === w ? "last" : "plain";
      const a = at[v], b = at[w];
      let d;
      if (v === w) {
        d = `M${a.x - 10},${a.y - radius + 3} C${a.x - 30},${a.y - radius - 34} ${a.x + 30},${a.y - radius - 34} ${a.x + 10},${a.y - radius + 3}`;
      } else {
        const dx = b.x - a.x, dy = b.y - a.y, length = Math.hypot(dx, dy);
        const ux = dx / length, uy = dy / length;
        // Edges within a row (inside a cycle) bow out, so a→b and b→a stay apart; edges past
        // a row bow round the positions between.
        const skipped = Math.abs(dy) / gapY;
        const bend = Math.abs(dy) < 1 ? 0.35 * length : skipped > 1.5 ? 0.3 * length : 0.08 * length;
        const mx = (a.x + b.x) / 2 - uy * bend, my = (a.y + b.y) / 2 + ux * bend;
        const sx = a.x + ux * radius, sy = a.y + uy * radius;
        const ex = mx - b.x, ey = my - b.y, el2 = Math.hypot(ex, ey) || 1;
        d = `M${sx},${sy} Q${mx},${my} ${b.x + (ex / el2) * radius},${b.y + (ey / el2) * radius}`;
      }
      const path = svgEl("path", { d, class: `edge ${kind === "plain" ? "" : kind}`, "marker-end": `url(#head-${kind})` });
      (kind === "plain" ? edges.prepend.bind(edges) : edges.append.bind(edges))(path);
    });
  });
  svg.append(edges);
  const counts = new Map();
  (pieces || []).forEach((p) => counts.set(p, (counts.get(p) || 0) + 1));
  view.positions.forEach((p, v) => {
    const g = svgEl("g", { class: `node ${p.outcome.toLowerCase()}${counts.has(v) ? " piece" : ""}`, "data-position": String(v) });
    const title = svgEl("title");
    title.textContent = `position ${v}: value ${p.value}, ${p.outcome}`;
    g.append(title, svgEl("circle", { cx: at[v].x, cy: at[v].y, r: radius }));
    const number = svgEl("text", { x: at[v].x, y: at[v].y - 4 });
    number.textContent = `${v}`;
    const label = `${p.value} ${OUTCOME[p.outcome]}`;
    // Long values (∞(0,1,3)) shrink to stay inside their circle.
    const size = Math.min(13, Math.floor((2 * radius - 4) / (0.7 * label.length)));
    const value = svgEl("text", { x: at[v].x, y: at[v].y + 12, class: "value" });
    value.style.fontSize = `${size}px`;
    value.textContent = label;
    g.append(number, value);
    if (counts.has(v)) {
      const badge = svgEl("text", { x: at[v].x + radius + 4, y: at[v].y - radius + 4, class: "badge" });
      badge.textContent = counts.get(v) > 1 ? `●×${counts.get(v)}` : "●";
      g.append(badge);
    }
    svg.append(g);
  });
  container.append(svg);
}

const describeMove = (m) => (m ? `piece ${m.piece}: ${m.from} → ${m.to}` : "–");

function showCase() {
  const view = cases[shownCase];
  const body = $("queries").querySelector("tbody");
  body.replaceChildren();
  view.queries.forEach((q, i) => {
    const show = el("button", { type: "button", class: "secondary", "data-query": String(i + 1), text: "Show" });
    show.addEventListener("click", () => { shownQuery = i; stopGame(); showQuery(); });
    body.append(el("tr", { "data-query": String(i + 1) },
      el("td", { text: String(i + 1) }), el("td", { text: q.pieces.join(" ") }),
      el("td", { class: q.outcome.toLowerCase(), text: q.outcome }), el("td", { text: describeMove(q.play) }), el("td", {}, show)));
  });
  showQuery();
}

function showQuery() {
  const view = cases[shownCase];
  const query = view.queries[shownQuery];
  if (game) return;
  draw(view, query ? query.pieces : [], query && query.outcome === "WIN" ? query.play : null, null);
  $("play").disabled = !query;
  $("play-from").textContent = query ? `query ${shownQuery + 1}: pieces on ${query.pieces.join(" ")} (${query.outcome})` : "this test case has no query";
  for (const row of $("queries").querySelectorAll("tbody tr")) {
    row.style.background = Number(row.dataset.query) === shownQuery + 1 ? "#e7f0fb" : "";
  }
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
function showTurn(turn) {
  const view = cases[game.case];
  game.pieces = turn.pieces;
  if (turn.reply) logMove("engine", turn.reply);
  draw(view, game.pieces, null, turn.reply);
  const moves = $("moves");
  moves.replaceChildren();
  if (turn.winner) {
    game.over = true;
    $("verdict").textContent = turn.winner === "engine" ? "The engine wins: you have no move left." : "You win: the engine has no move left.";
    return;
  }
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
  showTurn(reply.data);
}

function play() {
  const query = cases[shownCase].queries[shownQuery];
  stopGame();
  game = { case: shownCase, pieces: query.pieces.slice(), text: text.value, over: false };
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
