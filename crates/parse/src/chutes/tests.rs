//! Tests of the chutes format.

mod unit {
    use super::super::*;

    const SAMPLE: &str =
        "3 6 3 2 5 1 3 4 2 3 1 2 0\n2\n6 95\n99 1\n0 0\n-3\n98\n0\n2\n3 99\n6 90\n0 0\n0\n0\n";

    fn error(text: &str) -> (usize, usize, String) {
        crate::error::rejection(text, parse)
    }

    #[test]
    fn sample_parses() {
        let input = parse(SAMPLE.as_bytes()).unwrap();
        assert_eq!(input.throws.len(), 12);
        assert_eq!(input.games.len(), 2);
        let first = &input.games[0].value;
        assert_eq!(first.players, 2);
        assert_eq!(first.board.land(6), 95);
        assert_eq!(first.board.special(3), Some(Special::MissTurn));
        assert_eq!(first.board.special(98), Some(Special::ExtraTurn));
        assert_eq!(input.games[1].span, 50..51);
    }

    #[test]
    fn errors_are_located() {
        assert_eq!(error("1 7 0\n"), (1, 3, "throw 7 is not a die value 1..6".into()));
        assert_eq!(
            error("1 x 0\n").2,
            "expected a die throw 1..6, or 0 to end the throws, found `x`"
        );
        assert_eq!(
            error("1 2"),
            (
                1,
                4,
                "expected a die throw 1..6, or 0 to end the throws, found end of input".into()
            )
        );
        assert_eq!(error("1 0\n1\n").2, "a game needs 2 to 5 players, not 1");
        assert_eq!(error("1 0\n2\n5 100\n").2, "square 100 is outside 1..99");
        assert_eq!(
            error("1 0\n2\n5 5\n0 0\n0\n0\n"),
            (3, 1, "a jump from square 5 to itself goes nowhere".into())
        );
        assert_eq!(
            error("1 0\n2\n5 9\n9 5\n0 0\n0\n0\n"),
            (4, 1, "jumps loop forever: 5 -> 9 -> 5".into())
        );
        assert_eq!(error("1 0\n2\n0 0\n-4\n4\n0\n0\n").0, 5);
        assert_eq!(
            error("1 0\n2\n0 0\n0\n").2,
            "expected the number of players (2..5), or 0 to end the input, found end of input"
        );
        assert_eq!(error("1 0\n2 3\n").2, "expected the end of the line, found `3`");
        assert_eq!(error("1 0\n0\n5\n").2, "expected the end of the input, found `5`");
    }
}

mod properties {
    use proptest::prelude::*;

    use super::super::*;

    /// A valid-looking input: throws, then games with random (possibly invalid) boards.
    fn input_text() -> impl Strategy<Value = String> {
        let game = (
            2usize..=5,
            prop::collection::vec((1u64..100, 1u64..100), 0..8),
            prop::collection::vec(prop_oneof![-99i64..=-1, 1i64..=99], 0..4),
        );
        (
            prop::collection::vec(1u8..=6, 0..200),
            prop::collection::vec(game, 1..4),
        )
            .prop_map(|(throws, games)| {
                let mut text: String = throws.iter().map(|t| format!("{t} ")).collect();
                text.push_str("0\n");
                for (players, jumps, specials) in games {
                    text.push_str(&format!("{players}\n"));
                    for (from, to) in jumps {
                        text.push_str(&format!("{from} {to}\n"));
                    }
                    text.push_str("0 0\n");
                    for special in specials {
                        text.push_str(&format!("{special}\n"));
                    }
                    text.push_str("0\n");
                }
                text.push_str("0\n");
                text
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
            if let Err(error) = parse(&bytes) {
                prop_assert!(error.span.start <= bytes.len());
                prop_assert!(!error.message.is_empty());
            }
        }

        #[test]
        fn arbitrary_number_soup_never_panics(words in prop::collection::vec(
            prop_oneof![Just("0".to_string()), Just("\n".to_string()), (-120i64..120).prop_map(|n| n.to_string())],
            0..80,
        )) {
            let text = words.join(" ");
            let _ = parse(text.as_bytes());
        }

        /// Generated inputs either parse into games that each end with a winner or run out
        /// of throws (a typed error), or are rejected with a located error on a board line.
        #[test]
        fn generated_inputs_give_a_winner_or_a_typed_error(text in input_text()) {
            match parse(text.as_bytes()) {
                Ok(input) => {
                    for game in &input.games {
                        match tabletop_boards::chutes::play(&game.value.board, game.value.players, &input.throws) {
                            Ok(outcome) => prop_assert!((1..=game.value.players).contains(&outcome.winner)),
                            Err(tabletop_boards::chutes::ChutesError::OutOfThrows { .. }) => {}
                            Err(other) => prop_assert!(false, "unexpected {other}"),
                        }
                    }
                }
                Err(error) => {
                    let line = error.location(text.as_bytes()).line;
                    prop_assert!(line >= 2, "throws were valid, yet: {error:?}");
                }
            }
        }
    }
}
