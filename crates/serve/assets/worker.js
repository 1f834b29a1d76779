// The static site's Web Worker: each message {id, path, body} is answered by the WebAssembly
// module (`tabletop_wasm.call`) as `tabletop serve` answers it; progress messages come first.
// Served over HTTP it loads the glue and the module by URL; opened from disk it runs from a
// Blob that `cargo xtask site` (worker-bundle.js) made of the glue, the module in base64
// (`TABLETOP_WASM_BASE64`) and this file, as Chromium loads nothing by URL there.
"use strict";

if (typeof TABLETOP_WASM_BASE64 === "undefined") importScripts("measure.js", "tabletop_wasm.js");

/** The bytes of a base64 text. */
function decodeBase64(text) {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const ready = wasm_bindgen({
  module_or_path: typeof TABLETOP_WASM_BASE64 === "undefined" ? "tabletop_wasm_bg.wasm" : decodeBase64(TABLETOP_WASM_BASE64),
});
// Each request reports a failed start (below); the rejection is not left unhandled.
ready.catch(() => {});

self.onmessage = async (event) => {
  const { id, path, body } = event.data;
  try {
    await ready;
    const reply = wasm_bindgen.call(path, body, (progress) => self.postMessage({ id, progress }));
    const space = reply.indexOf(" ");
    self.postMessage({ id, status: Number(reply.slice(0, space)), text: reply.slice(space + 1) });
  } catch (error) {
    self.postMessage({ id, failed: String(error) });
  }
};
