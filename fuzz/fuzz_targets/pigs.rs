//! 猪国杀 text: never a panic; the streamed trace changes nothing; JSON answers alike.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tabletop_app::pigs::{answer, Request};
use tabletop_app::Source;

fuzz_target!(|data: &[u8]| {
    let source = Source::new("fuzz", data.to_vec());
    let plain = answer(&source, &Request::default(), None);
    let mut trace = Vec::new();
    let traced = answer(&source, &Request::default(), Some(&mut trace));
    assert_eq!(plain, traced, "a trace changes nothing");
    if plain.is_ok() {
        assert!(answer(&source, &Request { json: true }, None).is_ok());
    }
});
