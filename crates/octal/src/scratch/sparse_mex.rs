//! The sparse-space mex of one heap (see the parent module): the splits with a rare part,
//! then a scan of the splits until the rare values below the gap are met.

use super::marks::{mark_range, Marks, Stamped, WordMarks};
use super::move_lists::{mark_simple_moves, Moves};
use super::rare_splits::{mark_beside_rare, MarksTwice};
use super::workspace::Scratch;
use crate::plain::{meets, PlainValues};
use crate::slot::Slot;
use crate::store::View;

/// What a sparse step does with the marks made ahead (see [`Ahead`](super::workspace::Ahead)).
enum AheadUse<'a, 'b> {
    /// Nothing.
    No,
    /// Its own splits with the rare heaps of these ranges (per split length) are marked.
    Taken(&'b [std::ops::Range<usize>]),
    /// It marks the splits of the heap [`Scratch::ahead_by`] after in these marks too, and
    /// says which in the ranges.
    Making(Stamped<'a>, &'b mut Vec<std::ops::Range<usize>>),
}

/// Keeps the values of `pending` not marked with `stamp`, in order. Without a branch per
/// value: whether a value was met is as good as random, and a mispredicted branch per look
/// cost more than the marks of the scan (measured: a sixth of Officers' time).
#[inline]
fn keep_unmarked(pending: &mut Vec<u32>, marks: &impl Marks) {
    let mut kept = 0;
    for i in 0..pending.len() {
        let value = pending[i];
        pending[kept] = value;
        kept += usize::from(!marks.has(value));
    }
    pending.truncate(kept);
}

impl Scratch {
    /// `G(n)` by the sparse-space method, with the splits it looked at; `values` holds
    /// `G(0..n)`, and the rare heaps are those below `n`.
    ///
    /// `speculative`: `values` holds `G(0..n - 1)` only (and the rare heaps are those below
    /// `n - 1`): the moves that read `G(n - 1)` ([`Moves::reading_last`]) are left out, so
    /// the result is the mex of the other moves. It is `G(n)` unless it is the value of one
    /// of the moves left out (adding a value other than the mex to a set keeps its mex).
    pub(crate) fn sparse_mex<S: Slot>(
        &mut self,
        moves: &Moves,
        values: &View<'_, S>,
        mask: u32,
        n: usize,
        speculative: bool,
    ) -> (u32, u64) {
        // A speculative step reads the heaps below n - 1 only, even when G(n - 1) is
        // counted already (the first heap of a run): the same step whatever the timing.
        let (rare_end, cap) = match speculative {
            true if self.upto > n - 1 => (n - 1, self.cap_before),
            true => (n - 1, self.cap),
            false => (n, self.cap),
        };
        debug_assert!(self.upto == n || (speculative && self.upto == n - 1));
        let heap = SparseHeap {
            moves,
            mask,
            n,
            speculative,
            rare_end,
            cap,
        };
        if cap <= WordMarks::CAP {
            let mut marks = WordMarks::default();
            return self.sparse_mex_by(&mut marks, values, heap, AheadUse::No);
        }
        self.make_room_for_stamps();
        let listings = self.listings;
        let taken = self.ahead.key == Some((n, mask, listings));
        if taken {
            std::mem::swap(&mut self.mark, &mut self.ahead.mark);
            std::mem::swap(&mut self.stamp, &mut self.ahead.stamp);
            self.ahead.key = None;
        } else {
            self.stamp = self.fresh_stamp();
        }
        // Grundy's game leaves out the equal halves, whose rare heap differs from one
        // length to the next: not marked ahead.
        let step = self.ahead_by;
        let next_key = (n + step, mask, listings);
        let making = !taken && step > 0 && !moves.unequal && self.ahead.key != Some(next_key);
        // Out of `self` while the marks are made, so that the rest of it can be borrowed.
        let mut mark = std::mem::take(&mut self.mark);
        let mut marks = Stamped {
            mark: &mut mark,
            stamp: self.stamp,
        };
        let mut done = std::mem::take(&mut self.ahead.done);
        let found = if making {
            self.ahead.stamp = self.fresh_stamp();
            let mut ahead_mark = std::mem::take(&mut self.ahead.mark);
            let next = Stamped {
                mark: &mut ahead_mark,
                stamp: self.ahead.stamp,
            };
            let found = self.sparse_mex_by(&mut marks, values, heap, AheadUse::Making(next, &mut done));
            self.ahead.mark = ahead_mark;
            self.ahead.key = Some(next_key);
            found
        } else if taken {
            self.sparse_mex_by(&mut marks, values, heap, AheadUse::Taken(&done))
        } else {
            self.sparse_mex_by(&mut marks, values, heap, AheadUse::No)
        };
        self.ahead.done = done;
        self.mark = mark;
        found
    }

    /// [`Scratch::sparse_mex`] with the marks `marks` (none made yet).
    #[inline(always)]
    fn sparse_mex_by<S: Slot, M: MarksTwice>(
        &mut self,
        marks: &mut M,
        values: &View<'_, S>,
        heap: SparseHeap<'_>,
        mut ahead: AheadUse<'_, '_>,
    ) -> (u32, u64) {
        let SparseHeap {
            moves,
            mask,
            n,
            speculative,
            cap,
            ..
        } = heap;
        mark_simple_moves(marks, moves, values, n, speculative);
        let mut pairs = 0u64;
        // 1. Splits with a rare part: every common value among the moves. And the obvious
        //    0 of two equal halves (which the scan below would meet last).
        if let AheadUse::Making(_, done) = &mut ahead {
            done.clear();
            done.resize(moves.split.len(), 0..0);
        }
        for (i, &k) in moves.split.iter().enumerate() {
            pairs += self.mark_rare_splits_of(marks, values, heap, (i, k), &mut ahead);
        }
        // 2. The smallest common value not met, and the rare values below it not met yet.
        self.pending.clear();
        let gap = marks.common_gap(cap, mask, &mut self.pending) as u32;
        if !self.pending.is_empty() {
            pairs += self.meet_rare_values(marks, moves, values, n, speculative);
        }
        // A split the scan meets is of two common parts (a rare value) or was marked in step
        // 1, so the gap is still not met; every value below it is met but those still
        // pending (ascending), unless the scan met them after its last look.
        let mex = self.pending.iter().copied().find(|&value| !marks.has(value));
        (mex.unwrap_or(gap), pairs)
    }

    /// Marks the splits with a rare part of `n - k` (the `i`-th split length), as step 1 of
    /// [`Scratch::sparse_mex_by`] (and those of the heap `ahead_by` on, or not those made
    /// ahead, as `ahead` says); returns how many there are.
    #[inline(always)]
    fn mark_rare_splits_of<S: Slot, M: MarksTwice>(
        &mut self,
        marks: &mut M,
        values: &View<'_, S>,
        heap: SparseHeap<'_>,
        (i, k): (usize, usize),
        ahead: &mut AheadUse<'_, '_>,
    ) -> u64 {
        let SparseHeap {
            moves,
            mask,
            n,
            speculative,
            rare_end,
            ..
        } = heap;
        let Some(m) = n.checked_sub(k).filter(|&m| m >= 2) else {
            return 0;
        };
        // Two equal halves (none in Grundy's game, where the rare half is left out).
        let equal = m % 2 == 0;
        if equal && !moves.unequal {
            marks.set(0);
        }
        let count = self.rare_below(m.min(rare_end));
        // Rare heaps whose split is not a move (Grundy's equal halves) or is left out
        // (the part 1 beside n - 1, when speculative): by index, or `count` for none.
        let mut skipped = [count; 2];
        if moves.unequal && equal {
            if let Ok(half) = self.rare[..count].binary_search(&(m / 2)) {
                skipped[0] = half;
            }
        }
        // Only the split left out depends on more than the length and the rare heaps.
        let key = (m, count, mask);
        let kept_apart = speculative && k == 0 && self.rare.first() == Some(&1);
        if kept_apart {
            skipped[1] = 0;
        }
        skipped.sort_unstable();
        let ranges = [
            0..skipped[0],
            (skipped[0] + 1).min(count)..skipped[1].max(skipped[0] + 1).min(count),
            (skipped[1] + 1).min(count)..count,
        ];
        // The partners G(m - r) in the tail, then (rare heaps far back) before it.
        let (recent, top) = (values.tail, m.wrapping_sub(values.tail_start));
        // The rare heaps whose partner is in the tail: all, while every value is held.
        let near = match values.tail_start {
            0 => count,
            start => self.rare[..count].partition_point(|&r| r + start <= m),
        };
        // The rare heaps marked ahead: for this heap, at an earlier one, or now for the
        // heap `ahead_by` after, those whose partner in its split is known already.
        let step = self.ahead_by;
        let beside = match &*ahead {
            AheadUse::No => 0..0,
            AheadUse::Taken(done) => done.get(i).cloned().unwrap_or(0..0),
            AheadUse::Making(..) => {
                self.rare[..near].partition_point(|&r| r + values.len() < m + 1 + step)..near
            }
        };
        if let AheadUse::Making(_, done) = &mut *ahead {
            done[i] = beside.clone();
        }
        let (all_rare, all_rare_values, far) = (&self.rare, &self.rare_values, &mut self.far);
        let mark_all = |marks: &mut M| {
            // Each range but the rare heaps marked ahead: before them and after them (the
            // empty ones left out, most of them: a call each costs when a heap's work is
            // small).
            let parts = ranges
                .into_iter()
                .flat_map(|range| {
                    [
                        range.start..range.end.min(beside.start).max(range.start),
                        range.start.max(beside.end).min(range.end)..range.end,
                    ]
                })
                .filter(|part| !part.is_empty());
            for range in parts {
                let cut = near.clamp(range.start, range.end);
                let (rare, rare_values) = (&all_rare[range.start..cut], &all_rare_values[range.start..cut]);
                mark_beside_rare(rare, rare_values, recent, top, marks);
                if cut < range.end {
                    let (rare, rare_values) = (&all_rare[cut..range.end], &all_rare_values[cut..range.end]);
                    far.mark(rare, rare_values, values, m, marks);
                }
            }
            if let AheadUse::Making(next, _) = ahead {
                let (rare, rare_values) = (&all_rare[beside.clone()], &all_rare_values[beside]);
                marks.set_beside_rare_twice(rare, rare_values, (recent, top, step), next);
            }
        };
        if kept_apart {
            mark_all(marks);
        } else {
            marks.mark_rare_splits(&mut self.rare_sets, key, mark_all);
        }
        count as u64
    }

    /// Scans the splits of heap `n`, marking their values, until every value of `pending`
    /// has been met (or every split has been seen); returns the splits looked at. The
    /// splits go by blocks with unconditional marks (no branch per split), each block of
    /// every split length in turn (a value may come from one length only); after each
    /// block (while few are left, else after each from the back) the values met leave
    /// `pending`. `speculative`: the split `1 + (n - 1)` is left
    /// out.
    #[inline(always)]
    fn meet_rare_values<S: Slot>(
        &mut self,
        marks: &mut impl Marks,
        moves: &Moves,
        values: &View<'_, S>,
        n: usize,
        speculative: bool,
    ) -> u64 {
        // Blocks grow: most pending values are met in the first splits, and checking the
        // ones left costs one look per value. By steps rather than doubling: a doubled
        // block looks at up to twice the splits needed (measured: 7-9% more instructions
        // for Officers and 0.161, the same for 0.167).
        let mut block = 32;
        let mut pairs = 0u64;
        // Per split length m: the splits (a, m - a) not seen yet are a in front..=back.
        let ranges = &mut self.ranges;
        ranges.clear();
        ranges.extend(
            moves
                .split
                .iter()
                .filter_map(|&k| n.checked_sub(k).filter(|&m| m >= 2).map(|m| (k, m)))
                .map(|(k, m)| (m, if speculative && k == 0 { 2 } else { 1 }, moves.half(m))),
        );
        'rounds: loop {
            let mut seen_any = false;
            for (m, front, back) in ranges.iter_mut() {
                // A block from each end: small parts pair exceptional early values with
                // recent ones; middle splits pair two typical values.
                for from_front in [true, false] {
                    if *front > *back {
                        break;
                    }
                    let (lo, hi) = if from_front {
                        let hi = (*front + block - 1).min(*back);
                        let lo = *front;
                        *front = hi + 1;
                        (lo, hi)
                    } else {
                        let lo = back.saturating_sub(block - 1).max(*front);
                        let hi = *back;
                        *back = lo - 1;
                        (lo, hi)
                    };
                    let few = self.pending.len() <= COMPARED_MOST;
                    let plain = (&mut self.plain, !from_front);
                    if !(few && compare_range(plain, values, (lo, hi, *m), &self.pending, marks)) {
                        mark_range(values, (lo, hi, *m), &mut self.buffers, marks);
                    }
                    pairs += (hi + 1 - lo) as u64;
                    seen_any = true;
                    // With many values missing, a look at each after every block costs
                    // more than the splits it saves: then after the block from the back.
                    if self.pending.len() <= LOOKED_AT_EVERY_BLOCK || !from_front {
                        keep_unmarked(&mut self.pending, marks);
                        if self.pending.is_empty() {
                            break 'rounds;
                        }
                    }
                }
            }
            if !seen_any {
                break;
            }
            block = (block + 32).min(1024);
        }
        for &(m, front, back) in ranges.iter() {
            let deepest = (front - 1).max(moves.half(m).saturating_sub(back));
            self.deepest = self.deepest.max(deepest);
        }
        pairs
    }
}

/// The most values missing that are looked at after each block of a scan (else after each
/// block from the back).
const LOOKED_AT_EVERY_BLOCK: usize = 4;

/// The most values missing for which a block of splits is compared with each of them
/// rather than marked.
const COMPARED_MOST: usize = 3;

/// Marks those of `targets` that are `G(a) ^ G(m - a)` for an `a` in `lo..=hi`; false,
/// marking none, when the plain copies do not hold the values (and, unless `may_copy`, a
/// scan from the back, are not to copy them: see [`PlainValues::hold`]).
fn compare_range<S: Slot>(
    (plain, may_copy): (&mut PlainValues, bool),
    values: &View<'_, S>,
    (lo, hi, m): (usize, usize, usize),
    targets: &[u32],
    marks: &mut impl Marks,
) -> bool {
    let held = |plain: &mut PlainValues, range, side| plain.hold(values, range, may_copy.then_some(side));
    if !(held(plain, (lo, hi + 1), 0) && held(plain, (m - hi, m - lo + 1), 1)) {
        return false;
    }
    let (Some(low), Some(high)) = (plain.get(lo, hi + 1), plain.get(m - hi, m - lo + 1)) else {
        return false;
    };
    for &target in targets {
        // Every value held fits 16 bits; a wider target is met by no split.
        if u16::try_from(target).is_ok_and(|target| meets(low, high, target)) {
            marks.set(target);
        }
    }
    true
}

/// What [`Scratch::sparse_mex`] is asked of one heap.
#[derive(Debug, Clone, Copy)]
struct SparseHeap<'a> {
    moves: &'a Moves,
    mask: u32,
    n: usize,
    speculative: bool,
    /// The rare heaps counted are those below this.
    rare_end: usize,
    /// A power of two above every value the moves read.
    cap: usize,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scratch::test_values::value;
    use crate::store::Store;

    #[test]
    fn a_heap_taken_again_after_its_speculative_step_counts_the_rare_heap_before_it() {
        // Splits of n itself (a `4.` game): the speculative step leaves out the rare heap
        // n - 1 (or 1, beside n - 1), which the step taken again counts; a set of the first
        // step must not serve it.
        let moves = Moves {
            whole: Vec::new(),
            leave: vec![1],
            split: vec![0, 1],
            unequal: false,
        };
        let mut store: Store<u8> = Store::new(0);
        for n in 1..200 {
            store.push(value(n));
        }
        let mut differing = 0;
        // Heap 1 rare (the split beside n - 1 kept apart) or common. Few heaps, so that the
        // sets of values have gaps.
        for mask in 1..64 {
            let (mut again, mut fresh) = (Scratch::new(), Scratch::new());
            for n in 2..200 {
                again.catch_up(&store.view(n), n - 1, mask);
                let (speculated, _) = again.sparse_mex(&moves, &store.view(n - 1), mask, n, true);
                again.catch_up(&store.view(n), n, mask);
                let (value, pairs) = again.sparse_mex(&moves, &store.view(n), mask, n, false);
                fresh.catch_up(&store.view(n), n, mask);
                let expected = fresh.sparse_mex(&moves, &store.view(n), mask, n, false);
                assert_eq!((value, pairs), expected, "heap {n}, mask {mask:#b}");
                differing += usize::from(speculated != value);
            }
        }
        assert!(differing > 0, "every speculative step was right");
    }

    #[test]
    fn marks_made_ahead_serve_the_heap_they_were_made_for() {
        // Values of nine bits (marked as stamps), heaps taken one by one or every other one,
        // speculative or not, against a scratch that marks nothing ahead.
        let wide = |n: usize| ((n * 7919) % 509) as u32;
        let mut store: Store<u16> = Store::new(0);
        for n in 1..600 {
            store.push(wide(n));
        }
        let games = [
            (vec![1], false),
            (vec![2, 3], false),
            (vec![0, 1], false),
            (vec![1], true),
        ];
        let mut taken = 0;
        for (split, unequal) in games {
            let moves = Moves {
                whole: Vec::new(),
                leave: vec![1],
                split,
                unequal,
            };
            for (step, speculative, mask) in [(1, false, 1), (1, true, 0b11), (2, false, 0b101), (2, true, 1)]
            {
                let (mut ahead, mut fresh) = (Scratch::new(), Scratch::new());
                ahead.ahead_by = step;
                fresh.ahead_by = 0;
                // The stamps run out after a few heaps, and every array is cleared.
                ahead.stamp = u32::MAX - 9;
                for n in (3..600).step_by(step) {
                    let len = if speculative { n - 1 } else { n };
                    ahead.catch_up(&store.view(len), len, mask);
                    fresh.catch_up(&store.view(len), len, mask);
                    taken += usize::from(ahead.ahead.key.is_some_and(|(heap, _, _)| heap == n));
                    let found = ahead.sparse_mex(&moves, &store.view(len), mask, n, speculative);
                    let expected = fresh.sparse_mex(&moves, &store.view(len), mask, n, speculative);
                    assert_eq!(found, expected, "heap {n}, step {step}, mask {mask:#b}");
                }
            }
        }
        assert!(taken > 500, "marks made ahead were taken {taken} times");
    }

    #[test]
    fn scans_far_past_the_first_heaps_give_the_mex_of_every_move() {
        // Heaps past twice the copies of the first and the latest heaps, so that the scans
        // from the back read the copied middle; rare heaps (even values under the mask 1)
        // only early, as in the games the method is for.
        let mixed = |n: usize| (n as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 40;
        let value = |n: usize| match n {
            0 => 0,
            _ if n < 3000 && mixed(n) % 7 == 0 => (mixed(n) % 24 * 2) as u32,
            _ => (mixed(n) % 24 * 2 + 1) as u32,
        };
        let moves = Moves {
            whole: Vec::new(),
            leave: vec![1],
            split: vec![1, 2],
            unequal: false,
        };
        let (first, last) = (100_000, 100_120);
        let mut store: Store<u8> = Store::new(0);
        let mut scratch = Scratch::new();
        for n in 1..first {
            store.push(value(n));
        }
        scratch.catch_up(&store.view(first), first, 1);
        let mut compared = 0;
        for n in first..last {
            let view = store.view(n);
            let mut met = [false; 65];
            met[value(n - 1) as usize] = true;
            for k in [1, 2] {
                let m = n - k;
                for a in 1..=m / 2 {
                    met[(value(a) ^ value(m - a)) as usize] = true;
                }
            }
            let mex = met.iter().position(|&m| !m).unwrap() as u32;
            let (found, _) = scratch.sparse_mex(&moves, &view, 1, n, false);
            assert_eq!(found, mex, "heap {n}");
            compared += usize::from(scratch.plain.middle_copied());
            store.push(value(n));
            scratch.note(n, value(n), 1);
        }
        assert!(compared > 0, "no scan read the copied middle");
    }
}
