//! No body, however malformed, panics a handler: every endpoint answers with JSON and a
//! status, 400 for what is not its JSON, 422 for inputs that are not valid games.

#![allow(clippy::unwrap_used)] // a test crate: a failed unwrap is a failed test

use proptest::prelude::*;
use tabletop_serve::respond;

const ENDPOINTS: [&str; 4] = ["/api/odds", "/api/snakes", "/api/grundy", "/api/grundy/turn"];

fn answered(path: &str, body: &[u8]) {
    let reply = respond("POST", path, body);
    assert!(
        [200, 400, 413, 422].contains(&reply.status),
        "{path}: {}",
        reply.status
    );
    let _: serde_json::Value = serde_json::from_slice(&reply.body).unwrap();
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn any_bytes_are_answered(body in proptest::collection::vec(any::<u8>(), 0..200), endpoint in 0..4usize) {
        answered(ENDPOINTS[endpoint], &body);
    }

    #[test]
    fn any_game_text_is_answered(text in "[0-9a-z \n#-]{0,80}", case in 0..4usize, pieces in proptest::collection::vec(0..6u32, 0..4), piece in 0..4usize, to in 0..6u32) {
        let bodies = [
            serde_json::json!({ "board": text }),
            serde_json::json!({ "text": text, "case": case }),
            serde_json::json!({ "text": text }),
            serde_json::json!({ "text": text, "case": case, "pieces": pieces, "move": { "piece": piece, "to": to } }),
        ];
        for (path, body) in ENDPOINTS.iter().zip(&bodies) {
            answered(path, body.to_string().as_bytes());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    /// The job endpoints too: a job that does not exist is 404, four running already 429.
    #[test]
    fn any_bytes_are_answered_by_the_job_endpoints(body in proptest::collection::vec(any::<u8>(), 0..200), endpoint in 0..3usize, job in "[0-9a-z]{0,4}") {
        let path = ["/api/odds/start", "/api/odds/job", "/api/odds/cancel"][endpoint];
        for body in [body, serde_json::json!({ "job": job }).to_string().into_bytes()] {
            let reply = respond("POST", path, &body);
            assert!([200, 400, 404, 429].contains(&reply.status), "{path}: {}", reply.status);
            let _: serde_json::Value = serde_json::from_slice(&reply.body).unwrap();
        }
    }
}
