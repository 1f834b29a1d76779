//! Snakes text: never a panic; parsed boards are answered, in every form, with keep-going too.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tabletop_app::snakes::{answer, Request};
use tabletop_app::Source;

fuzz_target!(|data: &[u8]| {
    let source = Source::new("fuzz", data.to_vec());
    let plain = answer(&source, &Request::default());
    let parsed = tabletop_parse::snakes::parse(source.bytes());
    assert_eq!(plain.is_ok(), parsed.is_ok() && !source.is_blank(), "answered iff parsed");
    let kept = answer(&source, &Request { keep_going: true, ..Request::default() });
    if let (Ok(all), Ok(kept)) = (&plain, &kept) {
        assert_eq!(all.text, kept.text);
    }
    if let Ok(all) = &plain {
        let json = answer(&source, &Request { json: true, draw: true, ..Request::default() });
        let json = json.expect("JSON answers what the judge form answers");
        assert_eq!(json.text.lines().count(), all.text.lines().count());
        assert!(json.picture.is_some());
    }
});
