//! Tests of the pigs format.

mod unit {
    use super::super::*;
    use proptest::prelude::*;

    const SAMPLE: &str = "3 10\nMP D D F F\nZP N N N D\nFP J J J J\nF F D D J J F F K D\n";

    fn error(text: &str) -> (usize, usize, String) {
        crate::error::rejection(text, parse)
    }

    #[test]
    fn sample_parses_with_spans() {
        let input = parse(SAMPLE.as_bytes()).unwrap();
        assert_eq!(input.setup.pigs.len(), 3);
        assert_eq!(input.setup.pigs[1].0, Role::Zp);
        assert_eq!(input.setup.pigs[2].1, vec![Card::Nullify; 4]);
        assert_eq!(input.setup.deck.len(), 10);
        assert_eq!(input.setup.deck[9], Card::Dodge);
        assert_eq!(&SAMPLE[input.header.clone()], "3 10");
        assert_eq!(&SAMPLE[input.pigs[1].clone()], "ZP N N N D");
        assert_eq!(&SAMPLE[input.deck.clone()], "F F D D J J F F K D");
        assert_eq!(&SAMPLE[input.last_card.clone()], "D");
        assert_eq!(input.ignored, 0);
    }

    #[test]
    fn line_breaks_carry_no_meaning() {
        let flat = parse(SAMPLE.replace('\n', " ").as_bytes()).unwrap();
        let crlf = parse(SAMPLE.replace('\n', "\r\n\t").as_bytes()).unwrap();
        let plain = parse(SAMPLE.as_bytes()).unwrap();
        assert_eq!(flat.setup, plain.setup);
        assert_eq!(crlf.setup, plain.setup);
    }

    #[test]
    fn only_the_first_m_deck_cards_count_and_the_rest_must_be_cards() {
        let input = parse(b"2 2\nMP K K K K\nFP D D D D\nW N Z Z P\n").unwrap();
        assert_eq!(input.setup.deck, vec![Card::Arrows, Card::Invasion]);
        assert_eq!(input.ignored, 3);
        assert_eq!(
            error("2 2\nMP K K K K\nFP D D D D\nW N Z 7\n"),
            (
                4,
                7,
                "expected a card after the m = 2 deck cards (P, K, D, F, N, W, J or Z), found `7`".into()
            )
        );
    }

    #[test]
    fn errors_are_located() {
        assert_eq!(
            error(""),
            (1, 1, "expected the number of pigs n, found end of input".into())
        );
        assert_eq!(
            error("x 1"),
            (1, 1, "expected the number of pigs n, found `x`".into())
        );
        assert_eq!(
            error("1 1\n"),
            (1, 1, "n = 1 pigs is outside the judge's limits 2..=10".into())
        );
        assert_eq!(
            error("11 1\n").2,
            "n = 11 pigs is outside the judge's limits 2..=10"
        );
        assert_eq!(
            error("99999999999999999999 1").2,
            "expected the number of pigs n, found `99999999999999999999` (too large)"
        );
        assert_eq!(
            error("2 0\nMP K K K K\nFP D D D D\n"),
            (1, 3, "the deck is empty (m = 0): there is nothing to draw".into())
        );
        assert_eq!(
            error("2 -1\n").2,
            "expected the number of deck cards m, found `-1`"
        );
        assert_eq!(
            error("2 1\nZP K K K K\nMP D D D D\nW\n"),
            (2, 1, "pig 1 must be the MP, not ZP".into())
        );
        assert_eq!(
            error("3 1\nMP K K K K\nFP D D D D\nMP D D D D\nW\n"),
            (4, 1, "pig 3 is a second MP (only pig 1 is the MP)".into())
        );
        assert_eq!(
            error("2 1\nMP K K K K\nfp D D D D\nW\n"),
            (
                3,
                1,
                "expected the role of pig 2 (MP, ZP or FP), found `fp`".into()
            )
        );
        assert_eq!(
            error("2 1\nMP K K X K\nFP D D D D\nW\n"),
            (
                2,
                8,
                "expected card 3 of 4 in pig 1's hand (P, K, D, F, N, W, J or Z), found `X`".into()
            )
        );
        assert_eq!(
            error("2 1\nMP K K KK K\nFP D D D D\nW\n").2,
            "expected card 3 of 4 in pig 1's hand (P, K, D, F, N, W, J or Z), found `KK`"
        );
        assert_eq!(
            error("2 1\nMP K K K K\nFP D D D\n"),
            (
                3,
                9,
                "expected card 4 of 4 in pig 2's hand, found end of input".into()
            )
        );
        assert_eq!(
            error("2 3\nMP K K K K\nFP D D D D\nW W\n"),
            (4, 4, "expected deck card 3 of m = 3, found end of input".into())
        );
        assert_eq!(
            error("3 1\nMP K K K K\nFP D D D D\n"),
            (3, 11, "expected the role of pig 3, found end of input".into())
        );
        // A missing pig line makes the deck read as a pig: the error is still at that token.
        assert_eq!(
            error("3 1\nMP K K K K\nFP D D D D\nW\n").2,
            "expected the role of pig 3 (MP, ZP or FP), found `W`"
        );
    }

    proptest! {
        #[test]
        fn random_text_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
            let _ = parse(&bytes);
        }

        #[test]
        fn near_valid_text_never_panics(
            tokens in proptest::collection::vec(
                prop::sample::select(vec!["2", "3", "0", "11", "MP", "ZP", "FP", "P", "K", "D",
                    "F", "N", "W", "J", "Z", "X", "KK", "\n", "-1", "猪"]),
                0..40,
            )
        ) {
            let text = tokens.join(" ");
            if let Err(error) = parse(text.as_bytes()) {
                prop_assert!(error.span.end <= text.len());
                prop_assert!(!error.message.is_empty());
            }
        }

        #[test]
        fn valid_inputs_round_trip(
            roles in proptest::collection::vec(prop::sample::select(vec!["ZP", "FP"]), 1..9),
            letters in proptest::collection::vec(prop::sample::select(Card::ALL.to_vec()), 60),
            m in 1usize..20,
        ) {
            let mut text = format!("{} {m}\n", roles.len() + 1);
            let mut cards = letters.iter().cycle();
            let mut hands = Vec::new();
            for (i, role) in std::iter::once(&"MP").chain(&roles).enumerate() {
                let hand: Vec<Card> = cards.by_ref().take(4).copied().collect();
                let words: Vec<String> = hand.iter().map(|c| c.letter().to_string()).collect();
                text.push_str(&format!("{role} {}\n", words.join(" ")));
                hands.push((i, hand));
            }
            let deck: Vec<Card> = cards.take(m).copied().collect();
            let words: Vec<String> = deck.iter().map(|c| c.letter().to_string()).collect();
            text.push_str(&words.join(" "));
            let input = parse(text.as_bytes()).unwrap();
            prop_assert_eq!(&input.setup.deck, &deck);
            for (i, hand) in hands {
                prop_assert_eq!(&input.setup.pigs[i].1, &hand);
            }
            prop_assert!(input.setup.validate().is_ok());
        }
    }
}
