//! Properties every format shares: one message shape for a bad token, one spelling of
//! numbers.

use crate::error::rejection;
use crate::{board, chutes, grundy, pigs, snakes, ParseError};

/// A parser of one format, for the tables below.
type Parser = fn(&[u8]) -> Result<(), ParseError>;

/// Each format with a text holding a number at `{}`, what the format expects there, and the
/// line and column of `{}`.
const FORMATS: [(&str, Parser, &str, &str, (usize, usize)); 5] = [
    (
        "chutes",
        |t| chutes::parse(t).map(drop),
        "1 {} 0\n2\n0 0\n0\n0\n",
        "a die throw 1..6, or 0 to end the throws",
        (1, 3),
    ),
    (
        "snakes",
        |t| snakes::parse(t).map(drop),
        "6 {} 0\n",
        "the number of snakes S",
        (1, 3),
    ),
    (
        "grundy",
        |t| grundy::parse(t).map(drop),
        "2\n1 {}\n0\n0\n",
        "an out-position of position 0",
        (2, 3),
    ),
    (
        "pigs",
        |t| pigs::parse(t).map(drop),
        "2 {}\nMP K K K K\nFP D D D D\nW\n",
        "the number of deck cards m",
        (1, 3),
    ),
    (
        "board",
        |t| board::parse(t).map(drop),
        "squares {}\nladder 1 5\n",
        "the number of squares",
        (1, 9),
    ),
];

#[test]
fn a_bad_token_gets_the_same_message_shape_in_every_format() {
    let long = format!("7{}", "x".repeat(49));
    let huge = "9".repeat(100_000);
    // The token, and how the message shows it.
    let tokens = [
        ("12x", "`12x`".to_string()),
        ("3.5", "`3.5`".to_string()),
        ("-", "`-`".to_string()),
        ("+5", "`+5`".to_string()),
        (long.as_str(), format!("`7{}…`", "x".repeat(38))),
        (huge.as_str(), format!("`{}…` (too large)", "9".repeat(39))),
        ("18446744073709551616", "`18446744073709551616` (too large)".to_string()),
    ];
    for (format, parse, template, what, at) in FORMATS {
        for (token, shown) in &tokens {
            let text = template.replace("{}", token);
            let (line, column, message) = rejection(&text, parse);
            assert_eq!(message, format!("expected {what}, found {shown}"), "{format}: {token:.20}");
            assert_eq!((line, column), at, "{format}: {token:.20}");
            assert!(message.chars().count() < 200, "{format}");
        }
    }
}

#[test]
fn leading_zeros_and_minus_zero_are_plain_values_in_every_format() {
    for (format, parse, template, _, _) in FORMATS {
        // The same text with the number written three ways is parsed the same way.
        let results: Vec<_> = ["0", "-0", "0000000000000000000000000"]
            .iter()
            .map(|zero| parse(template.replace("{}", zero).as_bytes()).map_err(|e| e.message))
            .collect();
        assert!(results.windows(2).all(|w| w[0] == w[1]), "{format}: {results:?}");
        let results: Vec<_> = ["1", "01", "0000000000000000000000001"]
            .iter()
            .map(|one| parse(template.replace("{}", one).as_bytes()).map_err(|e| e.message))
            .collect();
        assert!(results.windows(2).all(|w| w[0] == w[1]), "{format}: {results:?}");
    }
    let chutes = chutes::parse(b"1 2 0000000000000000000000000\n2\n006 095\n-0 00\n-03\n-0\n000\n").unwrap();
    assert_eq!(chutes.throws, vec![1, 2]);
    assert_eq!(chutes.games[0].value.board.land(6), 95);
    let snakes = snakes::parse(b"0006 -0 01\n03 023\n").unwrap();
    assert_eq!(snakes.boards[0].value.board.land(3), 23);
    let grundy = grundy::parse(b"2\n01 -0\n0000000000000000000000000\n1 00\n-0\n").unwrap();
    assert_eq!(grundy.cases[0].value.graph.successors(0), &[0]);
    let pigs = pigs::parse(b"02 01\nMP K K K K\nFP D D D D\nW\n").unwrap();
    assert_eq!(pigs.setup.deck.len(), 1);
    let file = board::parse(b"squares 0010\nstart -0\ndie 0000000000000000000000006\nladder 02 09\n").unwrap();
    assert_eq!((file.board.goal(), file.rules.start, file.rules.die), (10, 0, 6));
    assert_eq!(file.board.land(2), 9);
}

#[test]
fn the_end_of_a_line_and_of_the_input_are_named() {
    assert_eq!(
        rejection("1 0\n2\n6\n0 0\n", |t| chutes::parse(t).map(drop)).2,
        "expected the end square of the chute or ladder, found end of line"
    );
    assert_eq!(
        rejection("squares", |t| board::parse(t).map(drop)).2,
        "expected the number of squares, found end of input"
    );
    assert_eq!(
        rejection("2", |t| pigs::parse(t).map(drop)).2,
        "expected the number of deck cards m, found end of input"
    );
}
