//! POJ 2425 text through the streaming splitter: never a panic, and read a test case at a
//! time exactly as the whole text parses.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tabletop_app::grundy::{answer, Form, Request, Spelling};
use tabletop_app::{Source, Stream};

fuzz_target!(|data: &[u8]| {
    let source = Source::new("fuzz", data.to_vec());
    let streamed = answer(&mut Stream::new("fuzz", data), &Request::default());
    let whole = tabletop_parse::grundy::parse(source.bytes());
    assert_eq!(streamed.is_ok(), whole.is_ok() && !source.is_blank(), "windows read like the whole text");
    if let Ok(answer_text) = &streamed {
        let queries: usize = whole.iter().flat_map(|w| &w.cases).map(|c| c.value.queries.len()).sum();
        assert_eq!(answer_text.text.lines().count(), queries);
        for form in [Form::Values(Spelling::Ascii), Form::Json, Form::Dot { spelling: Spelling::Unicode, moves: true }] {
            let other = answer(&mut Stream::of(&source), &Request { form, ..Request::default() });
            assert!(other.is_ok(), "every form answers a valid input");
        }
    }
    let kept = answer(&mut Stream::of(&source), &Request { keep_going: true, ..Request::default() });
    if let (Ok(all), Ok(kept)) = (&streamed, &kept) {
        assert_eq!(all.text, kept.text);
    }
});
