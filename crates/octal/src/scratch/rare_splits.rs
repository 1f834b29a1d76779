//! The kernels that mark the splits with a rare part, `G(r) ^ G(m - r)` for the rare heaps
//! `r` whose partner is in the store's tail: one heap, or two heaps at once.

use super::marks::{Marks, Stamped, WordMarks};
use crate::slot::Slot;

/// Marks `G(r) ^ G(m - r)` for the rare heaps `r` (of values `rare_values`), `recent`
/// holding the values from `G(m - top)` on and every `r` at most `top`.
// Not inlined: in a function of its own, every pointer of the loop stays in a register.
#[inline(never)]
pub(crate) fn mark_beside_rare<S: Slot, M: Marks>(
    rare: &[usize],
    rare_values: &[u32],
    recent: &[S],
    top: usize,
    marks: &mut M,
) {
    // Every value fits the slots' width, so does every XOR: marks of that many values
    // need no bounds check.
    /// The marks through a window of `N` partners, if one serves.
    #[inline(always)]
    fn through<S: Slot, M: Marks, const N: usize>(
        (rare, rare_values): (&[usize], &[u32]),
        (recent, top): (&[S], usize),
        marks: &mut M,
    ) -> bool {
        let Some((window, last)) = partner_window::<S, N>(recent, top, rare) else {
            return false;
        };
        let pairs = rare.iter().zip(rare_values);
        marks.set_each(
            pairs.map(|(&r, &g)| g ^ window[last.wrapping_sub(r) & (N - 1)].get()),
            S::BITS,
        );
        true
    }
    debug_assert!(rare_values.iter().all(|&g| S::BITS == 32 || g < 1 << S::BITS));
    let (heaps, partners) = ((rare, rare_values), (recent, top));
    if through::<S, M, SHORT_REACH>(heaps, partners, marks)
        || through::<S, M, LONG_REACH>(heaps, partners, marks)
    {
        return;
    }
    let pairs = rare
        .iter()
        .zip(rare_values)
        .map(|(&r, &g)| g ^ recent[top - r].get());
    marks.set_each(pairs, S::BITS);
}

/// Rare heaps spread over fewer heaps than this (`0.167`, Kayles) read their partners
/// through [`partner_window`] from an array of this many values.
const SHORT_REACH: usize = 1 << 12;

/// The same for rare heaps spread further (Officers' reach to heap 20,627, `0.161`'s to
/// 23,784): a larger array, and so a later start.
const LONG_REACH: usize = 1 << 15;

/// The `N` values of `recent` that end at `recent[top - rare[0]]`, and the index in them of
/// `G(m - rare[0])` plus `rare[0]`, when the partners of every rare heap fall in them. Each
/// partner is then read at `(that - r) & (N - 1)`, an index that needs no bounds check (and
/// would stay in the array if it were wrong).
#[inline(always)]
fn partner_window<'a, S, const N: usize>(
    recent: &'a [S],
    top: usize,
    rare: &[usize],
) -> Option<(&'a [S; N], usize)> {
    let (&first, &last) = (rare.first()?, rare.last()?);
    if last - first >= N {
        return None;
    }
    let start = (top.checked_sub(first)? + 1).checked_sub(N)?;
    let window = recent.get(start..start + N)?.try_into().ok()?;
    Some((window, N - 1 + first))
}

/// Marks `G(r) ^ G(m - r)` as [`mark_beside_rare`] does in `now`, and `G(r) ^ G(m + step - r)`
/// (the same rare heaps' splits of the heap `step` after) in `next`: the two partners are
/// neighbours, so the rare heaps and the partners' lines are read once for two heaps.
#[inline(never)]
pub(crate) fn mark_beside_rare_twice<S: Slot>(
    rare: &[usize],
    rare_values: &[u32],
    (recent, top, step): (&[S], usize, usize),
    now: &mut Stamped<'_>,
    next: &mut Stamped<'_>,
) {
    /// The loop with the indices cut to the arrays (a no-op on values below `N`, and on
    /// partners inside the windows of `W`, the second `step` after the first).
    // Not inlined: inlined, two of its pointers were reloaded from the stack at each pair.
    #[inline(never)]
    fn fixed<S: Slot, const N: usize, const W: usize>(
        (rare, rare_values, last): (&[usize], &[u32], usize),
        (window, window_next): (&[S; W], &[S; W]),
        (now, now_stamp): (&mut [u32; N], u32),
        (next, next_stamp): (&mut [u32; N], u32),
    ) {
        for (&g, &r) in rare_values.iter().zip(rare) {
            let at = last.wrapping_sub(r) & (W - 1);
            now[(g ^ window[at].get()) as usize & (N - 1)] = now_stamp;
            next[(g ^ window_next[at].get()) as usize & (N - 1)] = next_stamp;
        }
    }
    let (now_stamp, next_stamp) = (now.stamp, next.stamp);
    if S::BITS <= 16 {
        if let (Some(now), Some(next)) = (
            now.mark.first_chunk_mut::<{ 1 << 16 }>(),
            next.mark.first_chunk_mut::<{ 1 << 16 }>(),
        ) {
            let windows = partner_window::<S, LONG_REACH>(recent, top, rare).zip(partner_window::<
                S,
                LONG_REACH,
            >(
                recent, top + step, rare
            ));
            if let Some(((window, last), (window_next, _))) = windows {
                let heaps = (rare, rare_values, last);
                return fixed(heaps, (window, window_next), (now, now_stamp), (next, next_stamp));
            }
        }
    }
    for (&g, &r) in rare_values.iter().zip(rare) {
        let at = top - r;
        now.mark[(g ^ recent[at].get()) as usize] = now_stamp;
        next.mark[(g ^ recent[at + step].get()) as usize] = next_stamp;
    }
}

/// Marks that also take the splits with a rare part of a later heap (see
/// [`mark_beside_rare_twice`]).
pub(super) trait MarksTwice: Marks {
    /// Marks the splits of [`mark_beside_rare`] here and those of the heap `step` after
    /// (partners `step` further on) in `next`.
    fn set_beside_rare_twice<S: Slot>(
        &mut self,
        rare: &[usize],
        rare_values: &[u32],
        (recent, top, step): (&[S], usize, usize),
        next: &mut Stamped<'_>,
    ) where
        Self: Sized,
    {
        mark_beside_rare(rare, rare_values, recent, top, self);
        mark_beside_rare(rare, rare_values, recent, top + step, next);
    }
}

impl MarksTwice for WordMarks {}

impl MarksTwice for Stamped<'_> {
    fn set_beside_rare_twice<S: Slot>(
        &mut self,
        rare: &[usize],
        rare_values: &[u32],
        partners: (&[S], usize, usize),
        next: &mut Stamped<'_>,
    ) {
        mark_beside_rare_twice(rare, rare_values, partners, self, next);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scratch::workspace::MARKS;

    /// Checks [`mark_beside_rare`] (word and stamps) and [`mark_beside_rare_twice`] against
    /// the definition; whether the windows serve the splits and those `step` on.
    fn marks_rare_splits_as_defined<S: Slot>(
        rare: &[usize],
        rare_values: &[u32],
        (recent, top, step): (&[S], usize, usize),
    ) -> (bool, bool) {
        let set_of = |step: usize| {
            let mut set: Vec<u32> = rare
                .iter()
                .zip(rare_values)
                .map(|(&r, &g)| g ^ recent[top + step - r].get())
                .collect();
            set.sort_unstable();
            set.dedup();
            set
        };
        let (expected, later) = (set_of(0), set_of(step));
        let stamped = |mark: &[u32], stamp| -> Vec<u32> {
            (0u32..)
                .zip(mark)
                .filter(|&(_, &m)| m == stamp)
                .map(|(v, _)| v)
                .collect()
        };
        let mut word = WordMarks::default();
        mark_beside_rare(rare, rare_values, recent, top, &mut word);
        assert_eq!((0..64).filter(|&v| word.has(v)).collect::<Vec<u32>>(), expected);
        let mut mark = vec![0u32; MARKS];
        mark_beside_rare(
            rare,
            rare_values,
            recent,
            top,
            &mut Stamped {
                mark: &mut mark,
                stamp: 7,
            },
        );
        assert_eq!(stamped(&mark, 7), expected);
        // Two heaps at once: this one's splits and those of the heap `step` after.
        let (mut now, mut next) = (vec![0u32; MARKS], vec![0u32; MARKS]);
        mark_beside_rare_twice(
            rare,
            rare_values,
            (recent, top, step),
            &mut Stamped {
                mark: &mut now,
                stamp: 3,
            },
            &mut Stamped {
                mark: &mut next,
                stamp: 5,
            },
        );
        assert_eq!(stamped(&now, 3), expected);
        assert_eq!(stamped(&next, 5), later);
        let window = |top| {
            partner_window::<S, SHORT_REACH>(recent, top, rare).is_some()
                || partner_window::<S, LONG_REACH>(recent, top, rare).is_some()
        };
        let twice = partner_window::<S, LONG_REACH>(recent, top, rare).is_some()
            && partner_window::<S, LONG_REACH>(recent, top + step, rare).is_some();
        (window(top), twice)
    }

    #[test]
    fn rare_splits_are_marked_alike_through_a_window_or_not() {
        use rand::rngs::StdRng;
        use rand::{Rng, SeedableRng};
        use std::sync::atomic::AtomicU8;
        let mut rng = StdRng::seed_from_u64(1972);
        let recent: Vec<AtomicU8> = (0..120_000)
            .map(|_| AtomicU8::new(rng.random_range(0..64)))
            .collect();
        let (mut windowed, mut twice_windowed) = (0, 0);
        for round in 0..400 {
            // Rare heaps spread over less than the short reach, the long one, or more (no
            // window then); the partners near the start of `recent` or far from it.
            let spread = [100, 3_000, 20_000, 40_000][round % 4];
            let count = rng.random_range(1..=60);
            let mut rare: Vec<usize> = (0..count).map(|_| rng.random_range(1..=spread)).collect();
            rare.sort_unstable();
            rare.dedup();
            let rare_values: Vec<u32> = rare.iter().map(|_| rng.random_range(0..64)).collect();
            let last = *rare.last().unwrap();
            let top = rng.random_range(last..recent.len() - 2);
            let step = rng.random_range(1..=2);
            let (window, twice) = marks_rare_splits_as_defined(&rare, &rare_values, (&recent, top, step));
            windowed += usize::from(window);
            twice_windowed += usize::from(twice);
        }
        // Each way taken in many rounds (never with rare heaps spread over 40,000).
        assert!(
            (150..=300).contains(&windowed),
            "{windowed} rounds through a window"
        );
        assert!(
            (100..=300).contains(&twice_windowed),
            "{twice_windowed} rounds of two through a window"
        );
        // At the edges of the windows: rare heaps spread over all of one, or one more (a
        // partner then outside it, were it taken).
        for reach in [SHORT_REACH, LONG_REACH] {
            for spread in [reach - 1, reach] {
                for _ in 0..20 {
                    let rare = [5, 6, 5 + spread];
                    let top = 5 + spread + rng.random_range(LONG_REACH..2 * LONG_REACH);
                    let step = rng.random_range(1..=2);
                    let ways = marks_rare_splits_as_defined(&rare, &[1, 2, 3], (&recent, top, step));
                    assert_eq!(ways, (spread < LONG_REACH, spread < LONG_REACH), "{spread}");
                }
            }
        }
    }
}
