//! The 猪国杀 judge format (BZOJ 1972 / SDOI 2010 / Luogu P2482).
//!
//! ```text
//! 3 10                 n pigs (2..=10), m deck cards (m >= 1)
//! MP D D F F           n lines: the role (MP, ZP or FP; pig 1 is the only MP), 4 cards
//! ZP N N N D
//! FP J J J J
//! F F D D J J F F K D  the deck, top card first
//! ```
//!
//! As the judge reads it, the input is split on white space: line breaks carry no meaning.
//! Cards are the single upper-case letters `P K D F N W J Z`.
//!
//! Decisions beyond the statement:
//! - n is limited to the judge's 2..=10 (the engine itself plays any n >= 2). m has no upper
//!   bound: every counted card must be present in the input, which bounds it anyway, and long
//!   decks are useful for stress tests.
//! - Only the first m deck cards count. Public judge data has deck lines with more cards than
//!   m, so more cards may follow and are ignored, but they must still be card letters: any
//!   other text after the deck is an error, since it is more likely a malformed input than a
//!   longer deck.

use std::ops::Range;

use nom::bytes::complete::take_till;
use nom::{Finish, Parser};
use tabletop_pigs::{Card, Role, Setup};

use crate::atoms::{any_space, invalid, span, unsigned, Input, PResult};
use crate::error::{located, ParseError};

/// The number of pigs the judge allows.
pub const PIGS: std::ops::RangeInclusive<usize> = 2..=10;

/// A whole judge input, with the spans the CLI needs to point at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PigsInput {
    /// The validated starting position (only the first m deck cards).
    pub setup: Setup,
    /// The span of `n m`.
    pub header: Range<usize>,
    /// The span of each pig's role and hand.
    pub pigs: Vec<Range<usize>>,
    /// The span of the m counted deck cards.
    pub deck: Range<usize>,
    /// The span of the deck's last counted card (the one repeated once the deck runs out).
    pub last_card: Range<usize>,
    /// How many cards after the first m were ignored.
    pub ignored: usize,
}

/// Parses a judge input.
///
/// # Errors
/// A [`ParseError`] spanning the offending token: a malformed or out-of-range n or m, m = 0, an
/// unknown role or card, a pig 1 that is not the MP, a second MP, missing cards (truncated
/// input), or text after the deck that is not a card.
///
/// ```
/// let input = tabletop_parse::pigs::parse(b"2 1\nMP K K K K\nFP D D D D\nW\n")?;
/// assert_eq!(input.setup.pigs.len(), 2);
/// assert_eq!(input.setup.deck, vec![tabletop_pigs::Card::Arrows]);
///
/// let error = tabletop_parse::pigs::parse(b"2 1\nMP K K K K\nXP D D D D\nW\n").unwrap_err();
/// assert_eq!(error.message, "`XP` is not a role (MP, ZP or FP), for pig 2");
/// # Ok::<(), tabletop_parse::ParseError>(())
/// ```
pub fn parse(source: &[u8]) -> Result<PigsInput, ParseError> {
    let n = source.len();
    match (|input| pigs_input(n, input)).parse(source).finish() {
        Ok((_, parsed)) => Ok(parsed),
        Err(error) => Err(located(source, error)),
    }
}

/// Text for a token in a message, cut to a readable length.
fn show(token: &[u8]) -> String {
    let text = String::from_utf8_lossy(token);
    match text.char_indices().nth(40) {
        Some((cut, _)) => format!("{}...", &text[..cut]),
        None => text.into_owned(),
    }
}

/// The next white-space separated token (possibly empty at the end of the input), with the
/// input at its start. Errors about a missing token point at `input` instead: right after the
/// previous token, which is where the text was cut.
fn token(input: Input<'_>) -> PResult<'_, (Input<'_>, Input<'_>)> {
    let (at, _) = any_space(input)?;
    let (rest, token) = take_till(|b: u8| b.is_ascii_whitespace()).parse(at)?;
    Ok((rest, (at, token)))
}

/// A count: a token of decimal digits.
fn count<'a>(input: Input<'a>, what: &str) -> PResult<'a, (u64, Input<'a>, usize)> {
    let (_, (at, word)) = token(input)?;
    if word.is_empty() {
        return invalid(input, 0, format!("expected {what}, found end of input"));
    }
    if !word.iter().all(u8::is_ascii_digit) {
        return invalid(at, word.len(), format!("expected {what}, found `{}`", show(word)));
    }
    let (rest, (value, len)) = unsigned(at)?;
    Ok((rest, (value, at, len)))
}

/// One card; `what` names it for messages ("card 2 of pig 3's hand").
fn card<'a>(input: Input<'a>, what: &dyn Fn() -> String) -> PResult<'a, (Card, Input<'a>)> {
    let (rest, (at, word)) = token(input)?;
    if word.is_empty() {
        return invalid(input, 0, format!("expected {}, found end of input", what()));
    }
    match word {
        [letter] => match Card::from_letter(char::from(*letter)) {
            Some(card) => Ok((rest, (card, at))),
            None => not_a_card(at, word, what),
        },
        _ => not_a_card(at, word, what),
    }
}

fn not_a_card<'a, T>(at: Input<'a>, word: &[u8], what: &dyn Fn() -> String) -> PResult<'a, T> {
    invalid(
        at,
        word.len(),
        format!(
            "`{}` is not a card (P, K, D, F, N, W, J or Z), for {}",
            show(word),
            what()
        ),
    )
}

/// A role token.
fn role(input: Input<'_>, pig: usize) -> PResult<'_, (Role, Input<'_>)> {
    let (rest, (at, word)) = token(input)?;
    let role = match word {
        b"MP" => Role::Mp,
        b"ZP" => Role::Zp,
        b"FP" => Role::Fp,
        [] => {
            return invalid(
                input,
                0,
                format!("expected the role of pig {pig}, found end of input"),
            )
        }
        _ => {
            return invalid(
                at,
                word.len(),
                format!("`{}` is not a role (MP, ZP or FP), for pig {pig}", show(word)),
            )
        }
    };
    match (pig, role) {
        (1, Role::Mp) => {}
        (1, other) => return invalid(at, word.len(), format!("pig 1 must be the MP, not {other}")),
        (_, Role::Mp) => return invalid(at, 2, format!("pig {pig} is a second MP: only pig 1 is the MP")),
        _ => {}
    }
    Ok((rest, (role, at)))
}

/// The whole input.
fn pigs_input(len: usize, input: Input<'_>) -> PResult<'_, PigsInput> {
    let (input, (n, n_at, n_len)) = count(input, "the number of pigs n")?;
    let n = match usize::try_from(n) {
        Ok(n) if PIGS.contains(&n) => n,
        _ => {
            return invalid(
                n_at,
                n_len,
                format!("n = {n} pigs is outside the judge's limits 2..=10"),
            )
        }
    };
    let (mut input, (m, m_at, m_len)) = count(input, "the number of deck cards m")?;
    if m == 0 {
        return invalid(
            m_at,
            m_len,
            "m = 0: the deck must hold at least 1 card (there is nothing to draw)",
        );
    }
    let header = span(len, n_at, input);
    let mut pigs = Vec::with_capacity(n);
    let mut pig_spans = Vec::with_capacity(n);
    for pig in 1..=n {
        let (rest, (role, at)) = role(input, pig)?;
        input = rest;
        let mut hand = Vec::with_capacity(4);
        for k in 1..=4 {
            let (rest, (card, _)) = card(input, &|| format!("card {k} of 4 in pig {pig}'s hand"))?;
            hand.push(card);
            input = rest;
        }
        pig_spans.push(span(len, at, input));
        pigs.push((role, hand));
    }
    let mut deck = Vec::new();
    let mut deck_start = None;
    let mut last_card = 0..0;
    let mut j: u64 = 0;
    while j < m {
        j += 1;
        let (rest, (card, at)) = card(input, &|| format!("deck card {j} of m = {m}"))?;
        deck_start.get_or_insert(at);
        last_card = span(len, at, rest);
        deck.push(card);
        input = rest;
    }
    let deck_span = span(len, deck_start.unwrap_or(input), input);
    let mut ignored = 0;
    loop {
        let (rest, (at, word)) = token(input)?;
        if word.is_empty() {
            input = rest;
            break;
        }
        let what = || format!("an extra card after the m = {m} deck cards (only cards may follow)");
        let (rest, _) = card(at, &what)?;
        ignored += 1;
        input = rest;
    }
    Ok((
        input,
        PigsInput {
            setup: Setup { pigs, deck },
            header,
            pigs: pig_spans,
            deck: deck_span,
            last_card,
            ignored,
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
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
                "`7` is not a card (P, K, D, F, N, W, J or Z), for an extra card after the m = 2 \
                 deck cards (only cards may follow)"
                    .into()
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
            "number 99999999999999999999 is too large"
        );
        assert_eq!(
            error("2 0\nMP K K K K\nFP D D D D\n"),
            (
                1,
                3,
                "m = 0: the deck must hold at least 1 card (there is nothing to draw)".into()
            )
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
            (4, 1, "pig 3 is a second MP: only pig 1 is the MP".into())
        );
        assert_eq!(
            error("2 1\nMP K K K K\nfp D D D D\nW\n"),
            (3, 1, "`fp` is not a role (MP, ZP or FP), for pig 2".into())
        );
        assert_eq!(
            error("2 1\nMP K K X K\nFP D D D D\nW\n"),
            (
                2,
                8,
                "`X` is not a card (P, K, D, F, N, W, J or Z), for card 3 of 4 in pig 1's hand".into()
            )
        );
        assert_eq!(
            error("2 1\nMP K K KK K\nFP D D D D\nW\n").2,
            "`KK` is not a card (P, K, D, F, N, W, J or Z), for card 3 of 4 in pig 1's hand"
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
            "`W` is not a role (MP, ZP or FP), for pig 3"
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
