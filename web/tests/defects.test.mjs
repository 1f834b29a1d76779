// The page defects a new user met, each driven as a user would (typing, clicking, reading the
// page) and compared with the command line's answer. Imported by pages.test.mjs.
//
// Environment: as harness.mjs (run.sh sets it).
import { test } from "node:test";
import assert from "node:assert/strict";
import { cli, noOverflow, open, PHONE, pageFile, run, shoot } from "./harness.mjs";

/** The pages in the order every navigation bar lists them, with the 猪国杀 link's Latin text. */
const NAVIGATION = ["Race board", "Snakes", "Game graph", "猪国杀 (Pig Kingdom Kill)", "Octal"];

test("every page lists the pages in the start page's order, 猪国杀 with its Latin name", async () => {
  for (const route of ["/", "/race", "/snakes", "/graph", "/pigs", "/octal"]) {
    const { page, errors, close } = await open(route);
    assert.deepEqual(await page.locator("header nav a").allTextContents(), NAVIGATION, route);
    assert.deepEqual(errors, [], route);
    await close();
  }
  const { page, close } = await open("/");
  const cards = await page.locator(".cards h2 a").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
  assert.deepEqual(cards, ["/race", "/snakes", "/graph", "/pigs", "/octal"].map(pageFile));
  await close();
});

for (const [screen, viewport] of [["a desktop", { width: 1280, height: 800 }], ["a phone", PHONE]]) test(`race board: the chart's axis, legend and mark text is at least 11 px on ${screen}`, async () => {
  const { page, errors, close } = await open("/race", viewport);
  await page.locator("#chart svg").waitFor();
  const sizes = await page.locator("#chart svg").evaluate((svg) => {
    const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    return [...svg.querySelectorAll("text")].map((t) => ({ text: t.textContent, px: Number(t.getAttribute("font-size")) * scale }));
  });
  assert.ok(sizes.length > 20, `${sizes.length} texts`);
  const small = sizes.filter((s) => s.px < 11);
  assert.deepEqual(small, [], "every text of the chart is readable");
  await shoot(page, `race-chart-text-${viewport.width}`);
  await noOverflow(page);
  assert.deepEqual(errors, []);
  await close();
});

test("race board: lowering Squares below some jumps offers to drop them, and the odds follow", async () => {
  const { page, errors, close } = await open("/race");
  await page.locator("#expected-turns").filter({ hasText: /\d/ }).waitFor();
  await page.fill("#squares", "30");
  await page.press("#squares", "Tab");
  const drop = page.locator("#board-error #drop-off-board");
  await drop.waitFor();
  const before = await page.locator("#board-text").inputValue();
  const fit = (line) => {
    const [word, ...numbers] = line.trim().split(/\s+/);
    const [a, b] = numbers.map(Number);
    if (word === "ladder" || word === "chute") return a >= 1 && a < 30 && b <= 30;
    if (word === "miss" || word === "extra") return a >= 1 && a < 30;
    return true;
  };
  const dropped = before.split("\n").filter((line) => line.trim() && !fit(line));
  assert.ok(dropped.length >= 10, `${dropped.length} lines no longer fit`);
  assert.match(await drop.textContent(), new RegExp(`^Drop the ${dropped.length} jumps that no longer fit 30 squares$`));
  await shoot(page, "race-drop-jumps");
  await drop.click();
  await page.locator("#board-error").waitFor({ state: "hidden" });
  const after = await page.locator("#board-text").inputValue();
  assert.deepEqual(after.split("\n").filter((line) => line.trim() && !fit(line)), []);
  assert.ok(after.split("\n").filter((line) => /^(ladder|chute)/.test(line)).length > 0, "the jumps that fit stay");
  const expected = /expected turns: (\S+)/.exec(cli(["odds"], after))[1];
  await page.locator("#expected-turns").filter({ hasText: new RegExp(`^${expected.replace(/\./g, "\\.")}$`) }).waitFor();
  assert.ok(await page.locator("#results").isVisible());
  assert.deepEqual(errors, []);
  await close();
});

/** Types `input` into the snakes page and answers it: the rows of the answers table. */
async function answerSnakes(page, input) {
  await page.fill("#snakes-text", input);
  await page.click("#answer");
  await page.locator("#status").filter({ hasText: "answered" }).waitFor();
  return page.locator("#boards tbody tr");
}

/** One optimal line as the snakes page words it, from the CLI's JSON (exact: BigInt). */
function snakesLine(json) {
  const board = JSON.parse(json.replace(/(?<=[:\[,])(\d+)(?=[,\]}])/g, '"$1"'));
  return board.path.map((s) => {
    const [to, land] = [BigInt(s.to), BigInt(s.land)];
    const jump = to === land ? "" : to > land ? ` ↑ ${s.to}` : ` ↓ ${s.to}`;
    return `${s.throw}${s.repeat ? ` ×${s.repeat}` : ""} → ${s.land}${jump}`;
  }).join(", ");
}

test("snakes: numbers above 2^53 are shown digit for digit as the CLI prints them", async () => {
  const { page, errors, close } = await open("/snakes");
  await page.locator("#boards tbody tr").first().waitFor();
  for (const [input, shown] of [
    ["1000000000 0 1\n2 999999999999999999\n", "1 → 2 ↑ 999999999999999999, 1 → 1000000000000000000"],
    ["1000000000 0 0\n", "6 ×166666666666666666 → 999999999999999997, 3 → 1000000000000000000"],
  ]) {
    await page.fill("#snakes-text", "6 1 0\n25 35\n");
    await page.click("#answer");
    await page.locator("#snakes-error").filter({ hasText: "input:2:1" }).waitFor();
    const rows = await answerSnakes(page, input);
    assert.equal(await rows.count(), 1);
    const line = await page.locator("#boards td.line").textContent();
    assert.equal(line, snakesLine(cli(["snakes", "--json"], input).trim()));
    assert.equal(line, shown);
    assert.equal(await page.locator("#boards td.throws").textContent(), cli(["snakes"], input).trim());
    assert.equal(await page.locator("#output").textContent(), cli(["snakes"], input));
  }
  await shoot(page, "snakes-exact");
  assert.deepEqual(errors, []);
  await close();
});

test("snakes: after a bad input nothing of the last answer stays", async () => {
  const { page, errors, close } = await open("/snakes");
  await page.locator("#drawing svg").waitFor();
  await page.fill("#snakes-text", "6 1 0\n25 35\n");
  await page.click("#answer");
  await page.locator("#snakes-error").filter({ hasText: "input:2:1" }).waitFor();
  assert.equal(await page.locator("#boards tbody tr").count(), 0);
  assert.equal(await page.locator("#output").textContent(), "");
  assert.equal(await page.locator("#notes").textContent(), "");
  assert.equal(await page.locator("#drawing svg").count(), 0);
  assert.deepEqual(errors, []);
  await close();
});

test("octal: a code refused after another leaves none of the other's figures", async () => {
  const { page, errors, close } = await open("/octal");
  await page.locator("#answer-move").filter({ hasText: /heap/ }).waitFor();
  await page.fill("#code", "0.6");
  await page.fill("#heaps", "100000");
  await page.press("#heaps", "Enter");
  await page.locator("#octal-error").filter({ hasText: "100000" }).waitFor();
  for (const id of ["period", "counts", "cli-command", "cli-output", "answer-outcome", "answer-move", "table-note"]) {
    assert.equal(await page.locator(`#${id}`).textContent(), "", `#${id} is cleared`);
  }
  assert.equal(await page.locator("#values td").count(), 0);
  // A blank sum is refused where the command line refuses it.
  await page.fill("#heaps", "40");
  await page.fill("#query", "");
  await page.press("#query", "Enter");
  const refused = run(["octal", "0.6", "--heaps", "40", "--query", ""]);
  assert.equal(refused.status, 2);
  const where = /^error: <query>:(\d+:\d+):/.exec(refused.stderr)[1];
  await page.locator("#query-error").filter({ hasText: `query:${where}` }).waitFor();
  assert.equal(await page.locator("#values td").count(), 0);
  await shoot(page, "octal-error");
  assert.deepEqual(errors, []);
  await close();
});

test("race board: after a bad board the figures are hidden", async () => {
  const { page, errors, close } = await open("/race");
  await page.locator("#expected-turns").filter({ hasText: /\d/ }).waitFor();
  await page.fill("#board-text", "squares 10\nladder 3 11\n");
  await page.locator("#board-error").filter({ hasText: "input:2:" }).waitFor();
  assert.ok(await page.locator("#results").isHidden());
  assert.equal(await page.locator("#line-steps li").count(), 0);
  assert.deepEqual(errors, []);
  await close();
});

test("game graph: after a bad input nothing of the last answer stays", async () => {
  const { page, errors, close } = await open("/graph");
  await page.locator('#drawing[data-drawn="1:1"] svg').waitFor();
  await page.fill("#graph-text", "2\n1 5\n0\n1 1\n");
  await page.click("#analyse");
  await page.locator("#graph-error").filter({ hasText: "input:2:3" }).waitFor();
  assert.equal(await page.locator("#queries tbody tr").count(), 0);
  assert.equal(await page.locator("#case option").count(), 0);
  assert.equal(await page.locator("#drawing svg").count(), 0);
  assert.ok(await page.locator("#play").isDisabled());
  assert.deepEqual(errors, []);
  await close();
});

test("猪国杀: a dead pig shows DEAD once and no hand; a bad input clears the replay", async () => {
  const { page, errors, close } = await open("/pigs");
  await page.locator("#seats .seat").first().waitFor();
  await page.click("#last");
  const dead = page.locator("#seats .seat.dead");
  assert.ok(await dead.count() > 0, "the sample's game ends with a dead pig");
  for (const seat of await dead.all()) {
    assert.equal((await seat.textContent()).match(/DEAD/g).length, 1);
    assert.equal(await seat.locator(".hand, .card").count(), 0);
  }
  // The judge's output says DEAD for the same pigs.
  const output = cli(["pigs"], await page.locator("#pigs-text").inputValue()).trimEnd().split("\n").slice(1);
  const shown = await page.locator("#seats .seat").evaluateAll((seats) => seats.map((s) => s.classList.contains("dead")));
  assert.deepEqual(shown, output.map((line) => line === "DEAD"));
  await shoot(page, "pigs-dead");
  await page.fill("#pigs-text", "3 10\nMP D D F F\n");
  await page.click("#replay");
  await page.locator("#pigs-error").filter({ hasText: "input:" }).waitFor();
  assert.equal(await page.locator("#seats .seat").count(), 0);
  assert.ok(await page.locator("#end").isHidden());
  assert.ok(await page.locator("#forward").isDisabled());
  assert.deepEqual(errors, []);
  await close();
});

test("game graph: a position and a move added by clicking edit the text, answered as the CLI answers it", async () => {
  const { page, errors, close } = await open("/graph");
  await page.locator('#drawing[data-drawn="1:1"] svg').waitFor();
  // The second test case: the edit goes to the case shown.
  await page.selectOption("#case", "1");
  await page.locator('#drawing[data-drawn="2:1"] svg').waitFor();
  const before = await page.locator("#graph-text").inputValue();
  const positions = await page.locator("#drawing svg g.node").count();
  await page.click("#add-position");
  await page.locator(`#drawing[data-drawn="2:1"] svg g.node[data-position="${positions}"]`).waitFor();
  const added = await page.locator("#graph-text").inputValue();
  assert.notEqual(added, before);
  assert.equal(cli(["grundy", "--values"], added).trim().split("\n")[1].split(/\s+/).length, positions + 1);
  // A move from the new position to position 0: two clicks on the drawing.
  await page.check("#add-moves");
  await page.click(`#drawing svg g.node[data-position="${positions}"]`);
  await page.locator(`#drawing svg g.node.picked[data-position="${positions}"]`).waitFor();
  await page.click('#drawing svg g.node[data-position="0"]');
  await page.locator(`#drawing[data-drawn="2:1"] svg path.edge[data-from="${positions}"][data-to="0"]`).waitFor();
  const moved = await page.locator("#graph-text").inputValue();
  // Every answer and value shown is the CLI's for the edited text, and the first case is as it was.
  const answers = cli(["grundy"], moved).trim().split("\n");
  const answersBefore = cli(["grundy"], before).trim().split("\n");
  const shown = await page.locator("#queries tbody td:nth-child(3)").allTextContents();
  const firstCount = answers.length - shown.length;
  assert.deepEqual(shown, answers.slice(firstCount));
  assert.deepEqual(answers.slice(0, firstCount), answersBefore.slice(0, firstCount));
  const values = cli(["grundy", "--values"], moved).trim().split("\n")[1].split(/\s+/);
  const drawnValues = await page.locator("#drawing svg .node text.value").allTextContents();
  assert.deepEqual(drawnValues.map((v) => v.split(" ")[0]), values);
  assert.equal(values[positions], "1", "the new position moves to a 0 position");
  // The same move again is refused, and the text does not change.
  await page.click(`#drawing svg g.node[data-position="${positions}"]`);
  await page.click('#drawing svg g.node[data-position="0"]');
  await page.locator("#edit-status").filter({ hasText: "there already" }).waitFor();
  assert.equal(await page.locator("#drawing svg g.node.picked").count(), 0, "no position stays picked");
  assert.equal(await page.locator("#graph-text").inputValue(), moved);
  await shoot(page, "graph-edited");
  assert.deepEqual(errors, []);
  await close();
});
