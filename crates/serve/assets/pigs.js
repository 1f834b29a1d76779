// The 猪国杀 replay page: `POST /api/pigs` plays the game in the server (the engine's events,
// each with the state of the pigs it changed); this page only shows them, one position at a
// time, and `POST /api/pigs/compare` compares another program's output with tabletop's.
"use strict";

const $ = (id) => document.getElementById(id);
const text = $("pigs-text");
const CARD_NAMES = { P: "peach", K: "kill", D: "dodge", F: "duel", N: "invasion", W: "arrows", J: "nullify", Z: "crossbow" };

/** The replay answered, and the pigs at every position (0: the start; k: after step k). */
let replay = null;
let states = [];
let position = 0;
/** The input the shown replay was made from (the comparison uses the same). */
let replayedText = "";
/** Replays asked for: an answer to an earlier one than the last is dropped. */
let asked = 0;

function showError(data) {
  $("pigs-error").hidden = false;
  $("pigs-error").textContent = errorText(data);
  const line = errorLine(data);
  if (line) markLine(text, line);
}

/** Nothing of the last game stays on screen once an input is refused. */
function clearReplay() {
  replay = null;
  states = [];
  replayedText = "";
  $("seats").replaceChildren();
  $("where").textContent = "";
  $("event").textContent = "";
  $("deck").textContent = "";
  $("turn-log").replaceChildren();
  $("turn-log").hidden = $("log-title").hidden = true;
  $("end").hidden = true;
  $("output").textContent = "";
  $("difference").replaceChildren();
  $("position").max = "0";
  $("position").value = "0";
  for (const id of ["first", "back", "forward", "last"]) $(id).disabled = true;
}

async function start() {
  $("status").textContent = "Playing the game…";
  const sent = text.value;
  const mine = ++asked;
  const reply = await api("/api/pigs", { text: sent });
  if (mine !== asked) return;
  if (!reply.ok) {
    showError(reply.data);
    $("status").textContent = refusedStatus(reply.data, "The input is not valid: see the message.");
    clearReplay();
    return;
  }
  $("pigs-error").hidden = true;
  replay = reply.data;
  replayedText = sent;
  states = [replay.pigs];
  for (const step of replay.steps) {
    const next = states[states.length - 1].slice();
    for (const change of step.changed) next[change.pig] = change.state;
    states.push(next);
  }
  const turns = replay.steps.length ? replay.steps[replay.steps.length - 1].turn : 0;
  let status = `${replay.steps.length} events in ${turns} turns.`;
  if (!replay.complete) {
    status += ` The replay stops there: it holds at most ${replay.limits.steps} events and ${replay.limits.cards} cards in its hands; the end is the whole game's.`;
  }
  if (replay.never_ends) status += " This game never ends (see the end).";
  $("status").textContent = [status, ...replay.notes].join(" ");
  $("position").max = String(replay.steps.length);
  $("difference").replaceChildren();
  show(0);
}

function roleOf(pig) {
  return pig.revealed || $("show-all").checked ? pig.role : "?";
}

function seat(pig, k, turn, changed) {
  const role = roleOf(pig);
  const box = el("article", { class: `seat${pig.dead ? " dead" : ""}${turn ? " turn" : ""}${changed ? " changed" : ""}`,
    "aria-label": `pig ${k + 1}`, "data-pig": String(k + 1) });
  const known = role !== "?";
  box.append(el("h3", {}, el("span", { text: `Pig ${k + 1}${turn ? " · to play" : ""}` }),
    el("span", { class: `role ${known ? role : "hidden"}`, "data-role": "", text: known ? role : "?",
      title: known ? (pig.revealed ? "revealed" : "hidden at the table, shown by the toggle") : "not revealed yet" })));
  const hp = el("div", { class: "hp", "data-hp": String(pig.hp) });
  if (pig.dead) {
    hp.append("DEAD");
  } else {
    for (let h = 0; h < 4; h++) hp.append(el("span", { class: h < pig.hp ? "heart" : "empty", "aria-hidden": "true", text: h < pig.hp ? "♥" : "♡" }));
    hp.append(` ${pig.hp} HP`);
  }
  box.append(hp);
  // A dead pig's cards no longer count: DEAD (above, as the judge prints it) and no hand.
  if (pig.dead) return box;
  box.append(handOf(pig, k));
  const notes = [pig.equipped ? "equipped: Z (crossbow)" : "no equipment"];
  if (pig.similar && !pig.jumped) notes.push("the MP suspects it (similar-to-rebel)");
  box.append(el("p", { class: "meta", "data-equipment": "", text: notes.join(" · ") }));
  return box;
}

/** A living pig's hand, card by card (the first 60). */
function handOf(pig, k) {
  const hand = el("div", { class: "hand", "aria-label": `hand of pig ${k + 1}: ${pig.hand || "empty"}`, "data-hand": pig.hand });
  const cards = pig.hand ? pig.hand.split(" ") : [];
  const shownCards = cards.slice(0, 60);
  for (const card of shownCards) hand.append(el("span", { class: "card", title: CARD_NAMES[card] || card, text: card }));
  if (cards.length > shownCards.length) hand.append(el("span", { class: "meta", text: `… ${cards.length} cards in all` }));
  if (!cards.length) hand.append(el("span", { class: "meta", text: "no cards" }));
  return hand;
}

/** Shows position `k`: the state after k events. */
function show(k) {
  if (!replay) return;
  position = Math.max(0, Math.min(k, replay.steps.length));
  $("position").value = String(position);
  const step = position > 0 ? replay.steps[position - 1] : null;
  const masked = !$("show-all").checked;
  const line = (s) => (masked ? s.masked : s.text);
  $("where").textContent = `event ${position} of ${replay.steps.length}${step ? ` · turn ${step.turn}` : " · before the first turn"}`;
  $("event").textContent = step ? line(step).trim() : "The game is about to start: pig 1, the MP, plays first.";
  const pigs = states[position];
  const current = step ? step.current : 0;
  const changed = new Set(step ? step.changed.map((c) => c.pig) : []);
  $("seats").replaceChildren(...pigs.map((pig, i) => seat(pig, i, !pig.dead && i === current, changed.has(i))));
  const drawn = step ? step.drawn : 0;
  const deck = replay.deck;
  if (drawn < deck.length) {
    const next = deck.slice(drawn, drawn + 8).join(" ");
    $("deck").textContent = `Deck: ${deck.length - drawn} of ${deck.length} cards left; top first: ${next}${deck.length - drawn > 8 ? " …" : ""}`;
  } else {
    $("deck").textContent = `Deck: used up; every draw repeats its last card, ${deck[deck.length - 1]}`;
  }
  const log = $("turn-log");
  log.replaceChildren();
  if (step) {
    let first = position - 1;
    while (first > 0 && replay.steps[first - 1].turn === step.turn) first--;
    for (let i = first; i < position; i++) {
      const item = el("li", { value: String(i + 1), text: line(replay.steps[i]) });
      if (i === position - 1) item.setAttribute("aria-current", "step");
      log.append(item);
    }
    log.scrollTop = log.scrollHeight;
  }
  log.hidden = $("log-title").hidden = !step;
  const atEnd = position === replay.steps.length;
  $("end").hidden = !atEnd;
  if (atEnd) {
    const cut = replay.complete ? "" : " (of the whole game: the replay stops before its end)";
    $("end-title").textContent = (replay.never_ends ? "This game never ends" : "Judge output") + cut;
    $("output").textContent = replay.never_ends ? replay.never_ends : replay.output;
  }
  $("first").disabled = $("back").disabled = position === 0;
  $("forward").disabled = $("last").disabled = atEnd;
}

async function compare() {
  const target = $("difference");
  target.replaceChildren(el("p", { class: "status", text: "Comparing…" }));
  const reply = await api("/api/pigs/compare", { text: replayedText || text.value, output: $("other-output").value });
  if (!reply.ok) {
    target.replaceChildren(el("div", { class: "error", text: errorText(reply.data) }));
    return;
  }
  const answer = reply.data;
  if (answer.same) {
    target.replaceChildren(el("p", { class: "same", text: "Same as tabletop's output." }));
    return;
  }
  const d = answer.difference;
  const shown = (s, ended) => (s === null ? ended : `“${s}”`);
  target.replaceChildren(
    el("p", { class: "differs", "data-line": String(d.line), text: `First difference at line ${d.line}` }),
    el("dl", { class: "figures" },
      el("dt", { text: "tabletop" }), el("dd", { class: "line", "data-expected": "", text: shown(d.expected, "(its output has ended)") }),
      el("dt", { text: "the other" }), el("dd", { class: "line", "data-actual": "", text: shown(d.actual, "(its output has ended)") })),
    el("p", { class: "hint", text: answer.story.replace(/^--- the story: /, "Where to look: ") }),
  );
}

const load = (path) => loadSample(text, path, start);

$("replay").addEventListener("click", start);
$("sample").addEventListener("click", () => load("samples/pigs.txt"));
$("sample-more").addEventListener("click", () => load("samples/pigs-more.txt"));
loadPickedFile($("file"), text, start);
$("first").addEventListener("click", () => show(0));
$("back").addEventListener("click", () => show(position - 1));
$("forward").addEventListener("click", () => show(position + 1));
$("last").addEventListener("click", () => show(Infinity));
$("position").addEventListener("input", () => show(Number($("position").value)));
$("show-all").addEventListener("change", () => show(position));
$("compare").addEventListener("click", compare);
document.addEventListener("keydown", (event) => {
  // Arrows belong to the text boxes and the slider while they have the focus.
  const tag = event.target.tagName;
  if (tag === "TEXTAREA" || (tag === "INPUT" && event.target.type !== "checkbox") || event.altKey || event.ctrlKey || event.metaKey) return;
  const moves = { ArrowRight: position + 1, ArrowLeft: position - 1, Home: 0, End: Infinity };
  if (event.key in moves && replay) {
    event.preventDefault();
    show(moves[event.key]);
  }
});
load("samples/pigs.txt");
