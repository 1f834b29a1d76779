//! Octal game texts and codes: never a panic; a valid code's values, period and a query.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tabletop_app::octal::{answer, Game, Request};
use tabletop_app::Source;

/// The largest heap computed (the fuzzer wants many inputs a second).
const HEAPS: u64 = 1_000;

fuzz_target!(|data: &[u8]| {
    let source = Source::new("fuzz", data.to_vec());
    let heaps = match tabletop_parse::octal::game(source.bytes()) {
        Ok(game) => game.heaps.map_or(200, |h| h.value).min(HEAPS),
        Err(_) => 10,
    };
    let query = Source::new("<query>", b"3 5 7".to_vec());
    let request = Request {
        heaps: Some(heaps),
        period: true,
        json: true,
        query: Some(query),
        stats: true,
        ..Request::default()
    };
    let _ = answer(Game::Text(&source), &request);
    let _ = answer(Game::Code(&source), &Request { heaps: Some(heaps), ..Request::default() });
});
