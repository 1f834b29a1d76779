//! The proof that a candidate bipartite monoid predicts the misère outcome of every sum of
//! heaps, split in two finite checks, and the least sum that refutes it when it does not.
//!
//! Label every sum `x` by whether its element `Φ(x)` is in the candidate's P-portion. The
//! labels are the outcomes (by induction on tokens) when the empty sum is labelled N and
//! - **P-check**: no P-labelled sum has a P-labelled option. An option of a sum replaces one
//!   heap `h` by one of its options, so it suffices that `a·Φ(h) ∈ P` implies `a·t ∉ P` for
//!   every element `a`, heap `h` and option element `t` of `h`: a table look-up per triple;
//! - **N-check**: every non-empty N-labelled sum has a P-labelled option. A sum is summarised
//!   by its state `(Φ(x), T(x))` (`T` its options' elements), and adding heap `h` maps it to
//!   `(Φ(x)·Φ(h), T(x)·Φ(h) ∪ Φ(x)·T(h))`, monotone in `T`. So a state whose `T` contains the
//!   `T` of a state already seen with the same element is *subsumed*: each of its extensions
//!   has a superset of options of the other's, and meets the P-portion when the other does.
//!   Exploring the states from the empty sum but skipping subsumed ones reaches, for every sum,
//!   a state with its element and a subset of its options (induction on heaps), so checking
//!   the states explored checks every sum; the antichains keep the exploration small.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use tabletop_control::{Control, Stopped};

use super::monoid::{Generator, Monoid};
use super::table::full_order;

/// A sum of heaps the candidate gets wrong (its options, fewer tokens, may be right).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Failure {
    /// How many copies of each generator the sum holds.
    pub counts: Vec<u32>,
    /// Its tokens.
    pub tokens: u64,
}

/// Why a check did not prove the candidate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Unproven {
    /// Some sum's outcome differs from its label.
    Wrong(Failure),
    /// More states than allowed (the count reached).
    TooManyStates(usize),
    /// The control said stop.
    Stopped(Stopped),
}

/// A fewest-token sum of each element reached from the empty sum by the generators.
#[derive(Debug, Clone)]
pub(crate) struct Reached {
    /// The elements in the order they were reached (fewest tokens first).
    pub order: Vec<u32>,
    /// Per element: tokens of its fewest-token sum (`u64::MAX` if not reached).
    pub tokens: Vec<u64>,
    /// Per element: the elements of that sum's options, ascending.
    pub options: Vec<Vec<u32>>,
    /// Per element: the element it was reached from and by which generator.
    pub parent: Vec<(u32, u32)>,
}

impl Reached {
    /// The generator counts of element `a`'s fewest-token sum.
    pub(crate) fn counts(&self, a: u32, generators: usize) -> Vec<u32> {
        let mut counts = vec![0; generators];
        let mut at = a;
        while at != 0 {
            let (from, by) = self.parent[at as usize];
            counts[by as usize] += 1;
            at = from;
        }
        counts
    }
}

/// Dijkstra over the elements by tokens: each element's fewest-token sum and its options.
pub(crate) fn reach(monoid: &impl Monoid, generators: &[Generator]) -> Reached {
    let order = monoid.order();
    let mut tokens = vec![u64::MAX; order];
    let mut parent = vec![(0u32, 0u32); order];
    let mut options: Vec<Vec<u32>> = vec![Vec::new(); order];
    let mut done = vec![false; order];
    let mut sequence = Vec::new();
    let mut queue = BinaryHeap::new();
    tokens[0] = 0;
    queue.push(Reverse((0u64, 0u32)));
    while let Some(Reverse((cost, a))) = queue.pop() {
        if done[a as usize] || cost != tokens[a as usize] {
            continue;
        }
        done[a as usize] = true;
        if a != 0 {
            let (from, by) = parent[a as usize];
            options[a as usize] =
                successor_options(monoid, from, &options[from as usize], &generators[by as usize]);
        }
        sequence.push(a);
        for (k, generator) in generators.iter().enumerate() {
            let b = monoid.times(a, generator.image);
            let cost = cost + generator.tokens;
            if !done[b as usize] && cost < tokens[b as usize] {
                tokens[b as usize] = cost;
                parent[b as usize] = (a, k as u32);
                queue.push(Reverse((cost, b)));
            }
        }
    }
    Reached {
        order: sequence,
        tokens,
        options,
        parent,
    }
}

/// The option elements of a sum of element `element` with options `options`, plus
/// `generator`, ascending.
pub(crate) fn successor_options(
    monoid: &impl Monoid,
    element: u32,
    options: &[u32],
    generator: &Generator,
) -> Vec<u32> {
    let mut next: Vec<u32> = options
        .iter()
        .map(|&t| monoid.times(t, generator.image))
        .collect();
    next.extend(generator.options.iter().map(|&o| monoid.times(element, o)));
    next.sort_unstable();
    next.dedup();
    next
}

/// Proves that `monoid`'s P-portion gives the misère outcome of every sum of `generators`
/// (every element reached by them), or finds the fewest-token sum refuted that it meets.
pub(crate) fn verify(
    monoid: &impl Monoid,
    generators: &[Generator],
    state_bytes: usize,
    control: &Control,
) -> Result<(), Unproven> {
    let g = generators.len();
    if monoid.is_p(0) {
        return Err(Unproven::Wrong(Failure {
            counts: vec![0; g],
            tokens: 0,
        }));
    }
    let reached = reach(monoid, generators);
    // P-check, over every reached element and generator.
    let mut least: Option<Failure> = None;
    for &a in &reached.order {
        for (k, generator) in generators.iter().enumerate() {
            let tokens = reached.tokens[a as usize] + generator.tokens;
            if least.as_ref().is_some_and(|f| f.tokens <= tokens) {
                continue;
            }
            if monoid.is_p(monoid.times(a, generator.image))
                && generator.options.iter().any(|&t| monoid.is_p(monoid.times(a, t)))
            {
                let mut counts = reached.counts(a, g);
                counts[k] += 1;
                least = Some(Failure { counts, tokens });
            }
        }
    }
    control.check().map_err(Unproven::Stopped)?;
    let bound = least.as_ref().map_or(u64::MAX, |f| f.tokens);
    match n_check(monoid, generators, state_bytes, bound, control)? {
        Some(failure) => Err(Unproven::Wrong(failure)),
        None => least.map_or(Ok(()), |f| Err(Unproven::Wrong(f))),
    }
}

/// The N-check over the states of fewer than `bound` tokens: the fewest-token non-empty
/// N-labelled sum met with no P-labelled option, if any. Option sets are bit sets while
/// the monoid is kept as a whole table, sorted lists past that (a sum has far fewer options
/// than a large monoid has elements).
fn n_check(
    monoid: &impl Monoid,
    generators: &[Generator],
    state_bytes: usize,
    bound: u64,
    control: &Control,
) -> Result<Option<Failure>, Unproven> {
    let order = monoid.order();
    if order <= full_order() {
        explore(monoid, generators, Bits::new(order, state_bytes), bound, control)
    } else {
        explore(
            monoid,
            generators,
            Sorted::new(order, state_bytes),
            bound,
            control,
        )
    }
}

/// The option sets of the N-check's states, and one set being built (the scratch).
trait OptionSets {
    /// Whether the sets stored take the budget (so no state may be added).
    fn full(&self) -> bool;
    /// Empties the scratch.
    fn clear(&mut self);
    /// Adds `u` to the scratch.
    fn insert(&mut self, u: u32);
    /// Done inserting into the scratch.
    fn seal(&mut self);
    /// Calls `f` with each element of set `s`.
    fn each(&self, s: usize, f: impl FnMut(u32));
    /// Whether set `s` is a subset of the scratch.
    fn within_scratch(&self, s: usize) -> bool;
    /// Whether the scratch is a subset of set `s`.
    fn scratch_within(&self, s: usize) -> bool;
    /// Stores the scratch as the next set.
    fn push(&mut self);
}

/// Bit sets of `words` words, at most `max` of them.
struct Bits {
    words: usize,
    max: usize,
    count: usize,
    bits: Vec<u64>,
    next: Vec<u64>,
}

impl Bits {
    fn new(order: usize, state_bytes: usize) -> Self {
        let words = order.div_ceil(64);
        // A state's bit set and its bookkeeping, and an antichain entry.
        let max = state_bytes / (words * 8 + 32);
        Bits {
            words,
            max,
            count: 0,
            bits: Vec::new(),
            next: vec![0; words],
        }
    }

    fn set(&self, s: usize) -> &[u64] {
        &self.bits[s * self.words..(s + 1) * self.words]
    }
}

impl OptionSets for Bits {
    fn full(&self) -> bool {
        self.count >= self.max
    }
    fn clear(&mut self) {
        self.next.iter_mut().for_each(|w| *w = 0);
    }
    fn insert(&mut self, u: u32) {
        self.next[u as usize / 64] |= 1 << (u % 64);
    }
    fn seal(&mut self) {}
    fn each(&self, s: usize, mut f: impl FnMut(u32)) {
        for (w, &word) in self.set(s).iter().enumerate() {
            let mut word = word;
            while word != 0 {
                f(w as u32 * 64 + word.trailing_zeros());
                word &= word - 1;
            }
        }
    }
    fn within_scratch(&self, s: usize) -> bool {
        self.set(s).iter().zip(&self.next).all(|(o, n)| o & !n == 0)
    }
    fn scratch_within(&self, s: usize) -> bool {
        self.next.iter().zip(self.set(s)).all(|(n, o)| n & !o == 0)
    }
    fn push(&mut self) {
        self.bits.extend_from_slice(&self.next);
        self.count += 1;
    }
}

/// Sorted lists, one after another, within `max_bytes`; the scratch is also a bit set over
/// the monoid, so that a stored list is tested against it one bit an element.
struct Sorted {
    max_bytes: usize,
    bytes: usize,
    elements: Vec<u32>,
    starts: Vec<usize>,
    next: Vec<u32>,
    next_bits: Vec<u64>,
}

impl Sorted {
    fn new(order: usize, max_bytes: usize) -> Self {
        Sorted {
            max_bytes,
            bytes: 0,
            elements: Vec::new(),
            starts: vec![0],
            next: Vec::new(),
            next_bits: vec![0; order.div_ceil(64)],
        }
    }

    fn set(&self, s: usize) -> &[u32] {
        &self.elements[self.starts[s]..self.starts[s + 1]]
    }
}

/// Whether the sorted list `small` is a subset of the sorted list `large`.
fn is_subset(small: &[u32], large: &[u32]) -> bool {
    if small.len() > large.len() {
        return false;
    }
    let mut rest = large.iter();
    small.iter().all(|x| rest.by_ref().find(|&y| y >= x) == Some(x))
}

impl OptionSets for Sorted {
    fn full(&self) -> bool {
        self.bytes >= self.max_bytes
    }
    fn clear(&mut self) {
        for &u in &self.next {
            self.next_bits[u as usize / 64] = 0;
        }
        self.next.clear();
    }
    fn insert(&mut self, u: u32) {
        let (word, bit) = (u as usize / 64, 1 << (u % 64));
        if self.next_bits[word] & bit == 0 {
            self.next_bits[word] |= bit;
            self.next.push(u);
        }
    }
    fn seal(&mut self) {
        self.next.sort_unstable();
    }
    fn each(&self, s: usize, f: impl FnMut(u32)) {
        self.set(s).iter().copied().for_each(f);
    }
    fn within_scratch(&self, s: usize) -> bool {
        let set = self.set(s);
        set.len() <= self.next.len()
            && set
                .iter()
                .all(|&u| self.next_bits[u as usize / 64] & (1 << (u % 64)) != 0)
    }
    fn scratch_within(&self, s: usize) -> bool {
        is_subset(&self.next, self.set(s))
    }
    fn push(&mut self) {
        self.elements.extend_from_slice(&self.next);
        self.starts.push(self.elements.len());
        // The list, its start, and the state's bookkeeping and antichain entry.
        self.bytes += self.next.len() * 4 + 40;
    }
}

/// The N-check's search (see [`n_check`]) with the option sets kept in `sets`.
fn explore(
    monoid: &impl Monoid,
    generators: &[Generator],
    mut sets: impl OptionSets,
    bound: u64,
    control: &Control,
) -> Result<Option<Failure>, Unproven> {
    let order = monoid.order();
    let g = generators.len();
    // State s: element[s], its option set s in `sets`, the state and generator it was
    // reached from. State 0 is the empty sum, with no options.
    let mut element: Vec<u32> = vec![0];
    sets.clear();
    sets.push();
    let mut parent: Vec<(u32, u32)> = vec![(0, 0)];
    // Per element: the states of the antichain of minimal option sets seen.
    let mut antichain: Vec<Vec<u32>> = vec![Vec::new(); order];
    let mut queue = BinaryHeap::new();
    queue.push(Reverse((0u64, 0u32)));
    let mut popped = 0usize;
    let mut products = Vec::new();
    while let Some(Reverse((cost, s))) = queue.pop() {
        if cost >= bound {
            break;
        }
        popped += 1;
        if popped.is_multiple_of(1024) {
            control.check().map_err(Unproven::Stopped)?;
        }
        let su = s as usize;
        let a = element[su];
        if s != 0 && !monoid.is_p(a) {
            let mut meets_p = false;
            sets.each(su, |t| meets_p |= monoid.is_p(t));
            if !meets_p {
                let mut counts = vec![0; g];
                let mut at = s;
                while at != 0 {
                    let (from, by) = parent[at as usize];
                    counts[by as usize] += 1;
                    at = from;
                }
                return Ok(Some(Failure { counts, tokens: cost }));
            }
        }
        for (k, generator) in generators.iter().enumerate() {
            sets.clear();
            products.clear();
            sets.each(su, |t| products.push(monoid.times(t, generator.image)));
            products.extend(generator.options.iter().map(|&o| monoid.times(a, o)));
            for &u in &products {
                sets.insert(u);
            }
            sets.seal();
            let b = monoid.times(a, generator.image);
            let subsumed = antichain[b as usize]
                .iter()
                .any(|&other| sets.within_scratch(other as usize));
            if subsumed {
                continue;
            }
            if sets.full() {
                return Err(Unproven::TooManyStates(element.len()));
            }
            // Drop the states the new one subsumes from the antichain (they stay explored).
            antichain[b as usize].retain(|&other| !sets.scratch_within(other as usize));
            let id = element.len() as u32;
            element.push(b);
            sets.push();
            parent.push((s, k as u32));
            antichain[b as usize].push(id);
            queue.push(Reverse((cost + generator.tokens, id)));
        }
    }
    Ok(None)
}
