//! Shrinking an input of any problem, knowing nothing of its format: delta debugging over
//! lines, then over the tokens of each line, then numbers toward 0 (0, 1, 2, half, one
//! step; equal numbers also all at once, so that a tie stays a tie), with count repair, every
//! candidate checked by the caller's probe (the validator, the reference, then the solution:
//! see [`crate::problem`]).
//!
//! - **Count repair**: a candidate that removes lines or tokens comes with variants that
//!   also lower a number counting them: a number earlier on the line that equals the tokens
//!   after it, or one on an earlier line that equals the line's tokens (`5\n1 2 3 4 5\n`
//!   loses two tokens as `3\n3 4 5\n`); for lines, the nearest number before them equal to the
//!   lines after it, or whose block covers them, and the input's first number lowered by one
//!   (a count of test cases).
//! - **Cheapest first**: large chunks before small ones (halves, quarters, … of the lines,
//!   then of each line's tokens), so a program that fails on every input is down to a line
//!   in a logarithmic number of probes; a candidate already probed is never probed again, so
//!   a round that changes nothing costs nothing twice, and the shrinking stops there.
//! - **Deterministic, bounded**: the candidates are probed by [`crate::driver`], `jobs` at a
//!   time in a fixed order, the first that fails the same way winning; a deadline stops it
//!   between batches, keeping the smallest input found so far.
//!
//! ```
//! use tabletop_stress::reduce::{reduce, Limits};
//! use tabletop_stress::shrink::Probe;
//! // "Fails" when the input holds a negative number; valid when the count is right.
//! let probe = |text: &str| {
//!     let mut tokens = text.split_whitespace();
//!     let n: usize = match tokens.next().and_then(|t| t.parse().ok()) { Some(n) => n, None => return Probe::Invalid };
//!     let values: Vec<i64> = tokens.filter_map(|t| t.parse().ok()).collect();
//!     if values.len() != n || n == 0 { return Probe::Invalid; }
//!     if values.iter().any(|&v| v < 0) { Probe::Same } else { Probe::Other }
//! };
//! let shrunk = reduce("6\n4 8 -15 16 23 42\n", &Limits::new(2), &probe, &|_, _| {}).unwrap();
//! assert_eq!(shrunk.input, "1\n-1\n");
//! ```

use crate::driver::{Candidates, Driver};

pub use crate::driver::{InternalError, Limits, Probe, Shrunk, Stats};

/// The result of shrinking a text.
pub type Reduced = Shrunk<String>;

/// An input as lines of tokens (split on white space; rendered with one space between
/// tokens and a newline after every line).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Text {
    lines: Vec<Vec<String>>,
}

impl Text {
    fn parse(text: &str) -> Text {
        Text {
            lines: text
                .lines()
                .map(|line| line.split_whitespace().map(str::to_string).collect())
                .collect(),
        }
    }

    fn render(&self) -> String {
        let mut out = String::new();
        for line in &self.lines {
            out.push_str(&line.join(" "));
            out.push('\n');
        }
        out
    }

    fn number(&self, line: usize, token: usize) -> Option<i128> {
        self.lines.get(line)?.get(token)?.parse().ok()
    }

    /// Every (line, token) in reading order.
    fn positions(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.lines
            .iter()
            .enumerate()
            .flat_map(|(l, tokens)| (0..tokens.len()).map(move |t| (l, t)))
    }
}

/// A number lowered in the same candidate as a removal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Repair {
    line: usize,
    token: usize,
    by: i128,
}

/// One change to an input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Edit {
    Lines {
        start: usize,
        end: usize,
        repair: Option<Repair>,
    },
    Tokens {
        line: usize,
        start: usize,
        end: usize,
        repair: Option<Repair>,
    },
    Number {
        line: usize,
        token: usize,
        value: i128,
    },
    /// Every token equal to the one at `line`, `token` set to `value` (ties kept tied).
    Equal {
        line: usize,
        token: usize,
        value: i128,
    },
}

fn apply(text: &Text, edit: Edit) -> Option<Text> {
    let mut out = text.clone();
    let repair = |out: &mut Text, repair: Option<Repair>| -> Option<()> {
        if let Some(r) = repair {
            let value = text
                .number(r.line, r.token)?
                .checked_sub(r.by)
                .filter(|v| *v >= 0)?;
            *out.lines.get_mut(r.line)?.get_mut(r.token)? = value.to_string();
        }
        Some(())
    };
    match edit {
        Edit::Lines {
            start,
            end,
            repair: r,
        } => {
            repair(&mut out, r)?;
            if start >= end || end > out.lines.len() {
                return None;
            }
            out.lines.drain(start..end);
        }
        Edit::Tokens {
            line,
            start,
            end,
            repair: r,
        } => {
            repair(&mut out, r)?;
            let tokens = out.lines.get_mut(line)?;
            if start >= end || end > tokens.len() {
                return None;
            }
            tokens.drain(start..end);
        }
        Edit::Number { line, token, value } => {
            *out.lines.get_mut(line)?.get_mut(token)? = value.to_string();
        }
        Edit::Equal { line, token, value } => {
            let old = text.lines.get(line)?.get(token)?;
            let new = value.to_string();
            for word in out.lines.iter_mut().flatten() {
                if word == old {
                    word.clone_from(&new);
                }
            }
        }
    }
    Some(out)
}

/// The counts a removal of lines `start..end` may have to lower: the nearest number before
/// them equal to the lines after its own, the nearest whose block (its line and that many
/// after) covers them, and the input's first number by one.
fn line_repairs(text: &Text, start: usize, end: usize) -> Vec<Repair> {
    let removed = (end - start) as i128;
    let before = || {
        (0..start).rev().flat_map(move |l| {
            let len = text.lines.get(l).map_or(0, Vec::len);
            (0..len).rev().map(move |t| (l, t))
        })
    };
    let mut repairs = Vec::new();
    let mut add = |repair: Repair| {
        if !repairs.contains(&repair) {
            repairs.push(repair);
        }
    };
    let count = |l: usize, t: usize| text.number(l, t).filter(|v| *v >= removed);
    let after = |l: usize| (text.lines.len() - l - 1) as i128;
    if let Some((line, token)) = before().find(|&(l, t)| count(l, t) == Some(after(l))) {
        add(Repair {
            line,
            token,
            by: removed,
        });
    }
    if let Some((line, token)) =
        before().find(|&(l, t)| count(l, t).is_some_and(|v| l as i128 + v >= end as i128))
    {
        add(Repair {
            line,
            token,
            by: removed,
        });
    }
    if let Some((line, token)) = text.positions().next().filter(|&(l, _)| l < start) {
        if text.number(line, token).is_some_and(|v| v >= 1) {
            add(Repair { line, token, by: 1 });
        }
    }
    repairs
}

/// The count a removal of tokens `start..end` of `line` may have to lower: a number before
/// them on the line equal to the tokens after it, else the nearest number on an earlier
/// line equal to the line's tokens.
fn token_repair(text: &Text, line: usize, start: usize, end: usize) -> Option<Repair> {
    let removed = (end - start) as i128;
    let tokens = text.lines.get(line)?;
    let own = (0..start)
        .rev()
        .find(|&t| text.number(line, t) == Some((tokens.len() - t - 1) as i128))
        .map(|t| (line, t));
    let earlier = || {
        (0..line).rev().find_map(|l| {
            let len = text.lines.get(l).map_or(0, Vec::len);
            (0..len)
                .rev()
                .find(|&t| text.number(l, t) == Some(tokens.len() as i128))
                .map(|t| (l, t))
        })
    };
    let (line, token) = own.or_else(earlier)?;
    (text.number(line, token)? >= removed).then_some(Repair {
        line,
        token,
        by: removed,
    })
}

/// The values a number is lowered to, smallest first: 0, 1 and 2 (with its sign), half of
/// it, one step toward 0. The small values get a number out of a place where neither half
/// nor one step fails (a prime that must stay prime).
fn lowered(value: i128) -> Vec<i128> {
    let mut values = Vec::new();
    let sign = value.signum();
    for v in [0, sign, 2 * sign, value / 2, value - sign] {
        if v.abs() < value.abs() && !values.contains(&v) {
            values.push(v);
        }
    }
    values
}

/// The kinds of sweep, in the order of a round.
#[derive(Debug, Clone, Copy)]
enum Sweep {
    /// Remove `size` lines at a time.
    Lines(usize),
    /// Remove `size` tokens at a time from `line`.
    Tokens(usize, usize),
    /// Lower every number.
    Numbers,
}

/// The candidates at `position` of a sweep (`None`: past the end).
fn candidates(text: &Text, sweep: Sweep, position: usize) -> Option<Vec<Edit>> {
    match sweep {
        Sweep::Lines(size) => {
            let lines = text.lines.len();
            if position >= lines {
                return None;
            }
            let (start, end) = (position, (position + size).min(lines));
            let plain = Edit::Lines {
                start,
                end,
                repair: None,
            };
            let repaired = line_repairs(text, start, end).into_iter().map(|r| Edit::Lines {
                start,
                end,
                repair: Some(r),
            });
            Some(std::iter::once(plain).chain(repaired).collect())
        }
        Sweep::Tokens(line, size) => {
            let tokens = text.lines.get(line)?.len();
            if position >= tokens {
                return None;
            }
            let (start, end) = (position, (position + size).min(tokens));
            let plain = Edit::Tokens {
                line,
                start,
                end,
                repair: None,
            };
            let repaired = token_repair(text, line, start, end).map(|r| Edit::Tokens {
                line,
                start,
                end,
                repair: Some(r),
            });
            Some(std::iter::once(plain).chain(repaired).collect())
        }
        Sweep::Numbers => {
            let (line, token) = text.positions().nth(position)?;
            let values = text.number(line, token).map_or_else(Vec::new, lowered);
            let word = text.lines.get(line)?.get(token)?;
            let tied = text.lines.iter().flatten().filter(|w| *w == word).count() > 1;
            Some(
                values
                    .into_iter()
                    .flat_map(|value| {
                        let all = tied.then_some(Edit::Equal { line, token, value });
                        all.into_iter().chain([Edit::Number { line, token, value }])
                    })
                    .collect(),
            )
        }
    }
}

/// Where the next position of a sweep is once every candidate at `position` failed.
fn next_position(sweep: Sweep, position: usize) -> usize {
    match sweep {
        Sweep::Lines(size) | Sweep::Tokens(_, size) => position + size,
        Sweep::Numbers => position + 1,
    }
}

/// Halves, quarters, … down to 1 of `len`.
fn sizes(len: usize) -> Vec<usize> {
    let mut sizes = Vec::new();
    let mut size = len / 2;
    while size > 0 {
        sizes.push(size);
        size /= 2;
    }
    if sizes.is_empty() && len > 0 {
        sizes.push(1);
    }
    sizes
}

/// One sweep of a kind over the current input: a place (a line, a token, a number) and a
/// candidate at it.
struct Cursor {
    sweep: Sweep,
}

impl Candidates<Text> for Cursor {
    type Cursor = (usize, usize);

    fn start(&mut self, _: &Text) -> (usize, usize) {
        (0, 0)
    }

    fn at(
        &self,
        current: &Text,
        (mut position, index): (usize, usize),
    ) -> Option<(Option<Text>, (usize, usize))> {
        let mut index = index;
        loop {
            let edits = candidates(current, self.sweep, position)?;
            if let Some(&edit) = edits.get(index) {
                return Some((apply(current, edit), (position, index + 1)));
            }
            (position, index) = (next_position(self.sweep, position), 0);
        }
    }

    /// The same position now holds what came after.
    fn kept(&mut self, _: &Text, (position, _): (usize, usize)) -> (usize, usize) {
        (position, 0)
    }
}

/// Shrinks `input`, assumed to fail, to a smaller input on which `probe` says
/// [`Probe::Same`]; `progress` is told the state after every batch.
///
/// `probe` is called from up to `limits.jobs` threads at once, with the rendered candidate.
/// When the deadline does not stop it, no single line, no single token can be removed from
/// the result (with or without its count repaired) and no number lowered to 0, to half of
/// it or by one, unless that candidate was probed before.
///
/// # Errors
/// [`InternalError`] with the candidate if `probe` panics (a bug in tabletop).
pub fn reduce(
    input: &str,
    limits: &Limits,
    probe: &(dyn Fn(&str) -> Probe + Sync),
    progress: &dyn Fn(&str, &Stats),
) -> Result<Reduced, InternalError> {
    let probe_text = |text: &Text| probe(&text.render());
    let progress_text = |text: &Text, stats: &Stats| progress(&text.render(), stats);
    let mut driver = Driver::new(limits, &probe_text, Text::render, &progress_text);
    let mut current = Text::parse(input);
    let normalized = current.render();
    // The input as lines of tokens is what every candidate is made of; if that form does not
    // fail the same way, nothing made from it can be trusted to: keep the original.
    if normalized != input && {
        driver.count_probe();
        probe(&normalized) != Probe::Same
    } {
        let out = driver.finish(current);
        return Ok(Reduced {
            input: input.to_string(),
            stats: out.stats,
            stopped: out.stopped,
        });
    }
    loop {
        let mut changed = false;
        for size in sizes(current.lines.len()) {
            changed |= driver.sweep(
                &mut current,
                &mut Cursor {
                    sweep: Sweep::Lines(size),
                },
            )?;
        }
        let mut line = 0;
        while line < current.lines.len() {
            for size in sizes(current.lines[line].len()) {
                let sweep = Sweep::Tokens(line, size);
                changed |= driver.sweep(&mut current, &mut Cursor { sweep })?;
            }
            line += 1;
        }
        changed |= driver.sweep(
            &mut current,
            &mut Cursor {
                sweep: Sweep::Numbers,
            },
        )?;
        if !changed || driver.out_of_time() {
            break;
        }
    }
    let out = driver.finish(current);
    Ok(Reduced {
        input: out.input.render(),
        stats: out.stats,
        stopped: out.stopped,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Instant;

    /// Maximum subarray input: `n`, then `n` numbers on a line; valid when the count agrees.
    fn valid(text: &str) -> Option<Vec<i64>> {
        let mut lines = text.lines();
        let n: usize = lines.next()?.trim().parse().ok()?;
        let values: Vec<i64> = lines
            .next()?
            .split_whitespace()
            .map(str::parse)
            .collect::<Result<_, _>>()
            .ok()?;
        (n >= 1 && values.len() == n && lines.next().is_none()).then_some(values)
    }

    fn best(values: &[i64], start: i64) -> i64 {
        let (mut best, mut here) = (start, 0);
        for &v in values {
            here = (here + v).max(v);
            best = best.max(here);
        }
        best
    }

    /// The bug of the issue: the best sum started at 0, wrong exactly when every number is
    /// negative.
    fn subarray_probe(text: &str) -> Probe {
        match valid(text) {
            None => Probe::Invalid,
            Some(values) if best(&values, i64::MIN) != best(&values, 0) => Probe::Same,
            Some(_) => Probe::Other,
        }
    }

    #[test]
    fn maximum_subarray_started_at_zero_shrinks_to_one_negative_number() {
        let input = "8\n-5 -3 -9 -4 -7 -3 -8 -6\n";
        for jobs in [1, 2, 4] {
            let shrunk = reduce(input, &Limits::new(jobs), &subarray_probe, &|_, _| {}).unwrap();
            assert_eq!(shrunk.input, "1\n-1\n", "jobs {jobs}");
            assert!(!shrunk.stopped);
        }
    }

    #[test]
    fn the_same_seeds_give_the_same_result_whatever_the_jobs() {
        // Fails when some line's tokens sum to more than 10 (lines of any shape are valid).
        let probe = |text: &str| {
            let over = text.lines().any(|l| {
                l.split_whitespace()
                    .filter_map(|t| t.parse::<i64>().ok())
                    .sum::<i64>()
                    > 10
            });
            if over {
                Probe::Same
            } else {
                Probe::Other
            }
        };
        let input = "3 4 5\n9 9\n1 1 1 1\n20 1\n";
        let results: Vec<String> = [1, 2, 3, 8]
            .iter()
            .map(|&jobs| {
                reduce(input, &Limits::new(jobs), &probe, &|_, _| {})
                    .unwrap()
                    .input
            })
            .collect();
        assert!(results.iter().all(|r| r == &results[0]), "{results:?}");
        assert_eq!(results[0], "11\n");
    }

    /// A program that fails on every input shrinks in a few probes, bounded by counts.
    #[test]
    fn failing_on_everything_costs_few_probes() {
        let calls = AtomicUsize::new(0);
        let probe = |text: &str| {
            calls.fetch_add(1, Ordering::Relaxed);
            if text.trim().is_empty() {
                Probe::Invalid
            } else {
                Probe::Same
            }
        };
        let input: String = (0..2000).map(|i| format!("{} {} {}\n", i * 7, i, -i)).collect();
        let shrunk = reduce(&input, &Limits::new(2), &probe, &|_, _| {}).unwrap();
        assert_eq!(shrunk.input, "0\n");
        assert!(shrunk.stats.probes <= 60, "{:?}", shrunk.stats);
        assert_eq!(calls.load(Ordering::Relaxed), shrunk.stats.probes);
    }

    #[test]
    fn count_repair_for_lines_and_test_cases() {
        // `t` test cases of one line each: valid when the count agrees; fails on a 7.
        let probe = |text: &str| {
            let mut lines = text.lines();
            let Some(t) = lines.next().and_then(|l| l.trim().parse::<usize>().ok()) else {
                return Probe::Invalid;
            };
            let rest: Vec<&str> = lines.collect();
            if t == 0 || rest.len() != t {
                return Probe::Invalid;
            }
            if rest.iter().any(|l| l.split_whitespace().any(|w| w == "7")) {
                Probe::Same
            } else {
                Probe::Other
            }
        };
        let shrunk = reduce("5\n1 2\n3 4\n5 7\n8 9\n1\n", &Limits::new(2), &probe, &|_, _| {}).unwrap();
        assert_eq!(shrunk.input, "1\n7\n");
    }

    #[test]
    fn a_deadline_stops_between_batches_and_keeps_the_best_so_far() {
        let limits = Limits {
            jobs: 1,
            deadline: Some(Instant::now()),
        };
        let shrunk = reduce("3\n-1 -2 -3\n", &limits, &subarray_probe, &|_, _| {}).unwrap();
        assert!(shrunk.stopped);
        assert_eq!(shrunk.input, "3\n-1 -2 -3\n");
        assert_eq!(shrunk.stats.probes, 0);
    }

    /// A probe that panics is tabletop's own bug here too, never a candidate that does not
    /// fail: the candidate comes with the error.
    #[test]
    fn a_panicking_probe_is_an_internal_error() {
        let probe = |text: &str| {
            if text.contains("-2") {
                Probe::Same
            } else {
                panic!("no -2 in {text:?}")
            }
        };
        for jobs in [1, 3] {
            let error = reduce("3\n-1 -2 -3\n", &Limits::new(jobs), &probe, &|_, _| {}).unwrap_err();
            assert!(!error.input.contains("-2"), "{error:?}");
            assert_eq!(error.message, format!("no -2 in {:?}", error.input));
        }
    }

    #[test]
    fn ties_are_lowered_together_and_primes_reach_two() {
        let tie = |text: &str| {
            let values: Vec<&str> = text.split_whitespace().collect();
            match values.as_slice() {
                ["2", a, b] if a == b => Probe::Same,
                ["2", _, _] => Probe::Other,
                _ => Probe::Invalid,
            }
        };
        let shrunk = reduce("2\n965 965\n", &Limits::new(2), &tie, &|_, _| {}).unwrap();
        assert_eq!(shrunk.input, "2\n0 0\n");
        let prime = |text: &str| match text.trim().parse::<u64>() {
            Ok(n) if n >= 2 => {
                if (2..n).all(|d| n % d != 0) {
                    Probe::Same
                } else {
                    Probe::Other
                }
            }
            _ => Probe::Invalid,
        };
        assert_eq!(
            reduce("9973\n", &Limits::new(2), &prime, &|_, _| {})
                .unwrap()
                .input,
            "2\n"
        );
    }

    #[test]
    fn numbers_go_to_zero_half_and_one_step() {
        assert_eq!(lowered(10), [0, 1, 2, 5, 9]);
        assert_eq!(lowered(-7), [0, -1, -2, -3, -6]);
        assert_eq!(lowered(2), [0, 1]);
        assert_eq!(lowered(1), [0]);
        assert!(lowered(0).is_empty());
    }
}
