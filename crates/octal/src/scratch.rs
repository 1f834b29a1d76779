//! The sparse-space mex of one heap and its working space (one per thread).
//!
//! The nim-value sequence `G(0..=N)` of an octal game: plain XOR sets, and the sparse-space
//! method for games whose values split into "common" and "rare" ones.
//!
//! **Plain.** `G(n)` is the mex of the values of the moves from `n`: `0` (take the whole
//! heap), `G(n - k)` (leave one heap) and `G(a) ^ G(n - k - a)` (leave two heaps). The values
//! seen are stamped in an array indexed by value (an XOR set that is never cleared: a fresh
//! stamp per heap), so a heap costs one pass over its `O(n)` splits.
//!
//! **Sparse space** (Berlekamp, Conway and Guy, *Winning Ways*, "sparse space spells speed";
//! Gangolli and Plambeck 1989). Fix a mask `m` and call a value *rare* when `G & m` has an
//! even number of one bits, *common* otherwise. The parity of `(x ^ y) & m` is the XOR of the
//! parities, so a common value is always the XOR of one rare and one common value. For many
//! games almost every `G(n)` is common under a well-chosen mask; the rare positions are
//! few. Then, for a heap `n`:
//!
//! 1. the splits with a rare part (one pass over the short list of rare positions) give
//!    every common value among the moves, and some rare ones;
//! 2. `c`, the smallest common value not met, bounds the mex; the rare values below `c` not
//!    met yet may still come from two common parts: the splits are scanned only until all
//!    of them have been met (usually after a few dozen pairs: there are many ways to make
//!    each of them), and the first one still missing, else `c`, is `G(n)`. The scan reads
//!    the values in order from both ends; a search by value (lists of the heaps of each
//!    value, the partner looked up) was measured slower at 10^6 heaps of Officers (its
//!    look-ups are scattered over every heap) and costs 4 bytes more per heap.
//!
//! Whatever the mask, the result is exact (a bad mask only makes it slower). The mask is
//! chosen from the values themselves: after a warm-up of plain steps, and again each time
//! the sequence doubles in length, the mask that leaves the fewest rare positions so far is
//! taken; while no mask leaves fewer than a quarter of the positions rare, plain steps are
//! used.
//!
//! The values met are kept as [`Marks`](marks::Marks): stamps in an array, or the bits of one
//! word while every value is below 64 ([`WordMarks`](marks::WordMarks), which also recalls the
//! rare splits of a length for the next heap that splits it).
//!
//! One concern a file: the move lists ([`move_lists`]), the marks of the values met
//! ([`marks`]), the memo of the latest rare splits' sets ([`rare_sets`]), the kernels that
//! mark the splits with a rare part ([`rare_splits`]), the partners of rare heaps far back
//! ([`far_partners`]), the working space of a thread ([`workspace`]) and the sparse mex of
//! one heap ([`sparse_mex`]).

mod far_partners;
mod marks;
mod move_lists;
mod rare_sets;
mod rare_splits;
mod sparse_mex;
#[cfg(test)]
mod test_values;
mod workspace;

pub(crate) use marks::{mark_range, Stamped};
pub(crate) use move_lists::{half_of, Moves};
pub(crate) use workspace::Scratch;
