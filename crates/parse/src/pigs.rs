//! The 猪国杀 judge format (BZOJ 1972 / SDOI 2010 / Luogu P2482, `docs/rules/pigs.md`).
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
//!
//! The text is read into roles, hands and deck with spans, then lowered with
//! [`Setup::validate`] (pig 1 the MP, no second MP, a deck to draw from), whose errors are
//! located at the role or count they are about.

use std::borrow::Cow;
use std::ops::Range;

use tabletop_pigs::{Card, Role, Setup, SetupError};

use crate::combinators::{invalid, natural, run, span};
use crate::error::{NomError, ParseError};
use crate::lex::{token, Input, PResult};

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
/// assert_eq!(error.message, "expected the role of pig 2 (MP, ZP or FP), found `XP`");
/// # Ok::<(), tabletop_parse::ParseError>(())
/// ```
pub fn parse(source: &[u8]) -> Result<PigsInput, ParseError> {
    let n = source.len();
    let (_, syntax) = run(source, source, |input| pigs_input(n, input))?;
    lower(syntax)
}

/// The per-case reader of the format, for symmetry with the other judge formats: a pigs
/// input holds exactly one game, so this yields one item, the result of [`parse`].
///
/// ```
/// let games: Vec<_> = tabletop_parse::pigs::cases(b"2 1\nMP K K K K\nFP D D D D\nW\n").collect();
/// assert_eq!(games.len(), 1);
/// assert!(games[0].is_ok());
/// ```
pub fn cases(source: &[u8]) -> std::iter::Once<Result<PigsInput, ParseError>> {
    std::iter::once(parse(source))
}

/// The whole input, read but not yet validated.
struct PigsSyntax {
    input: PigsInput,
    /// The spans of `n`, `m` and each pig's role.
    n: Range<usize>,
    m: Range<usize>,
    roles: Vec<Range<usize>>,
}

/// "expected `what`, found ..." at `at` (the token there, or `end of input`).
fn expected<'a, T>(at: Input<'a>, what: impl FnOnce() -> String) -> PResult<'a, T> {
    Err(nom::Err::Failure(
        NomError::unexpected(at).label(|| Cow::Owned(what())),
    ))
}

/// The next token, or "expected `what`" at the end of the input (right after the previous
/// token, which is where the text was cut).
fn word<'a>(input: Input<'a>, what: &dyn Fn() -> String) -> PResult<'a, (Input<'a>, Input<'a>)> {
    let (rest, (at, word)) = token(input)?;
    if word.is_empty() {
        return expected(input, what);
    }
    Ok((rest, (at, word)))
}

/// One card; `what` names it for messages ("card 2 of 4 in pig 3's hand").
fn card<'a>(input: Input<'a>, what: &dyn Fn() -> String) -> PResult<'a, (Card, Input<'a>)> {
    let (rest, (at, word)) = word(input, what)?;
    match word {
        [letter] => match Card::from_letter(char::from(*letter)) {
            Some(card) => Ok((rest, (card, at))),
            None => not_a_card(at, what),
        },
        _ => not_a_card(at, what),
    }
}

fn not_a_card<'a, T>(at: Input<'a>, what: &dyn Fn() -> String) -> PResult<'a, T> {
    expected(at, || format!("{} (P, K, D, F, N, W, J or Z)", what()))
}

/// A role token.
fn role(input: Input<'_>, pig: usize) -> PResult<'_, (Role, Input<'_>)> {
    let what = || format!("the role of pig {pig}");
    let (rest, (at, word)) = word(input, &what)?;
    let role = match word {
        b"MP" => Role::Mp,
        b"ZP" => Role::Zp,
        b"FP" => Role::Fp,
        _ => return expected(at, || format!("{} (MP, ZP or FP)", what())),
    };
    Ok((rest, (role, at)))
}

/// A count: a number not below zero, where it is, and its length.
fn count<'a>(input: Input<'a>, what: &'static str) -> PResult<'a, (u64, Input<'a>, usize)> {
    let (_, (at, _)) = word(input, &|| what.to_string())?;
    let (rest, (value, len)) = natural(what)(at)?;
    Ok((rest, (value, at, len)))
}

/// The whole input.
fn pigs_input(len: usize, input: Input<'_>) -> PResult<'_, PigsSyntax> {
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
    let header = span(len, n_at, input);
    let (mut pigs, mut pig_spans, mut roles) = (
        Vec::with_capacity(n),
        Vec::with_capacity(n),
        Vec::with_capacity(n),
    );
    for pig in 1..=n {
        let (rest, (role, at)) = role(input, pig)?;
        roles.push(span(len, at, rest));
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
    let (input, (deck, deck_span, last_card)) = deck(len, input, m)?;
    let (input, ignored) = extra_cards(input, m)?;
    Ok((
        input,
        PigsSyntax {
            input: PigsInput {
                setup: Setup { pigs, deck },
                header,
                pigs: pig_spans,
                deck: deck_span,
                last_card,
                ignored,
            },
            n: span(len, n_at, &n_at[n_len..]),
            m: span(len, m_at, &m_at[m_len..]),
            roles,
        },
    ))
}

/// The first `m` deck cards, their span and the last one's.
fn deck(len: usize, mut input: Input<'_>, m: u64) -> PResult<'_, (Vec<Card>, Range<usize>, Range<usize>)> {
    let mut deck = Vec::new();
    let mut deck_start = None;
    let mut last_card = 0..0;
    for j in 1..=m {
        let (rest, (card, at)) = card(input, &|| format!("deck card {j} of m = {m}"))?;
        deck_start.get_or_insert(at);
        last_card = span(len, at, rest);
        deck.push(card);
        input = rest;
    }
    let deck_span = span(len, deck_start.unwrap_or(input), input);
    Ok((input, (deck, deck_span, last_card)))
}

/// Cards after the first `m` (ignored, but they must be cards), up to the end of the input.
fn extra_cards(mut input: Input<'_>, m: u64) -> PResult<'_, usize> {
    let mut ignored = 0;
    loop {
        let (rest, (at, word)) = token(input)?;
        if word.is_empty() {
            return Ok((rest, ignored));
        }
        let what = || format!("a card after the m = {m} deck cards");
        let (rest, _) = card(at, &what)?;
        ignored += 1;
        input = rest;
    }
}

/// The meaning of the input: [`Setup::validate`], its errors located.
fn lower(syntax: PigsSyntax) -> Result<PigsInput, ParseError> {
    match syntax.input.setup.validate() {
        Ok(()) => Ok(syntax.input),
        Err(error) => {
            let span = match error {
                SetupError::TooFewPigs(_) => Some(syntax.n),
                SetupError::FirstNotMp(_) => syntax.roles.first().cloned(),
                SetupError::SecondMp(pig) => syntax.roles.get(pig.wrapping_sub(1)).cloned(),
                SetupError::EmptyDeck => Some(syntax.m),
            };
            Err(ParseError::new(
                span.unwrap_or(syntax.input.header),
                error.to_string(),
            ))
        }
    }
}

#[cfg(test)]
mod tests;
