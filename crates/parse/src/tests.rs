//! Properties every format shares: one message shape for a bad token, one spelling of
//! numbers.

use crate::error::rejection;
use crate::{board, chutes, grundy, pigs, snakes, ParseError};

/// Checks `read(text) == expected(text)` for each of `texts`, naming the text that differs
/// (as text, where it is).
pub(crate) fn assert_each_text<T: PartialEq + std::fmt::Debug>(
    texts: &[&[u8]],
    read: impl Fn(&[u8]) -> T,
    expected: impl Fn(&[u8]) -> T,
) {
    for &text in texts {
        assert_eq!(read(text), expected(text), "{:?}", String::from_utf8_lossy(text));
    }
}

/// A parser of one format, for the tables below.
type Parser = fn(&[u8]) -> Result<(), ParseError>;

/// A format's name and parser, a text holding a number at `{}`, what the format expects
/// there, and the line and column of `{}`.
type Format = (&'static str, Parser, &'static str, &'static str, (usize, usize));

/// Every format.
const FORMATS: [Format; 5] = [
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
        (
            "18446744073709551616",
            "`18446744073709551616` (too large)".to_string(),
        ),
    ];
    for (format, parse, template, what, at) in FORMATS {
        for (token, shown) in &tokens {
            let text = template.replace("{}", token);
            let (line, column, message) = rejection(&text, parse);
            assert_eq!(
                message,
                format!("expected {what}, found {shown}"),
                "{format}: {token:.20}"
            );
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
    let file =
        board::parse(b"squares 0010\nstart -0\ndie 0000000000000000000000006\nladder 02 09\n").unwrap();
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

/// The messages of a per-case reader's items (`ok` for a case read).
fn messages<T>(items: impl Iterator<Item = Result<T, ParseError>>) -> Vec<String> {
    items
        .map(|item| item.map_or_else(|e| e.message, |_| "ok".to_string()))
        .collect()
}

#[test]
fn per_case_readers_go_on_after_a_case_that_cannot_be_lowered() {
    // chutes: a bad player count and a looping board between good games.
    let text = b"1 2 0\n2\n0 0\n0\n7\n0 0\n0\n2\n5 9\n9 5\n0 0\n0\n3\n0 0\n0\n0\n";
    let games = messages(chutes::cases(text).unwrap().keep_going());
    assert_eq!(
        games,
        [
            "ok",
            "a game needs 2 to 5 players, not 7",
            "jumps loop forever: 5 -> 9 -> 5",
            "ok"
        ]
    );
    // By default the reader stops at the first error, as `parse` does.
    assert_eq!(messages(chutes::cases(text).unwrap()).len(), 2);
    assert_eq!(chutes::parse(text).unwrap_err().message, games[1]);
    // snakes: N = 0, a snake going up, then a good board.
    let text = b"0 0 0\n6 1 0 25 35\n6 0 1 3 23\n";
    assert_eq!(
        messages(snakes::cases(text).keep_going()),
        [
            "N is 0, but a board needs N >= 1 (N x N squares)",
            "snake 25 35 goes up: a snake's mouth must be above its tail",
            "ok"
        ]
    );
    // grundy: an out-position and a piece out of range, then a good test case.
    let text = b"2\n1 2\n0\n1 0\n0\n1\n0\n1 1\n0\n1\n0\n1 0\n0\n";
    assert_eq!(
        messages(grundy::cases(text).keep_going()),
        [
            "out-position 2 of position 0 is outside 0..1",
            "piece position 1 is outside 0..0",
            "ok"
        ]
    );
    assert_eq!(messages(pigs::cases(b"2 1\nMP K K K K\nFP D D D D\nW\n")), ["ok"]);
}

#[test]
fn a_syntax_error_ends_the_cases_after_any_earlier_error() {
    // The out-of-range piece comes first in the text, then the line that loses the shape.
    let text = b"1\n0\n1 0\n0\n1\n0\n1 5\n2 0\n";
    let items = messages(grundy::cases(text).keep_going());
    assert_eq!(
        items,
        [
            "ok",
            "piece position 5 is outside 0..0",
            "the query should have 2 pieces, but its line lists 1"
        ]
    );
    assert_eq!(grundy::parse(text).unwrap_err().message, items[1]);
    // A bad player count before a truncated game is reported first, as the text reads.
    let items = messages(chutes::cases(b"1 0\n1\n5 6\n").unwrap().keep_going());
    assert_eq!(items[0], "a game needs 2 to 5 players, not 1");
    assert_eq!(items.len(), 2);
    // A syntax error that comes first is the only error.
    let items = messages(snakes::cases(b"6 1 0\n35 x\n6 0 0\n").keep_going());
    assert_eq!(items, ["expected a snake's tail, found `x`"]);
}

#[test]
fn chutes_take_fewer_than_a_thousand_throws() {
    let game = "2\n0 0\n0\n0\n";
    let text = format!("{} 0\n{game}", "1 ".repeat(999));
    assert_eq!(chutes::parse(text.as_bytes()).unwrap().throws.len(), 999);
    let text = format!("{}6 0\n{game}", "1 ".repeat(999));
    assert_eq!(
        rejection(&text, |t| chutes::parse(t).map(drop)),
        (
            1,
            1999,
            "this is throw 1000: a throw list holds fewer than 1000 throws".into()
        )
    );
}

mod properties {
    use proptest::prelude::*;

    use super::*;

    /// The first error of a per-case reader that keeps going, or `None`.
    fn first_error<T>(mut items: impl Iterator<Item = Result<T, ParseError>>) -> Option<ParseError> {
        items.find_map(Result::err)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]

        /// `parse` fails exactly when some case fails, with the first case's error, whether
        /// or not the reader keeps going after it.
        #[test]
        fn all_or_nothing_agrees_with_the_per_case_readers(
            words in prop::collection::vec(
                prop_oneof![Just("0"), Just("1"), Just("2"), Just("3"), Just("5"), Just("-1"), Just("x"), Just("\n")],
                0..40,
            )
        ) {
            let text = words.join(" ");
            let bytes = text.as_bytes();
            let grundy_first = first_error(grundy::cases(bytes).keep_going());
            prop_assert_eq!(grundy::parse(bytes).err(), grundy_first.clone());
            prop_assert_eq!(first_error(grundy::cases(bytes)), grundy_first);
            let snakes_first = first_error(snakes::cases(bytes).keep_going());
            prop_assert_eq!(snakes::parse(bytes).err(), snakes_first.clone());
            prop_assert_eq!(first_error(snakes::cases(bytes)), snakes_first);
            match chutes::cases(bytes) {
                Ok(cases) => {
                    let first = first_error(cases.keep_going());
                    prop_assert_eq!(chutes::parse(bytes).err(), first);
                }
                Err(error) => prop_assert_eq!(chutes::parse(bytes).err(), Some(error)),
            }
        }
    }
}
