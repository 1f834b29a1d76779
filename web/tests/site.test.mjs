// The static site (`cargo xtask site`): the engines run in a Web Worker from WebAssembly,
// figures equal the CLI's, long work shows progress, and Cancel terminates the worker.
import { test } from "node:test";
import assert from "node:assert/strict";
import { cli, open, shoot, staticSite } from "./harness.mjs";

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
