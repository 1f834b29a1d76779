// The odds chart is drawn by plotters, which on wasm32 measures its labels through a page's
// DOM (a span's offsetWidth and offsetHeight in `window.document`). A Web Worker has no DOM,
// so this gives plotters, in the worker only, the estimate its native build makes (its
// `naive` font: 0.7 em a byte of UTF-8, 1.24 em high), and the chart is the command line's
// byte for byte.
"use strict";

(function installTextMeasure(scope) {
  const utf8 = new TextEncoder();

  /** The span plotters measures: its font size from its style, its size as plotters' naive font. */
  class MeasuredSpan {
    constructor() {
      this.textContent = "";
      this.style = "";
    }
    setAttribute(name, value) {
      if (name === "style") this.style = String(value);
    }
    get em() {
      const size = /font-size:\s*([0-9.eE+-]+)px/.exec(this.style);
      return (size ? Number(size[1]) : 0) / 1.24 / 1.24;
    }
    get offsetWidth() {
      return Math.round(this.em * 0.7 * utf8.encode(this.textContent).length);
    }
    get offsetHeight() {
      return Math.round(this.em * 0.24) + Math.round(this.em);
    }
    remove() {}
  }

  const body = { append() {} };
  // No current script: wasm-bindgen's glue then takes the module's path from the worker.
  const document = { body, currentScript: null, createElement: () => new MeasuredSpan() };
  // web-sys finds the window by `globalThis instanceof Window` and the span by `instanceof
  // HTMLElement`: name the worker's own scope and the span's class so.
  scope.Window = scope.constructor;
  scope.HTMLElement = MeasuredSpan;
  scope.document = document;
})(self);
