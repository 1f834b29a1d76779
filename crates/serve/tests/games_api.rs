//! The endpoints of the 猪国杀 replay, the snakes page and the octal page, called in-process
//! through `respond`: the answers are the command line's (through the same application
//! layer), the error codes, the limits, and any body answered with JSON.

#![allow(clippy::unwrap_used)] // a test crate: a failed unwrap is a failed test

use proptest::prelude::*;
use serde_json::{json, Value};
use tabletop_app::octal::Limits;
use tabletop_app::octal::{Game as OctalGame, Request as OctalRequest};
use tabletop_app::pigs::{self, Request as PigsRequest};
use tabletop_app::{snakes, Source};
use tabletop_serve::{respond, MAX_BODY};

const SAMPLE: &str = "3 10\nMP D D F F\nZP N N N D\nFP J J J J\nF F D D J J F F K D\n";
const NEVER: &str = "2 1\nMP D D D D\nFP D D D D\nD\n";

fn post(path: &str, body: &Value) -> (u16, Value) {
    let reply = respond("POST", path, body.to_string().as_bytes());
    let value = serde_json::from_slice(&reply.body).expect("every API reply is JSON");
    (reply.status, value)
}

fn fixture(path: &str) -> String {
    std::fs::read_to_string(format!("{}/../../fixtures/{path}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

/// What `tabletop pigs [--trace]` writes for `text`: (stdout, trace).
fn cli_pigs(text: &str) -> (String, String) {
    let source = Source::new("input", text.as_bytes().to_vec());
    let mut trace = Vec::new();
    let answer = pigs::answer(&source, &PigsRequest::default(), Some(&mut trace)).unwrap();
    (answer.text, String::from_utf8(trace).unwrap())
}

#[test]
fn the_pigs_replay_steps_through_the_cli_game_to_its_output() {
    for text in [
        SAMPLE.to_owned(),
        fixture("pigs/spec-e10-n-goes-on-after-mp-kills-zp.in"),
        fixture("pigs/spec-e05-deck-exhaustion.in"),
    ] {
        let (status, body) = post("/api/pigs", &json!({ "text": text }));
        assert_eq!(status, 200, "{body}");
        let (output, trace) = cli_pigs(&text);
        assert_eq!(body["output"], output);
        assert_eq!(body["never_ends"], Value::Null);
        assert_eq!(body["complete"], true);
        let steps = body["steps"].as_array().unwrap();
        let lines: Vec<&str> = steps.iter().map(|s| s["text"].as_str().unwrap()).collect();
        assert_eq!(format!("{}\n", lines.join("\n")), trace);
        // Following the changed pigs from the start ends at the judge's last lines.
        let mut pigs = body["pigs"].as_array().unwrap().clone();
        for step in steps {
            for change in step["changed"].as_array().unwrap() {
                pigs[change["pig"].as_u64().unwrap() as usize] = change["state"].clone();
            }
        }
        let last: Vec<String> = pigs
            .iter()
            .map(|p| match p["dead"].as_bool().unwrap() {
                true => "DEAD".to_owned(),
                false => p["hand"].as_str().unwrap().to_owned(),
            })
            .collect();
        assert_eq!(output.lines().skip(1).collect::<Vec<_>>(), last);
    }
}

#[test]
fn the_pigs_replay_shows_each_pig_and_hides_roles_until_revealed() {
    let (_, body) = post("/api/pigs", &json!({ "text": SAMPLE }));
    let start = &body["pigs"];
    assert_eq!(
        start[0],
        json!({ "role": "MP", "hp": 4, "hand": "D D F F", "cards": 4, "equipped": false,
                "jumped": true, "revealed": true, "similar": false, "dead": false })
    );
    assert_eq!(start[1]["revealed"], false);
    assert_eq!(
        body["deck"],
        json!(["F", "F", "D", "D", "J", "J", "F", "F", "K", "D"])
    );
    let first = &body["steps"][0];
    assert_eq!(first["turn"], 1);
    assert_eq!(first["drawn"], 2);
    assert_eq!(first["changed"][0]["state"]["hand"], "D D F F F F");
    let masked: Vec<&str> = body["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["masked"].as_str().unwrap())
        .collect();
    assert!(masked.iter().any(|m| m.contains("duels pig 2 (?)")), "{masked:?}");
    assert!(
        masked.iter().all(|m| !m.contains("pig 3 (FP) uses")),
        "{masked:?}"
    );
}

#[test]
fn a_game_that_never_ends_is_replayed_and_reported() {
    let (status, body) = post("/api/pigs", &json!({ "text": NEVER }));
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["output"], Value::Null);
    let report = body["never_ends"].as_str().unwrap();
    let cli = pigs::answer(&Source::new("input", NEVER.into()), &PigsRequest::default(), None).unwrap_err();
    assert_eq!(format!("{report}\n"), cli.report());
    assert!(report.contains("never end"));
    assert!(!body["steps"].as_array().unwrap().is_empty());
}

#[test]
fn a_long_replay_is_cut_at_its_budget() {
    // Nobody can act on a deck of dodges: 25 000 turns of draws, then a round proves the game
    // never ends. The hands grow by two cards a turn, so the replay is cut by its cards.
    let text = format!(
        "2 50000\nMP D D D D\nFP D D D D\n{}\n",
        vec!["D"; 50_000].join(" ")
    );
    let (status, body) = post("/api/pigs", &json!({ "text": text }));
    assert_eq!(status, 200);
    assert_eq!(body["complete"], false);
    assert!(body["never_ends"].as_str().unwrap().contains("never end"));
    let steps = body["steps"].as_array().unwrap();
    let cards: u64 = steps
        .iter()
        .flat_map(|s| s["changed"].as_array().unwrap())
        .map(|c| c["state"]["cards"].as_u64().unwrap() + 1)
        .sum();
    let limit = body["limits"]["cards"].as_u64().unwrap();
    assert!(cards <= limit + 25_002, "{cards}");
    assert!(steps.len() < 25_000);
}

#[test]
fn a_bad_pigs_input_is_422_and_a_bad_body_400() {
    let (status, body) = post("/api/pigs", &json!({ "text": "2 1\nMP D D D\n" }));
    assert_eq!(status, 422, "{body}");
    assert!(body["error"]["problems"][0]["line"].is_u64(), "{body}");
    let (status, _) = post("/api/pigs", &json!({ "text": "" }));
    assert_eq!(status, 422);
    let (status, _) = post("/api/pigs", &json!({ "text": SAMPLE, "speed": 2 }));
    assert_eq!(status, 400);
    let (status, _) = post("/api/pigs/compare", &json!({ "text": SAMPLE }));
    assert_eq!(status, 400);
    assert_eq!(respond("GET", "/api/pigs", b"").status, 405);
    assert_eq!(
        respond("POST", "/api/pigs", &vec![b' '; MAX_BODY + 1]).status,
        413
    );
}

#[test]
fn another_output_is_compared_as_a_judge_compares() {
    let compare = |output: &str| post("/api/pigs/compare", &json!({ "text": SAMPLE, "output": output }));
    let (status, body) = compare("FP  \nDEAD\nDEAD\nJ J J J J J D\n\n");
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["same"], true);
    assert_eq!(body["difference"], Value::Null);
    let (_, body) = compare("FP\nDEAD\nK\nJ J J J J J D\n");
    assert_eq!(body["same"], false);
    assert_eq!(
        body["difference"],
        json!({ "line": 3, "expected": "DEAD", "actual": "K" })
    );
    assert!(
        body["story"]
            .as_str()
            .unwrap()
            .contains("pig 2 (ZP): in turn 4 it dies"),
        "{body}"
    );
    assert_eq!(body["expected"], "FP\nDEAD\nDEAD\nJ J J J J J D\n");
    let (_, body) = compare("FP\n");
    assert_eq!(
        body["difference"],
        json!({ "line": 2, "expected": "DEAD", "actual": null })
    );
    let (status, body) = post("/api/pigs/compare", &json!({ "text": NEVER, "output": "MP\n" }));
    assert_eq!(status, 422, "{body}");
    assert!(body["error"]["message"].as_str().unwrap().contains("never end"));
}

#[test]
fn snakes_answers_each_board_of_a_judge_input_and_draws_the_chosen_one() {
    let text = fixture("snakes/greedy-six-wrong.in");
    let source = Source::new("input", text.clone().into_bytes());
    let cli = snakes::answer(&source, &snakes::Request::default()).unwrap();
    for case in 1..=4 {
        let (status, body) = post("/api/snakes", &json!({ "text": text, "case": case }));
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["answers"], cli.text);
        assert_eq!(body["boards"].as_array().map(Vec::len), Some(4));
        let drawn = snakes::answer(
            &source,
            &snakes::Request {
                case: Some(case),
                draw: true,
                ..Default::default()
            },
        )
        .unwrap();
        assert_eq!(body["svg"].as_str(), drawn.picture.as_deref());
    }
    let (status, body) = post("/api/snakes", &json!({ "text": text, "case": 5 }));
    assert_eq!(status, 422);
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("out of range"),
        "{body}"
    );
}

/// `tabletop octal CODE --heaps N --period [--query Q] --stats`: (stdout, the stats note).
fn cli_octal(code: &str, heaps: u64, query: Option<&str>) -> (String, String) {
    let source = Source::new("<code>", code.as_bytes().to_vec());
    let request = OctalRequest {
        heaps: Some(heaps),
        period: true,
        json: false,
        query: query.map(|q| Source::new("<query>", q.as_bytes().to_vec())),
        stats: true,
        ..OctalRequest::default()
    };
    let mut text = Vec::new();
    let control = tabletop_app::Control::new();
    let answer =
        tabletop_app::octal::answer_to(OctalGame::Code(&source), &request, &mut text, &control, None)
            .unwrap();
    (
        String::from_utf8_lossy(&text).into_owned(),
        answer.notes.join("\n"),
    )
}

#[test]
fn octal_gives_the_cli_values_period_counts_and_move() {
    for (code, heaps) in [
        ("0.77", 200),
        ("0.07", 300),
        ("0.6", 120),
        ("4.07", 50),
        ("0.137", 20),
    ] {
        let (status, body) = post("/api/octal", &json!({ "code": code, "heaps": heaps }));
        assert_eq!(status, 200, "{body}");
        let (text, stats) = cli_octal(code, heaps, None);
        let values: Vec<String> = body["values"]
            .as_array()
            .unwrap()
            .iter()
            .map(Value::to_string)
            .collect();
        let period = match &body["period"] {
            Value::Null => format!("no period up to {heaps}"),
            p => format!("period {} preperiod {}", p["period"], p["preperiod"]),
        };
        assert_eq!(format!("{}\n{period}\n", values.join(" ")), text, "{code}");
        // The --stats lines but the first (its time differs from run to run).
        let lines: Vec<&str> = stats.lines().skip(1).collect();
        assert_eq!(body["stats_lines"], json!(lines), "{code}");
        let s = &body["stats"];
        let largest = format!(
            "largest value {}, first at heap {}",
            s["max_value"], s["max_first"]
        );
        assert!(
            lines.iter().any(|l| l.contains(&largest)),
            "{code}: {largest} in {stats}"
        );
    }
    let (_, body) = post("/api/octal", &json!({ "code": "0.77", "heaps": 200 }));
    assert_eq!(body["period"], json!({ "period": 12, "preperiod": 71 }));
    assert_eq!(body["code"], "0.77");
    assert_eq!(
        (&body["stats"]["mask"], &body["stats"]["rare"]),
        (&json!(15), &json!(9))
    );
}

#[test]
fn an_octal_query_is_answered_with_the_cli_winning_move() {
    for (code, query) in [
        ("0.77", "3 4"),
        ("0.07", "9 4 12"),
        ("0.6", "3, 5, 7"),
        ("0.07", "1 1"),
    ] {
        let (status, body) = post(
            "/api/octal",
            &json!({ "code": code, "heaps": 40, "query": query }),
        );
        assert_eq!(status, 200, "{body}");
        let (text, _) = cli_octal(code, 40, Some(query));
        let q = &body["query"];
        let mut shown = format!("{}\n", q["outcome"].as_str().unwrap());
        if let Some(play) = q["move"]["text"].as_str() {
            shown.push_str(&format!("{play}\n"));
        }
        assert!(text.starts_with(&shown), "{code} {query}: {shown} vs {text}");
    }
    let (_, body) = post(
        "/api/octal",
        &json!({ "code": "0.77", "heaps": 40, "query": "3 4" }),
    );
    assert_eq!(
        body["query"]["move"],
        json!({ "heap": 1, "size": 3, "take": 2, "leave": [1], "text": "heap 1 (3 tokens): take 2, leave 1" })
    );
    // A heap beyond N computes the values up to it, as the command line does.
    let (_, body) = post(
        "/api/octal",
        &json!({ "code": "0.77", "heaps": 10, "query": "30" }),
    );
    assert_eq!(body["heaps"], 30);
    assert_eq!(body["values"].as_array().map(Vec::len), Some(31));
    let (_, body) = post("/api/octal", &json!({ "code": "0.77", "heaps": 10 }));
    assert_eq!(body["query"], Value::Null);
}

#[test]
fn an_empty_or_blank_octal_query_is_refused_where_the_command_line_refuses_it() {
    for (query, column) in [("", 1), (" ", 2)] {
        let (status, body) = post(
            "/api/octal",
            &json!({ "code": "0.77", "heaps": 10, "query": query }),
        );
        assert_eq!(status, 422, "{query:?}: {body}");
        let problem = &body["error"]["problems"][0];
        assert_eq!(
            (
                problem["file"].as_str(),
                problem["line"].as_u64(),
                problem["column"].as_u64()
            ),
            (Some("query"), Some(1), Some(column)),
            "{query:?}: {body}"
        );
        let cli = tabletop_app::octal::read_heaps(&Source::new("<query>", query.as_bytes().to_vec()))
            .expect_err("the command line refuses it too")
            .report();
        assert!(
            cli.starts_with(&format!("error: <query>:1:{column}: ")),
            "{query:?}: {cli}"
        );
    }
}

#[test]
fn bad_octal_requests_are_located_and_bounded() {
    let (status, body) = post("/api/octal", &json!({ "code": "0.78", "heaps": 10 }));
    assert_eq!(status, 422, "{body}");
    let problem = &body["error"]["problems"][0];
    assert_eq!(
        (problem["file"].as_str(), problem["column"].as_u64()),
        (Some("code"), Some(4)),
        "{body}"
    );
    let (status, body) = post(
        "/api/octal",
        &json!({ "code": "0.77", "heaps": 10, "query": "3 x" }),
    );
    assert_eq!(status, 422);
    assert_eq!(body["error"]["problems"][0]["file"], "query");
    let (status, body) = post(
        "/api/octal",
        &json!({ "code": "0.77", "heaps": Limits::PLAYGROUND.max_heaps.expect("a limit") + 1 }),
    );
    assert_eq!(status, 422);
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("more than the"),
        "{body}"
    );
    let (status, _) = post(
        "/api/octal",
        &json!({ "code": "0.77", "heaps": 10, "query": format!("{}", Limits::PLAYGROUND.max_heaps.expect("a limit") + 1) }),
    );
    assert_eq!(status, 422);
    for body in [
        json!({ "code": "0.77" }),
        json!({ "code": "0.77", "heaps": -1 }),
        json!({ "code": 7, "heaps": 1 }),
    ] {
        assert_eq!(post("/api/octal", &body).0, 400, "{body}");
    }
}

#[test]
fn the_new_pages_and_samples_are_served() {
    for page in ["/pigs", "/snakes", "/octal"] {
        let reply = respond("GET", page, b"");
        assert_eq!(reply.status, 200, "{page}");
        assert!(reply.content_type.starts_with("text/html"));
    }
    for (served, path) in [
        ("/samples/pigs.txt", "pigs/spec-sample.in"),
        (
            "/samples/pigs-more.txt",
            "pigs/spec-e10-n-goes-on-after-mp-kills-zp.in",
        ),
        ("/samples/snakes.txt", "snakes/sample.in"),
        ("/samples/snakes-more.txt", "snakes/greedy-six-wrong.in"),
    ] {
        assert_eq!(
            respond("GET", served, b"").body,
            fixture(path).into_bytes(),
            "{served}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn any_body_is_answered_with_json(text in "[0-9A-Z \n.,x-]{0,60}", heaps in 0..300u64, endpoint in 0..3usize) {
        let (path, body) = match endpoint {
            0 => ("/api/pigs", json!({ "text": text })),
            1 => ("/api/pigs/compare", json!({ "text": text, "output": text })),
            _ => ("/api/octal", json!({ "code": text, "heaps": heaps, "query": text })),
        };
        let reply = respond("POST", path, body.to_string().as_bytes());
        prop_assert!([200, 400, 422].contains(&reply.status), "{} {}", path, reply.status);
        let _: Value = serde_json::from_slice(&reply.body).unwrap();
        let raw = respond("POST", path, text.as_bytes());
        prop_assert_eq!(raw.status, 400);
    }
}
