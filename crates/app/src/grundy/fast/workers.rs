//! Windows of small test cases on `jobs` worker threads: a worker locks the input, reads and
//! cuts the next window, lets go and answers that window while the next worker reads, so
//! that reading never waits for answering and every core answers. The calling thread only
//! puts the answers in order.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Sender};
use std::sync::Mutex;

use tabletop_parse::grundy::NotPlain;

use super::case::GraphBuffers;
use super::window::plain_outcomes;
use super::{Done, InOrder, Tuning, Windows};
use crate::{Failure, Stream};

/// Every window of `input` answered by `jobs` workers, `first` (a window's text and the
/// lines before it) being the first; the answers are put in `order` as they come. A huge
/// test case among them is read on two threads all the same (`tuning`).
pub(super) fn answer(
    input: &mut Stream<'_>,
    windows: Windows,
    first: (Vec<u8>, usize),
    jobs: usize,
    order: &mut InOrder<'_>,
    tuning: &Tuning,
) -> Result<(), Failure> {
    let turns = Turns {
        input: Mutex::new(Reading {
            input,
            windows,
            first: Some(first),
            next_index: 0,
            over: false,
        }),
        stop: AtomicBool::new(false),
    };
    let turns = &turns;
    let (report, results) = mpsc::channel::<(usize, Result<Done, Failure>)>();
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            let report = report.clone();
            scope.spawn(move || work(turns, &report, tuning));
        }
        drop(report);
        let mut put = || -> Result<(), Failure> {
            for (index, result) in &results {
                order.take(index, result?)?;
                if order.stopped {
                    break;
                }
            }
            Ok(())
        };
        let outcome = put();
        // A failure or a stop: the workers read no further (the one answering finishes).
        turns.stop.store(true, Ordering::Relaxed);
        outcome
    })
}

/// The input the workers take turns at.
struct Reading<'s, 'r> {
    input: &'s mut Stream<'r>,
    windows: Windows,
    /// The window read before the workers started.
    first: Option<(Vec<u8>, usize)>,
    /// The input-order number of the next window.
    next_index: usize,
    /// Nothing more to read (the end, or a read that failed).
    over: bool,
}

/// What the workers share: the input, and a flag that tells them to stop reading.
struct Turns<'s, 'r> {
    input: Mutex<Reading<'s, 'r>>,
    stop: AtomicBool,
}

/// A worker: reads the next window in its turn, answers it, reports, until the input ends.
fn work(turns: &Turns<'_, '_>, report: &Sender<(usize, Result<Done, Failure>)>, tuning: &Tuning) {
    let mut graph = GraphBuffers::default();
    let mut spare = Vec::new();
    while !turns.stop.load(Ordering::Relaxed) {
        let Some((index, window)) = next_turn(turns, std::mem::take(&mut spare)) else {
            return;
        };
        let result = window.map(|(bytes, lines_before)| {
            let mut outcomes = Vec::new();
            match plain_outcomes(&bytes, &mut graph, &mut outcomes, Some(tuning)) {
                Ok(cases) => {
                    // The buffer is read into again.
                    spare = bytes;
                    Done::Plain { outcomes, cases }
                }
                Err(NotPlain) => Done::NotPlain { bytes, lines_before },
            }
        });
        if report.send((index, result)).is_err() {
            return;
        }
    }
}

/// A window's input-order number, and its text and the lines before it (or the read's failure).
type Turn = (usize, Result<(Vec<u8>, usize), Failure>);

/// The next window, read in this worker's turn (into `spare`, a finished window's buffer);
/// `None` once the input is over.
fn next_turn(turns: &Turns<'_, '_>, spare: Vec<u8>) -> Option<Turn> {
    let mut reading = turns.input.lock().ok()?;
    let reading = &mut *reading;
    if reading.over {
        return None;
    }
    let index = reading.next_index;
    reading.next_index += 1;
    if let Some(first) = reading.first.take() {
        return Some((index, Ok(first)));
    }
    let windows = &mut reading.windows;
    match reading.input.next_owned_window(|text| windows.split(text), spare) {
        Ok(Some(window)) => Some((index, Ok(window))),
        Ok(None) => {
            reading.over = true;
            None
        }
        Err(failure) => {
            reading.over = true;
            Some((index, Err(failure)))
        }
    }
}
