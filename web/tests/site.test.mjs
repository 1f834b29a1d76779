// The static site (`cargo xtask site`): the engines run in a Web Worker from WebAssembly,
// figures equal the CLI's, long work shows progress, and Cancel terminates the worker; the
// site works from a sub-folder of a file server and from disk (file://), and a worker that
// cannot start is an error on the page, never a wait.
import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { base, cli, open, shoot, siteDir, staticSite } from "./harness.mjs";

/** Each page's link in the navigation bar and what it shows once its engine answered. */
const PAGES = [
  ["Race board", "race", (page) => page.locator("#expected-turns").filter({ hasText: /\d/ })],
  ["Snakes", "snakes", (page) => page.locator("#boards tbody tr").first()],
  ["Game graph", "graph", (page) => page.locator("#drawing svg .node").first()],
  ["猪国杀 (Pig Kingdom Kill)", "pigs", (page) => page.locator("#where").filter({ hasText: /of [1-9]/ })],
  ["Octal", "octal", (page) => page.locator("#values td").first()],
];

/** From the start page at `start`, every page by its link: each loads its scripts and
 * samples (any failed load fails the test) and shows its engine's answer. */
async function everyPageWorks(start, shots) {
  const { page, errors, close } = await open(start);
  await page.waitForFunction(() => document.getElementById("race-sample").textContent.includes("squares 100"));
  const folder = new URL(".", page.url()).href;
  for (const [link, name, answered] of PAGES) {
    await page.locator("header nav a", { hasText: link }).click();
    await page.waitForURL(`${folder}${name}.html`);
    await answered(page).waitFor({ timeout: 60000 });
    await shoot(page, `${shots}-${name}`);
  }
  assert.deepEqual(errors, []);
  await close();
}

test("static site: from a sub-folder of a file server every page loads and answers", { skip: !staticSite }, async () => {
  assert.notEqual(new URL(base).pathname, "/", "run.sh serves the site from a sub-folder");
  await everyPageWorks("/", "site-subfolder");
});

test("static site: opened from disk (file://) every page loads and answers", { skip: !staticSite }, async () => {
  assert.ok(siteDir, "TABLETOP_SITE_DIR is the site's folder");
  await everyPageWorks(pathToFileURL(path.join(siteDir, "index.html")).href, "site-file");
});

test("static site: from disk, the race page's figures are the CLI's and Cancel works", { skip: !staticSite }, async () => {
  const { page, errors, close } = await open(pathToFileURL(path.join(siteDir, "race.html")).href);
  const expected = page.locator("#expected-turns");
  await expected.filter({ hasText: /\d/ }).waitFor({ timeout: 60000 });
  const board = await page.locator("#board-text").inputValue();
  const want = /^expected turns: (.*)$/m.exec(cli(["odds", "--players", "2"], board))[1];
  assert.equal(await expected.textContent(), want);
  await page.fill("#board-text", "# slow\nsquares 35000\n");
  await page.locator("#progress").filter({ visible: true }).waitFor({ timeout: 60000 });
  await page.click("#cancel");
  await page.locator("#cancel").waitFor({ state: "hidden" });
  await page.fill("#board-text", board);
  await expected.filter({ hasText: want }).waitFor({ timeout: 60000 });
  assert.deepEqual(errors, []);
  await close();
});

test("static site: a worker that cannot start is an error on the page, not Computing… for ever", { skip: !staticSite }, async () => {
  const missing = async (page) => page.route("**/worker.js", (request) => request.fulfill({ status: 404, body: "" }));
  const { page, errors, close } = await open("/octal", undefined, missing);
  const error = page.locator("#octal-error");
  await error.filter({ hasText: "could not run" }).waitFor({ timeout: 60000 });
  assert.match(await error.textContent(), /Check that worker\.js, tabletop_wasm\.js and tabletop_wasm_bg\.wasm .* are published/);
  assert.equal(await page.locator("#status").textContent(), "Not answered: the engine could not run (see the message).");
  await shoot(page, "site-worker-missing");
  // The race page too: its status and error say so, and no Cancel button is left.
  const race = await open("/race", undefined, missing);
  await race.page.locator("#board-error").filter({ hasText: "could not run" }).waitFor({ timeout: 60000 });
  assert.ok(await race.page.locator("#cancel").isHidden());
  await shoot(race.page, "site-race-worker-missing");
  // The only errors are the refused script's.
  const unexpected = [...errors, ...race.errors].filter((e) => !/status of 404/.test(e));
  assert.deepEqual(unexpected, []);
  await race.close();
  await close();
});

test("static site: from disk without its worker bundle, a page says to serve the folder", { skip: !staticSite }, async () => {
  const copy = mkdtempSync(path.join(tmpdir(), "tabletop-site-"));
  try {
    cpSync(siteDir, copy, { recursive: true });
    rmSync(path.join(copy, "worker-bundle.js"));
    const { page, errors, close } = await open(pathToFileURL(path.join(copy, "octal.html")).href);
    const error = page.locator("#octal-error");
    await error.filter({ hasText: "could not run" }).waitFor({ timeout: 60000 });
    assert.match(await error.textContent(), /worker-bundle\.js did not load\. Serve this folder over HTTP instead \(for example python3 -m http\.server in it\)/);
    await shoot(page, "site-file-bundle-missing");
    assert.deepEqual(errors.filter((e) => !/ERR_FILE_NOT_FOUND/.test(e)), []);
    await close();
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
});

test("static site: the race page's first figures come from the worker and are the CLI's", { skip: !staticSite }, async () => {
  const started = Date.now();
  const { page, errors, close } = await open("/race");
  const expected = page.locator("#expected-turns");
  await expected.filter({ hasText: /\d/ }).waitFor({ timeout: 60000 });
  console.log(`first useful race page: ${Date.now() - started} ms from a fresh load`);
  const board = await page.locator("#board-text").inputValue();
  const summary = cli(["odds", "--players", "2"], board);
  const figure = (name) => new RegExp(`^${name}: (.*)$`, "m").exec(summary)[1];
  assert.equal(await expected.textContent(), figure("expected turns"));
  assert.equal(await page.locator("#variance").textContent(), figure("variance"));
  await shoot(page, "site-race");
  assert.deepEqual(errors, []);
  await close();
});

test("static site: a slow board shows progress, Cancel terminates the worker, the page goes on", { skip: !staticSite }, async () => {
  const { page, errors, close } = await open("/race");
  await page.locator("#expected-turns").filter({ hasText: /\d/ }).waitFor({ timeout: 60000 });
  const sample = await page.locator("#board-text").inputValue();
  await page.fill("#board-text", "# slow\nsquares 35000\n");
  // The slow board's own progress: the bar shown and moving, the table's turn in the status
  // (the sample's last figures left the bar's value above 0, so the value alone says nothing).
  await page.waitForFunction(() => {
    const progress = document.getElementById("progress");
    const status = document.getElementById("status").textContent;
    return !progress.hidden && progress.value > 0 && /distribution: turn \d+, .* left \(\d+%\)/.test(status);
  }, null, { timeout: 60000 });
  await shoot(page, "site-race-progress");
  await page.click("#cancel");
  await page.locator("#cancel").waitFor({ state: "hidden" });
  // The page answers at once: a fresh worker computes the sample again.
  await page.fill("#board-text", sample);
  const summary = cli(["odds", "--players", "2"], sample);
  const want = /^expected turns: (.*)$/m.exec(summary)[1];
  await page.locator("#expected-turns").filter({ hasText: want }).waitFor({ timeout: 60000 });
  assert.deepEqual(errors, []);
  await close();
});
