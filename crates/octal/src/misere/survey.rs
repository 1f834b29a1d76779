//! A survey of small octal games under misère play: every code of up to `DIGITS` digits,
//! one per class of games that are the same, each run under its own budget.
//!
//! **Which codes.** The codes `0.d1…dk` with `1 ≤ k ≤ DIGITS`, every `di` in `0..=7` and
//! `dk ≠ 0` (a code with trailing zero digits is the same game without them; codes with a
//! leading `4` and the move-less `0.0` are left out). No two of these codes have the same
//! moves: bit 1 of `dk` decides a move of heap `k`, bit 2 one of heap `k + 1`, bit 4 one of
//! heap `k + 2`.
//!
//! **Which are the same game.** When `d1` is even (a heap of one token has no move) a code
//! has a *first cousin* whose heap `n` is its heap `n + 1` (Winning Ways' shift; CGSuite's
//! `firstCousin`): cousin digit `r` has bit 1 when `d(r+1)` has bit 1 or `dr` bit 2 or
//! `d(r-1)` bit 4, bit 2 when `dr` has bit 2 or `d(r-1)` bit 4, and bit 4 when `d(r-1)` has
//! bit 4. Removing every heap of one token (all dead) and shrinking the others by one maps
//! the positions of the code one to one onto the cousin's, and its moves onto the cousin's
//! moves (a move that leaves a heap of one token, or splits off one, becomes one that leaves
//! nothing there). So the two games have the same misère quotient, the code's heap `n + 1`
//! acting as the cousin's heap `n`. Repeating until `d1` is odd gives the *standard form*
//! ([`standard_form`]); codes with the same standard form are one class, and the survey runs
//! one code of each ([`survey_codes`]): the standard form when it has at most `DIGITS`
//! digits. So Dawson's Kayles `0.07` (and `0.4`) is surveyed as `0.137`, whose quotient to
//! heap `n` is `0.07`'s to heap `n + 1`.
//!
//! **Each code** is extended heap by heap ([`MisereSolver`]) until the period of its
//! pretending function is proven ([`MisereQuotient::period`]), the largest heap asked for,
//! the order or state budget, or its time. The rows come out one by one through a callback,
//! so a caller can print or store each at once and resume a survey by passing the codes it
//! already has.

use std::time::{Duration, Instant};

use tabletop_control::{Control, Stopped, Tick};

use super::{proven_period, MisereBudget, MisereError, MisereSolver};
use crate::code::OctalCode;
use crate::period::Period;

/// The stage of the survey's ticks: codes done, of the codes to run.
pub const SURVEY_STAGE: &str = "misère survey codes";

/// How far the survey runs each code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SurveyLimits {
    /// The largest heap asked for (a code whose period is proven earlier stops there).
    pub heaps: usize,
    /// The order and memory budget of each code.
    pub budget: MisereBudget,
    /// The time each code may take; `None` for no limit.
    pub time: Option<Duration>,
}

impl Default for SurveyLimits {
    /// Heaps up to 10,000, the default budget, 5 seconds a code.
    fn default() -> Self {
        SurveyLimits {
            heaps: 10_000,
            budget: MisereBudget::default(),
            time: Some(Duration::from_secs(5)),
        }
    }
}

/// Why a code's row ends before its period was proven.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SurveyStop {
    /// Its time ran out while adding heap `heap`.
    Time {
        /// The heap being added.
        heap: usize,
    },
    /// The largest heap asked for was reached without a proven period.
    Heaps,
    /// The solver refused a heap ([`MisereError::Order`], [`MisereError::Work`] or
    /// [`MisereError::Unsettled`]).
    Refused(MisereError),
}

impl std::fmt::Display for SurveyStop {
    /// A short reason: `time at heap 34`, `no period by the last heap`, `order past 4096 at
    /// heap 34`, `states past 1048576 at heap 20`, `unsettled at heap 17`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SurveyStop::Time { heap } => write!(f, "time at heap {heap}"),
            SurveyStop::Heaps => f.write_str("no period by the last heap"),
            SurveyStop::Refused(MisereError::Order { heap, budget, .. }) => {
                write!(f, "order past {budget} at heap {heap}")
            }
            SurveyStop::Refused(MisereError::Work { heap, states }) => {
                write!(f, "states past {states} at heap {heap}")
            }
            SurveyStop::Refused(MisereError::Unsettled { heap, .. }) => write!(f, "unsettled at heap {heap}"),
            SurveyStop::Refused(MisereError::Stopped(stopped)) => write!(f, "{stopped}"),
        }
    }
}

/// One code of the survey: how far its quotient was proven and what it is there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SurveyRow {
    /// The code (the first of its class).
    pub code: OctalCode,
    /// The largest heap of the proven quotient.
    pub heaps: usize,
    /// The order of the quotient of heaps `0..=heaps`.
    pub order: usize,
    /// The number of elements of its P-portion.
    pub p_portion: usize,
    /// The period of the pretending function, when proven (then the quotient is that of
    /// all heaps).
    pub period: Option<Period>,
    /// Whether the quotient is tame ([`super::MisereQuotient::is_tame`]).
    pub tame: bool,
    /// Why the row ends before a period was proven; `None` when it was.
    pub stopped: Option<SurveyStop>,
}

/// The first cousin of `code` (its heap `n + 1` is the cousin's heap `n`), when `d1` is even
/// and the code has moves; `None` otherwise (and for codes with a leading `4`).
pub fn first_cousin(code: &OctalCode) -> Option<OctalCode> {
    let d = code.digits();
    let digit = |k: usize| d.get(k).copied().unwrap_or(0);
    if code.unequal_splits() || digit(0) != 0 || digit(1) & 1 != 0 || d.iter().all(|&x| x == 0) {
        return None;
    }
    let mut cousin: Vec<u8> = (0..=d.len())
        .map(|r| {
            let splits_before = r >= 1 && digit(r - 1) & 4 != 0;
            let mut x = 0;
            if digit(r + 1) & 1 != 0 || digit(r) & 2 != 0 || splits_before {
                x |= 1;
            }
            if digit(r) & 2 != 0 || splits_before {
                x |= 2;
            }
            if splits_before {
                x |= 4;
            }
            x
        })
        .collect();
    // Digit 0 is 0: d1 has no bit 1 and nothing comes before d0.
    trim(&mut cousin);
    OctalCode::new(&cousin).ok()
}

/// Drops trailing zero digits, keeping `d0.d1`.
fn trim(digits: &mut Vec<u8>) {
    while digits.len() > 2 && digits.last() == Some(&0) {
        digits.pop();
    }
}

/// The standard form of `code`: trailing zero digits dropped, then first cousins taken
/// while `d1` is even. Codes with the same standard form have the same misère quotient,
/// their heaps shifted by the number of cousins taken.
pub fn standard_form(code: &OctalCode) -> OctalCode {
    standard_form_and_steps(code).0
}

/// [`standard_form`] and the number of cousins taken to reach it.
fn standard_form_and_steps(code: &OctalCode) -> (OctalCode, usize) {
    let mut digits = code.digits().to_vec();
    trim(&mut digits);
    let mut form = match code.unequal_splits() {
        true => code.clone(),
        false => OctalCode::new(&digits).unwrap_or_else(|_| code.clone()),
    };
    let mut steps = 0;
    while let Some(cousin) = first_cousin(&form) {
        form = cousin;
        steps += 1;
    }
    (form, steps)
}

/// The codes the survey runs for `digits` digits, one per standard form: of the codes of
/// the class, the one fewest cousins away from the standard form (the standard form itself
/// when it has at most `digits` digits), then the first; listed fewer digits first, then
/// digits ascending.
pub fn survey_codes(digits: usize) -> Vec<OctalCode> {
    let mut codes = Vec::new();
    for length in 1..=digits {
        let count = 8usize.pow(length as u32);
        for index in 0..count {
            // Digits d1..dk as base-8 digits of index, d1 the most significant.
            let mut code = vec![0u8; length + 1];
            let mut rest = index;
            for place in (1..=length).rev() {
                code[place] = (rest % 8) as u8;
                rest /= 8;
            }
            if code[length] != 0 {
                codes.extend(OctalCode::new(&code).ok());
            }
        }
    }
    // Per standard form: the fewest steps, then the first code.
    let mut best: std::collections::HashMap<OctalCode, (usize, usize)> = std::collections::HashMap::new();
    for (index, code) in codes.iter().enumerate() {
        let (form, steps) = standard_form_and_steps(code);
        let entry = best.entry(form).or_insert((steps, index));
        if steps < entry.0 {
            *entry = (steps, index);
        }
    }
    let mut chosen: Vec<usize> = best.into_values().map(|(_, index)| index).collect();
    chosen.sort_unstable();
    chosen
        .into_iter()
        .filter_map(|index| codes.get(index).cloned())
        .collect()
}

/// Runs the survey of every code of [`survey_codes`]`(digits)` not in `done`, calling
/// `row` with each code's row as it is finished; ticks [`SURVEY_STAGE`] through `control`
/// before each code.
///
/// Each code runs under a clone of `control` with its own deadline (`limits.time`), so a
/// deadline of `control` itself is looked at between codes only.
///
/// # Errors
/// [`Stopped`] when `control` is cancelled (or its deadline passes) between or during
/// codes; the rows given so far stand.
pub fn survey(
    digits: usize,
    limits: &SurveyLimits,
    done: &[OctalCode],
    control: &Control,
    mut row: impl FnMut(SurveyRow),
) -> Result<(), Stopped> {
    // A set, so that skipping the codes done stays linear however many there are.
    let done: std::collections::HashSet<&OctalCode> = done.iter().collect();
    let codes: Vec<OctalCode> = survey_codes(digits)
        .into_iter()
        .filter(|code| !done.contains(code))
        .collect();
    let total = codes.len() as u64;
    for (index, code) in codes.iter().enumerate() {
        control.tick(Tick::new(SURVEY_STAGE, index as u64, Some(total)))?;
        row(survey_code(code, limits, control)?);
    }
    control.tick(Tick::new(SURVEY_STAGE, total, Some(total)))
}

/// The survey's row for one code.
///
/// # Errors
/// [`Stopped::Cancelled`] when `control` is cancelled.
pub fn survey_code(code: &OctalCode, limits: &SurveyLimits, control: &Control) -> Result<SurveyRow, Stopped> {
    let control = match limits.time {
        Some(time) => control.clone().with_deadline(Instant::now() + time),
        None => control.clone(),
    };
    let mut solver = MisereSolver::new(code, limits.budget);
    let mut period = None;
    let mut stopped = None;
    while period.is_none() {
        if solver.largest_heap() >= limits.heaps {
            stopped = Some(SurveyStop::Heaps);
            break;
        }
        match solver.extend(&control) {
            Ok(()) => period = proven_period(&solver.pretend, code),
            Err(MisereError::Stopped(Stopped::DeadlinePassed)) => {
                stopped = Some(SurveyStop::Time {
                    heap: solver.largest_heap() + 1,
                });
                break;
            }
            Err(MisereError::Stopped(Stopped::Cancelled)) => return Err(Stopped::Cancelled),
            Err(refused) => {
                stopped = Some(SurveyStop::Refused(refused));
                break;
            }
        }
    }
    let quotient = solver.into_quotient();
    Ok(SurveyRow {
        code: code.clone(),
        heaps: quotient.largest_heap(),
        order: quotient.order(),
        p_portion: quotient.p_portion().len(),
        period,
        tame: quotient.is_tame(),
        stopped,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::misere::MisereQuotient;
    use crate::Outcome;

    fn code(digits: &[u8]) -> OctalCode {
        OctalCode::new(digits).expect("a code")
    }

    fn small() -> SurveyLimits {
        SurveyLimits {
            heaps: 40,
            budget: MisereBudget {
                order: 96,
                state_bytes: 16 << 20,
            },
            time: None,
        }
    }

    #[test]
    fn dawsons_kayles_is_the_cousin_of_dawsons_chess() {
        assert_eq!(first_cousin(&code(&[0, 0, 7])), Some(code(&[0, 1, 3, 7])));
        assert_eq!(standard_form(&code(&[0, 0, 7, 0, 0])), code(&[0, 1, 3, 7]));
        assert_eq!(standard_form(&code(&[0, 4])), code(&[0, 1, 3, 7]));
        assert_eq!(standard_form(&code(&[0, 7, 7])), code(&[0, 7, 7]));
        // Odd d1, a leading 4, or no move at all: no cousin.
        assert_eq!(first_cousin(&code(&[0, 1, 3, 7])), None);
        assert_eq!(first_cousin(&code(&[4, 0, 7])), None);
        assert_eq!(first_cousin(&code(&[0, 0])), None);
    }

    /// The outcome of every sum of heaps `1..=n` of at most `tokens` tokens.
    fn outcomes(q: &MisereQuotient, n: u64, tokens: u64, shift: u64) -> Vec<Outcome> {
        let mut sums: Vec<Vec<u64>> = vec![Vec::new()];
        let mut all = Vec::new();
        while let Some(sum) = sums.pop() {
            let total: u64 = sum.iter().sum();
            let shifted: Vec<u64> = sum.iter().map(|h| h + shift).collect();
            all.push(q.outcome(&shifted).expect("heaps within n"));
            let least = sum.last().copied().unwrap_or(1);
            sums.extend((least..=n).filter(|h| total + h <= tokens).map(|h| {
                let mut longer = sum.clone();
                longer.push(h);
                longer
            }));
        }
        all
    }

    #[test]
    fn a_code_and_its_cousin_have_the_same_quotient_one_heap_apart() {
        let n = 9;
        // Every one-digit code and a few longer ones with d1 even.
        let codes = [
            &[0, 2][..],
            &[0, 4],
            &[0, 6],
            &[0, 0, 7],
            &[0, 2, 5],
            &[0, 4, 1, 2],
            &[0, 6, 4],
        ];
        for digits in codes {
            let game = code(digits);
            let cousin = first_cousin(&game).expect("d1 is even");
            let budget = MisereBudget::default();
            let q = MisereQuotient::compute(&game, n + 1, budget, &Control::new()).expect("computed");
            let c = MisereQuotient::compute(&cousin, n, budget, &Control::new()).expect("computed");
            assert_eq!(
                (q.order(), q.p_portion().len()),
                (c.order(), c.p_portion().len()),
                "{game}"
            );
            // Heap h + 1 of the code plays as heap h of the cousin.
            let n = n as u64;
            assert_eq!(
                outcomes(&q, n, 14, 1),
                outcomes(&c, n, 14, 0),
                "{game} and {cousin}"
            );
        }
    }

    #[test]
    fn one_code_a_class_in_order() {
        let one = survey_codes(1);
        let names: Vec<String> = one.iter().map(ToString::to_string).collect();
        // 0.2's cousin is 0.3; 0.4 is two cousins from 0.137 and 0.6 one from 0.37, longer.
        assert_eq!(names, ["0.1", "0.3", "0.4", "0.5", "0.6", "0.7"]);
        let three = survey_codes(3);
        assert!(three.len() < 7 + 56 + 448);
        let forms: std::collections::HashSet<OctalCode> = three.iter().map(standard_form).collect();
        assert_eq!(forms.len(), three.len());
        // Dawson's Kayles is surveyed as its standard form.
        assert!(three.contains(&code(&[0, 1, 3, 7])) && !three.contains(&code(&[0, 0, 7])));
    }

    #[test]
    fn rows_are_the_quotients_and_a_survey_resumes() {
        let mut rows = Vec::new();
        survey(1, &small(), &[], &Control::new(), |row| rows.push(row)).expect("not stopped");
        assert_eq!(rows.len(), survey_codes(1).len());
        for row in &rows {
            let q = MisereQuotient::compute(&row.code, row.heaps, small().budget, &Control::new())
                .expect("computed");
            assert_eq!(
                (row.order, row.p_portion),
                (q.order(), q.p_portion().len()),
                "{}",
                row.code
            );
            assert_eq!(row.period, q.period(&row.code));
            assert_eq!(row.tame, q.is_tame());
            assert_eq!(row.stopped.is_none(), row.period.is_some());
        }
        // 0.1: a heap of one token is `a`, larger heaps have no move.
        assert_eq!(
            rows[0].period,
            Some(Period {
                period: 1,
                preperiod: 2
            })
        );
        assert!(rows[0].tame);
        let done: Vec<OctalCode> = rows[..3].iter().map(|r| r.code.clone()).collect();
        let mut rest = Vec::new();
        survey(1, &small(), &done, &Control::new(), |row| rest.push(row)).expect("not stopped");
        assert_eq!(rest, rows[3..]);
    }

    #[test]
    fn a_cancelled_survey_stops_with_no_row() {
        let control = Control::new();
        control.cancel();
        let mut rows = 0;
        assert_eq!(
            survey(2, &small(), &[], &control, |_| rows += 1),
            Err(Stopped::Cancelled)
        );
        assert_eq!(rows, 0);
    }

    #[test]
    fn a_code_past_its_budget_says_why() {
        // Dawson's Kayles grows past 96 elements early.
        let row = survey_code(&code(&[0, 0, 7]), &small(), &Control::new()).expect("not cancelled");
        assert!(
            matches!(row.stopped, Some(SurveyStop::Refused(MisereError::Order { .. }))),
            "{row:?}"
        );
        assert_eq!(row.period, None);
        let limits = SurveyLimits { heaps: 5, ..small() };
        let row = survey_code(&code(&[0, 0, 7]), &limits, &Control::new()).expect("not cancelled");
        assert_eq!((row.heaps, row.stopped), (5, Some(SurveyStop::Heaps)));
        // A deadline already passed stops the code at its first heap with a move.
        let limits = SurveyLimits {
            time: Some(Duration::ZERO),
            ..small()
        };
        let row = survey_code(&code(&[0, 7, 7]), &limits, &Control::new()).expect("not cancelled");
        assert_eq!(row.stopped, Some(SurveyStop::Time { heap: 1 }));
    }
}
