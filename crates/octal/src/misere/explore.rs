//! Every position of a closure at once, as finitely many states, none skipped: the
//! exhaustive form of the proof in `verify`, kept as its cross-check in tests.
//!
//! A sum of heaps `x` is summarised by its state `(Φ(x), T(x))`: its element and the set of
//! its options' elements. Adding a heap `h` (element `γ`, option elements `O_h`) gives
//! `(Φ(x)·γ, T(x)·γ ∪ Φ(x)·O_h)`, since the options of `x + h` are the options of `x` plus
//! `h`, and `x` plus the options of `h`. Under misère play a non-empty sum is a P-position
//! iff all its options are N-positions, so if every state reached from the empty sum's
//! `(1, ∅)` has `Φ(x) ∈ P ⇔ T(x) ∩ P = ∅` (and `1 ∉ P`), then by induction on the number
//! of tokens every sum's outcome is the one its element says. There are finitely many
//! states, so this is a finite check of infinitely many positions.

use std::cmp::Reverse;
use std::collections::hash_map::Entry;
use std::collections::{BinaryHeap, HashMap};

use tabletop_control::{Control, Stopped};

use super::monoid::{Generator, Monoid};

/// Why an exploration did not prove the candidate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Refuted {
    /// Some sum's outcome differs from its element's.
    Wrong,
    /// More states than allowed.
    TooManyStates,
    /// The control said stop.
    Stopped(Stopped),
}

/// Whether every state has the outcome its element says.
#[derive(Debug, Clone)]
pub(crate) struct Explored {
    /// Whether every state has the outcome its element says (the candidate is proven).
    pub consistent: bool,
}

/// Explores every state reachable from the empty sum with `generators`, checking each
/// against the P-portion; at most `max_states` states. With `to_the_end`, a state with
/// another outcome than its element's does not stop the exploration.
pub(crate) fn explore(
    monoid: &impl Monoid,
    generators: &[Generator],
    max_states: usize,
    to_the_end: bool,
    control: &Control,
) -> Result<Explored, Refuted> {
    let order = monoid.order();
    let words = order.div_ceil(64);
    let mut p_bits = vec![0u64; words];
    for a in 0..order as u32 {
        if monoid.is_p(a) {
            p_bits[a as usize / 64] |= 1 << (a % 64);
        }
    }
    let mut consistent = !monoid.is_p(0);
    if !consistent && !to_the_end {
        return Err(Refuted::Wrong);
    }
    let mut index: HashMap<(u32, Box<[u64]>), usize> = HashMap::new();
    let mut states: Vec<(u32, Box<[u64]>, u64)> = Vec::new();
    let start: Box<[u64]> = vec![0u64; words].into_boxed_slice();
    index.insert((0, start.clone()), 0);
    states.push((0, start, 0));
    let mut queue = BinaryHeap::new();
    queue.push(Reverse((0u64, 0usize)));
    let mut popped = 0usize;
    let mut next = vec![0u64; words];
    while let Some(Reverse((tokens, id))) = queue.pop() {
        if states[id].2 != tokens {
            continue;
        }
        popped += 1;
        if popped.is_multiple_of(4096) {
            control.check().map_err(Refuted::Stopped)?;
        }
        let (element, bits) = (states[id].0, states[id].1.clone());
        for generator in generators {
            let target = successor(monoid, element, &bits, generator, &mut next);
            let has_p_option = next.iter().zip(&p_bits).any(|(a, b)| a & b != 0);
            // A non-empty sum (every generator has options) is P iff no option is P.
            let cost = tokens + generator.tokens;
            match index.entry((target, next.clone().into_boxed_slice())) {
                Entry::Occupied(entry) => {
                    let known = *entry.get();
                    if cost < states[known].2 {
                        states[known].2 = cost;
                        queue.push(Reverse((cost, known)));
                    }
                }
                Entry::Vacant(entry) => {
                    if monoid.is_p(target) == has_p_option {
                        consistent = false;
                        if !to_the_end {
                            return Err(Refuted::Wrong);
                        }
                    }
                    if states.len() >= max_states {
                        return Err(Refuted::TooManyStates);
                    }
                    let key = entry.key().1.clone();
                    entry.insert(states.len());
                    queue.push(Reverse((cost, states.len())));
                    states.push((target, key, cost));
                }
            }
        }
    }
    Ok(Explored { consistent })
}

/// The state `(element, bits)` plus `generator`: its element is returned, its options'
/// elements are left in `next`.
fn successor(
    monoid: &impl Monoid,
    element: u32,
    bits: &[u64],
    generator: &Generator,
    next: &mut [u64],
) -> u32 {
    next.iter_mut().for_each(|w| *w = 0);
    for t in members(bits) {
        let u = monoid.times(t, generator.image);
        next[u as usize / 64] |= 1 << (u % 64);
    }
    for &o in &generator.options {
        let u = monoid.times(element, o);
        next[u as usize / 64] |= 1 << (u % 64);
    }
    monoid.times(element, generator.image)
}

/// The members of a bit set, ascending.
fn members(bits: &[u64]) -> impl Iterator<Item = u32> + '_ {
    bits.iter().enumerate().flat_map(|(w, &word)| {
        let mut word = word;
        std::iter::from_fn(move || {
            if word == 0 {
                return None;
            }
            let bit = word.trailing_zeros();
            word &= word - 1;
            Some(w as u32 * 64 + bit)
        })
    })
}
