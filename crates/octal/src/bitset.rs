//! The word-parallel mex of the splits: values stored as bit planes, 64 splits at a time.
//!
//! Plane `j` holds bit `j` of every value, one bit per heap (`forward`), and again with the
//! heaps in reverse order (`reverse`). For a split length `m`, the splits `(a, m - a)` with
//! `a` in a block of 64 read one aligned word of each forward plane and one unaligned word of
//! each reverse plane (the partners `m - a` run backwards, so they are contiguous there);
//! their XOR is plane `j` of the 64 split values at once. A value `x` occurs among them when
//! the AND over `j` of the planes (or their complements, by the bits of `x`) is not zero.
//! Only values not met yet are tested, and those drop out as they are met, so a block costs
//! a few word operations per plane instead of 64 scattered stores.

use crate::slot::Slot;
use crate::store::View;

/// The most planes a bit-set mex uses (values below 32).
pub(crate) const MAX_BITS: usize = 5;

/// Bit planes of the values `G(0..len)`.
#[derive(Debug, Clone)]
pub(crate) struct Planes {
    /// `forward[j]` bit `a`: bit `j` of `G(a)`.
    forward: Vec<Vec<u64>>,
    /// `reverse[j]` bit `capacity - 1 - a`: bit `j` of `G(a)`.
    reverse: Vec<Vec<u64>>,
    /// Heaps the reverse planes have room for (a multiple of 64).
    capacity: usize,
    /// Values stored.
    len: usize,
}

impl Planes {
    /// The planes of `values`, with `bits` planes (every value below `2^bits`).
    pub(crate) fn of<S: Slot>(values: &View<'_, S>, bits: u32) -> Planes {
        let capacity = (values.len() + 1).next_multiple_of(64).max(1024);
        let mut planes = Planes {
            forward: vec![Vec::new(); bits as usize],
            reverse: vec![vec![0; capacity / 64]; bits as usize],
            capacity,
            len: 0,
        };
        let mut chunk = Vec::new();
        for start in (0..values.len()).step_by(1 << 16) {
            chunk.clear();
            values.copy(start, (start + (1 << 16)).min(values.len()), &mut chunk);
            for &value in &chunk {
                planes.push(value);
            }
        }
        planes
    }

    /// How many planes there are (every value is below `2^bits`).
    pub(crate) fn bits(&self) -> u32 {
        self.forward.len() as u32
    }

    /// Adds planes up to `bits` (the new planes are zero: every value so far is below).
    pub(crate) fn widen(&mut self, bits: u32) {
        while self.forward.len() < bits as usize {
            self.forward.push(vec![0; self.len.div_ceil(64)]);
            self.reverse.push(vec![0; self.capacity / 64]);
        }
    }

    /// Appends `G(len) = value` (below `2^bits`).
    pub(crate) fn push(&mut self, value: u32) {
        let a = self.len;
        // One heap of room is kept past the last: a split of the heap being computed (`m`
        // up to `len`, from a split that removes no token) reads its partner position.
        if a + 1 >= self.capacity {
            // Double the room: the old reverse bits move up by the added heaps, whole words.
            let added = self.capacity;
            for plane in &mut self.reverse {
                plane.splice(0..0, std::iter::repeat_n(0, added / 64));
            }
            self.capacity += added;
        }
        let r = self.capacity - 1 - a;
        for (j, (forward, reverse)) in self.forward.iter_mut().zip(&mut self.reverse).enumerate() {
            if a.is_multiple_of(64) {
                forward.push(0);
            }
            if value >> j & 1 != 0 {
                forward[a / 64] |= 1 << (a % 64);
                reverse[r / 64] |= 1 << (r % 64);
            }
        }
        self.len += 1;
    }

    /// Marks in `seen` (one flag per value below `2^bits`) the values `G(a) ^ G(m - a)` of
    /// the splits `1 <= a <= half` of each `(m, half)` in `lengths` (`m` at most `len`),
    /// stopping early once every value is seen. Returns the splits looked at.
    pub(crate) fn mark_splits(&self, lengths: &[(usize, usize)], seen: &mut [bool]) -> u64 {
        match self.forward.len() {
            0 => self.mark_with::<0>(lengths, seen),
            1 => self.mark_with::<1>(lengths, seen),
            2 => self.mark_with::<2>(lengths, seen),
            3 => self.mark_with::<3>(lengths, seen),
            4 => self.mark_with::<4>(lengths, seen),
            _ => self.mark_with::<5>(lengths, seen),
        }
    }

    /// [`Self::mark_splits`] with `B` planes (at most [`MAX_BITS`]).
    fn mark_with<const B: usize>(&self, lengths: &[(usize, usize)], seen: &mut [bool]) -> u64 {
        let values = 1usize << B;
        // `found[x]`: lanes of some block where a split has value x (only "not zero" counts).
        let mut found = [0u64; 1 << MAX_BITS];
        let mut pairs = 0u64;
        let mut planes = [0u64; MAX_BITS];
        let mut lanes_of = [0u64; 1 << MAX_BITS];
        for &(m, half) in lengths {
            let mut block = 0usize;
            while block * 64 <= half {
                let a0 = block * 64;
                // Lanes a0 + i with 1 <= a <= half.
                let mut lanes = u64::MAX;
                if a0 == 0 {
                    lanes &= !1;
                }
                if half - a0 < 63 {
                    lanes &= (1u64 << (half - a0 + 1)) - 1;
                }
                // Partner of lane i: m - a0 - i, at reverse bit capacity - 1 - m + a0 + i.
                let start = self.capacity - 1 - m + a0;
                for (j, plane) in planes.iter_mut().enumerate().take(B) {
                    *plane = self.forward[j][block] ^ read_bits(&self.reverse[j], start);
                }
                // The lanes of each value, bit by bit: a tree of ANDs, no branch.
                lanes_of[0] = lanes;
                for (j, &plane) in planes.iter().enumerate().take(B) {
                    let low = 1usize << j;
                    for x in (0..low).rev() {
                        lanes_of[x + low] = lanes_of[x] & plane;
                        lanes_of[x] &= !plane;
                    }
                }
                for (f, &l) in found.iter_mut().zip(&lanes_of).take(values) {
                    *f |= l;
                }
                pairs += u64::from(lanes.count_ones());
                block += 1;
                // Now and then: stop once every value is met.
                if block.is_multiple_of(16) && found[..values].iter().zip(&*seen).all(|(&f, &s)| f != 0 || s)
                {
                    break;
                }
            }
        }
        for (s, &f) in seen.iter_mut().zip(&found) {
            *s |= f != 0;
        }
        pairs
    }
}

/// The 64 bits of `words` from bit `start` on (zeros past the end).
#[inline]
fn read_bits(words: &[u64], start: usize) -> u64 {
    let (word, shift) = (start / 64, start % 64);
    let low = words.get(word).copied().unwrap_or(0) >> shift;
    if shift == 0 {
        low
    } else {
        low | words.get(word + 1).copied().unwrap_or(0) << (64 - shift)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The split values the slow way.
    fn direct(values: &[u32], lengths: &[usize], size: usize) -> Vec<bool> {
        let mut seen = vec![false; size];
        for &m in lengths {
            for a in 1..=m / 2 {
                seen[(values[a] ^ values[m - a]) as usize] = true;
            }
        }
        seen
    }

    #[test]
    fn marks_what_every_split_gives() {
        // A pseudo-random sequence below 16, with the planes grown past their first room.
        let mut state = 12345u64;
        let values: Vec<u32> = (0..3000)
            .map(|_| {
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                (state >> 60) as u32 & 7
            })
            .collect();
        let store: crate::store::Store<u32> =
            crate::store::Store::from_values(values[..100].iter().copied(), 0);
        let mut planes = Planes::of(&store.all(), 3);
        planes.widen(4);
        for &v in &values[100..] {
            planes.push(v);
        }
        for lengths in [vec![2], vec![3, 64], vec![65, 128, 129], vec![2999, 1500, 777]] {
            let mut seen = vec![false; 16];
            let halves: Vec<(usize, usize)> = lengths.iter().map(|&m| (m, m / 2)).collect();
            planes.mark_splits(&halves, &mut seen);
            assert_eq!(seen, direct(&values, &lengths, 16), "{lengths:?}");
        }
    }
}
