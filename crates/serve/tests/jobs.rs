//! Long boards as jobs (start, progress, cancel), the time limit of a request, and the
//! fewest-throws line, called in-process through `respond`.

#![allow(clippy::unwrap_used)] // a test crate: a failed unwrap is a failed test

use std::sync::Mutex;
use std::thread;
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tabletop_serve::jobs::MAX_RUNNING;
use tabletop_serve::{respond, respond_within};

/// A board whose table takes long: tens of thousands of squares and an empty board, so
/// about ten thousand turns over every square (hundreds of millions of steps).
const SLOW: &str = "# slow\nsquares 35000\n";

/// The jobs are the process's: the tests that start them take turns.
static JOBS: Mutex<()> = Mutex::new(());

fn post(path: &str, body: &Value) -> (u16, Value) {
    let reply = respond("POST", path, body.to_string().as_bytes());
    (reply.status, serde_json::from_slice(&reply.body).expect("JSON"))
}

/// Polls job `id` until `done` says so (at most a minute).
fn poll_until(id: &str, done: impl Fn(&Value) -> bool) -> Value {
    let started = Instant::now();
    loop {
        let (status, body) = post("/api/odds/job", &json!({ "job": id }));
        assert_eq!(status, 200, "{body}");
        if done(&body) {
            return body;
        }
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "job {id} stuck: {body}"
        );
        thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn a_quick_board_is_done_at_once_with_the_answer_of_api_odds() {
    let _turn = JOBS.lock().unwrap_or_else(|p| p.into_inner());
    let board = json!({ "board": "squares 30\nchute 20 3\nextra 5\n", "players": 2 });
    let (status, job) = post("/api/odds/start", &board);
    assert_eq!(status, 200, "{job}");
    let job = poll_until(job["job"].as_str().unwrap(), |b| b["finished"] == true);
    assert_eq!(
        (job["state"].as_str(), job["status"].as_u64()),
        (Some("done"), Some(200)),
        "{job}"
    );
    let (_, direct) = post("/api/odds", &board);
    assert_eq!(job["result"]["odds"], direct["odds"]);
    assert_eq!(job["result"]["line"], direct["line"]);
    assert!(job["result"]["chart"]
        .as_str()
        .is_some_and(|svg| svg.starts_with("<svg")));
    // A bad board fails with the located problem.
    let (_, bad) = post(
        "/api/odds/start",
        &json!({ "board": "squares 10\nladder 3 9\nchute 4 8\n" }),
    );
    let bad = poll_until(bad["job"].as_str().unwrap(), |b| b["finished"] == true);
    assert_eq!(
        (bad["state"].as_str(), bad["status"].as_u64()),
        (Some("failed"), Some(422)),
        "{bad}"
    );
    assert_eq!(bad["error"]["problems"][0]["line"], 3);
}

#[test]
fn a_slow_board_shows_its_progress_and_stops_when_cancelled() {
    let _turn = JOBS.lock().unwrap_or_else(|p| p.into_inner());
    let (status, job) = post("/api/odds/start", &json!({ "board": SLOW, "players": 2 }));
    assert_eq!(status, 200, "{job}");
    let id = job["job"].as_str().unwrap().to_owned();
    // The id is 128 random bits, not a counter.
    assert_eq!(id.len(), 32, "{id}");
    assert!(id.bytes().all(|b| b.is_ascii_hexdigit()), "{id}");
    let running = poll_until(&id, |b| b["progress"]["fraction"].as_f64().unwrap_or(0.0) > 0.0);
    assert_eq!(running["state"], "running");
    assert_eq!(running["progress"]["stage"], "distribution", "{running}");
    assert!(
        running["progress"]["message"].as_str().unwrap().contains("left"),
        "{running}"
    );
    let (status, cancelled) = post("/api/odds/cancel", &json!({ "job": id }));
    assert_eq!(
        (status, cancelled["state"].as_str()),
        (200, Some("cancelled")),
        "{cancelled}"
    );
    // The work itself stops (the engine checks the flag every turn).
    let stopped = poll_until(&id, |b| b["finished"] == true);
    assert_eq!(stopped["state"], "cancelled");
    assert!(stopped.get("result").is_none());
}

#[test]
fn at_most_a_few_jobs_run_at_once() {
    let _turn = JOBS.lock().unwrap_or_else(|p| p.into_inner());
    let ids: Vec<String> = (0..MAX_RUNNING)
        .map(|_| {
            let (status, job) = post("/api/odds/start", &json!({ "board": SLOW }));
            assert_eq!(status, 200, "{job}");
            job["job"].as_str().unwrap().to_owned()
        })
        .collect();
    let (status, refused) = post("/api/odds/start", &json!({ "board": SLOW }));
    assert_eq!(
        (status, refused["error"]["kind"].as_str()),
        (429, Some("too-many-jobs")),
        "{refused}"
    );
    for id in &ids {
        post("/api/odds/cancel", &json!({ "job": id }));
    }
    for id in &ids {
        poll_until(id, |b| b["finished"] == true);
    }
    let (status, _) = post("/api/odds/start", &json!({ "board": "squares 5\n" }));
    assert_eq!(status, 200);
}

#[test]
fn unknown_jobs_and_bad_bodies_are_refused() {
    let (status, body) = post("/api/odds/job", &json!({ "job": "999999999" }));
    assert_eq!(
        (status, body["error"]["kind"].as_str()),
        (404, Some("no-job")),
        "{body}"
    );
    let (status, _) = post("/api/odds/cancel", &json!({ "job": "not a number" }));
    assert_eq!(status, 404);
    let (status, _) = post("/api/odds/job", &json!({ "id": 1 }));
    assert_eq!(status, 400);
    let (status, _) = post("/api/odds/start", &json!({ "board": 3 }));
    assert_eq!(status, 400);
}

#[test]
fn a_request_past_its_time_limit_is_stopped_with_503() {
    // A deadline already passed: stopped at the engine's first look, whatever the speed.
    let body = json!({ "board": SLOW }).to_string();
    let reply = respond_within("POST", "/api/odds", body.as_bytes(), Duration::ZERO);
    assert_eq!(reply.status, 503);
    let error: Value = serde_json::from_slice(&reply.body).unwrap();
    assert_eq!(error["error"]["kind"], "timeout", "{error}");
    assert!(error["error"]["message"]
        .as_str()
        .unwrap()
        .contains("/api/odds/start"));
    // No time at all: refused before any work; other endpoints are unaffected.
    let reply = respond_within("POST", "/api/odds", br#"{"board":"squares 5"}"#, Duration::ZERO);
    assert_eq!(reply.status, 503);
    assert_eq!(respond_within("GET", "/race", b"", Duration::ZERO).status, 200);
    // Within the limit, the same request is answered.
    let reply = respond_within(
        "POST",
        "/api/odds",
        br#"{"board":"squares 5"}"#,
        Duration::from_secs(60),
    );
    assert_eq!(reply.status, 200);
}

#[test]
fn the_fewest_turns_line_comes_with_the_odds() {
    let board = "squares 36\nladder 3 23\nladder 5 16\nladder 20 33\nchute 35 25\n";
    let (status, body) = post("/api/odds", &json!({ "board": board }));
    assert_eq!(status, 200, "{body}");
    // Snakes and Ladders rules: as many throws and turns as `tabletop snakes` has throws.
    assert_eq!(body["line"]["throws"], 3, "{body}");
    assert_eq!(body["line"]["turns"], 3, "{body}");
    let path = body["line"]["path"].as_array().unwrap();
    assert_eq!(path[0]["to"], 16, "{body}");
    assert_eq!(path.last().unwrap()["to"], 36);
    assert_eq!(body["line_note"], Value::Null);
    // Any other rules: a line all the same, in the fewest turns the odds give.
    for board in [
        "squares 36\ndie 4\n",
        "squares 20\novershoot bounce\nladder 3 17\n",
        "squares 30\ndie 5\novershoot win\nextra 4\nmiss 9\nextra 13\nladder 8 22\n",
    ] {
        let (status, body) = post("/api/odds", &json!({ "board": board }));
        assert_eq!(status, 200, "{body}");
        assert_eq!(
            body["line"]["turns"], body["odds"]["min_turns"],
            "{board}: {body}"
        );
        let path = body["line"]["path"].as_array().unwrap();
        assert_eq!(path.last().unwrap()["turn"], body["odds"]["min_turns"], "{body}");
        assert_eq!(body["line_note"], Value::Null);
    }
}
