// The README's two pictures (docs/img/race.png, docs/img/graph.png), taken from a running
// server at 1280x800 drawn at 0.7 scale, so the committed files stay small:
//   TABLETOP_URL=http://127.0.0.1:8080/ node readme-images.mjs
import path from "node:path";
import { chromium } from "playwright-core";

const base = process.env.TABLETOP_URL || "http://127.0.0.1:8080/";
const out = path.resolve(import.meta.dirname, "../../docs/img");
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});
const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 0.7 });
const page = await context.newPage();
await page.goto(new URL("/race", base).href);
await page.locator("#expected-turns").filter({ hasText: /\d/ }).waitFor();
await page.screenshot({ path: path.join(out, "race.png") });
await page.goto(new URL("/graph", base).href);
await page.locator("#queries tbody tr").first().waitFor();
await page.click("#sample-cycles");
await page.locator("#case option", { hasText: "cycles" }).waitFor({ state: "attached" });
await page.click("#queries tbody tr:nth-child(2) button");
await page.screenshot({ path: path.join(out, "graph.png") });
await browser.close();
