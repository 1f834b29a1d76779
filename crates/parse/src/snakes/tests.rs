//! Tests of the snakes format.

mod unit {
    use super::super::*;

    const SAMPLE: &str = "6 1 3\n35 25\n3 23 5 16 20 33\n";

    fn error(text: &str) -> (usize, usize, String) {
        crate::error::rejection(text, parse)
    }

    fn error_span(text: &str) -> String {
        let error = parse(text.as_bytes()).unwrap_err();
        text[error.span].to_string()
    }

    #[test]
    fn sample_parses() {
        let input = parse(SAMPLE.as_bytes()).unwrap();
        assert_eq!(input.boards.len(), 1);
        let board = &input.boards[0];
        assert_eq!(board.value.n, 6);
        assert_eq!(board.value.board.goal(), 36);
        assert_eq!(board.value.board.land(35), 25);
        assert_eq!(board.value.board.land(20), 33);
        assert_eq!(board.span, 0..5);
    }

    #[test]
    fn boards_run_until_the_end_and_pairs_share_lines() {
        let input = parse(b"  1 0 0 2 0 1\n2\n3\n\n6 1 3 35 25 3 23\n5 16\t20 33  \n").unwrap();
        let ns: Vec<u64> = input.boards.iter().map(|b| b.value.n).collect();
        assert_eq!(ns, vec![1, 2, 6]);
        assert_eq!(input.boards[1].value.board.land(2), 3);
        assert!(parse(b"").unwrap().boards.is_empty());
        assert!(parse(b" \n\r\n").unwrap().boards.is_empty());
    }

    #[test]
    fn large_boards_parse() {
        let input = parse(b"1000000000 1 1\n999999999999999999 2 3 4\n").unwrap();
        let board = &input.boards[0].value;
        assert_eq!(board.board.goal(), 1_000_000_000_000_000_000);
        assert_eq!(board.board.land(999_999_999_999_999_999), 2);
        let input = parse(b"4294967295 0 0").unwrap();
        assert_eq!(input.boards[0].value.board.goal(), 18_446_744_065_119_617_025);
    }

    #[test]
    fn sizes_and_counts_are_checked() {
        assert_eq!(
            error("6 1 3\n35 25\n3 23 5 16 20 33\n0 0 0\n"),
            (4, 1, "N is 0, but a board needs N >= 1 (N x N squares)".into())
        );
        assert_eq!(
            error("4294967296 0 0\n").2,
            "N = 4294967296 is too large: N² must fit in 64 bits (N <= 4294967295)"
        );
        assert_eq!(
            error("-3 0 0\n").2,
            "N is -3, but a board needs N >= 1 (N x N squares)"
        );
        assert_eq!(
            error("6 -1 0\n"),
            (1, 3, "the number of snakes S is -1, not 0 or more".into())
        );
        assert_eq!(
            error("6 0 -2\n"),
            (1, 5, "the number of ladders L is -2, not 0 or more".into())
        );
        assert_eq!(
            error("99999999999999999999999999999999999999999 0 0\n").2,
            "expected the board size N, found `999999999999999999999999999999999999999…` (too large)"
        );
        assert_eq!(
            error("6 1 0\n35 -99999999999999999999\n").2,
            "expected a snake's tail, found `-99999999999999999999` (too large)"
        );
        assert_eq!(error("00006 0 1\n-0 3\n").2, "square 0 is outside 1..36");
    }

    #[test]
    fn non_numbers_are_named() {
        assert_eq!(
            error("6 x 3\n"),
            (1, 3, "expected the number of snakes S, found `x`".into())
        );
        assert_eq!(error("6 1 3\n35 2x5\n").2, "expected a snake's tail, found `2x5`");
        assert_eq!(error("six\n").2, "expected the board size N, found `six`");
        assert_eq!(error("6 0 1\n3 +23\n").2, "expected a ladder's top, found `+23`");
        assert_eq!(
            error("6 1\n").2,
            "the input ends inside a line `N S L`: the number of ladders L is missing \
             (are there more pairs than the counts S and L say?)"
        );
        assert_eq!(error("6 1 0\n35 25\n3 23\n"), (3, 1, error("6 1\n").2));
        assert_eq!(error_span("6 1 0\n35 25\n3 23\n"), "3 23");
    }

    #[test]
    fn truncated_input_says_how_many_pairs_are_missing() {
        assert_eq!(
            error("6 2 0\n35 25\n"),
            (
                3,
                1,
                "the input ends after 1 of 2 snakes (a pair `mouth tail` is missing)".into()
            )
        );
        assert_eq!(
            error("6 0 3\n3 23 5 16 20").2,
            "the input ends after 2 of 3 ladders (a pair `foot top` is missing)"
        );
    }

    #[test]
    fn squares_are_checked() {
        assert_eq!(
            error("6 1 0\n37 25\n"),
            (2, 1, "square 37 is outside 1..36".into())
        );
        assert_eq!(error("6 1 0\n35 0\n"), (2, 4, "square 0 is outside 1..36".into()));
        assert_eq!(error("6 1 0\n35 -4\n").2, "square -4 is outside 1..36");
        assert_eq!(
            error("6 0 1\n1 23\n").2,
            "square 1 is the start: no snake or ladder may touch it"
        );
        assert_eq!(
            error("6 1 0\n35 1\n"),
            (
                2,
                4,
                "square 1 is the start: no snake or ladder may touch it".into()
            )
        );
        assert_eq!(
            error("6 0 1\n3 36\n").2,
            "square 36 is the goal: no snake or ladder may touch it"
        );
        assert_eq!(
            error("6 1 0\n36 3\n").2,
            "square 36 is the goal: no snake or ladder may touch it"
        );
        assert_eq!(
            error("1 0 1\n1 1\n").2,
            "square 1 is the start: no snake or ladder may touch it"
        );
    }

    #[test]
    fn directions_are_checked_on_the_pair() {
        assert_eq!(
            error("6 1 0\n25 35\n").2,
            "snake 25 35 goes up: a snake's mouth must be above its tail"
        );
        assert_eq!(error_span("6 1 0\n25   35\n"), "25   35");
        assert_eq!(
            error("6 0 1\n23 3\n").2,
            "ladder 23 3 goes down: a ladder's foot must be below its top"
        );
        assert_eq!(
            error("6 0 1\n23 23\n").2,
            "ladder 23 23 goes nowhere: its two squares must differ"
        );
    }

    #[test]
    fn board_errors_point_at_the_pair() {
        let text = "6 1 2\n35 25\n3 23\n35\n36\n";
        assert_eq!(
            error(text).2,
            "square 36 is the goal: no snake or ladder may touch it"
        );
        let text = "6 1 2\n35 25\n3 23\n35\n  36\n";
        assert_eq!(error(text).1, 3);
        let text = "6 1 2\n30 25\n3 23 30 33\n";
        assert_eq!(
            error(text),
            (
                3,
                6,
                "square 30 already starts a jump (snake #1 of this board)".into()
            )
        );
        assert_eq!(error_span(text), "30 33");
        let text = "6 0 2\n3 23 3 24\n";
        assert_eq!(
            error(text).2,
            "square 3 already starts a jump (ladder #1 of this board)"
        );
        let text = "6 1 1\n23 3\n3 23\n";
        assert_eq!(error(text), (3, 1, "jumps loop forever: 3 -> 23 -> 3".into()));
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]

        /// Arbitrary bytes never panic the parser, and errors point inside the input.
        #[test]
        fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..64)) {
            if let Err(error) = parse(&bytes) {
                proptest::prop_assert!(error.span.start <= error.span.end && error.span.end <= bytes.len());
            }
        }

        /// Text made of the format's own tokens (numbers, signs, spaces) never panics either.
        #[test]
        fn number_soup_never_panics(text in "([0-9]{1,3}|-?[0-9]{1,22}|[ \n\t]|x){0,40}") {
            if let Err(error) = parse(text.as_bytes()) {
                proptest::prop_assert!(error.span.end <= text.len());
                proptest::prop_assert!(!error.message.is_empty());
            }
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(3000))]

        /// Board-shaped text (small N and counts, pairs of small squares, some of them bad)
        /// never panics, and a board that parses has the squares the text gave.
        #[test]
        fn board_shaped_text_never_panics(
            boards in proptest::collection::vec(
                (0u64..7, 0usize..4, 0usize..4, proptest::collection::vec((0u64..40, 0u64..40), 0..9)),
                1..4,
            )
        ) {
            let mut text = String::new();
            for (n, snakes, ladders, pairs) in &boards {
                text.push_str(&format!("{n} {snakes} {ladders}\n"));
                for (a, b) in pairs.iter().take(snakes + ladders) {
                    text.push_str(&format!("{a} {b}\n"));
                }
            }
            match parse(text.as_bytes()) {
                Ok(input) => {
                    for board in &input.boards {
                        let goal = board.value.board.goal();
                        proptest::prop_assert_eq!(goal, board.value.n * board.value.n);
                        for jump in board.value.board.jumps() {
                            proptest::prop_assert!(jump.from > 1 && jump.from < goal && jump.to > 1 && jump.to < goal);
                        }
                    }
                }
                Err(error) => proptest::prop_assert!(error.span.end <= text.len()),
            }
        }
    }

    #[test]
    fn chained_jumps_are_accepted() {
        let input = parse(b"6 1 1\n23 5\n5 30\n").unwrap();
        assert_eq!(input.boards[0].value.board.land(23), 30);
    }
}
