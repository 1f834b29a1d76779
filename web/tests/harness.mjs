// What every browser test file shares: the environment run.sh sets, one headless Chromium
// per file, the CLI of the same build, fresh pages that fail a test on any script error,
// screenshots.
//
// Environment: TABLETOP_URL (the running server, e.g. http://127.0.0.1:40123/, or the static
// site's sub-folder), TABLETOP_BIN (the same build's `tabletop`, for the CLI's answers),
// CHROMIUM (default /usr/bin/chromium), SCREENSHOTS (default ../../target/screenshots);
// for the static site TABLETOP_STATIC=1 and TABLETOP_SITE_DIR (its folder). `run.sh` sets them.
import { before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";

export const base = process.env.TABLETOP_URL;
export const bin = process.env.TABLETOP_BIN;
const shots = process.env.SCREENSHOTS || path.resolve(import.meta.dirname, "../../target/screenshots");
assert.ok(base, "TABLETOP_URL is the running server");
assert.ok(bin, "TABLETOP_BIN is the tabletop binary");
mkdirSync(shots, { recursive: true });

/** Whether the pages are the static site (`cargo xtask site`), computing in a Web Worker. */
export const staticSite = process.env.TABLETOP_STATIC === "1";

/** The static site's folder on disk (`target/site`), for its pages opened from `file://`. */
export const siteDir = process.env.TABLETOP_SITE_DIR;

/** A page's route as this run serves it: `/race` is `race.html` on the static site. */
export function route(path) {
  if (!staticSite) return path;
  return path === "/" ? "index.html" : /^\/[a-z]+$/.test(path) ? `${path.slice(1)}.html` : path.replace(/^\//, "");
}

/** A page's link as every page writes it, the same under `tabletop serve` and on the static
 * site: its file name (`/race` is `race.html`, `/` is `index.html`). */
export function pageFile(path) {
  return path === "/" ? "index.html" : `${path.slice(1)}.html`;
}

export const PHONE = { width: 390, height: 844 };

let browser;
let profile;
before(async () => {
  profile = mkdtempSync(path.join(tmpdir(), "tabletop-chromium-"));
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
      "--disable-sync", "--no-first-run", `--disk-cache-dir=${profile}/cache`],
  });
});
after(async () => {
  await browser?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

/** `tabletop args...` with `input` on stdin: its stdout (a failure throws). */
export function cli(args, input) {
  return execFileSync(bin, args, { input, encoding: "utf8", stdio: ["pipe", "pipe", "pipe"] });
}

/** `tabletop args...` with `input` on stdin: {stdout, stderr, status}, whatever the status. */
export function run(args, input = "") {
  const result = spawnSync(bin, args, { input, encoding: "utf8" });
  return { stdout: result.stdout, stderr: result.stderr, status: result.status };
}

/** A fresh page (1280x800 unless told) that fails the test on any script error. `route`
 * may be a whole URL (`file://...`); `beforeLoad(page)` runs before the page is loaded (to
 * route its requests). */
const siteRoute = route;
export async function open(route, viewport = { width: 1280, height: 800 }, beforeLoad = async () => {}) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await beforeLoad(page);
  const errors = [];
  page.on("pageerror", (error) => errors.push(error.message));
  // An invalid input is answered 422 on purpose (the page shows the problem); any other
  // failed request or script error fails the test.
  page.on("console", (message) => {
    if (message.type() === "error" && !message.text().includes("status of 422")) errors.push(message.text());
  });
  // The static site never calls /api/: any such request fails the test.
  if (staticSite) page.on("request", (request) => {
    if (new URL(request.url()).pathname.includes("/api/")) errors.push(`request to ${request.url()}`);
  });
  await page.goto(new URL(siteRoute(route), base).href);
  return { page, errors, close: () => context.close() };
}

/** A full-page screenshot, `name`.png in the screenshots folder. */
export async function shoot(page, name) {
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
}

/** Fails when the page is wider than its screen (a phone would scroll sideways). */
export async function noOverflow(page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 1, `the page is ${overflow}px wider than the screen`);
}
