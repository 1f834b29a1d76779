//! Misère play: the misère quotient of an octal game restricted to heaps `0..=N`.
//!
//! Under misère play (the player who cannot move wins) nim-values do not add. Plambeck's
//! misère quotient takes their place: the sums of heaps `0..=N` form a commutative monoid,
//! and two sums `x`, `y` are indistinguishable when `x + z` and `y + z` have the same
//! misère outcome for every sum `z`. The classes form a finite monoid `Q` (for the games
//! here), the quotient; `pretend[n]` is the class of heap `n`, the P-portion the classes of
//! P-positions, and the outcome of a sum is read off the product of its heaps' classes.
//!
//! How it is computed, one heap at a time (after Plambeck and Siegel, "Misère quotients
//! for impartial games", JCTA 2008, and Siegel's MisereSolver): with `Q` the quotient of
//! heaps below `n`, heap `n` either acts as some element `x` of `Q` (the quotient does not
//! grow), or candidates are built (`expand`: `Q` times heap `n`'s cyclic monoid, labelled by
//! the game's rule and reduced) and refined by the fewest-token sum each gets wrong, whose
//! heaps are freed into cyclic factors of their own. Every answer is proven (`verify`: a
//! P-check per element and heap, an N-check over finitely many states with the subsumed ones
//! skipped); a reduced candidate that passes is the quotient itself.
//!
//! Misère Nim on heaps up to 3 (`0.333`): the quotient `T2` of order 6.
//!
//! ```
//! use tabletop_control::Control;
//! use tabletop_octal::{MisereBudget, MisereQuotient, OctalCode, Outcome};
//! let nim = OctalCode::new(&[0, 3, 3, 3])?;
//! let q = MisereQuotient::compute(&nim, 3, MisereBudget::default(), &Control::new())?;
//! assert_eq!(q.order(), 6);
//! assert_eq!(q.p_portion().len(), 2);
//! // One heap of 1 token: the player to move must take it, and loses.
//! assert_eq!(q.outcome(&[1])?, Outcome::Lose);
//! assert_eq!(q.outcome(&[2, 2])?, Outcome::Lose);
//! // As in normal play once some heap has two tokens: 1 ^ 2 ^ 3 = 0 loses, 1 ^ 2 ^ 2 wins.
//! assert_eq!(q.outcome(&[1, 2, 3])?, Outcome::Lose);
//! assert_eq!(q.outcome(&[1, 2, 2])?, Outcome::Win);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod expand;
#[cfg(test)]
mod explore;
mod monoid;
mod presentation;
mod reduce;
mod survey;
mod table;
mod tame;
mod verify;

use tabletop_control::{Control, Stopped};
use tabletop_grundy::Outcome;

use self::expand::{build, Built, Cycle, NotBuilt, Product};
use self::monoid::Generator;
use self::table::Table;
use self::verify::{reach, verify, Failure, Unproven};
use crate::code::OctalCode;
use crate::moves::{HeapMove, Leave, QueryError};
use crate::period::Period;

pub use self::presentation::Presentation;
pub use self::survey::{
    first_cousin, standard_form, survey, survey_code, survey_codes, SurveyLimits, SurveyRow, SurveyStop,
    SURVEY_STAGE,
};

/// How large a misère computation may grow before it is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MisereBudget {
    /// The largest order of a candidate monoid (the quotient times the powers of a new
    /// heap), and so of the quotient; past the default's, the candidates tried for one heap
    /// grow with it.
    pub order: usize,
    /// The most bytes the states of one proof may take.
    pub state_bytes: usize,
}

impl Default for MisereBudget {
    /// Candidates of order up to 4096 and 256 MiB of states.
    fn default() -> Self {
        MisereBudget {
            order: 4096,
            state_bytes: 256 << 20,
        }
    }
}

/// Why a misère quotient was not computed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MisereError {
    /// Heap `heap` needs candidates (and perhaps a quotient) past the order budget.
    #[error("proving the misère quotient at heap {heap} needs candidates of more than {budget} elements (the order budget; the quotient of heaps up to {} has order {order})", heap - 1)]
    Order {
        /// The heap that was being added.
        heap: usize,
        /// The order of the quotient of the smaller heaps.
        order: usize,
        /// The largest order allowed.
        budget: usize,
    },
    /// Proving the quotient at heap `heap` needs more states than the budget.
    #[error(
        "proving the misère quotient at heap {heap} needs more than {states} states (the memory budget)"
    )]
    Work {
        /// The heap that was being added.
        heap: usize,
        /// The most states allowed.
        states: usize,
    },
    /// The candidates for heap `heap` were refined up to `rounds` times without being
    /// proven, or no refinement got their wrong sum right: this method does not reach the
    /// quotient there.
    #[error("the misère quotient at heap {heap} is not proven after {rounds} candidates (this method does not reach it); ask for fewer heaps")]
    Unsettled {
        /// The heap that was being added.
        heap: usize,
        /// Refinements allowed.
        rounds: usize,
    },
    /// The control said stop.
    #[error("{0}")]
    Stopped(Stopped),
}

/// The misère quotient of the heaps `0..=N` of an octal game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MisereQuotient {
    table: Table,
    pretend: Vec<u32>,
}

/// A fewest-token sum of an element: its tokens and its options' elements.
#[derive(Debug, Clone)]
struct Representative {
    tokens: u64,
    options: Vec<u32>,
}

/// Heap-by-heap computation of a misère quotient: [`MisereSolver::extend`] adds one heap.
#[derive(Debug, Clone)]
pub struct MisereSolver {
    code: OctalCode,
    budget: MisereBudget,
    table: Table,
    pretend: Vec<u32>,
    /// The heaps with moves as the proof sees them: one generator per distinct element and
    /// option elements, at its fewest tokens (so the solver's memory follows the quotient,
    /// not the number of heaps).
    generators: Vec<Generator>,
    representatives: Vec<Representative>,
}

impl MisereSolver {
    /// The quotient of heap 0 alone: the trivial monoid.
    pub fn new(code: &OctalCode, budget: MisereBudget) -> Self {
        MisereSolver {
            code: code.clone(),
            budget,
            table: Table::trivial(),
            pretend: vec![0],
            generators: Vec::new(),
            representatives: vec![Representative {
                tokens: 0,
                options: Vec::new(),
            }],
        }
    }

    /// The largest heap included so far.
    pub fn largest_heap(&self) -> usize {
        self.pretend.len() - 1
    }

    /// The order of the quotient so far.
    pub fn order(&self) -> usize {
        self.table.order()
    }

    /// The quotient of the heaps included so far.
    pub fn quotient(&self) -> MisereQuotient {
        MisereQuotient {
            table: self.table.clone(),
            pretend: self.pretend.clone(),
        }
    }

    /// The quotient so far, taken out of the solver.
    pub fn into_quotient(self) -> MisereQuotient {
        MisereQuotient {
            table: self.table,
            pretend: self.pretend,
        }
    }

    /// How many copies of a new heap the rows look at, with a quotient of order `order`:
    /// enough to see its powers repeat in a candidate of the default order (more would cost
    /// time at every heap whatever the budget).
    fn levels(&self, order: usize) -> usize {
        2 * self.budget.order.min(MisereBudget::default().order) / order + 2
    }

    /// Candidates tried for one heap: [`RECALIBRATIONS`] for the default order budget, as
    /// many times more as the budget is larger (a larger quotient takes more refinements).
    fn rounds(&self) -> usize {
        RECALIBRATIONS * (self.budget.order / MisereBudget::default().order).max(1)
    }

    /// The largest product candidate, counted whole: the elements it may reach, times as
    /// many as the order budget is the default's (only the part reached is labelled, and
    /// that stays within [`Self::max_reached`]).
    fn max_product(&self) -> usize {
        let times = (self.budget.order / MisereBudget::default().order).max(1);
        self.max_reached().saturating_mul(times)
    }

    fn max_reached(&self) -> usize {
        // An element of a product candidate: its options, its place in the map and queue.
        self.budget.state_bytes / 256
    }

    /// Adds the next heap.
    ///
    /// # Errors
    /// [`MisereError::Order`], [`MisereError::Work`] or [`MisereError::Unsettled`] past the
    /// budget (the solver is left as it was), [`MisereError::Stopped`] when `control` says stop.
    pub fn extend(&mut self, control: &Control) -> Result<(), MisereError> {
        let n = self.pretend.len();
        control.check().map_err(MisereError::Stopped)?;
        let options = option_elements(&self.code, &self.table, &self.pretend, n);
        if options.is_empty() {
            // A heap without moves is the empty game.
            self.pretend.push(0);
            return Ok(());
        }
        // A heap with the option elements of a generator is that generator again, so it acts
        // as its element (the proof's generators do not change); and no other element
        // passes the proof, the quotient being reduced.
        if let Some(same) = self.generators.iter().find(|g| g.options == options) {
            self.pretend.push(same.image);
            return Ok(());
        }
        self.table.keep_columns(options.iter().copied());
        let order = self.table.order();
        let levels = self.levels(order);
        let rows = self.rows(&options, levels);
        let mut generators = self.generators.clone();
        generators.push(Generator {
            image: 0,
            options: options.clone(),
            tokens: n as u64,
        });
        let state_bytes = self.budget.state_bytes;
        // Does heap n act as an element already there? The rows (outcomes of each element's
        // fewest-token sum plus copies of heap n) rule most elements out at once.
        for x in 0..order as u32 {
            let mut power = 0u32;
            let fits = rows.iter().all(|row| {
                let fits =
                    (0..order as u32).all(|q| row[q as usize] == self.table.is_p(self.table.times(q, power)));
                power = self.table.times(power, x);
                fits
            });
            if !fits {
                continue;
            }
            if let Some(last) = generators.last_mut() {
                last.image = x;
            }
            match verify(&self.table, &generators, state_bytes, control) {
                Ok(()) => {
                    self.pretend.push(x);
                    self.generators = generators;
                    return Ok(());
                }
                Err(Unproven::Wrong(_)) => {}
                Err(Unproven::TooManyStates(states)) => return Err(MisereError::Work { heap: n, states }),
                Err(Unproven::Stopped(stopped)) => return Err(MisereError::Stopped(stopped)),
            }
        }
        // The quotient grows: first Q × ⟨g | g^(K+p) = g^K⟩ for the smallest K + p the rows
        // repeat with (heap n's powers), then candidates refined by the sums they get wrong.
        let mut first = Cycle { index: 2, period: 2 };
        'sizes: for size in 2..levels / 2 {
            for period in 1..size {
                let start = size - period;
                if (start..levels - period).all(|j| rows[j] == rows[j + period]) {
                    first = Cycle { index: start, period };
                    break 'sizes;
                }
            }
        }
        let mut images = self.pretend.clone();
        images.push(0);
        let base = self.table.clone();
        let mut trial =
            self.candidate(&base, &images, &[(n, first)], control)?
                .ok_or(MisereError::Order {
                    heap: n,
                    order,
                    budget: self.budget.order,
                })?;
        for _ in 0..self.rounds() {
            let heap_options: Vec<Vec<u32>> = (0..=n)
                .map(|h| option_elements(&self.code, &trial.table, &trial.pretend, h))
                .collect();
            let (generators, _) = generators_of(&trial.pretend, &heap_options);
            let state_bytes = self.budget.state_bytes;
            match verify(&trial.table, &generators, state_bytes, control) {
                Ok(()) => {
                    self.adopt(trial, generators);
                    return Ok(());
                }
                Err(Unproven::Wrong(failure)) => {
                    trial = self.recalibrate(&trial, &generators, &failure, control)?;
                }
                Err(Unproven::TooManyStates(states)) => return Err(MisereError::Work { heap: n, states }),
                Err(Unproven::Stopped(stopped)) => return Err(MisereError::Stopped(stopped)),
            }
        }
        Err(MisereError::Unsettled {
            heap: n,
            rounds: self.rounds(),
        })
    }

    /// The candidate `base × C_1 × …` with heap `h` of `freed` the generator of its own
    /// cycle and every other heap at its element `images[h]` of `base`; `None` when it grows
    /// past the budget.
    fn candidate(
        &self,
        base: &Table,
        images: &[u32],
        freed: &[(usize, Cycle)],
        control: &Control,
    ) -> Result<Option<Built>, MisereError> {
        let cycles = freed.iter().map(|&(_, cycle)| cycle).collect();
        let Some(product) = Product::new(base, cycles, self.max_product()) else {
            return Ok(None);
        };
        let mut images = images.to_vec();
        for (j, &(heap, _)) in freed.iter().enumerate() {
            images[heap] = product.generator(j);
        }
        let options: Vec<Vec<u32>> = (0..images.len())
            .map(|h| option_elements_by(&self.code, |a, b| product.times(a, b), &images, h))
            .collect();
        let (generators, _) = generators_of(&images, &options);
        match build(
            &product,
            &images,
            &generators,
            self.max_reached(),
            self.budget.order,
            control,
        ) {
            Ok(mut built) => {
                keep_heap_columns(&self.code, &mut built);
                Ok(Some(built))
            }
            Err(NotBuilt::TooLarge) => Ok(None),
            Err(NotBuilt::Stopped(stopped)) => Err(MisereError::Stopped(stopped)),
        }
    }

    /// A candidate that gets `failure` (a sum `trial` gets wrong) right: the heaps of that
    /// sum, fewest first, are freed from `trial` into cycles long enough to tell their
    /// copies in it apart, until one choice flips the sum's outcome.
    fn recalibrate(
        &self,
        trial: &Built,
        generators: &[Generator],
        failure: &Failure,
        control: &Control,
    ) -> Result<Built, MisereError> {
        let heap = trial.pretend.len() - 1;
        let element = |built: &Built| {
            generators
                .iter()
                .zip(&failure.counts)
                .fold(0, |e, (generator, &count)| {
                    (0..count).fold(e, |e, _| {
                        built.table.times(e, built.pretend[generator.tokens as usize])
                    })
                })
        };
        let should_be_p = !trial.table.is_p(element(trial));
        let involved: Vec<(usize, u32)> = generators
            .iter()
            .zip(&failure.counts)
            .filter(|&(_, &count)| count > 0)
            .map(|(generator, &count)| (generator.tokens as usize, count))
            .collect();
        let mut tried = 0;
        let mut too_large = false;
        for size in 1..=involved.len() {
            for chosen in combinations(involved.len(), size) {
                if tried == MAX_CHOICES {
                    break;
                }
                tried += 1;
                let freed: Vec<(usize, Cycle)> = chosen
                    .iter()
                    .map(|&i| {
                        let (h, count) = involved[i];
                        let now = Cycle::of(&trial.table, trial.pretend[h]);
                        let index = now.index.max(count as usize).max(1);
                        let period = now.period.max(2).max(2 * (index.saturating_sub(4) / 2));
                        (h, Cycle { index, period })
                    })
                    .collect();
                let mut images = trial.pretend.clone();
                for &(h, _) in &freed {
                    images[h] = 0;
                }
                let Some(built) = self.candidate(&trial.table, &images, &freed, control)? else {
                    too_large = true;
                    continue;
                };
                if built.table.is_p(element(&built)) == should_be_p {
                    return Ok(built);
                }
            }
        }
        // Every choice that fits the budget keeps the sum wrong.
        Err(match too_large {
            true => MisereError::Order {
                heap,
                order: self.table.order(),
                budget: self.budget.order,
            },
            false => MisereError::Unsettled {
                heap,
                rounds: self.rounds(),
            },
        })
    }

    /// Takes a proven candidate (reduced: the quotient itself).
    fn adopt(&mut self, built: Built, generators: Vec<Generator>) {
        let reached = reach(&built.table, &generators);
        self.representatives = (0..built.table.order())
            .map(|a| Representative {
                tokens: reached.tokens[a],
                options: reached.options[a].clone(),
            })
            .collect();
        self.table = built.table;
        self.pretend = built.pretend;
        self.generators = generators;
    }

    /// `rows[j][q]`: whether a fewest-token sum of element `q` plus `j` copies of the new
    /// heap (option elements `options`) is a P-position, for `j < levels`, as far as the
    /// elements of the smaller sums tell.
    fn rows(&self, options: &[u32], levels: usize) -> Vec<Vec<bool>> {
        let order = self.table.order();
        let mut by_tokens: Vec<u32> = (0..order as u32).collect();
        by_tokens.sort_by_key(|&q| self.representatives[q as usize].tokens);
        let mut rows: Vec<Vec<bool>> = vec![self.table.p().to_vec()];
        for _ in 1..levels {
            let below = rows.last().cloned().unwrap_or_default();
            let mut row = vec![false; order];
            for &q in &by_tokens {
                // Options: the new heap moved in (one level down), or the sum of q moved in
                // (same level, sums of fewer tokens, so already known).
                let p = options.iter().all(|&t| !below[self.table.times(q, t) as usize])
                    && self.representatives[q as usize]
                        .options
                        .iter()
                        .all(|&o| !row[o as usize]);
                row[q as usize] = p;
            }
            rows.push(row);
        }
        rows
    }
}

/// Candidates tried for one heap before it is given up, with the default budget.
const RECALIBRATIONS: usize = 200;

/// Choices of heaps to free tried for one wrong sum.
const MAX_CHOICES: usize = 64;

/// The subsets of `0..n` of `size` elements, in lexicographic order.
fn combinations(n: usize, size: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut chosen: Vec<usize> = (0..size).collect();
    if size > n {
        return out;
    }
    loop {
        out.push(chosen.clone());
        // The last place that can still move right.
        let Some(i) = (0..size).rev().find(|&i| chosen[i] < n - size + i) else {
            return out;
        };
        chosen[i] += 1;
        for j in i + 1..size {
            chosen[j] = chosen[j - 1] + 1;
        }
    }
}

/// The elements of the options of heap `n` of `code`, the smaller heaps' elements in
/// `pretend`, multiplied in `table`.
fn option_elements(code: &OctalCode, table: &Table, pretend: &[u32], n: usize) -> Vec<u32> {
    option_elements_by(code, |a, b| table.times(a, b), pretend, n)
}

/// As [`option_elements`], multiplied by `times`.
fn option_elements_by(
    code: &OctalCode,
    times: impl Fn(u32, u32) -> u32,
    pretend: &[u32],
    n: usize,
) -> Vec<u32> {
    // Kept sorted and distinct as the moves go: a heap of n tokens has O(n) moves but few
    // distinct option elements, and the solver keeps every heap's list.
    let mut elements = Vec::new();
    code.find_move(n as u64, |_, leave| {
        let element = match leave {
            Leave::Nothing => 0,
            Leave::One(a) => pretend[a as usize],
            Leave::Two(a, b) => times(pretend[a as usize], pretend[b as usize]),
        };
        if let Err(place) = elements.binary_search(&element) {
            elements.insert(place, element);
        }
        false
    });
    elements
}

/// Keeps whole columns in `built`'s table for what its proofs multiply by most: the heaps'
/// elements and their options' elements.
fn keep_heap_columns(code: &OctalCode, built: &mut Built) {
    let mut multipliers: Vec<u32> = built.pretend.clone();
    for heap in 0..built.pretend.len() {
        multipliers.extend(option_elements(code, &built.table, &built.pretend, heap));
    }
    multipliers.sort_unstable();
    multipliers.dedup();
    built.table.keep_columns(multipliers);
}

/// The heaps with moves as generators of a check (one per distinct element and options,
/// with the fewest tokens: `tokens` is that heap), and the generator of each heap (`None`:
/// no move).
fn generators_of(pretend: &[u32], options: &[Vec<u32>]) -> (Vec<Generator>, Vec<Option<usize>>) {
    let mut generators: Vec<Generator> = Vec::new();
    let mut of_heap = Vec::with_capacity(pretend.len());
    for (heap, options) in options.iter().enumerate() {
        if options.is_empty() {
            of_heap.push(None);
            continue;
        }
        let image = pretend[heap];
        let found = generators
            .iter()
            .position(|g| g.image == image && &g.options == options);
        of_heap.push(Some(found.unwrap_or_else(|| {
            generators.push(Generator {
                image,
                options: options.clone(),
                tokens: heap as u64,
            });
            generators.len() - 1
        })));
    }
    (generators, of_heap)
}

impl MisereQuotient {
    /// The misère quotient of heaps `0..=n` of `code`, heap by heap.
    ///
    /// # Errors
    /// As [`MisereSolver::extend`].
    pub fn compute(
        code: &OctalCode,
        n: usize,
        budget: MisereBudget,
        control: &Control,
    ) -> Result<Self, MisereError> {
        let mut solver = MisereSolver::new(code, budget);
        while solver.largest_heap() < n {
            solver.extend(control)?;
        }
        Ok(solver.into_quotient())
    }

    /// The number of elements.
    pub fn order(&self) -> usize {
        self.table.order()
    }

    /// The largest heap included.
    pub fn largest_heap(&self) -> usize {
        self.pretend.len() - 1
    }

    /// `pretend()[n]`: the element of heap `n` (`pretend()[0] == 0`, the identity).
    pub fn pretend(&self) -> &[u32] {
        &self.pretend
    }

    /// The product of two elements.
    pub fn product(&self, a: u32, b: u32) -> u32 {
        self.table.times(a, b)
    }

    /// The multiplication table, row by row.
    pub fn product_table(&self) -> Vec<Vec<u32>> {
        self.table.rows()
    }

    /// Whether the sums of element `a` are misère P-positions (the player to move loses).
    pub fn is_p(&self, a: u32) -> bool {
        self.table.is_p(a)
    }

    /// The P-portion, ascending.
    pub fn p_portion(&self) -> Vec<u32> {
        (0..self.order() as u32).filter(|&a| self.is_p(a)).collect()
    }

    /// The element of a sum of heaps.
    ///
    /// # Errors
    /// [`QueryError::HeapTooLarge`] for a heap beyond the largest included.
    pub fn element_of(&self, heaps: &[u64]) -> Result<u32, QueryError> {
        let mut element = 0;
        for (index, &size) in heaps.iter().enumerate() {
            let heap = usize::try_from(size).ok().and_then(|h| self.pretend.get(h));
            let heap = heap.ok_or(QueryError::HeapTooLarge {
                index,
                size,
                computed: self.largest_heap(),
            })?;
            element = self.product(element, *heap);
        }
        Ok(element)
    }

    /// The misère outcome of a sum of heaps.
    ///
    /// # Errors
    /// [`QueryError::HeapTooLarge`] for a heap beyond the largest included.
    pub fn outcome(&self, heaps: &[u64]) -> Result<Outcome, QueryError> {
        Ok(match self.is_p(self.element_of(heaps)?) {
            true => Outcome::Lose,
            false => Outcome::Win,
        })
    }

    /// A move of `code` (the game of this quotient) to a misère P-position, or `None` when
    /// the player to move loses (or wins only because no move is left: the empty sum).
    ///
    /// # Errors
    /// [`QueryError::HeapTooLarge`] for a heap beyond the largest included.
    pub fn winning_move(&self, code: &OctalCode, heaps: &[u64]) -> Result<Option<HeapMove>, QueryError> {
        self.element_of(heaps)?;
        // Every heap is within `pretend` (checked by `element_of`).
        let element = |h: u64| self.pretend[h as usize];
        let rest = |index: usize| {
            // The other heaps' element.
            let others = heaps.iter().enumerate().filter(|&(other, _)| other != index);
            Some(others.fold(0, |rest, (_, &h)| self.product(rest, element(h))))
        };
        Ok(code.first_move_in_sum(heaps, rest, |&rest, leave| {
            let left = match leave {
                Leave::Nothing => 0,
                Leave::One(a) => element(a),
                Leave::Two(a, b) => self.product(element(a), element(b)),
            };
            self.is_p(self.product(rest, left))
        }))
    }

    /// A presentation: generators (heaps whose elements the smaller heaps do not generate)
    /// and the relations that, with them, give every product.
    pub fn presentation(&self) -> Presentation {
        Presentation::of(&self.table, &self.pretend)
    }

    /// The period of the pretending function, proven for every heap beyond the largest
    /// included: the smallest `p`, then the smallest `I`, with `pretend[n + p] ==
    /// pretend[n]` for `I <= n <= N - p` and `N + 1 >= 2I + 2p + t`, one heap more when
    /// `I = 0` (`t` the code's last non-zero digit).
    ///
    /// Proof (the misère form of the Guy–Smith test): for a heap `M = N + 1`, every option
    /// of `M` (a heap of `M - k >= I + p` tokens, or two non-empty heaps whose larger has at
    /// least `(M - t) / 2 >= I + p` tokens) turns into an option of `M - p` with the same
    /// element by taking `p` from the large heap, and back; the heap left stays non-empty
    /// (`I >= 1`, or the extra heap when `I = 0`). So heaps `M` and `M - p` have the same
    /// option elements, act alike on every state of the module's proof, and heap `M` is
    /// `pretend[M - p]` in the same quotient. By induction the quotient of all heaps is
    /// this one. `None` when no such pair is found (or for Grundy's game, whose unequal
    /// splits the argument does not cover).
    pub fn period(&self, code: &OctalCode) -> Option<Period> {
        proven_period(&self.pretend, code)
    }

    /// Whether the quotient is tame: isomorphic, with its P-portion, to the quotient of
    /// misère Nim on heaps below `2^k` for some `k` (the trivial quotient of a game without
    /// moves counts as tame).
    pub fn is_tame(&self) -> bool {
        tame::is_tame(&self.table)
    }
}

/// [`MisereQuotient::period`] of the pretending function `pretend` of `code`.
fn proven_period(pretend: &[u32], code: &OctalCode) -> Option<Period> {
    if code.unequal_splits() {
        return None;
    }
    let n = pretend.len().checked_sub(1)?;
    let t = code.last_nonzero();
    let needed =
        |period: usize, preperiod: usize| 2 * preperiod + 2 * period + t + usize::from(preperiod == 0);
    let mut period = 1;
    while needed(period, 0) <= n + 1 {
        // Most periods fail at the last heap: then the preperiod would be N - p + 1, too
        // late for the bound.
        if pretend[n - period] == pretend[n] {
            // The smallest I with pretend[m + p] == pretend[m] for all I <= m <= n - p.
            let mut preperiod = n + 1 - period;
            while preperiod > 0 && pretend[preperiod - 1] == pretend[preperiod - 1 + period] {
                preperiod -= 1;
            }
            if n + 1 >= needed(period, preperiod) {
                return Some(Period { period, preperiod });
            }
        }
        period += 1;
    }
    None
}

#[cfg(test)]
mod tests;
