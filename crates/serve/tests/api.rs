//! The JSON API, called in-process through `respond` and over HTTP through a real server on
//! a free loopback port: every endpoint, the error codes, the limits, and many requests at once.

#![allow(clippy::unwrap_used)] // a test crate: a failed unwrap is a failed test

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::OnceLock;
use std::thread;
use std::time::Duration;

use serde_json::{json, Value};
use tabletop_serve::{respond, Limits, Reply, Server, MAX_BODY};

const GRUNDY: &str = "4\n2 1 2\n0\n1 3\n0\n1 0\n2 0 2\n0\n\n4\n1 1\n1 2\n0\n0\n2 0 1\n2 1 1\n3 0 1 3\n0\n";

fn post(path: &str, body: &Value) -> (u16, Value) {
    let reply = respond("POST", path, body.to_string().as_bytes());
    (reply.status, body_of(&reply))
}

fn body_of(reply: &Reply) -> Value {
    serde_json::from_slice(&reply.body).expect("every API reply is JSON")
}

#[test]
fn odds_answers_with_the_figures_as_the_cli_writes_them() {
    let board = "squares 30\nchute 20 3\nextra 5\n";
    let reply = respond(
        "POST",
        "/api/odds",
        json!({ "board": board, "players": 2 }).to_string().as_bytes(),
    );
    assert_eq!(reply.status, 200);
    let text = String::from_utf8(reply.body.clone()).unwrap();
    // The digits of `tabletop odds`, passed on as written.
    assert!(text.contains("\"expected_turns\":14.904062725871519"), "{text}");
    let body = body_of(&reply);
    assert_eq!(body["odds"]["min_turns"], 5);
    assert_eq!(body["odds"]["median"], 13);
    assert_eq!(body["odds"]["win_probability"].as_array().map(Vec::len), Some(2));
    assert!(body["chart"].as_str().is_some_and(|svg| svg.starts_with("<svg")));
}

#[test]
fn a_bad_board_is_422_with_the_located_problem() {
    let (status, body) = post(
        "/api/odds",
        &json!({ "board": "squares 10\nladder 3 9\nchute 4 8\n" }),
    );
    assert_eq!(status, 422);
    let problem = &body["error"]["problems"][0];
    assert_eq!(body["error"]["kind"], "invalid");
    assert_eq!(
        (
            problem["file"].as_str(),
            problem["line"].as_u64(),
            problem["column"].as_u64()
        ),
        (Some("input"), Some(3), Some(1))
    );
    assert!(problem["message"].as_str().unwrap().contains("goes up"), "{body}");
    assert!(
        problem["report"]
            .as_str()
            .unwrap()
            .starts_with("error: input:3:1: "),
        "{body}"
    );
    let (status, body) = post("/api/odds", &json!({ "board": "" }));
    assert_eq!(status, 422);
    assert!(body["error"]["message"].as_str().unwrap().contains("empty"));
}

#[test]
fn a_board_beyond_the_budget_for_the_chart_is_answered_without_it() {
    // A die of one face on a long board: the expectation is exact, the table too long.
    let (status, body) = post("/api/odds", &json!({ "board": "squares 100000\ndie 1\n" }));
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["odds"]["expected_turns"], 100000.0);
    assert_eq!(body["chart"], Value::Null);
    assert!(body["notes"][0].as_str().unwrap().contains("budget"), "{body}");
}

#[test]
fn snakes_answers_every_board_and_draws_the_chosen_one() {
    let text = "6 1 3\n35 25\n3 23 5 16 20 33\n";
    let (status, body) = post("/api/snakes", &json!({ "text": text }));
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["answers"], "3\n");
    assert!(body["svg"].as_str().unwrap().starts_with("<svg"));
    // One board is a list of one: the field has one shape.
    assert_eq!(body["boards"].as_array().map(Vec::len), Some(1), "{body}");
    assert!(body["boards"][0].is_object(), "{body}");
    let (status, body) = post("/api/snakes", &json!({ "text": text, "case": 2 }));
    assert_eq!(status, 422, "{body}");
}

#[test]
fn grundy_gives_the_answers_values_and_moves() {
    let (status, body) = post("/api/grundy", &json!({ "text": GRUNDY }));
    assert_eq!(status, 200);
    assert_eq!(body["answers"], "WIN\nWIN\nWIN\nLOSE\nWIN\n");
    let first = &body["cases"][0];
    assert_eq!(first["successors"], json!([[1, 2], [], [3], []]));
    assert_eq!(first["positions"][0], json!({ "value": "2", "outcome": "WIN" }));
    assert_eq!(
        first["queries"][0]["play"],
        json!({ "piece": 1, "from": 0, "to": 1 })
    );
    assert_eq!(first["cyclic"], false);
    // The first case drawn by the render crate, every winning move red; or the case and
    // query asked for, that query's pieces ringed.
    let svg = body["svg"].as_str().unwrap();
    assert!(
        svg.starts_with("<svg") && svg.contains("Test case 1: 4 positions"),
        "{svg}"
    );
    assert!(
        svg.contains("<path class=\"edge best\" data-from=\"0\" data-to=\"1\""),
        "{svg}"
    );
    let (status, body) = post("/api/grundy", &json!({ "text": GRUNDY, "case": 2, "query": 3 }));
    assert_eq!(status, 200, "{body}");
    let svg = body["svg"].as_str().unwrap();
    assert!(
        svg.contains("Test case 2") && svg.contains("class=\"query shown\" data-query=\"3\""),
        "{svg}"
    );
    let (status, body) = post("/api/grundy", &json!({ "text": GRUNDY, "case": 2, "query": 4 }));
    assert_eq!(
        (status, body["error"]["kind"].as_str()),
        (400, Some("usage")),
        "{body}"
    );
    let (status, body) = post("/api/grundy", &json!({ "text": "2\n1 5\n" }));
    assert_eq!(status, 422);
    assert_eq!(body["error"]["problems"][0]["line"], 2);
}

#[test]
fn a_graph_game_is_played_a_turn_at_a_time() {
    let (status, body) = post(
        "/api/grundy/turn",
        &json!({ "text": GRUNDY, "case": 1, "pieces": [0] }),
    );
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["reply"], json!({ "piece": 1, "from": 0, "to": 1 }));
    assert_eq!(body["winner"], "engine");
    let (status, body) = post(
        "/api/grundy/turn",
        &json!({ "text": GRUNDY, "case": 1, "pieces": [0, 2], "move": { "piece": 2, "to": 3 } }),
    );
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["winner"], "engine", "{body}");
    let (status, body) = post(
        "/api/grundy/turn",
        &json!({ "text": GRUNDY, "case": 1, "pieces": [0], "move": { "piece": 1, "to": 3 } }),
    );
    assert_eq!(status, 400);
    assert!(body["error"]["message"]
        .as_str()
        .unwrap()
        .contains("cannot move from 0 to 3"));
    let (status, _) = post(
        "/api/grundy/turn",
        &json!({ "text": GRUNDY, "case": 1, "pieces": [0], "move": { "piece": 0, "to": 1 } }),
    );
    assert_eq!(status, 400);
    let (status, _) = post(
        "/api/grundy/turn",
        &json!({ "text": GRUNDY, "case": 9, "pieces": [0] }),
    );
    assert_eq!(status, 400);
}

#[test]
fn malformed_requests_are_refused_with_a_message() {
    for (path, body) in [
        ("/api/odds", &b"{\"board\": "[..]),
        ("/api/odds", b"[]"),
        ("/api/odds", b"{\"board\": 3}"),
        ("/api/odds", b"{\"board\": \"squares 3\", \"colour\": 1}"),
        ("/api/grundy", b"\xff\xfe"),
        (
            "/api/grundy/turn",
            b"{\"text\": \"1\\n0\\n0\\n\", \"case\": 1, \"pieces\": [-1]}",
        ),
    ] {
        let reply = respond("POST", path, body);
        assert_eq!(reply.status, 400, "{path} {body:?}");
        let body = body_of(&reply);
        assert_eq!(body["error"]["kind"], "bad-request");
        assert!(!body["error"]["message"].as_str().unwrap().is_empty());
    }
    assert_eq!(respond("POST", "/api/nothing", b"{}").status, 404);
    assert_eq!(respond("GET", "/api/odds", b"").status, 405);
    assert_eq!(respond("POST", "/race", b"").status, 405);
    assert_eq!(respond("GET", "/nothing", b"").status, 404);
    let huge = vec![b' '; MAX_BODY + 1];
    assert_eq!(respond("POST", "/api/odds", &huge).status, 413);
}

#[test]
fn every_page_and_asset_is_served() {
    for (path, _) in tabletop_serve::pages::ASSETS {
        let reply = respond("GET", path, b"");
        assert_eq!(reply.status, 200, "{path}");
        assert!(!reply.body.is_empty(), "{path}");
    }
    assert!(respond("GET", "/race?x=1", b"")
        .content_type
        .starts_with("text/html"));
}

/// The pages' samples are the fixtures of the same name, byte for byte.
#[test]
fn the_samples_are_the_fixtures() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/");
    for (served, fixture) in [
        ("/samples/race.board", "odds/milton-bradley.in"),
        ("/samples/graph.txt", "grundy/sample.in"),
        ("/samples/graph-cycles.txt", "grundy/loopy-values.in"),
    ] {
        let expected = std::fs::read(format!("{root}{fixture}")).unwrap();
        assert_eq!(respond("GET", served, b"").body, expected, "{served}");
    }
}

/// One HTTP/1.1 request on a fresh connection: the status and body.
fn http(address: SocketAddr, method: &str, path: &str, body: &[u8]) -> (u16, Vec<u8>) {
    let mut stream = TcpStream::connect(address).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    let head = format!("{method} {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n", body.len());
    stream.write_all(head.as_bytes()).unwrap();
    // The server may refuse before reading all of a large body.
    let _ = stream.write_all(body);
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    let text = String::from_utf8_lossy(&answer);
    let status = text.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    let start = answer
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .map_or(answer.len(), |i| i + 4);
    (status, answer[start..].to_vec())
}

fn start(limits: Limits) -> SocketAddr {
    let server = Server::bind("127.0.0.1:0".parse().unwrap(), limits).unwrap();
    let address = server.address().unwrap();
    thread::spawn(move || server.run());
    address
}

fn shared() -> SocketAddr {
    static ADDRESS: OnceLock<SocketAddr> = OnceLock::new();
    *ADDRESS.get_or_init(|| start(Limits::default()))
}

#[test]
fn over_http_bad_requests_are_answered_and_the_server_keeps_serving() {
    let address = shared();
    assert_eq!(http(address, "GET", "/", b"").0, 200);
    assert_eq!(http(address, "POST", "/api/odds", b"{not json").0, 400);
    assert_eq!(
        http(address, "POST", "/api/odds", &vec![b'x'; MAX_BODY + 10]).0,
        413
    );
    let (status, body) = http(
        address,
        "POST",
        "/api/grundy",
        json!({ "text": GRUNDY }).to_string().as_bytes(),
    );
    assert_eq!(status, 200, "{}", String::from_utf8_lossy(&body));
    assert_eq!(http(address, "GET", "/graph", b"").0, 200);
}

#[test]
fn fifty_requests_at_once_are_all_answered() {
    // Workers and queue enough for fifty; each gets its own correct answer.
    let address = start(Limits {
        queue: 64,
        ..Limits::default()
    });
    let requests: Vec<_> = (0..50)
        .map(|k| {
            thread::spawn(move || {
                let board = format!("squares {}\n", 10 + k);
                http(
                    address,
                    "POST",
                    "/api/odds",
                    json!({ "board": board }).to_string().as_bytes(),
                )
            })
        })
        .collect();
    for (k, request) in requests.into_iter().enumerate() {
        let (status, body) = request.join().unwrap();
        assert_eq!(status, 200, "request {k}");
        let body: Value = serde_json::from_slice(&body).unwrap();
        assert_eq!(body["odds"]["squares"], 10 + k, "request {k}");
    }
}

#[test]
fn every_endpoint_names_the_judge_input_input_in_its_problems() {
    for (path, body) in [
        ("/api/grundy", json!({ "text": "2\n1 5\n0\n1 1\n" })),
        ("/api/snakes", json!({ "text": "6 1 0\n25 35\n" })),
        ("/api/odds", json!({ "board": "squares 10\nladder 3 99\n" })),
    ] {
        let (status, body) = post(path, &body);
        assert_eq!(status, 422, "{path}: {body}");
        let problem = &body["error"]["problems"][0];
        assert_eq!(problem["file"], "input", "{path}: {body}");
        assert!(
            problem["report"].as_str().unwrap().starts_with("error: input:"),
            "{path}: {body}"
        );
    }
}
