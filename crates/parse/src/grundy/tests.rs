//! Tests of the grundy format.

mod unit {
    use super::super::*;
    use proptest::prelude::*;

    const SAMPLE: &str =
        "4\n2 1 2\n0\n1 3\n0\n1 0\n2 0 2\n0\n\n4\n1 1\n1 2\n0\n0\n2 0 1\n2 1 1\n3 0 1 3\n0\n";

    fn error(text: &str) -> (usize, usize, String) {
        crate::error::rejection(text, parse)
    }

    #[test]
    fn sample_parses() {
        let input = parse(SAMPLE.as_bytes()).unwrap();
        assert_eq!(input.cases.len(), 2);
        let first = &input.cases[0].value;
        assert_eq!(first.graph.offsets(), &[0, 2, 2, 3, 3]);
        assert_eq!(first.graph.successor_array(), &[1, 2, 3]);
        assert_eq!(
            first.queries.iter().collect::<Vec<_>>(),
            vec![&[0][..], &[0, 2][..]]
        );
        let second = &input.cases[1].value;
        assert_eq!(second.queries.len(), 3);
        assert_eq!(second.queries.get(2), Some(&[0, 1, 3][..]));
        assert_eq!(second.queries.get(3), None);
        assert_eq!(second.queries.piece_count(), 7);
        assert_eq!(input.cases[1].span, 29..30);
    }

    #[test]
    fn recycled_buffers_give_the_same_cases() {
        // A big case, then smaller ones, then a big one again: buffers shrink and grow.
        let mut text = String::from("5\n4 1 2 3 4\n3 2 3 4\n2 3 4\n1 4\n0\n3 0 1 2\n2 3 4\n0\n");
        text.push_str(SAMPLE);
        text.push_str("1\n0\n1 0\n0\n6\n1 1\n1 2\n1 3\n1 4\n1 5\n1 0\n6 0 1 2 3 4 5\n0\n");
        let expected = parse(text.as_bytes()).unwrap().cases;
        let mut cases = cases(text.as_bytes());
        let mut seen = Vec::new();
        while let Some(case) = cases.next() {
            let case = case.unwrap();
            seen.push(case.clone());
            cases.recycle(case.value);
        }
        assert_eq!(seen, expected);
        assert_eq!(seen.len(), 5);
    }

    #[test]
    fn layout_is_forgiving_about_blank_lines_and_line_ends() {
        let text = "\n\n2 \r\n\n1 1\r\n0\n\n1 0  \n0";
        let input = parse(text.as_bytes()).unwrap();
        assert_eq!(input.cases[0].value.queries.len(), 1);
        assert_eq!(parse(b"").unwrap().cases.len(), 0);
        assert_eq!(parse(b" \n\n").unwrap().cases.len(), 0);
        // Self-loops and repeated moves are part of the format.
        let input = parse(b"2\n3 0 1 1\n0\n0\n").unwrap();
        assert_eq!(input.cases[0].value.graph.successors(0), &[0, 1, 1]);
    }

    #[test]
    fn errors_are_located() {
        assert_eq!(
            error("2\n1 2\n0\n0\n"),
            (2, 3, "out-position 2 of position 0 is outside 0..1".into())
        );
        assert_eq!(
            error("2\n1 -1\n0\n0\n"),
            (2, 3, "out-position -1 of position 0 is outside 0..1".into())
        );
        assert_eq!(
            error("2\n2 1\n0\n0\n"),
            (
                2,
                1,
                "position 0 should have 2 out-positions, but its line lists 1".into()
            )
        );
        assert_eq!(
            error("2\n1 1 0\n0\n0\n"),
            (
                2,
                1,
                "position 0 should have 1 out-position, but its line lists more".into()
            )
        );
        assert_eq!(
            error("2\n-1\n0\n0\n"),
            (2, 1, "position 0 cannot have -1 out-positions".into())
        );
        assert_eq!(
            error("2\n1 x\n0\n0\n"),
            (2, 3, "expected an out-position of position 0, found `x`".into())
        );
        assert_eq!(
            error("2\n1 1x\n0\n0\n"),
            (2, 3, "expected an out-position of position 0, found `1x`".into())
        );
        assert_eq!(
            error("0\n"),
            (1, 1, "a test case needs at least one position, but N = 0".into())
        );
        assert_eq!(
            error("-3\n"),
            (1, 1, "a test case needs at least one position, but N = -3".into())
        );
        assert_eq!(
            error("two\n"),
            (
                1,
                1,
                "expected the number of positions N of test case 1, found `two`".into()
            )
        );
        assert_eq!(
            error("2 1\n"),
            (1, 3, "expected the end of the line after N = 2, found `1`".into())
        );
        assert_eq!(
            error("3\n0\n0\n"),
            (
                4,
                1,
                "the input ends inside a test case: expected the line of position 2 (out of N = 3), \
                 found end of input"
                    .into()
            )
        );
        assert_eq!(
            error("1\n0\n1 0\n"),
            (
                4,
                1,
                "test case 1 has no final `0` line: expected a query `M p_1 .. p_M`, or `0` to end \
                 the test case, found end of input"
                    .into()
            )
        );
        assert_eq!(
            error("1\n0\n1 1\n0\n"),
            (3, 3, "piece position 1 is outside 0..0".into())
        );
        assert_eq!(
            error("1\n0\n-2 0 0\n0\n"),
            (3, 1, "a query needs at least one piece, but M = -2".into())
        );
        assert_eq!(
            error("1\n0\n0 0\n0\n"),
            (
                3,
                1,
                "a query needs at least one piece (`0` alone on its line ends the test case)".into()
            )
        );
        assert_eq!(
            error("1\n0\n3 0 0\n0\n"),
            (
                3,
                1,
                "the query should have 3 pieces, but its line lists 2".into()
            )
        );
        assert_eq!(
            error("1\n0\n1 0 0\n0\n"),
            (
                3,
                1,
                "the query should have 1 piece, but its line lists more".into()
            )
        );
        // A missing terminator: the next test case's N reads as a query without pieces.
        assert_eq!(
            error("1\n0\n1 0\n1\n0\n0\n"),
            (
                4,
                1,
                "the query should have 1 piece, but its line lists 0 \
                 (is the line `0` that ends test case 1 missing?)"
                    .into()
            )
        );
        assert_eq!(
            error("1\n0\n1 0 x\n0\n"),
            (
                3,
                5,
                "expected the position of a piece or the end of the line, found `x`".into()
            )
        );
        assert_eq!(
            error("1\n0\n99999999999999999999 0\n0\n"),
            (3, 1, "expected a query `M p_1 .. p_M`, or `0` to end test case 1, found `99999999999999999999` (too large)".into())
        );
        assert_eq!(
            error("5000000000\n"),
            (
                1,
                1,
                "N = 5000000000 is too large: a test case has at most 4294967294 positions".into()
            )
        );
    }

    #[test]
    fn a_large_n_with_few_lines_is_truncated_not_a_huge_allocation() {
        let message = error("4000000000\n0\n").2;
        assert!(message.contains("the input ends inside a test case"), "{message}");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]
        #[test]
        fn arbitrary_text_never_panics(text in "[0-9 \\-\\n\\rx]{0,60}") {
            let _ = parse(text.as_bytes());
        }

        #[test]
        fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..80)) {
            let _ = parse(&bytes);
        }

        #[test]
        fn errors_point_inside_the_input(text in "[0-3 \\n-]{0,40}") {
            if let Err(error) = parse(text.as_bytes()) {
                prop_assert!(error.span.start <= error.span.end);
                prop_assert!(error.span.end <= text.len());
            }
        }
    }
}
