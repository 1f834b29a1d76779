//! The WebAssembly entry answers every request as `tabletop serve` does, byte for byte, and
//! reports the progress of long work.

use std::sync::{Arc, Mutex, PoisonError};

use serde_json::{json, Value};
use tabletop_wasm::{answer, Progress};

const RACE: &str = include_str!("../../serve/assets/samples/race.board");
const GRAPH: &str = include_str!("../../serve/assets/samples/graph.txt");
const CYCLES: &str = include_str!("../../serve/assets/samples/graph-cycles.txt");
const PIGS: &str = include_str!("../../serve/assets/samples/pigs.txt");
const SNAKES: &str = include_str!("../../serve/assets/samples/snakes-more.txt");

/// Requests of every endpoint: answers, located errors, bad bodies.
fn requests() -> Vec<(&'static str, String)> {
    let body = |value: Value| value.to_string();
    vec![
        (
            "/api/odds",
            body(json!({ "board": RACE, "players": 2, "percentiles": [50.0, 90.0] })),
        ),
        ("/api/odds", body(json!({ "board": "squares 100\nsnake 99 2\n" }))),
        ("/api/odds", body(json!({ "board": "" }))),
        ("/api/odds", body(json!({ "board": RACE, "players": 0 }))),
        ("/api/snakes", body(json!({ "text": SNAKES }))),
        ("/api/snakes", body(json!({ "text": SNAKES, "case": 2 }))),
        (
            "/api/snakes",
            body(json!({ "text": "1000000000 0 1\n2 999999999999999999\n" })),
        ),
        ("/api/snakes", body(json!({ "text": "6 1 0\n25 35\n" }))),
        ("/api/grundy", body(json!({ "text": GRAPH }))),
        (
            "/api/grundy",
            body(json!({ "text": CYCLES, "case": 1, "query": 1 })),
        ),
        ("/api/grundy", body(json!({ "text": "2\n1 5\n" }))),
        (
            "/api/grundy/turn",
            body(json!({ "text": CYCLES, "case": 1, "pieces": [0] })),
        ),
        ("/api/pigs", body(json!({ "text": PIGS }))),
        (
            "/api/pigs/compare",
            body(json!({ "text": PIGS, "output": "FP\n" })),
        ),
        (
            "/api/octal",
            body(json!({ "code": "0.6", "heaps": 2000, "query": "3 5 7" })),
        ),
        ("/api/octal", body(json!({ "code": "4.07", "heaps": 300 }))),
        ("/api/octal", body(json!({ "code": "0.9x", "heaps": 10 }))),
        ("/api/octal", "{not json".to_owned()),
        ("/api/nothing", "{}".to_owned()),
    ]
}

#[test]
fn every_request_gets_the_servers_reply_byte_for_byte() {
    for (path, body) in requests() {
        let server = tabletop_serve::respond("POST", path, body.as_bytes());
        let (status, text) = answer(path, &body, Box::new(|_| {}));
        assert_eq!(status, server.status, "{path} {body}");
        let server_text = String::from_utf8_lossy(&server.body);
        assert_eq!(text, server_text, "{path} {body}");
    }
}

#[test]
fn jobs_are_the_servers_own_and_not_in_the_module_api() {
    // The worker runs /api/odds itself; a job id would name a thread it does not have.
    // Natively the server feature is on (the workspace unifies it), so only the shape of
    // the answer is checked: a JSON reply, never a panic.
    let (status, text) = answer("/api/odds/job", r#"{"id":"0"}"#, Box::new(|_| {}));
    assert!(status >= 400, "{status} {text}");
    assert!(serde_json::from_str::<Value>(&text).is_ok(), "{text}");
}

/// The progress messages of one request.
fn progress_of(path: &str, body: &Value) -> (u16, Vec<Progress>) {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let log = Arc::clone(&seen);
    let (status, _) = answer(
        path,
        &body.to_string(),
        Box::new(move |p| log.lock().unwrap_or_else(PoisonError::into_inner).push(p)),
    );
    let seen = seen.lock().unwrap_or_else(PoisonError::into_inner).clone();
    (status, seen)
}

#[test]
fn long_work_reports_its_progress_in_order() {
    let (status, ticks) = progress_of("/api/octal", &json!({ "code": "0.6", "heaps": 20000 }));
    assert_eq!(status, 200);
    assert!(ticks.len() >= 2, "{ticks:?}");
    assert!(ticks.iter().all(|t| t.stage == "octal" || !t.stage.is_empty()));
    let fractions: Vec<f64> = ticks.iter().filter_map(|t| t.fraction).collect();
    assert!(fractions.windows(2).all(|w| w[0] <= w[1]), "{fractions:?}");
    let board = json!({ "board": "squares 3000\ndie 6\nsnake 2999 1\n" });
    let (status, ticks) = progress_of("/api/odds", &board);
    assert_eq!(status, 200);
    assert!(!ticks.is_empty());
    // One stream of part done, never falling back: the table's stop checks (counts
    // without a total) do not interleave with the distribution's fractions.
    let after_first = ticks.get(1..).unwrap_or_default();
    assert!(after_first.iter().all(|t| t.fraction.is_some()), "{ticks:?}");
    let fractions: Vec<f64> = after_first.iter().filter_map(|t| t.fraction).collect();
    assert!(fractions.windows(2).all(|w| w[0] <= w[1]), "{fractions:?}");
    assert!(fractions.last().is_some_and(|&f| f > 0.0), "{ticks:?}");
    let message: Value = serde_json::from_str(&ticks[0].to_json()).expect("progress is JSON");
    assert!(
        message["stage"].is_string() && message["message"].is_string(),
        "{message}"
    );
}
