//! How many heaps a request computes, and how a query's heaps past them are answered: from
//! the period proven within the values when there is one, else by computing up to them.

use tabletop_octal::{Computation, OctalCode, Period, PeriodicValues, QueryError};
use tabletop_render::octal::Query;

use super::{check_memory, values_until, Play, Request};
use crate::{Control, Failure};

impl Request {
    /// The largest heap asked for: the request's, else the game text's, else the play's
    /// default.
    pub fn asked_heaps(&self, file_heaps: Option<u64>) -> u64 {
        self.heaps
            .or(file_heaps)
            .unwrap_or_else(|| self.play.default_heaps())
    }

    /// The largest heap N to compute for `query` in the game `code`, checked against the
    /// request's limits. Under normal play, when the query's heaps go past the heaps asked
    /// for, the values up to those are computed first: if they prove a period, it answers
    /// the query and N stays the one asked for; else N grows to the query's largest heap.
    /// A run from or to a checkpoint always grows N (such runs are long: no trial run).
    ///
    /// # Errors
    /// As [`Request::check`]; [`Failure::Stopped`] once `control` stops the trial run.
    pub fn heaps_for(
        &self,
        code: &OctalCode,
        file_heaps: Option<u64>,
        query: Option<&[u64]>,
        control: &Control,
    ) -> Result<u64, Failure> {
        let asked = self.asked_heaps(file_heaps);
        let largest = self.largest_heap(file_heaps, query);
        let may_use_a_period =
            self.play == Play::Normal && self.checkpoint.is_none() && self.resume.is_none();
        if largest > asked && may_use_a_period {
            self.check(code, asked)?;
            check_memory(code, asked, 0, &self.heaps_label(asked))?;
            if values_until(code, asked, self.jobs, control)?.period().is_some() {
                return Ok(asked);
            }
        }
        self.check(code, largest)?;
        Ok(largest)
    }

    /// Where a refusal of heaps `0..=n` is located: the query, when only the query asks
    /// for heap `n` (past the heaps asked for, or the play's default), else the heaps.
    pub fn heaps_label(&self, n: u64) -> String {
        let by_query = self.query.as_ref().filter(|query| {
            n > self.heaps.unwrap_or_else(|| self.play.default_heaps())
                && tabletop_parse::octal::heaps(query.bytes())
                    .is_ok_and(|heaps| heaps.iter().max() == Some(&n))
        });
        match by_query {
            Some(query) => self.limits.query_label(&String::from_utf8_lossy(query.bytes())),
            None => self.limits.heaps_label(n),
        }
    }
}

/// The answer to a sum of `heaps` from the values `values[h] = G(h)`: heaps past them are
/// answered by `period` when it is proven.
///
/// # Errors
/// [`QueryError::HeapTooLarge`] for a heap past `values` without a period.
pub(crate) fn sum_answer(
    code: &OctalCode,
    values: &[u32],
    period: Option<Period>,
    heaps: &[u64],
) -> Result<Query, QueryError> {
    let past = heaps.iter().any(|&h| h >= values.len() as u64);
    match period.and_then(|period| PeriodicValues::new(values, period)) {
        Some(periodic) if past => Ok(Query {
            outcome: periodic.outcome(heaps),
            best: periodic.winning_move(code, heaps),
        }),
        _ => Query::new(code, values, heaps),
    }
}

/// The answer to a sum of `heaps` from a finished run to `N`: heaps past `N` from its
/// period (the query's heaps past `N` are asked of a run only when one is proven).
///
/// # Errors
/// [`QueryError::HeapTooLarge`] for a heap past `N` without a period.
pub(crate) fn answer_from_run(
    code: &OctalCode,
    run: &Computation,
    heaps: &[u64],
) -> Result<Query, QueryError> {
    let largest = heaps.iter().copied().max().unwrap_or(0);
    let period = run.period().filter(|_| largest > run.largest_heap() as u64);
    // Past N the period gives every value from one period's values past its start.
    let known = period.map_or(largest.saturating_add(1), |p| (p.preperiod + p.period) as u64);
    let known = usize::try_from(known).map_or(run.known(), |known| known.min(run.known()));
    let mut values = Vec::with_capacity(known);
    run.copy_values(0, known, &mut values);
    sum_answer(code, &values, period, heaps)
}

#[cfg(test)]
mod tests {
    use super::super::{report, Game, Limits, DEFAULT_HEAPS, PLAYGROUND_HEAPS};
    use super::*;
    use crate::Source;

    #[test]
    fn a_query_past_a_proven_period_is_answered_from_it_without_growing_the_heaps() {
        let kayles = Source::new("<code>", b"0.77".to_vec());
        for limits in [Limits::NONE, Limits::PLAYGROUND] {
            let request = Request {
                query: Some(Source::new("<query>", b"99999999999999 5".to_vec())),
                limits,
                ..Request::default()
            };
            let report = report(Game::Code(&kayles), &request, &Control::new()).expect("answered");
            assert_eq!(report.heaps, DEFAULT_HEAPS);
            let query = report.query.expect("the query's answer");
            let text = query.answer.best.map(|best| best.to_string());
            assert_eq!(
                text.as_deref(),
                Some("heap 1 (99999999999999 tokens): take 1, leave 3 and 99999999999995")
            );
        }
        // Too few heaps to prove Kayles' period: N grows to the query, as without a period.
        let request = Request {
            heaps: Some(100),
            query: Some(Source::new("<query>", b"300".to_vec())),
            ..Request::default()
        };
        let report = report(Game::Code(&kayles), &request, &Control::new()).expect("answered");
        assert_eq!(report.heaps, 300);
    }

    #[test]
    fn a_refusal_of_heaps_only_the_query_asked_for_names_the_query() {
        let kayles = Source::new("<code>", b"0.77".to_vec());
        let past = PLAYGROUND_HEAPS + 1;
        let asked = |heaps: Option<u64>, query: String, limits: Limits| Request {
            heaps,
            query: Some(Source::new("query", query.into_bytes())),
            limits,
            ..Request::default()
        };
        let refused = |request: &Request| {
            report(Game::Code(&kayles), request, &Control::new())
                .expect_err("refused")
                .report()
        };
        // Ten heaps prove no period: the query's heap is computed, past the playground's.
        let api = refused(&asked(Some(10), format!("3 {past}"), Limits::PLAYGROUND));
        assert!(api.starts_with("error: query: "), "{api}");
        let cli = Limits {
            max_heaps: Some(PLAYGROUND_HEAPS),
            ..Limits::NONE
        };
        let one = refused(&asked(Some(10), format!("{past}"), cli));
        assert!(one.starts_with(&format!("error: --query {past}: ")), "{one}");
        let two = refused(&asked(Some(10), format!("3  {past}"), cli));
        assert!(two.starts_with(&format!("error: --query '3 {past}': ")), "{two}");
        // Heaps asked for are named as such.
        let heaps = refused(&asked(Some(past), "3".to_owned(), Limits::PLAYGROUND));
        assert!(heaps.starts_with("error: heaps: "), "{heaps}");
    }
}
