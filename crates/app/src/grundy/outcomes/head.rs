//! The first position lines of the next window, read by the helper while this thread reads
//! the rest of the window: the helper is otherwise idle then, and reading a window is about
//! a fifth of a huge test case's time.
//!
//! This thread copies what it has read of the window to the helper a little at a time
//! ([`Head::offer`], which never waits), and the helper reads whole position lines of the
//! window's first test case out of the copies ([`Head::read`]). When that test case turns
//! out to be huge, this thread takes what the helper read ([`Head::take`]) and reads on from
//! where it stopped. The copies take little memory: at most [`FEED_MOST`] bytes waiting,
//! and the lines being read (one line of up to [`LINE_MOST`] bytes).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

use tabletop_parse::grundy::Plain;

use super::{Position, Wait};

/// The most bytes waiting for the helper: it reads position lines slower than this thread
/// reads the window, so more would be copied for nothing.
const FEED_MOST: usize = 1 << 16;

/// About how many bytes of whole lines the helper reads between two looks at whether this
/// thread wants what it read (which this thread then waits for).
const BATCH_BYTES: usize = 1 << 14;

/// The longest line the helper waits for the end of (its copies are kept meanwhile): a
/// longer one is left to the pieces.
const LINE_MOST: usize = 1 << 18;

/// The helper's reading of one window's first position lines.
pub(super) struct Head {
    /// Bytes of the window copied for the helper, not yet taken by it.
    feed: Mutex<Vec<u8>>,
    /// Nothing more comes to the feed.
    closed: AtomicBool,
    /// The helper reads no further (this thread takes what it read, or the helper is
    /// done): nothing more is worth copying.
    stop: AtomicBool,
    read: Mutex<HeadRead>,
}

/// What the helper read, and the buffers it read into.
#[derive(Default)]
struct HeadRead {
    /// The helper began (until then this thread may take the buffers back without waiting).
    started: bool,
    /// The helper is done: what follows is final.
    finished: bool,
    /// This thread took the buffers back.
    taken: bool,
    /// The window's first test case: its number of positions `N`, and the window offset of
    /// its first position line.
    case: Option<(u32, usize)>,
    /// Position lines read, and the window offset just past them.
    lines: u32,
    end: usize,
    offsets: Vec<u32>,
    successors: Vec<Position>,
}

/// The head's first position lines as [`Head::take`] hands them over.
pub(super) struct Taken {
    /// Lines read (the first `lines` of the test case) and the window offset past them, if
    /// they are of the test case this thread asked for.
    pub(super) lines: Option<(u32, usize)>,
    /// Each line's end in `successors` (as [`Plain::position_lines`] pushes them), and the
    /// moves: the buffers lent to the head, given back either way.
    pub(super) offsets: Vec<u32>,
    pub(super) successors: Vec<Position>,
}

impl Head {
    /// A head reading into `offsets` and `successors` (cleared).
    pub(super) fn new(mut offsets: Vec<u32>, mut successors: Vec<Position>) -> Self {
        offsets.clear();
        successors.clear();
        Head {
            feed: Mutex::new(Vec::new()),
            closed: AtomicBool::new(false),
            stop: AtomicBool::new(false),
            read: Mutex::new(HeadRead {
                offsets,
                successors,
                ..HeadRead::default()
            }),
        }
    }

    /// This thread's side while it reads the window: copies the part of `window` (the
    /// window's text so far, from its start) past what it offered before (`offered`), as
    /// much as the feed has room for. It never waits for the helper.
    pub(super) fn offer(&self, window: &[u8], offered: &mut usize) {
        let most = offer_most();
        if self.stop.load(Ordering::Acquire) || *offered >= most {
            return;
        }
        let Some(new) = window
            .get(*offered..window.len().min(most))
            .filter(|new| !new.is_empty())
        else {
            return;
        };
        let Ok(mut feed) = self.feed.try_lock() else {
            return;
        };
        let room = feed_most().saturating_sub(feed.len());
        let part = new.get(..room.min(new.len())).unwrap_or_default();
        feed.extend_from_slice(part);
        *offered += part.len();
    }

    /// This thread has read the whole window: nothing more is offered.
    pub(super) fn close(&self) {
        self.closed.store(true, Ordering::Release);
    }

    /// The helper's side: reads the window's first test case's position lines out of what
    /// this thread offers, in batches, until this thread stops it, the lines run out (or
    /// the offers), or a line is not plain (that batch is dropped). `text` is the helper's
    /// buffer for the copies.
    pub(super) fn read(&self, text: &mut Vec<u8>) {
        let (offsets, successors) = {
            let Ok(mut read) = self.read.lock() else {
                return;
            };
            // Checked under the lock, as this thread checks `started`: either this thread
            // took the buffers back, or it waits for this one to finish.
            if self.stop.load(Ordering::Acquire) || read.taken {
                return;
            }
            read.started = true;
            (
                std::mem::take(&mut read.offsets),
                std::mem::take(&mut read.successors),
            )
        };
        // Published however the reading ends (a panic included: this thread waits for it).
        let mut reading = Publish {
            head: self,
            case: None,
            lines: 0,
            end: 0,
            offsets,
            successors,
        };
        text.clear();
        // `text` holds the window from offset `base`; the helper is at `at` in it.
        let (mut base, mut at) = (0, 0);
        let mut waiting = Wait::new();
        while !self.stop.load(Ordering::Acquire) {
            // Read before the feed is looked at, so that nothing offered is missed.
            let closed = self.closed.load(Ordering::Acquire);
            let mut complete = whole_lines(text);
            if complete - at < BATCH_BYTES {
                if let Ok(mut feed) = self.feed.lock() {
                    if !feed.is_empty() {
                        text.drain(..at);
                        (base, at) = (base + at, 0);
                        text.extend_from_slice(&feed);
                        feed.clear();
                    }
                }
                complete = whole_lines(text);
            }
            let whole = text.get(..complete).unwrap_or_default();
            let Some((positions, _)) = reading.case else {
                // The test case's first line (before it, `base` is 0).
                let mut plain = Plain::new(whole);
                match plain.positions() {
                    Ok(Some(positions)) => {
                        reading.case = Some((positions, plain.offset()));
                        at = plain.offset();
                        reading.end = at;
                    }
                    Ok(None) if !closed && text.len() <= LINE_MOST => waiting.pause(),
                    _ => break,
                }
                continue;
            };
            let left = positions - reading.lines;
            if left == 0 {
                break;
            }
            let batch_end = match whole.get(at + BATCH_BYTES..) {
                Some(far) => far
                    .iter()
                    .position(|&b| b == b'\n')
                    .map_or(complete, |newline| at + BATCH_BYTES + newline + 1),
                None => complete,
            };
            let batch = whole.get(at..batch_end).unwrap_or_default();
            if batch.is_empty() {
                if closed || text.len() - at > LINE_MOST {
                    break;
                }
                waiting.pause();
                continue;
            }
            waiting = Wait::new();
            // As many lines as newlines: a blank line among them makes the last one run
            // into the end of the batch, which the reader refuses (the batch is dropped).
            let newlines = batch.iter().filter(|&&b| b == b'\n').count();
            let lines = u32::try_from(newlines).map_or(left, |n| n.min(left));
            let before = (reading.offsets.len(), reading.successors.len());
            let mut plain = Plain::at(whole.get(..batch_end).unwrap_or_default(), at);
            if plain
                .position_lines(lines, positions, &mut reading.offsets, &mut reading.successors)
                .is_err()
            {
                reading.offsets.truncate(before.0);
                reading.successors.truncate(before.1);
                break;
            }
            at = plain.offset();
            reading.lines += lines;
            reading.end = base + at;
        }
    }

    /// This thread's side once it is at a huge test case: stops the helper (waiting for the
    /// batch it is reading) and gives back the buffers, with the lines read if they are the
    /// first position lines of the test case of `positions` positions whose first position
    /// line is at window offset `start`. `None` once the buffers were given back.
    pub(super) fn take(&self, start: usize, positions: u32) -> Option<Taken> {
        #[cfg(test)]
        if AWAIT_HEAD.get() {
            // The tests let the helper read what it was offered, whatever the timing.
            let mut waiting = Wait::new();
            while self.read.lock().is_ok_and(|read| !read.finished && !read.taken) {
                waiting.pause();
            }
        }
        self.stop.store(true, Ordering::Release);
        let mut waiting = Wait::new();
        loop {
            let mut read = self.read.lock().ok()?;
            if read.taken {
                return None;
            }
            if read.finished || !read.started {
                read.taken = true;
                let lines = (read.case == Some((positions, start)) && read.lines > 0)
                    .then_some((read.lines, read.end));
                #[cfg(test)]
                HEAD_LINES.set(HEAD_LINES.get() + lines.map_or(0, |(lines, _)| lines as usize));
                return Some(Taken {
                    lines,
                    offsets: std::mem::take(&mut read.offsets),
                    successors: std::mem::take(&mut read.successors),
                });
            }
            drop(read);
            waiting.pause();
        }
    }
}

/// Stops a head when dropped, however this thread leaves the window (the helper could
/// otherwise wait for offers for ever).
pub(super) struct StopHead<'h>(pub(super) &'h Head);

impl Drop for StopHead<'_> {
    fn drop(&mut self) {
        self.0.stop.store(true, Ordering::Release);
    }
}

/// The helper's reading, published when it ends.
struct Publish<'h> {
    head: &'h Head,
    case: Option<(u32, usize)>,
    lines: u32,
    end: usize,
    offsets: Vec<u32>,
    successors: Vec<Position>,
}

impl Drop for Publish<'_> {
    fn drop(&mut self) {
        self.head.stop.store(true, Ordering::Release);
        if let Ok(mut read) = self.head.read.lock() {
            read.case = self.case;
            read.lines = self.lines;
            read.end = self.end;
            read.offsets = std::mem::take(&mut self.offsets);
            read.successors = std::mem::take(&mut self.successors);
            read.finished = true;
        }
    }
}

/// The length of `text`'s whole lines: up to its last newline.
fn whole_lines(text: &[u8]) -> usize {
    text.iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |newline| newline + 1)
}

/// The most bytes waiting for the helper: [`FEED_MOST`], but in the tests (everything
/// offered, so that what the helper reads does not depend on the timing).
fn feed_most() -> usize {
    if cfg!(test) {
        usize::MAX
    } else {
        FEED_MOST
    }
}

/// The most bytes of a window offered in all: every one, but in the tests (`OFFER_MOST`).
fn offer_most() -> usize {
    #[cfg(test)]
    return OFFER_MOST.get();
    #[cfg(not(test))]
    usize::MAX
}

#[cfg(test)]
thread_local! {
    /// This thread waits for the helper to read what it was offered, and offers this many
    /// bytes of a window at most (the tests' choices).
    pub(in crate::grundy) static AWAIT_HEAD: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    pub(in crate::grundy) static OFFER_MOST: std::cell::Cell<usize> = const { std::cell::Cell::new(usize::MAX) };
    /// Position lines the helper read ahead and this thread used.
    pub(in crate::grundy) static HEAD_LINES: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}
