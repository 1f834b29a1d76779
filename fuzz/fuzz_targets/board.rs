//! Board files: never a panic; a small accepted board is analysed in full (summary, JSON,
//! a race, the exact expectation) without a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tabletop_app::odds::{answer, Request};
use tabletop_app::Source;

/// Boards up to this many squares and die faces are analysed (larger ones only parsed: the
/// fuzzer wants many small inputs a second; a die of 2*10^7 faces on 20 squares is a game of
/// 2*10^7 turns, bounded by the work budget but seconds long).
const ANALYSED: u64 = 2_000;

fuzz_target!(|data: &[u8]| {
    let source = Source::new("fuzz", data.to_vec());
    let Ok(file) = tabletop_parse::board::parse(source.bytes()) else {
        return;
    };
    if file.board.goal() > ANALYSED || file.rules.die > ANALYSED {
        return;
    }
    let request = Request {
        players: Some(3),
        exact: true,
        json: true,
        ..Request::default()
    };
    let _ = answer(&source, &request, &mut |_| {});
});
