// The race board page: an editor kept in step with the board file, and the odds through the
// transport's `run` (a server job or the static site's worker: the numbers of `tabletop odds`), its progress shown and
// cancellable, with the engine's fewest-turns line drawn on the board.
"use strict";

const $ = (id) => document.getElementById(id);
const text = $("board-text");
/** The most squares the editor draws; larger boards are edited as text. */
const MAX_DRAWN = 400;

/** The board as the editor sees it (read from the text, written back to it). */
let board = null;
let picked = null;
/** The job being computed: {id, controller}, or null. */
let running = null;
let lastOdds = null;
/** The engine's fewest-turns line of the board drawn (`/api/odds`'s `line`: throws, turns, path). */
let lastLine = null;
/** How often a running job is polled (ms). */

/** Reads the board file's statements the editor shows; null when a line is not one of them
 * (the server then says where and why). */
function readBoard(source) {
  const model = { squares: null, start: 0, overshoot: "stay", die: 6, jumps: new Map(), specials: new Map(), comments: [] };
  for (const raw of source.split("\n")) {
    const hash = raw.indexOf("#");
    if (hash >= 0 && raw.slice(0, hash).trim() === "") model.comments.push(raw.slice(hash).trimEnd());
    const words = (hash >= 0 ? raw.slice(0, hash) : raw).trim().split(/\s+/).filter(Boolean);
    if (!words.length) continue;
    const [word] = words;
    const numbers = words.slice(1).map(Number);
    if (word !== "overshoot" && numbers.some((n) => !Number.isSafeInteger(n) || n < 0)) return null;
    if (word === "squares" && numbers.length === 1) model.squares = numbers[0];
    else if (word === "start" && numbers.length === 1) model.start = numbers[0];
    else if (word === "die" && numbers.length === 1) model.die = numbers[0];
    else if (word === "overshoot" && words.length === 2 && ["stay", "bounce", "win"].includes(words[1])) model.overshoot = words[1];
    else if (["ladder", "chute", "snake"].includes(word) && numbers.length === 2) model.jumps.set(numbers[0], numbers[1]);
    else if (["miss", "extra"].includes(word) && numbers.length === 1) model.specials.set(numbers[0], word);
    else return null;
  }
  return model.squares === null ? null : model;
}

/** The board file of the editor's board: comments first, then the statements in order. */
function writeBoard(model) {
  const lines = [...model.comments];
  lines.push(`squares ${model.squares}`, `start ${model.start}`, `overshoot ${model.overshoot}`, `die ${model.die}`);
  const jumps = [...model.jumps].sort((a, b) => (a[1] > a[0]) === (b[1] > b[0]) ? a[0] - b[0] : (a[1] > a[0] ? -1 : 1));
  for (const [from, to] of jumps) lines.push(`${to > from ? "ladder" : "chute"} ${from} ${to}`);
  for (const [square, kind] of [...model.specials].sort((a, b) => a[0] - b[0])) lines.push(`${kind} ${square}`);
  return lines.join("\n") + "\n";
}

/** Row and column (0-based, row 0 on top) of square s: numbered from the bottom left,
 * back and forth. */
function cell(s, width, rows) {
  const index = s - 1;
  const fromBottom = Math.floor(index / width);
  const along = index % width;
  const column = fromBottom % 2 === 0 ? along : width - 1 - along;
  return { row: rows - 1 - fromBottom, column };
}

function drawBoard() {
  const container = $("board");
  container.replaceChildren();
  if (!board) return;
  if (board.squares > MAX_DRAWN) {
    container.style.gridTemplateColumns = "";
    container.append(el("p", { class: "hint", text: `A board of ${board.squares} squares is edited as text (the editor draws up to ${MAX_DRAWN}).` }));
    return;
  }
  const width = board.squares <= 100 ? Math.min(10, board.squares) : Math.ceil(Math.sqrt(board.squares));
  const rows = Math.ceil(board.squares / width);
  container.style.gridTemplateColumns = `repeat(${width}, minmax(0, 1fr))`;
  for (let s = 1; s <= board.squares; s++) {
    const { row, column } = cell(s, width, rows);
    const kind = board.specials.get(s);
    const classes = ["square"];
    if ((row + column) % 2 === 1) classes.push("dark");
    if (kind) classes.push(kind);
    if (s === board.squares) classes.push("goal");
    if (s === board.start) classes.push("start");
    if (s === picked) classes.push("picked");
    const jump = board.jumps.get(s);
    let label = `square ${s}`;
    if (jump !== undefined) label += `, ${jump > s ? "ladder" : "chute"} to ${jump}`;
    if (kind) label += kind === "miss" ? ", miss a turn" : ", extra throw";
    if (s === board.squares) label += ", goal";
    const button = el("button", { type: "button", class: classes.join(" "), "data-square": String(s), "aria-label": label }, el("span", { text: String(s) }));
    button.style.gridRow = String(row + 1);
    button.style.gridColumn = String(column + 1);
    button.addEventListener("click", () => clickSquare(s));
    container.append(button);
  }
  const svg = svgEl("svg", { class: "jumps", viewBox: `0 0 ${width * 10} ${rows * 10}`, preserveAspectRatio: "none", "aria-hidden": "true" });
  const defs = svgEl("defs");
  for (const [id, colour] of [["up", "#1a7f37"], ["down", "#b42318"], ["line", "#1f62c4"]]) {
    const marker = svgEl("marker", { id: `arrow-${id}`, viewBox: "0 0 10 10", refX: "8", refY: "5", markerWidth: "4", markerHeight: "4", orient: "auto-start-reverse" });
    marker.append(svgEl("path", { d: "M0,0 L10,5 L0,10 z", fill: colour }));
    defs.append(marker);
  }
  svg.append(defs);
  const centre = (s) => {
    if (s === 0) return { x: 2, y: rows * 10 + 3 };
    const { row, column } = cell(Math.min(s, board.squares), width, rows);
    return { x: column * 10 + 5, y: row * 10 + 6 };
  };
  if (lastLine && lastLine.path) drawLine(svg, centre, container, width, rows);
  for (const [from, to] of board.jumps) {
    if (from > board.squares || to > board.squares) continue;
    const a = centre(from), b = centre(to);
    const up = to > from;
    svg.append(svgEl("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y, stroke: up ? "#1a7f37" : "#b42318", "stroke-width": "1.6",
      "stroke-opacity": "0.8", "stroke-linecap": "round", "marker-end": `url(#arrow-${up ? "up" : "down"})`, "vector-effect": "non-scaling-stroke" }));
  }
  container.append(svg);
}

/** What each throw of the line is, in order: {from, land, to, throw, turn, kind}, where kind is
 * "extra" for a throw in the same turn as the one before (after an extra-throw square),
 * "after-miss" for the first throw after a skipped turn, and "" otherwise. */
function lineThrows() {
  const throws = [];
  if (!lastLine || !lastLine.path) return throws;
  let square = board ? board.start : 0;
  let before = 0;
  for (const step of lastLine.path) {
    const repeat = step.repeat || 1;
    for (let i = 0; i < repeat; i++) {
      const last = i === repeat - 1;
      const turn = step.turn - (repeat - 1 - i);
      const kind = turn === before ? "extra" : (turn === before + 2 ? "after-miss" : "");
      const land = last ? step.land : square + step.throw;
      throws.push({ from: square, land, to: last ? step.to : land, throw: step.throw, turn, kind });
      square = last ? step.to : land;
      before = turn;
    }
  }
  return throws;
}

/** The fewest-turns line under the jumps: a blue arrow per throw labelled with the face (an
 * extra throw in orange and marked "+", a throw after a missed turn dashed), a band along a
 * jump taken; a throw past the goal under `overshoot bounce` goes to the goal and back. */
function drawLine(svg, centre, container, width, rows) {
  const group = svgEl("g", { class: "line", "aria-hidden": "true" });
  const arrow = (a, b, kind, head) => group.append(svgEl("line", { class: `line-throw ${kind}`.trim(), x1: a.x, y1: a.y, x2: b.x, y2: b.y,
    stroke: kind === "extra" ? "#b76e00" : "#1f62c4", "stroke-width": "2.2", "stroke-opacity": "0.85",
    "stroke-dasharray": kind === "after-miss" ? "4 3" : "none", "marker-end": head ? "url(#arrow-line)" : "none", "vector-effect": "non-scaling-stroke" }));
  for (const t of lineThrows()) {
    if (t.from > board.squares || t.land > board.squares) return;
    const a = centre(t.from), b = centre(t.land);
    let mid;
    if (t.from + t.throw > board.squares && t.land < board.squares) {
      // A bounce: up to the goal, then back.
      const goal = centre(board.squares);
      arrow(a, goal, t.kind, false);
      arrow(goal, b, t.kind, true);
      mid = goal;
    } else {
      arrow(a, b, t.kind, true);
      mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    }
    const label = el("span", { class: `throw-label ${t.kind}`.trim(), "aria-hidden": "true",
      text: t.kind === "extra" ? `+${t.throw}` : String(t.throw) });
    label.style.left = `${(mid.x / (width * 10)) * 100}%`;
    label.style.top = `${(mid.y / (rows * 10)) * 100}%`;
    container.append(label);
    if (t.to !== t.land) {
      const c = centre(t.land), d = centre(t.to);
      group.append(svgEl("line", { class: "line-jump", x1: c.x, y1: c.y, x2: d.x, y2: d.y, stroke: "#1f62c4", "stroke-width": "7",
        "stroke-opacity": "0.3", "stroke-linecap": "round", "vector-effect": "non-scaling-stroke" }));
    }
  }
  svg.append(group);
}

/** The most steps of the line listed in words. */
const MAX_LISTED = 200;

/** The line in words, one item a throw: its turn, the face, where it lands and ends. */
function listLine() {
  const list = $("line-steps");
  list.replaceChildren();
  const throws = lineThrows();
  for (const t of throws.slice(0, MAX_LISTED)) {
    let words = `turn ${t.turn}: throw ${t.throw} to ${t.land}`;
    if (t.to !== t.land) words += `, ${t.to > t.land ? "ladder" : "chute"} to ${t.to}`;
    if (t.kind === "extra") words += " (an extra throw, same turn)";
    if (t.kind === "after-miss") words += ` (after missing turn ${t.turn - 1})`;
    list.append(el("li", { class: t.kind, text: words }));
  }
  if (throws.length > MAX_LISTED) list.append(el("li", { text: `… and ${throws.length - MAX_LISTED} more throws` }));
}

function clickSquare(s) {
  const mode = document.querySelector("input[name=mode]:checked").value;
  if (mode === "special") {
    if (board.jumps.has(s) || [...board.jumps.values()].includes(s)) {
      $("pick-hint").textContent = `Square ${s} starts or ends a jump: a special square cannot.`;
      return;
    }
    const now = board.specials.get(s);
    if (!now) board.specials.set(s, "miss");
    else if (now === "miss") board.specials.set(s, "extra");
    else board.specials.delete(s);
    $("pick-hint").textContent = `Square ${s}: ${board.specials.get(s) || "plain"}.`;
  } else if (picked === null) {
    picked = s;
    $("pick-hint").textContent = `From square ${s}: now pick where the jump ends.`;
    drawBoard();
    focusSquare(s);
    return;
  } else if (picked === s) {
    const removed = board.jumps.delete(s);
    $("pick-hint").textContent = removed ? `The jump from ${s} is removed.` : "Nothing picked.";
    picked = null;
  } else {
    board.jumps.set(picked, s);
    board.specials.delete(picked);
    board.specials.delete(s);
    $("pick-hint").textContent = `${s > picked ? "Ladder" : "Chute"} ${picked} → ${s} added.`;
    picked = null;
  }
  text.value = writeBoard(board);
  lastLine = null;
  drawBoard();
  focusSquare(s);
  analyse();
}

function focusSquare(s) {
  const button = document.querySelector(`#board button[data-square="${s}"]`);
  if (button) button.focus();
}

/** The controls show the board's settings. */
function showSettings() {
  if (!board) return;
  $("squares").value = board.squares;
  $("die").value = board.die;
  $("start").value = board.start;
  $("overshoot").value = board.overshoot;
}

function fromText() {
  const model = readBoard(text.value);
  lastLine = null;
  if (model) {
    board = model;
    picked = null;
    showSettings();
    drawBoard();
  }
  analyse();
}

function fromSettings() {
  if (!board) return;
  const number = (id, fallback) => {
    const value = Number($(id).value);
    return Number.isSafeInteger(value) && value >= 0 ? value : fallback;
  };
  board.squares = Math.max(1, number("squares", board.squares));
  board.die = number("die", board.die);
  board.start = number("start", board.start);
  board.overshoot = $("overshoot").value;
  text.value = writeBoard(board);
  lastLine = null;
  drawBoard();
  analyse();
}

const format = (x) => (x === undefined || x === null ? "–" : String(x));

/** Shows the odds: the figures as the server wrote them (`exact`), arithmetic on `reply`. */
function showOdds(reply, exact) {
  lastOdds = reply.odds;
  lastLine = reply.line || null;
  const line = exact.line;
  $("line-info").textContent = lastLine && lastLine.path
    ? `Fewest turns: ${line.turns} (${line.throws} ${line.throws === "1" ? "throw" : "throws"}), one such line drawn on the board: an orange “+” arrow is an extra throw in the same turn, a dashed arrow follows a missed turn.`
    : `No line drawn: ${reply.line_note || "the engine gave none"}.`;
  listLine();
  // Redrawn with the line; a focused square keeps the focus.
  const focused = document.activeElement && document.activeElement.dataset && document.activeElement.dataset.square;
  drawBoard();
  if (focused) focusSquare(Number(focused));
  const odds = exact.odds;
  $("min-turns").textContent = format(odds.min_turns);
  $("expected-turns").textContent = format(odds.expected_turns);
  $("variance").textContent = format(odds.variance);
  $("median").textContent = format(odds.median);
  const body = $("percentiles").querySelector("tbody");
  body.replaceChildren();
  const entries = Object.entries(odds.percentiles || {});
  body.append(el("tr", {}, el("th", { scope: "row", text: "p" }), ...entries.map(([p]) => el("th", { scope: "col", text: `${p}%` }))));
  body.append(el("tr", {}, el("th", { scope: "row", text: "turns" }), ...entries.map(([, t]) => el("td", { text: t === null ? "–" : String(t) }))));
  $("chart").innerHTML = reply.chart || "<p class=\"hint\">The distribution is beyond the work budget: no chart.</p>";
  $("notes").textContent = (reply.notes || []).join("\n");
  const seats = $("seats").querySelector("tbody");
  seats.replaceChildren();
  const chances = odds.win_probability || [];
  chances.forEach((p, i) => seats.append(el("tr", {}, el("td", { text: String(i + 1) }), el("td", { text: String(p) }))));
  $("rounds").textContent = odds.expected_rounds !== undefined ? `expected rounds: ${odds.expected_rounds}` :
    (odds.players > 1 ? "The race is beyond the work budget." : "One player: the chance is 1.");
}

/** The turn under the pointer: read from the chart's cumulative curve, one point per turn. */
function turnAt(clientX) {
  const svg = $("chart").querySelector("svg");
  if (!svg || !lastOdds || !lastOdds.distribution) return null;
  const curve = [...svg.querySelectorAll("polyline")].find((p) => /#C83C28/i.test(p.getAttribute("stroke") || ""));
  if (!curve) return null;
  const points = curve.getAttribute("points").trim().split(/\s+/).map((p) => Number(p.split(",")[0]));
  if (points.length < 2) return null;
  const box = svg.getBoundingClientRect();
  const scale = svg.viewBox.baseVal.width / box.width;
  const x = (clientX - box.left) * scale;
  // The nearest point: the SVG's points are whole units, so their spacing is not even.
  let t = 0;
  for (let i = 1; i < points.length; i++) if (Math.abs(points[i] - x) < Math.abs(points[t] - x)) t = i;
  return t >= 1 ? t : null;
}

let shownTurn = null;
function showTurn(t) {
  const distribution = lastOdds && lastOdds.distribution;
  if (!distribution || t === null || t < 1 || t > distribution.length) return;
  shownTurn = t;
  let cumulative = 0;
  for (let i = 0; i < t; i++) cumulative += distribution[i];
  $("hover").textContent = `t = ${t}: P(T = ${t}) = ${distribution[t - 1].toPrecision(6)}, P(T ≤ ${t}) = ${Math.min(1, cumulative).toPrecision(6)}`;
}

/** Shows how a job stands: its progress, or its answer. */
function showJob(job, exact, started) {
  const progress = $("progress");
  if (job.state === "running") {
    const p = job.progress || {};
    progress.hidden = false;
    progress.value = p.fraction || 0;
    const what = p.message ? `${p.message} (${Math.round(100 * (p.fraction || 0))}%)` : "solving for the expected turns";
    $("status").textContent = `Computing… ${what}, ${((performance.now() - started) / 1000).toFixed(1)} s`;
    return false;
  }
  progress.hidden = true;
  if (job.state === "done") {
    $("results").hidden = false;
    $("board-error").hidden = true;
    showOdds(job.result, exact.result);
    $("status").textContent = `Done in ${((performance.now() - started) / 1000).toFixed(2)} s.`;
  } else if (job.state === "failed") {
    $("results").hidden = true;
    $("board-error").hidden = false;
    $("board-error").textContent = errorText({ error: job.error });
    offerToDropOffBoard();
    const line = errorLine({ error: job.error });
    $("status").textContent = job.status === 422 ? "The board is not valid: see the message."
      : refusedStatus({ error: job.error }, "The board cannot be answered: see the message.");
    if (line && document.activeElement !== text) markLine(text, line);
  } else if (job.state === "cancelled") {
    $("status").textContent = "Cancelled.";
  } else {
    $("status").textContent = errorText({ error: job.error });
  }
  return true;
}

/** The jumps and special squares of `model` that do not fit its squares: a jump starts in
 * 1..squares-1 and ends in 0..squares, a special square is in 1..squares-1 (as the engine
 * checks them). */
function offBoard(model) {
  const fits = (s) => s >= 1 && s < model.squares;
  return {
    jumps: [...model.jumps].filter(([from, to]) => !fits(from) || to > model.squares).map(([from]) => from),
    specials: [...model.specials.keys()].filter((s) => !fits(s)),
  };
}

/** Under the error of a board whose squares were lowered below some jumps or special squares,
 * a button dropping them (else each such line is deleted by hand). */
function offerToDropOffBoard() {
  const model = readBoard(text.value);
  if (!model) return;
  const off = offBoard(model);
  const count = off.jumps.length + off.specials.length;
  if (!count) return;
  const things = [off.jumps.length && `${off.jumps.length} jump${off.jumps.length === 1 ? "" : "s"}`,
    off.specials.length && `${off.specials.length} special square${off.specials.length === 1 ? "" : "s"}`].filter(Boolean).join(" and ");
  const drop = el("button", { id: "drop-off-board", type: "button", class: "secondary",
    text: `Drop the ${things} that no longer fit ${model.squares} squares` });
  drop.addEventListener("click", () => {
    for (const from of off.jumps) model.jumps.delete(from);
    for (const square of off.specials) model.specials.delete(square);
    text.value = writeBoard(model);
    fromText();
  });
  $("board-error").append(el("div", { class: "row" }, drop));
}

/** Cancels the job being computed, if any (its work stops on the server). */
function cancelRunning() {
  if (!running) return;
  const { controller } = running;
  running = null;
  // The transport cancels the server's job or terminates the worker.
  controller.abort();
  $("cancel").hidden = true;
  $("progress").hidden = true;
  $("results").classList.remove("stale");
  $("results").removeAttribute("aria-busy");
}

async function analyse() {
  cancelRunning();
  const controller = new AbortController();
  const mine = { controller };
  running = mine;
  const started = performance.now();
  $("status").textContent = "Computing…";
  $("cancel").hidden = false;
  // The last board's figures stay, dimmed, until the new ones come.
  $("results").classList.add("stale");
  $("results").setAttribute("aria-busy", "true");
  $("line-info").textContent = "";
  $("line-steps").replaceChildren();
  const players = Number($("players").value);
  const body = { board: text.value };
  if (Number.isInteger(players) && players >= 1) body.players = players;
  try {
    // The transport runs the board as a job (server) or in the worker (static site).
    const onProgress = (progress) => {
      if (running !== mine) return;
      if (progress.job) $("status").dataset.job = progress.job;
      showJob({ state: "running", progress }, null, started);
    };
    const reply = await run("/api/odds", body, { signal: controller.signal, onProgress });
    if (running === mine) {
      const job = reply.ok ? { state: "done", result: reply.data } : { state: "failed", status: reply.status, error: reply.data.error };
      showJob(job, { result: reply.exact }, started);
    }
  } catch (error) {
    // Only a cancel rejects (an engine that cannot run is a failed reply): Cancel said so.
    if (error.name !== "AbortError") throw error;
  } finally {
    if (running === mine) {
      running = null;
      $("cancel").hidden = true;
      $("progress").hidden = true;
      $("results").classList.remove("stale");
      $("results").removeAttribute("aria-busy");
    }
  }
}

const resetBoard = () => loadSample(text, "samples/race.board", fromText);

text.addEventListener("input", debounce(fromText, 300));
for (const id of ["squares", "die", "start"]) $(id).addEventListener("change", fromSettings);
$("overshoot").addEventListener("change", fromSettings);
$("players").addEventListener("change", analyse);
$("reset").addEventListener("click", resetBoard);
$("cancel").addEventListener("click", () => {
  if (!running) return;
  cancelRunning();
  // The figures shown are the last board's, not this one's.
  $("results").classList.add("stale");
  $("status").textContent = "Cancelled: the figures shown (dimmed) are the last board's.";
});
for (const radio of document.querySelectorAll("input[name=mode]")) {
  radio.addEventListener("change", () => { picked = null; drawBoard(); });
}
$("chart").addEventListener("mousemove", (event) => showTurn(turnAt(event.clientX)));
$("chart").addEventListener("keydown", (event) => {
  if (!lastOdds || !lastOdds.distribution) return;
  if (event.key === "ArrowRight") showTurn(Math.min((shownTurn || 0) + 1, lastOdds.distribution.length));
  else if (event.key === "ArrowLeft") showTurn(Math.max((shownTurn || 2) - 1, 1));
  else return;
  event.preventDefault();
});
resetBoard();
