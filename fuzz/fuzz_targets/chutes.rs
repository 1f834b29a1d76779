//! UVa 647 text: never a panic; an answered input is answered the same with keep-going.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tabletop_app::chutes::{answer, Form, Request};
use tabletop_app::{Failure, Source};

fuzz_target!(|data: &[u8]| {
    let source = Source::new("fuzz", data.to_vec());
    let plain = answer(&source, &Request::default(), None);
    let mut trace = Vec::new();
    let traced = answer(&source, &Request::default(), Some(&mut trace));
    assert_eq!(plain, traced, "a trace changes nothing");
    let kept = answer(&source, &Request { form: Form::Winners, keep_going: true }, None);
    match (&plain, &kept) {
        (Ok(all), Ok(kept)) => assert_eq!(all.text, kept.text),
        (Ok(_), Err(failure)) => panic!("keep-going refused an answered input: {failure}"),
        (Err(Failure::Invalid { .. }), _) => {}
        (Err(other), _) => panic!("not an input error: {other}"),
    }
    if tabletop_parse::chutes::parse(source.bytes()).is_ok() {
        let json = answer(&source, &Request { form: Form::Json, keep_going: false }, None);
        assert_eq!(json.is_ok(), plain.is_ok(), "JSON answers what the judge form answers");
    }
});
