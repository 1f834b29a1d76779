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
//! for impartial games", JCTA 2008): with `Q` the quotient of heaps below `n`, heap `n` either
//! acts as some element `x` of `Q` (the quotient does not grow), or the quotient of heaps
//! up to `n` is a quotient of `Q × C` for the cyclic monoid `C = ⟨g | g^(K+p) = g^K⟩` that
//! heap `n`'s powers generate. Candidates are proposed from the outcomes of a fewest-token
//! sum of each element plus `j` copies of heap `n`, and each is proven (or refuted) by
//! the module's proof: every sum of heaps is summarised by finitely many states,
//! each checked against the candidate's P-portion. A proven candidate is then reduced
//! (indistinguishable elements merged), which gives the quotient itself.
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

mod explore;
mod presentation;
mod reduce;
mod table;

use tabletop_control::{Control, Stopped};
use tabletop_grundy::Outcome;

use self::explore::{explore, Generator, Monoid, Refuted, Representative};
use self::table::Table;
use crate::code::OctalCode;
use crate::moves::{HeapMove, Leave, QueryError};
use crate::period::Period;

pub use self::presentation::Presentation;

/// How large a misère computation may grow before it is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MisereBudget {
    /// The largest order of a candidate monoid (the quotient times the powers of a new
    /// heap), and so of the quotient.
    pub order: usize,
    /// The most bytes the states of one proof may take.
    pub state_bytes: usize,
}

impl Default for MisereBudget {
    /// Candidates of order up to 2048 and 256 MiB of states.
    fn default() -> Self {
        MisereBudget {
            order: 2048,
            state_bytes: 256 << 20,
        }
    }
}

/// Why a misère quotient was not computed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MisereError {
    /// Heap `heap` makes the quotient grow past the order budget.
    #[error("the misère quotient grows past order {budget} at heap {heap} (the quotient of heaps up to {} has order {order})", heap - 1)]
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
    /// The candidates for heap `heap` were refined `rounds` times without being proven
    /// (they kept growing): this method does not reach the quotient there.
    #[error("the misère quotient at heap {heap} is not proven after {rounds} refinements of its candidate (this method does not reach it); ask for fewer heaps")]
    Unsettled {
        /// The heap that was being added.
        heap: usize,
        /// Refinements tried.
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

/// Heap-by-heap computation of a misère quotient: [`MisereSolver::extend`] adds one heap.
#[derive(Debug, Clone)]
pub struct MisereSolver {
    code: OctalCode,
    budget: MisereBudget,
    table: Table,
    pretend: Vec<u32>,
    /// The option elements of each heap (empty for heaps without moves).
    options: Vec<Vec<u32>>,
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
            options: vec![Vec::new()],
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

    /// The elements of the options of heap `n`, given the elements of smaller heaps.
    fn heap_options(&self, n: usize) -> Vec<u32> {
        option_elements(&self.code, &self.table, &self.pretend, n)
    }

    /// The heaps with moves as generators of the exploration.
    fn generators(&self) -> Vec<Generator> {
        generators_of(&self.pretend, &self.options).0
    }

    fn max_states(&self, order: usize) -> usize {
        // A state's bit set twice (the table and its key) and its bookkeeping.
        self.budget.state_bytes / (order.div_ceil(64) * 16 + 64)
    }

    /// Adds the next heap.
    ///
    /// # Errors
    /// [`MisereError::Order`] or [`MisereError::Work`] past the budget (the solver is left
    /// as it was), [`MisereError::Stopped`] when `control` says stop.
    pub fn extend(&mut self, control: &Control) -> Result<(), MisereError> {
        let n = self.pretend.len();
        control.check().map_err(MisereError::Stopped)?;
        let options = self.heap_options(n);
        if options.is_empty() {
            // A heap without moves is the empty game.
            self.pretend.push(0);
            self.options.push(options);
            return Ok(());
        }
        let order = self.table.order();
        let levels = 2 * self.budget.order / order + 2;
        let rows = self.rows(&options, levels);
        let mut generators = self.generators();
        generators.push(Generator {
            image: 0,
            options: options.clone(),
            tokens: n as u64,
        });
        let work = |refuted: Refuted| match refuted {
            Refuted::Stopped(stopped) => Err(MisereError::Stopped(stopped)),
            Refuted::TooManyStates => Err(MisereError::Work {
                heap: n,
                states: self.max_states(order),
            }),
            Refuted::Wrong => Ok(()),
        };
        // Does heap n act as an element already there?
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
            match explore(&self.table, &generators, self.max_states(order), false, control) {
                Ok(_) => {
                    self.pretend.push(x);
                    self.options.push(options);
                    return Ok(());
                }
                Err(refuted) => work(refuted)?,
            }
        }
        // The quotient grows. A first candidate is Q × ⟨g | g^(K+p) = g^K⟩ for the
        // smallest K + p the outcomes of the representatives plus copies of heap n repeat
        // with; `settle` refines it until it is proven.
        let table = self.table.clone();
        let mut first = None;
        'sizes: for size in 2..=self.budget.order / order {
            for period in 1..size {
                let start = size - period;
                let periodic = (start..levels.saturating_sub(period)).all(|j| rows[j] == rows[j + period]);
                if periodic && start + 2 * period <= levels {
                    first = Some((start, period));
                    break 'sizes;
                }
            }
        }
        let Some((start, period)) = first else {
            return Err(MisereError::Order {
                heap: n,
                order,
                budget: self.budget.order,
            });
        };
        let candidate = Candidate {
            table: &table,
            start,
            period,
            p: (0..start + period)
                .flat_map(|j| rows[j].iter().copied())
                .collect(),
        };
        let mut pretend = self.pretend.clone();
        pretend.push(candidate.power(1));
        self.settle(candidate.to_table(), pretend, control)
    }

    /// `rows[j][q]`: whether a fewest-token sum of element `q` plus `j` copies of the new
    /// heap (option elements `options`) is a P-position, for `j < levels`.
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

    /// Takes the reduction of a proven candidate as the quotient.
    fn adopt(
        &mut self,
        table: &Table,
        pretend: &[u32],
        generators: &[Generator],
        explored: &explore::Explored,
    ) {
        let g = generators.len();
        let (class, count) = reduce::classes(
            table.order(),
            |a| table.is_p(a),
            g,
            |a, k| table.times(a, generators[k].image),
        );
        // Number the classes as their elements were first reached (fewest tokens first).
        let mut number = vec![u32::MAX; count];
        let mut member = Vec::with_capacity(count);
        let reached = explored.discovered.iter().copied();
        for element in reached.chain(0..table.order() as u32) {
            let c = class[element as usize] as usize;
            if number[c] == u32::MAX {
                number[c] = member.len() as u32;
                member.push(element);
            }
        }
        let of = |element: u32| number[class[element as usize] as usize];
        let mut product = Vec::with_capacity(count * count);
        for &a in &member {
            product.extend(member.iter().map(|&b| of(table.times(a, b))));
        }
        let p = member.iter().map(|&a| table.is_p(a)).collect();
        self.representatives = member
            .iter()
            .map(|&a| {
                let found = explored.representatives[a as usize]
                    .clone()
                    .unwrap_or(Representative {
                        tokens: u64::MAX,
                        options: Vec::new(),
                    });
                let mut options: Vec<u32> = found.options.iter().map(|&o| of(o)).collect();
                options.sort_unstable();
                options.dedup();
                Representative {
                    tokens: found.tokens,
                    options,
                }
            })
            .collect();
        self.table = Table::new(count, product, p);
        self.pretend = pretend.iter().map(|&e| of(e)).collect();
        self.options = (0..self.pretend.len()).map(|h| self.heap_options(h)).collect();
    }

    /// Refines a candidate (a monoid, the heaps' elements in it) until it is proven, then
    /// takes its reduction as the quotient. When the proof fails, the monoid of the proof's
    /// states (an element and its options' elements, multiplied as sums of heaps are) is
    /// the next candidate, reduced: its P-portion is right for every sum whose options the
    /// candidate gets right, so each round is right for larger sums.
    fn settle(
        &mut self,
        mut table: Table,
        mut pretend: Vec<u32>,
        control: &Control,
    ) -> Result<(), MisereError> {
        let heap = pretend.len() - 1;
        for _ in 0..SETTLE_ROUNDS {
            let options: Vec<Vec<u32>> = (0..pretend.len())
                .map(|h| option_elements(&self.code, &table, &pretend, h))
                .collect();
            let (generators, heap_generator) = generators_of(&pretend, &options);
            let states = self.max_states(table.order());
            let explored =
                explore(&table, &generators, states, true, control).map_err(|refuted| match refuted {
                    Refuted::Stopped(stopped) => MisereError::Stopped(stopped),
                    _ => MisereError::Work { heap, states },
                })?;
            let g = generators.len();
            if explored.consistent {
                self.adopt(&table, &pretend, &generators, &explored);
                return Ok(());
            }
            let count_states = explored.state_p.len();
            let (class, count) = reduce::classes(
                count_states,
                |s| explored.state_p[s as usize],
                g,
                |s, k| explored.next[s as usize * g + k],
            );
            if count > self.budget.order {
                return Err(MisereError::Order {
                    heap,
                    order: self.table.order(),
                    budget: self.budget.order,
                });
            }
            control.check().map_err(MisereError::Stopped)?;
            table = state_monoid(&explored, g, &class, count);
            pretend = heap_generator
                .iter()
                .map(|k| k.map_or(0, |k| class[explored.next[k] as usize]))
                .collect();
        }
        Err(MisereError::Unsettled {
            heap,
            rounds: SETTLE_ROUNDS,
        })
    }
}

/// The monoid of an exploration's states, reduced to `count` classes (`class` of each
/// state): a product is the second state's path of generators followed from the first.
fn state_monoid(explored: &explore::Explored, g: usize, class: &[u32], count: usize) -> Table {
    // A state of each class, and the generators that reach it from the empty sum.
    let mut member = vec![u32::MAX; count];
    for (s, &c) in class.iter().enumerate() {
        if member[c as usize] == u32::MAX {
            member[c as usize] = s as u32;
        }
    }
    let path = |mut s: u32| {
        let mut steps = Vec::new();
        while s != 0 {
            let (from, by) = explored.parent[s as usize];
            steps.push(by as usize);
            s = from;
        }
        steps
    };
    let paths: Vec<Vec<usize>> = member.iter().map(|&s| path(s)).collect();
    let mut product = Vec::with_capacity(count * count);
    for &a in &member {
        for steps in &paths {
            let end = steps
                .iter()
                .rev()
                .fold(a, |s, &k| explored.next[s as usize * g + k]);
            product.push(class[end as usize]);
        }
    }
    let p = member.iter().map(|&s| explored.state_p[s as usize]).collect();
    Table::new(count, product, p)
}

/// Rounds of [`MisereSolver::settle`] before a heap is given up.
const SETTLE_ROUNDS: usize = 12;

/// The elements of the options of heap `n` of `code`, the smaller heaps' elements in
/// `pretend`, multiplied in `table`.
fn option_elements(code: &OctalCode, table: &Table, pretend: &[u32], n: usize) -> Vec<u32> {
    let mut elements = Vec::new();
    code.find_move(n as u64, |_, leave| {
        elements.push(match leave {
            Leave::Nothing => 0,
            Leave::One(a) => pretend[a as usize],
            Leave::Two(a, b) => table.times(pretend[a as usize], pretend[b as usize]),
        });
        false
    });
    elements.sort_unstable();
    elements.dedup();
    elements
}

/// The heaps with moves as generators of an exploration (one per distinct element and
/// options, with the fewest tokens), and the generator of each heap (`None`: no move).
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

/// `Q × ⟨g | g^(start+period) = g^start⟩`, element `(q, j)` numbered `j·|Q| + q`, with the
/// P-portion proposed for it.
struct Candidate<'a> {
    table: &'a Table,
    start: usize,
    period: usize,
    p: Vec<bool>,
}

impl Candidate<'_> {
    /// The candidate's multiplication table.
    fn to_table(&self) -> Table {
        let order = Monoid::order(self);
        let mut product = Vec::with_capacity(order * order);
        for a in 0..order as u32 {
            product.extend((0..order as u32).map(|b| self.times(a, b)));
        }
        Table::new(order, product, self.p.clone())
    }

    /// The exponent `j` of `g^j` in `0..start + period`.
    fn exponent(&self, j: usize) -> usize {
        if j < self.start + self.period {
            j
        } else {
            self.start + (j - self.start) % self.period
        }
    }

    /// The element `(1, g^j)`.
    fn power(&self, j: usize) -> u32 {
        (self.exponent(j) * self.table.order()) as u32
    }
}

impl Monoid for Candidate<'_> {
    fn order(&self) -> usize {
        self.table.order() * (self.start + self.period)
    }

    fn times(&self, a: u32, b: u32) -> u32 {
        let order = self.table.order();
        let (qa, ja) = (a as usize % order, a as usize / order);
        let (qb, jb) = (b as usize % order, b as usize / order);
        let q = self.table.times(qa as u32, qb as u32) as usize;
        (self.exponent(ja + jb) * order + q) as u32
    }

    fn is_p(&self, a: u32) -> bool {
        self.p[a as usize]
    }
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
        for (index, &size) in heaps.iter().enumerate() {
            // The other heaps' element.
            let mut rest = 0;
            for (other, &h) in heaps.iter().enumerate() {
                if other != index {
                    rest = self.product(rest, self.pretend[h as usize]);
                }
            }
            let found = code.find_move(size, |_, leave| {
                let left = match leave {
                    Leave::Nothing => 0,
                    Leave::One(a) => self.pretend[a as usize],
                    Leave::Two(a, b) => self.product(self.pretend[a as usize], self.pretend[b as usize]),
                };
                self.is_p(self.product(rest, left))
            });
            if let Some((take, leave)) = found {
                return Ok(Some(HeapMove {
                    heap: index,
                    size,
                    take,
                    leave,
                }));
            }
        }
        Ok(None)
    }

    /// A presentation: generators (heaps whose elements the smaller heaps do not generate)
    /// and the relations that, with them, give every product.
    pub fn presentation(&self) -> Presentation {
        Presentation::of(&self.table, &self.pretend)
    }

    /// The period of the pretending function, proven for every heap beyond the largest
    /// included: the smallest `p`, then the smallest `I`, with `pretend[n + p] ==
    /// pretend[n]` for `I <= n <= N - p` and `N + 1 >= 2I + 2p + t` (`t` the code's last
    /// non-zero digit).
    ///
    /// Proof (the misère form of the Guy–Smith test): for a heap `M = N + 1`, every option
    /// of `M` (a heap of `M - k >= I + p` tokens, or two heaps whose larger has at least
    /// `(M - t) / 2 >= I + p` tokens) turns into an option of `M - p` with the same element by
    /// taking `p` from the large heap, and back; so heaps `M` and `M - p` have the same
    /// option elements, act alike on every state of the proof in the module's proof,
    /// and heap `M` is `pretend[M - p]` in the same quotient. By induction the quotient of
    /// all heaps is this one. `None` when no such pair is found (or for Grundy's game, whose
    /// unequal splits the argument does not cover).
    pub fn period(&self, code: &OctalCode) -> Option<Period> {
        if code.unequal_splits() {
            return None;
        }
        let n = self.largest_heap();
        let t = code.last_nonzero();
        for period in 1..=n {
            // The smallest I with pretend[m + p] == pretend[m] for all I <= m <= n - p.
            let mut preperiod = n + 1 - period;
            while preperiod > 0 && self.pretend[preperiod - 1] == self.pretend[preperiod - 1 + period] {
                preperiod -= 1;
            }
            if n + 1 >= 2 * preperiod + 2 * period + t {
                return Some(Period { period, preperiod });
            }
        }
        None
    }
}

#[cfg(test)]
mod tests;
