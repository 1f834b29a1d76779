// The static site's Web Worker: each message {id, path, body} is answered by the WebAssembly
// module (`tabletop_wasm.call`) as `tabletop serve` answers it; progress messages come first.
"use strict";

importScripts("measure.js", "tabletop_wasm.js");

const ready = wasm_bindgen({ module_or_path: "tabletop_wasm_bg.wasm" });

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
