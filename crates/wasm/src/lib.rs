//! The playground's JSON API in WebAssembly: a thin front end over
//! `tabletop_serve::api::call`, so the static site's pages get, for every request, the reply
//! `tabletop serve` sends, byte for byte. Built by `cargo xtask site`.
//!
//! There is no time limit here: long work runs in a Web Worker, which reports its
//! [`Progress`] through a callback, and the page's Cancel terminates the worker.
//!
//! ```
//! let (status, body) = tabletop_wasm::answer(
//!     "/api/snakes",
//!     r#"{"text":"6 1 3\n35 25\n3 23 5 16 20 33\n"}"#,
//!     Box::new(|_| {}),
//! );
//! assert_eq!(status, 200);
//! assert!(body.contains(r#""answers":"3\n""#), "{body}");
//! ```

use std::cell::RefCell;

use js_sys::Function;
use serde_json::json;
use tabletop_app::Control;
use tabletop_serve::{api, Deadline};
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::JsValue;

/// How far long work got, as the page is told: the stage, the part done (0 to 1) and a
/// message in words.
#[derive(Debug, Clone, PartialEq)]
pub struct Progress {
    /// The computation's stage (`distribution`, `exact`, `octal`).
    pub stage: &'static str,
    /// The part of the stage done, 0 to 1, when known.
    pub fraction: Option<f64>,
    /// What the page shows.
    pub message: String,
}

impl Progress {
    /// The JSON text the worker posts to the page.
    pub fn to_json(&self) -> String {
        json!({ "stage": self.stage, "fraction": self.fraction, "message": self.message }).to_string()
    }
}

/// Where progress goes during one [`answer`].
type Reporter = Box<dyn FnMut(Progress)>;

/// The least change of the part done that is reported again, so that a long table of turns
/// posts a few hundred messages, not one a turn.
const STEP: f64 = 0.002;

/// The reporter of the call under way and the last part it was told. The control's sink
/// must be `Send`, which a JavaScript function is not, so the sink finds the reporter here
/// (the worker has one thread).
struct Current {
    report: Reporter,
    last: Option<(&'static str, f64)>,
    /// Whether the request's own ticks (the odds' stages, with their part done) have begun:
    /// from then on the control's ticks, which in a table of turns are counts without a
    /// total, are not reported, so the page's part done never falls back to nothing.
    own_ticks: bool,
}

/// Where a progress report comes from.
enum Source {
    /// The control's ticks: the only progress of an octal run, stop checks elsewhere.
    Control,
    /// The request's own ticks (`/api/odds`).
    Request,
}

thread_local! {
    static CURRENT: RefCell<Option<Current>> = const { RefCell::new(None) };
}

/// Tells the current reporter, unless the stage is the same and the part done moved less
/// than [`STEP`].
fn report(progress: Progress, source: Source) {
    CURRENT.with(|current| {
        let mut current = current.borrow_mut();
        let Some(current) = current.as_mut() else { return };
        match source {
            Source::Request => current.own_ticks = true,
            Source::Control if current.own_ticks => return,
            Source::Control => {}
        }
        let fraction = progress.fraction.unwrap_or(0.0);
        if let Some((stage, last)) = current.last {
            if stage == progress.stage && (fraction - last).abs() < STEP && fraction < 1.0 {
                return;
            }
        }
        current.last = Some((progress.stage, fraction));
        (current.report)(progress);
    });
}

/// Answers a `POST` of `body` to `path` (e.g. `/api/odds`) as `tabletop serve` does: the
/// status and the JSON text of the reply. Long work tells `progress` how far it got.
pub fn answer(path: &str, body: &str, progress: Reporter) -> (u16, String) {
    CURRENT.with(|current| {
        *current.borrow_mut() = Some(Current {
            report: progress,
            last: None,
            own_ticks: false,
        })
    });
    let control = Control::new().with_progress(|tick| {
        let fraction = tick
            .total
            .filter(|&total| total > 0)
            .map(|total| tick.done as f64 / total as f64);
        let message = match tick.total {
            Some(total) => format!("{}: {} of {total}", tick.stage, tick.done),
            None => format!("{}: {}", tick.stage, tick.done),
        };
        report(
            Progress {
                stage: tick.stage,
                fraction,
                message,
            },
            Source::Control,
        );
    });
    let deadline = Deadline::unlimited(control);
    let reply = api::call(path, body.as_bytes(), &deadline, &mut |tick| {
        report(
            Progress {
                stage: tick.stage,
                fraction: Some(tick.fraction),
                message: tick.message.to_owned(),
            },
            Source::Request,
        )
    });
    CURRENT.with(|current| *current.borrow_mut() = None);
    (reply.status, String::from_utf8_lossy(&reply.body).into_owned())
}

/// Runs once when the module is loaded: a panic (a bug of tabletop's) is written to the
/// console with its message before the module stops.
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

/// The worker's entry: [`answer`] with `progress` called with each [`Progress`] as JSON
/// text; the result is the status, a space and the reply's JSON text.
#[wasm_bindgen]
pub fn call(path: &str, body: &str, progress: Function) -> String {
    let (status, text) = answer(
        path,
        body,
        Box::new(move |p: Progress| {
            // A callback that throws loses a progress message, never the answer.
            let _ = progress.call1(&JsValue::NULL, &JsValue::from_str(&p.to_json()));
        }),
    );
    format!("{status} {text}")
}
