// End-to-end tests of the 猪国杀 replay, snakes and octal pages of `tabletop serve` in headless
// Chromium: each page is used as a person would use it (keyboard and clicks), and what it
// shows is compared with the command line's answer from the same build.
//
// Environment: as harness.mjs (run.sh sets it).
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PHONE, cli, noOverflow, open, pageFile, run, shoot } from "./harness.mjs";

const fixtures = path.resolve(import.meta.dirname, "../../fixtures");
const NEVER = "2 1\nMP D D D D\nFP D D D D\nD\n";

const fixture = (name) => readFileSync(path.join(fixtures, name), "utf8");

test("the start page links the three pages and shows their samples", async () => {
  const { page, errors, close } = await open("/");
  for (const link of ["/snakes", "/pigs", "/octal"].map(pageFile)) assert.ok(await page.locator(`main a[href="${link}"]`).count(), link);
  await page.waitForFunction(() => document.getElementById("snakes-sample").textContent.startsWith("6 1 3"));
  await page.waitForFunction(() => document.getElementById("pigs-sample").textContent.includes("MP D D F F"));
  assert.match(await page.locator("#octal-sample").textContent(), /0\.77/);
  await page.click(`main a[href="${pageFile("/pigs")}"]`);
  await page.waitForURL(/\/pigs(\.html)?$/);
  assert.deepEqual(errors, []);
  await close();
});

/** The shown replay's position, `event k of n`. */
async function where(page) {
  const [, k, n] = /event (\d+) of (\d+)/.exec(await page.locator("#where").textContent());
  return [Number(k), Number(n)];
}

test("猪国杀: stepping through the sample shows the CLI's trace, then the CLI's output", async () => {
  const { page, errors, close } = await open("/pigs");
  const text = fixture("pigs/spec-sample.in");
  await page.locator("#where").filter({ hasText: /of [1-9]/ }).waitFor();
  await page.fill("#pigs-text", text);
  await page.click("#replay");
  await page.locator("#status").filter({ hasText: "events in" }).waitFor();
  await page.locator("#where").filter({ hasText: "event 0 of" }).waitFor();
  const { stdout, stderr: trace } = run(["pigs", "--trace"], text);
  const lines = trace.trimEnd().split("\n");
  const [, total] = await where(page);
  // Identities are hidden until revealed; the toggle shows them.
  const role = (pig) => page.locator(`#seats [data-pig="${pig}"] .role`).textContent();
  assert.deepEqual([await role(1), await role(2), await role(3)], ["MP", "?", "?"]);
  await page.check("#show-all");
  assert.deepEqual([await role(1), await role(2), await role(3)], ["MP", "ZP", "FP"]);
  await shoot(page, "pigs-start");
  // Forward with the keyboard, one event at a time: each shown line is the trace's next.
  await page.locator("#forward").focus();
  const shown = [];
  for (let k = 1; k <= total; k++) {
    await page.keyboard.press("ArrowRight");
    await page.locator("#where").filter({ hasText: `event ${k} of` }).waitFor();
    shown.push(await page.locator("#turn-log li[aria-current]").textContent());
    assert.equal(await page.locator("#event").textContent(), shown[shown.length - 1].trim());
  }
  // The trace groups a card's effects under it; the page shows one event at a time, so
  // every trace line but the turn headers' own is one event.
  assert.deepEqual(shown, lines);
  assert.equal(await page.locator("#output").textContent(), stdout);
  // The hands shown at the end are the output's lines.
  const ends = await page.locator("#seats .seat").evaluateAll((seats) => seats.map((s) =>
    (s.classList.contains("dead") ? "DEAD" : s.querySelector(".hand").dataset.hand)));
  assert.deepEqual(ends, stdout.trimEnd().split("\n").slice(1));
  await shoot(page, "pigs-end");
  // Back with the button and the keyboard, and to the start with Home.
  await page.click("#back");
  await page.locator("#where").filter({ hasText: `event ${total - 1} of` }).waitFor();
  assert.ok(await page.locator("#end").isHidden(), "the output is shown at the end only");
  await page.keyboard.press("ArrowLeft");
  await page.locator("#where").filter({ hasText: `event ${total - 2} of` }).waitFor();
  await page.keyboard.press("Home");
  await page.locator("#where").filter({ hasText: "event 0 of" }).waitFor();
  assert.equal(await page.locator('#seats [data-pig="1"] .hp').getAttribute("data-hp"), "4");
  await page.keyboard.press("End");
  await page.locator("#where").filter({ hasText: `event ${total} of` }).waitFor();
  assert.equal(await page.locator("#output").textContent(), stdout);
  assert.deepEqual(errors, []);
  await close();
});

test("猪国杀: a 4-pig game steps to the CLI's output; hidden roles stay hidden in the events", async () => {
  const { page, errors, close } = await open("/pigs");
  await page.locator("#where").filter({ hasText: /of [1-9]/ }).waitFor();
  await page.click("#sample-more");
  const text = fixture("pigs/spec-e10-n-goes-on-after-mp-kills-zp.in");
  await page.waitForFunction((t) => document.getElementById("pigs-text").value === t, text);
  await page.locator("#seats .seat").nth(3).waitFor();
  const [, total] = await where(page);
  const { stdout } = run(["pigs"], text);
  // The second event: pig 1 (MP) uses N; pig 2 (unrevealed ZP) has no K.
  await page.click("#forward");
  await page.click("#forward");
  await page.click("#forward");
  assert.match(await page.locator("#turn-log li[aria-current]").textContent(), /^ {4}pig 2 \(\?\) has no K: loses 1 HP to pig 1 \(MP\) -> 3 HP$/);
  assert.equal(await page.locator('#seats [data-pig="2"] .hp').getAttribute("data-hp"), "3");
  await page.click("#last");
  await page.locator("#where").filter({ hasText: `event ${total} of` }).waitFor();
  assert.equal(await page.locator("#output").textContent(), stdout);
  // Dead pigs are revealed.
  assert.equal(await page.locator('#seats [data-pig="2"] .role').textContent(), "ZP");
  assert.deepEqual(errors, []);
  await close();
});

test("猪国杀: another program's output shows the first line where it differs", async () => {
  const { page, errors, close } = await open("/pigs");
  await page.locator("#where").filter({ hasText: /of [1-9]/ }).waitFor();
  const expected = run(["pigs"], fixture("pigs/spec-sample.in")).stdout.split("\n");
  const wrong = [...expected];
  wrong[2] = "J J";
  await page.fill("#other-output", wrong.join("\n"));
  await page.click("#compare");
  await page.locator("#difference .differs").waitFor();
  assert.equal(await page.locator("#difference .differs").textContent(), "First difference at line 3");
  assert.equal(await page.locator("#difference [data-expected]").textContent(), `“${expected[2]}”`);
  assert.equal(await page.locator("#difference [data-actual]").textContent(), "“J J”");
  assert.match(await page.locator("#difference .hint").textContent(), /pig 2 \(ZP\)/);
  await shoot(page, "pigs-compare");
  // The right output, with trailing spaces a judge ignores, is the same.
  await page.fill("#other-output", expected.map((l) => `${l}  `).join("\n"));
  await page.click("#compare");
  await page.locator("#difference .same").waitFor();
  assert.deepEqual(errors, []);
  await close();
});

test("猪国杀: a game that never ends says so at the end; a bad input shows the located message", async () => {
  const { page, errors, close } = await open("/pigs");
  await page.locator("#where").filter({ hasText: /of [1-9]/ }).waitFor();
  await page.fill("#pigs-text", NEVER);
  await page.click("#replay");
  await page.locator("#status").filter({ hasText: "never ends" }).waitFor();
  await page.keyboard.press("End");
  await page.locator("#end-title").filter({ hasText: "never ends" }).waitFor();
  const cliError = run(["pigs"], NEVER).stderr;
  assert.equal(`${await page.locator("#output").textContent()}\n`, cliError.replaceAll("<stdin>", "input"));
  await page.fill("#pigs-text", "2 1\nMP D D D\n");
  await page.click("#replay");
  await page.locator("#pigs-error").filter({ hasText: "input:" }).waitFor();
  assert.deepEqual(errors, []);
  await close();
});

test("猪国杀 at a phone's width", async () => {
  const { page, errors, close } = await open("/pigs", PHONE);
  await page.locator("#where").filter({ hasText: /of [1-9]/ }).waitFor();
  for (let k = 0; k < 12; k++) await page.click("#forward");
  await shoot(page, "pigs-phone");
  await noOverflow(page);
  assert.deepEqual(errors, []);
  await close();
});

/** The text of an SVG document (its labels and numbers), whitespace collapsed. */
const svgText = (page, svg) => page.evaluate((source) => new DOMParser().parseFromString(source, "image/svg+xml")
  .documentElement.textContent.replace(/\s+/g, " ").trim(), svg);

test("snakes: each board's answer is the CLI's; the chosen board is the CLI's drawing", async () => {
  const { page, errors, close } = await open("/snakes");
  await page.locator("#boards tbody tr").first().waitFor();
  assert.equal(await page.locator("#output").textContent(), cli(["snakes"], fixture("snakes/sample.in")));
  await page.click("#sample-more");
  const text = fixture("snakes/greedy-six-wrong.in");
  await page.locator("#boards tbody tr").nth(3).waitFor();
  const answers = cli(["snakes"], text);
  assert.deepEqual(await page.locator("#boards td.throws").allTextContents(), answers.trimEnd().split("\n"));
  assert.equal(await page.locator("#output").textContent(), answers);
  // The optimal line of board 3 as the CLI's JSON has it.
  const third = JSON.parse(cli(["snakes", "--json"], text).trimEnd().split("\n")[2]);
  const line = third.path.map((s) => `${s.throw} → ${s.land}${s.to > s.land ? ` ↑ ${s.to}` : s.to < s.land ? ` ↓ ${s.to}` : ""}`).join(", ");
  assert.equal(await page.locator('#boards tr[data-case="3"] td.line').textContent(), line);
  await page.locator('#boards button[data-case="3"]').focus();
  await page.keyboard.press("Enter");
  await page.locator("#drawn-case").filter({ hasText: "3" }).waitFor();
  const dir = mkdtempSync(path.join(tmpdir(), "tabletop-snakes-"));
  try {
    const file = path.join(dir, "board.svg");
    run(["snakes", "--case", "3", "--svg", file], text);
    const expected = await svgText(page, readFileSync(file, "utf8"));
    const shown = await page.locator("#drawing svg").evaluate((svg) => svg.textContent.replace(/\s+/g, " ").trim());
    assert.equal(shown, expected);
    assert.ok(expected.length > 10);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  assert.equal(await page.locator('#boards tr[aria-current]').getAttribute("data-case"), "3");
  await shoot(page, "snakes");
  // A bad board: the located message, the last answers gone.
  await page.fill("#snakes-text", "6 1 0\n25 35\n");
  await page.click("#answer");
  await page.locator("#snakes-error").filter({ hasText: "input:2:1" }).waitFor();
  assert.equal(await page.locator("#boards tbody tr").count(), 0);
  assert.deepEqual(errors, []);
  await close();
});

test("snakes: a judge file loaded from disk is answered", async () => {
  const { page, errors, close } = await open("/snakes");
  await page.locator("#boards tbody tr").first().waitFor();
  const file = path.join(fixtures, "snakes/pairs-share-lines.in");
  await page.setInputFiles("#file", file);
  const answers = cli(["snakes"], readFileSync(file, "utf8"));
  await page.locator("#output").filter({ hasText: answers.trimEnd() }).waitFor();
  assert.equal(await page.locator("#output").textContent(), answers);
  // A text box keeps line ends as LF (this file has a CRLF): the answers are the same.
  assert.equal(await page.locator("#snakes-text").inputValue(), readFileSync(file, "utf8").replaceAll("\r\n", "\n"));
  assert.deepEqual(errors, []);
  await close();
});

test("snakes at a phone's width", async () => {
  const { page, errors, close } = await open("/snakes", PHONE);
  await page.locator("#drawing svg").waitFor();
  await shoot(page, "snakes-phone");
  await noOverflow(page);
  assert.deepEqual(errors, []);
  await close();
});

test("octal: the values, period and counts are the CLI's; a sum's winning move too", async () => {
  const { page, errors, close } = await open("/octal");
  await page.locator("#period").filter({ hasText: /period/ }).waitFor();
  const check = async (code, heaps) => {
    const output = cli(["octal", code, "--heaps", String(heaps), "--period"]);
    await page.locator("#cli-output").filter({ hasText: output.split("\n")[1] }).waitFor();
    assert.equal(await page.locator("#cli-output").textContent(), output);
    assert.equal(await page.locator("#period").textContent(), output.split("\n")[1]);
    const stats = run(["octal", code, "--heaps", String(heaps), "--stats"]).stderr;
    // The CLI's --stats lines but the first (its time differs from run to run).
    const counts = await page.locator("#counts div").allTextContents();
    assert.deepEqual(counts, stats.trimEnd().split("\n").slice(1));
    assert.ok(counts.some((line) => line.startsWith("rare mask") || line.startsWith("no rare mask")), counts.join("\n"));
    const values = output.split("\n")[0].split(" ");
    const cells = await page.locator("#values td").allTextContents();
    assert.deepEqual(cells, values.slice(0, cells.length));
    const period = /period (\d+) preperiod (\d+)/.exec(output);
    if (period) {
      assert.equal(await page.locator("#values td.pre").count(), Number(period[2]));
      assert.equal(await page.locator("#values td.first").count(), Number(period[1]));
    }
  };
  await check("0.77", 200);
  await shoot(page, "octal");
  // Dawson's Kayles by its button; then a code and N typed in.
  await page.click('button[data-code="0.07"]');
  await check("0.07", 200);
  await page.fill("#code", "0.6");
  await page.fill("#heaps", "150");
  await page.press("#heaps", "Enter");
  await check("0.6", 150);
  // A sum of heaps: the CLI's answer and move.
  await page.fill("#query", "2 9 12");
  await page.press("#query", "Enter");
  const answer = cli(["octal", "0.6", "--heaps", "150", "--query", "2 9 12"]).trimEnd().split("\n");
  assert.equal(answer[0], "WIN");
  await page.locator("#answer-outcome strong").filter({ hasText: answer[0] }).waitFor();
  assert.equal(await page.locator("#answer-move").textContent(), answer[1]);
  assert.equal(await page.locator("#values td.queried").count(), 3);
  await page.fill("#query", "1 1");
  await page.click("#answer");
  await page.locator("#answer-outcome strong").filter({ hasText: "LOSE" }).waitFor();
  assert.equal(cli(["octal", "0.6", "--heaps", "150", "--query", "1 1"]), "LOSE\n");
  await page.fill("#query", "3 x");
  await page.click("#answer");
  await page.locator("#query-error").filter({ hasText: "query:1:3" }).waitFor();
  await page.fill("#code", "0.78");
  await page.click("#compute");
  await page.locator("#octal-error").filter({ hasText: "code:1:4" }).waitFor();
  assert.deepEqual(errors, []);
  await close();
});

test("octal at a phone's width", async () => {
  const { page, errors, close } = await open("/octal", PHONE);
  await page.locator("#period").filter({ hasText: /period/ }).waitFor();
  await shoot(page, "octal-phone");
  await noOverflow(page);
  assert.deepEqual(errors, []);
  await close();
});
