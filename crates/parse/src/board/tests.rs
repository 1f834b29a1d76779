//! Tests of the board format.

mod unit {
    use super::super::*;

    fn error(text: &str) -> (usize, usize, String) {
        crate::error::rejection(text, parse)
    }

    #[test]
    fn a_full_board_parses() {
        let text = "# a board\n\nsquares 20   # goal\nstart 2\novershoot bounce\ndie 4\nladder 3 15\n\
                    chute 14 1\nsnake 19 0\nmiss 7\nextra 9\n";
        let file = parse(text.as_bytes()).unwrap();
        assert_eq!(file.board.goal(), 20);
        assert_eq!(
            file.rules,
            Rules {
                start: 2,
                overshoot: Overshoot::Bounce,
                die: 4
            }
        );
        assert_eq!(file.board.land(3), 15);
        assert_eq!(file.board.land(14), 1);
        assert_eq!(file.board.land(19), 0);
        assert_eq!(file.board.special(7), Some(Special::MissTurn));
        assert_eq!(file.board.special(9), Some(Special::ExtraTurn));
        assert_eq!(&text.as_bytes()[file.squares_span.clone()], b"squares 20");
    }

    #[test]
    fn the_first_lines_comment_names_the_board() {
        let named = |text: &str| parse(text.as_bytes()).unwrap().title;
        assert_eq!(named("# a board\nsquares 5\n").as_deref(), Some("a board"));
        assert_eq!(
            named("\n  \r\n  #  Milton Bradley \r\nsquares 5\n").as_deref(),
            Some("Milton Bradley")
        );
        assert_eq!(named("squares 5 # not a name\n# nor this\n"), None);
        assert_eq!(named("#\nsquares 5\n"), None);
        assert_eq!(
            named(&format!("#{}\nsquares 5\n", "x".repeat(200))).map(|t| t.len()),
            Some(80)
        );
    }

    #[test]
    fn defaults_and_order() {
        let file = parse(b"ladder 1 5\nsquares 5").unwrap();
        assert_eq!(file.rules, Rules::default());
        assert_eq!(file.board.land(1), 5);
        // CRLF line ends and tabs.
        assert!(parse(b"squares\t5\r\nstart 4\r\n").is_ok());
    }

    #[test]
    fn syntax_errors_are_located() {
        assert_eq!(
            error("squares 10\nladdr 1 2\n"),
            (
                2,
                1,
                "expected a keyword (squares, start, overshoot, die, ladder, chute, snake, miss or extra), found `laddr`"
                    .into()
            )
        );
        assert_eq!(
            error("squares ten\n"),
            (1, 9, "expected the number of squares, found `ten`".into())
        );
        assert_eq!(
            error("squares 10\nladder 1\n").2,
            "expected the end square of the jump, found end of input"
        );
        assert_eq!(
            error("squares 10 11\n"),
            (
                1,
                12,
                "expected the end of the line (or a `#` comment), found `11`".into()
            )
        );
        assert_eq!(
            error("squares 10\novershoot wrap\n"),
            (2, 11, "expected `stay`, `bounce` or `win`, found `wrap`".into())
        );
        assert_eq!(error("squares 10\novershoot stays\n").0, 2);
        assert_eq!(
            error("squares 99999999999999999999\n"),
            (
                1,
                9,
                "expected the number of squares, found `99999999999999999999` (too large)".into()
            )
        );
        assert_eq!(
            error("squares 10\nmiss -3\n").2,
            "expected the miss-a-turn square, found `-3`"
        );
        assert_eq!(
            error("squares 10\n%\n"),
            (
                2,
                1,
                "expected the end of the line (or a `#` comment), found `%`".into()
            )
        );
    }

    #[test]
    fn semantic_errors_are_located() {
        assert_eq!(
            error("die 6\n"),
            (
                2,
                1,
                "the board has no `squares` statement (the goal square, e.g. `squares 100`)".into()
            )
        );
        assert_eq!(
            error("squares 10\nsquares 12\n"),
            (2, 1, "`squares` is given twice (first on line 1)".into())
        );
        assert_eq!(
            error("squares 10\ndie 4\ndie 6\n"),
            (3, 1, "`die` is given twice (first on line 2)".into())
        );
        assert_eq!(
            error("squares 0\n"),
            (1, 9, "the board must have at least one square".into())
        );
        assert_eq!(
            error("squares 10\nstart 10\n"),
            (2, 7, "the start square 10 must be before the goal 10".into())
        );
        assert_eq!(
            error("squares 10\ndie 0\n"),
            (2, 5, "a die needs at least one face".into())
        );
        assert_eq!(
            error("squares 10\nladder 0 5\n"),
            (
                2,
                8,
                "jump from 0 to 5 leaves the board (starts must be in 1..10, ends in 0..=10)".into()
            )
        );
        assert_eq!(
            error("squares 10\nchute 10 5\n"),
            (
                2,
                7,
                "jump from 10 to 5 leaves the board (starts must be in 1..10, ends in 0..=10)".into()
            )
        );
        assert_eq!(
            error("squares 10\nladder 3 11\n"),
            (
                2,
                10,
                "jump from 3 to 11 leaves the board (starts must be in 1..10, ends in 0..=10)".into()
            )
        );
        assert_eq!(
            error("squares 10\nladder 5 2\n"),
            (2, 1, "a ladder goes up: 5 -> 2 goes down (use `chute`)".into())
        );
        assert_eq!(
            error("squares 10\nchute 2 5\n").2,
            "a chute goes down: 2 -> 5 goes up (use `ladder`)"
        );
        assert_eq!(
            error("squares 10\nsnake 5 5\n").2,
            "a chute goes down: 5 -> 5 goes nowhere (use `ladder`)"
        );
        assert_eq!(
            error("squares 10\nmiss 10\n"),
            (2, 6, "special square 10 is outside 1..10".into())
        );
        assert_eq!(
            error("squares 10\nladder 2 5\nextra 5\n"),
            (3, 1, "special square 5 is also the end of a jump".into())
        );
        assert_eq!(
            error("squares 10\nladder 2 5\nchute 6 1\nladder 1 6\n"),
            (4, 1, "jumps loop forever: 1 -> 6 -> 1".into())
        );
        assert_eq!(
            error("squares 10\nladder 2 5\nladder 2 6\n"),
            (3, 1, "square 2 already starts a jump (jump #1)".into())
        );
        assert_eq!(
            error("squares 10\nmiss 4\nextra 4\n"),
            (3, 1, "square 4 is already a special square (entry #1)".into())
        );
    }

    #[test]
    fn engine_errors_are_located_at_their_setting() {
        use tabletop_odds::{Odds, OddsError};
        let text = "squares 4\novershoot bounce\ndie 6\n";
        let file = parse(text.as_bytes()).unwrap();
        let error = Odds::new(&file.board, &file.rules).unwrap_err();
        assert!(matches!(error, OddsError::BouncePastStart { .. }), "{error:?}");
        assert_eq!(file.locate(&error).location(text.as_bytes()).line, 3);
        let file = parse(b"squares 4\novershoot bounce\n").unwrap();
        let error = OddsError::BouncePastStart {
            faces: 6,
            goal: 4,
            square: 1,
        };
        assert_eq!(file.locate(&error).span, 10..26);
        assert_eq!(file.locate(&OddsError::NoFaces).span, file.squares_span);
        let text = b"# a board\nsquares 10\nstart 3\ndie 2\n";
        let file = parse(text).unwrap();
        let late = OddsError::StartNotBeforeGoal { start: 3, goal: 2 };
        assert_eq!(&text[file.locate(&late).span], b"3");
        assert_eq!(&text[file.locate(&OddsError::NoFaces).span], b"2");
    }
}
