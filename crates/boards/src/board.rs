//! The board model shared by every race game: a goal square, chutes/ladders (snakes) resolved
//! once, and miss-a-turn / extra-turn squares.

/// A square number. `u64` so that boards of up to 10^18 squares fit.
pub type Square = u64;

/// A chute, snake or ladder as given: landing on `from` moves the counter to `to`.
///
/// A ladder has `from < to`, a chute (snake) `from > to`; the model treats both alike.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Jump {
    /// The square that triggers the jump (a ladder's foot, a chute's top, a snake's mouth).
    pub from: Square,
    /// Where the counter goes (before following further jumps that start there).
    pub to: Square,
}

impl Jump {
    /// A jump from `from` to `to`.
    pub const fn new(from: Square, to: Square) -> Self {
        Self { from, to }
    }
}

/// What a special square does to the counter that lands on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Special {
    /// The player's next turn is skipped.
    MissTurn,
    /// The player throws again at once, in the same turn.
    ExtraTurn,
}

/// Why a set of squares is not a valid board.
///
/// Every variant names the position (`index`, 0-based) of the offending item in the list
/// given to [`Board::new`], so that a parser can point at the text it came from.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// The goal square is 0: there is no board.
    #[error("the board must have at least one square")]
    NoSquares,
    /// A jump starts outside `1..goal` or ends outside `0..=goal`.
    #[error("jump from {from} to {to} leaves the board (starts must be in 1..{goal}, ends in 0..={goal})")]
    JumpOffBoard {
        /// Index of the jump.
        index: usize,
        /// Its start.
        from: Square,
        /// Its end.
        to: Square,
        /// The goal square.
        goal: Square,
    },
    /// A jump ends where it starts.
    #[error("a jump from square {square} to itself goes nowhere")]
    JumpToItself {
        /// Index of the jump.
        index: usize,
        /// The square.
        square: Square,
    },
    /// Two jumps start on one square.
    #[error("square {square} already starts a jump (jump #{})", first + 1)]
    DuplicateJumpStart {
        /// Index of the second jump.
        index: usize,
        /// Index of the first jump from the same square.
        first: usize,
        /// The square.
        square: Square,
    },
    /// Following jumps from a square never stops.
    #[error("jumps loop forever: {}", format_cycle(.cycle))]
    JumpLoop {
        /// Index of a jump on the loop (the one given last in the input).
        index: usize,
        /// The start squares on the loop, in the order the counter visits them.
        cycle: Vec<Square>,
    },
    /// A special square lies outside `1..goal`.
    #[error("special square {square} is outside 1..{goal}")]
    SpecialOffBoard {
        /// Index of the special square.
        index: usize,
        /// The square.
        square: Square,
        /// The goal square.
        goal: Square,
    },
    /// A square is listed twice as special.
    #[error("square {square} is already a special square (entry #{})", first + 1)]
    DuplicateSpecial {
        /// Index of the second entry.
        index: usize,
        /// Index of the first entry.
        first: usize,
        /// The square.
        square: Square,
    },
    /// A special square is the start or the end of a jump.
    #[error("special square {square} is also the {} of a jump", if *.is_start { "start" } else { "end" })]
    SpecialOnJump {
        /// Index of the special square.
        index: usize,
        /// Index of the jump.
        jump: usize,
        /// The square.
        square: Square,
        /// Whether the square is the jump's start (else its end).
        is_start: bool,
    },
}

/// `a -> b -> c -> a`; a loop longer than [`SHOWN_ON_A_LOOP`] squares is cut after that many,
/// with the number of squares left out: `a -> b -> c -> d -> e -> … (99995 more) -> a`.
fn format_cycle(cycle: &[Square]) -> String {
    let shown = if cycle.len() > SHOWN_ON_A_LOOP + 1 {
        &cycle[..SHOWN_ON_A_LOOP]
    } else {
        cycle
    };
    let mut text = String::new();
    for square in shown {
        text.push_str(&square.to_string());
        text.push_str(" -> ");
    }
    if shown.len() < cycle.len() {
        text.push_str(&format!("… ({} more) -> ", cycle.len() - shown.len()));
    }
    if let Some(first) = cycle.first() {
        text.push_str(&first.to_string());
    }
    text
}

/// How many squares of a long jump loop its error message lists.
const SHOWN_ON_A_LOOP: usize = 5;

/// A validated race board: squares `0..=goal`, jumps with their chains already followed, and
/// special squares.
///
/// Lookups cost `O(log J)` for `J` jumps, and memory is proportional to the number of jumps
/// and special squares, never to the number of squares.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    goal: Square,
    /// Jumps sorted by start; the destination is final (chains followed).
    jumps: Vec<Jump>,
    /// Special squares sorted by square.
    specials: Vec<(Square, Special)>,
}

impl Board {
    /// Builds and validates a board whose last square is `goal`.
    ///
    /// Starts of jumps and special squares must lie in `1..goal`; ends of jumps in `0..=goal`.
    /// Chains of jumps are followed once here; a loop is an error. Special squares may be
    /// neither the start nor the end of a jump.
    ///
    /// # Errors
    /// The first problem found, as a [`BoardError`] naming the offending item.
    pub fn new(goal: Square, jumps: &[Jump], specials: &[(Square, Special)]) -> Result<Self, BoardError> {
        if goal == 0 {
            return Err(BoardError::NoSquares);
        }
        for (index, jump) in jumps.iter().enumerate() {
            if jump.from == 0 || jump.from >= goal || jump.to > goal {
                return Err(BoardError::JumpOffBoard {
                    index,
                    from: jump.from,
                    to: jump.to,
                    goal,
                });
            }
            if jump.from == jump.to {
                return Err(BoardError::JumpToItself {
                    index,
                    square: jump.from,
                });
            }
        }
        let sorted = sort_by_start(jumps, goal)?;
        let resolved = resolve_chains(&sorted)?;

        let mut special_order: Vec<usize> = (0..specials.len()).collect();
        for (index, &(square, _)) in specials.iter().enumerate() {
            if square == 0 || square >= goal {
                return Err(BoardError::SpecialOffBoard { index, square, goal });
            }
        }
        special_order.sort_by_key(|&i| specials[i].0);
        for pair in special_order.windows(2) {
            if specials[pair[0]].0 == specials[pair[1]].0 {
                let (first, index) = (pair[0].min(pair[1]), pair[0].max(pair[1]));
                return Err(BoardError::DuplicateSpecial {
                    index,
                    first,
                    square: specials[index].0,
                });
            }
        }
        let mut ends: Vec<(Square, usize)> = Vec::new();
        if !specials.is_empty() {
            ends = jumps.iter().enumerate().map(|(i, j)| (j.to, i)).collect();
            ends.sort_unstable();
        }
        for (index, &(square, _)) in specials.iter().enumerate() {
            if let Ok(at) = sorted.binary_search_by(|(jump, _)| jump.from.cmp(&square)) {
                let jump = sorted[at].1;
                return Err(BoardError::SpecialOnJump {
                    index,
                    jump,
                    square,
                    is_start: true,
                });
            }
            let at = ends.partition_point(|&(to, _)| to < square);
            if let Some(&(to, jump)) = ends.get(at) {
                if to == square {
                    return Err(BoardError::SpecialOnJump {
                        index,
                        jump,
                        square,
                        is_start: false,
                    });
                }
            }
        }
        let specials = special_order.iter().map(|&i| specials[i]).collect();
        Ok(Self {
            goal,
            jumps: resolved,
            specials,
        })
    }

    /// The last square; reaching it ends the race.
    pub fn goal(&self) -> Square {
        self.goal
    }

    /// The jumps, sorted by start square, each with its final destination (chains followed).
    pub fn jumps(&self) -> &[Jump] {
        &self.jumps
    }

    /// The special squares, sorted by square.
    pub fn specials(&self) -> &[(Square, Special)] {
        &self.specials
    }

    /// Where a counter that lands on `square` ends up once every jump has been followed.
    pub fn land(&self, square: Square) -> Square {
        match self.jumps.binary_search_by(|jump| jump.from.cmp(&square)) {
            Ok(at) => self.jumps[at].to,
            Err(_) => square,
        }
    }

    /// The special square at `square`, if any.
    pub fn special(&self, square: Square) -> Option<Special> {
        self.specials
            .binary_search_by(|&(s, _)| s.cmp(&square))
            .ok()
            .map(|at| self.specials[at].1)
    }
}

/// The jumps (with their indices) sorted by start square, or the first duplicate start.
///
/// On a board with few squares per jump (judge boards), a table indexed by square replaces
/// the sort (`O(goal + J)`); a duplicate there falls back to the sort, which names the
/// duplicate at the lowest square, ties by index.
fn sort_by_start(jumps: &[Jump], goal: Square) -> Result<Vec<(Jump, usize)>, BoardError> {
    const EMPTY: u32 = u32::MAX;
    let table_size = jumps.len().saturating_mul(16).max(1024) as Square;
    if goal <= table_size && jumps.len() < EMPTY as usize {
        // Starts are in 1..goal (checked before).
        let mut at = vec![EMPTY; goal as usize];
        let mut duplicate = false;
        for (i, jump) in jumps.iter().enumerate() {
            let slot = &mut at[jump.from as usize];
            duplicate |= *slot != EMPTY;
            *slot = i as u32;
        }
        if !duplicate {
            let mut sorted = Vec::with_capacity(jumps.len());
            for &i in at.iter().filter(|&&i| i != EMPTY) {
                sorted.push((jumps[i as usize], i as usize));
            }
            return Ok(sorted);
        }
    }
    // Sort by start square, ties by index (the first given first); the keys are distinct, so
    // the faster unstable sort gives the stable order.
    let mut order: Vec<(Square, usize)> = jumps.iter().enumerate().map(|(i, jump)| (jump.from, i)).collect();
    order.sort_unstable();
    for pair in order.windows(2) {
        if pair[0].0 == pair[1].0 {
            let (first, index) = (pair[0].1, pair[1].1);
            return Err(BoardError::DuplicateJumpStart {
                index,
                first,
                square: jumps[index].from,
            });
        }
    }
    Ok(order.iter().map(|&(_, i)| (jumps[i], i)).collect())
}

/// Follows every chain of jumps to its end. `sorted` holds (jump, input index) by start square.
fn resolve_chains(sorted: &[(Jump, usize)]) -> Result<Vec<Jump>, BoardError> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        New,
        OnPath,
        Done,
    }
    // Where each start square sits in `sorted`: a table by square when the starts are dense
    // enough (judge boards), else a binary search.
    let dense: Vec<u32> = match sorted.last() {
        Some((last, _)) if last.from <= (sorted.len() as Square).saturating_mul(16).max(1024) => {
            let mut table = vec![u32::MAX; last.from as usize + 1];
            for (k, (jump, _)) in sorted.iter().enumerate() {
                table[jump.from as usize] = k as u32;
            }
            table
        }
        _ => Vec::new(),
    };
    let find = |square: Square| {
        if dense.is_empty() {
            sorted.binary_search_by(|(jump, _)| jump.from.cmp(&square)).ok()
        } else {
            let k = *usize::try_from(square).ok().and_then(|s| dense.get(s))?;
            (k != u32::MAX).then_some(k as usize)
        }
    };
    let mut mark = vec![Mark::New; sorted.len()];
    let mut destination: Vec<Square> = sorted.iter().map(|(jump, _)| jump.to).collect();
    let mut path = Vec::new();
    for start in 0..sorted.len() {
        if mark[start] != Mark::New {
            continue;
        }
        // Walk forward until a square that starts no jump or an already resolved jump.
        let mut at = start;
        let end = loop {
            mark[at] = Mark::OnPath;
            path.push(at);
            match find(sorted[at].0.to) {
                None => break sorted[at].0.to,
                Some(next) => match mark[next] {
                    Mark::Done => break destination[next],
                    Mark::New => at = next,
                    Mark::OnPath => {
                        let from = path.iter().position(|&p| p == next).unwrap_or(0);
                        let cycle_at = &path[from..];
                        let index = cycle_at.iter().map(|&p| sorted[p].1).max().unwrap_or(0);
                        let cycle = cycle_at.iter().map(|&p| sorted[p].0.from).collect();
                        return Err(BoardError::JumpLoop { index, cycle });
                    }
                },
            }
        };
        for &p in &path {
            destination[p] = end;
            mark[p] = Mark::Done;
        }
        path.clear();
    }
    Ok(sorted
        .iter()
        .zip(destination)
        .map(|((jump, _), to)| Jump::new(jump.from, to))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chains_are_followed_to_their_end() {
        let board = Board::new(
            100,
            &[Jump::new(3, 50), Jump::new(50, 20), Jump::new(20, 70)],
            &[],
        )
        .unwrap();
        assert_eq!(board.land(3), 70);
        assert_eq!(board.land(50), 70);
        assert_eq!(board.land(20), 70);
        assert_eq!(board.land(70), 70);
        assert_eq!(board.land(4), 4);
    }

    #[test]
    fn loops_are_rejected_with_the_cycle() {
        let err = Board::new(100, &[Jump::new(5, 9), Jump::new(2, 5), Jump::new(9, 5)], &[]).unwrap_err();
        assert_eq!(
            err,
            BoardError::JumpLoop {
                index: 2,
                cycle: vec![5, 9]
            }
        );
        assert_eq!(err.to_string(), "jumps loop forever: 5 -> 9 -> 5");
    }

    #[test]
    fn long_loops_are_shortened_in_the_message() {
        let cycle = |n: Square| BoardError::JumpLoop {
            index: 0,
            cycle: (1..=n).collect(),
        };
        assert_eq!(
            cycle(6).to_string(),
            "jumps loop forever: 1 -> 2 -> 3 -> 4 -> 5 -> 6 -> 1"
        );
        assert_eq!(
            cycle(7).to_string(),
            "jumps loop forever: 1 -> 2 -> 3 -> 4 -> 5 -> … (2 more) -> 1"
        );
        let huge = cycle(100_000).to_string();
        assert_eq!(
            huge,
            "jumps loop forever: 1 -> 2 -> 3 -> 4 -> 5 -> … (99995 more) -> 1"
        );
    }

    #[test]
    fn two_jumps_from_one_square_are_rejected() {
        let err = Board::new(100, &[Jump::new(5, 9), Jump::new(7, 1), Jump::new(5, 2)], &[]).unwrap_err();
        assert_eq!(
            err,
            BoardError::DuplicateJumpStart {
                index: 2,
                first: 0,
                square: 5
            }
        );
    }

    #[test]
    fn the_square_table_and_the_sort_order_jumps_alike() {
        // Small goals take the table, large ones the sort: same order, same first duplicate
        // (lowest square, then the two lowest indices).
        let mut seed = 7u64;
        let mut next = |bound: u64| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) % bound
        };
        for _ in 0..300 {
            let count = next(12) as usize;
            let jumps: Vec<Jump> = (0..count)
                .map(|_| Jump::new(1 + next(40), 41 + next(20)))
                .collect();
            let table = sort_by_start(&jumps, 100);
            let sorted = sort_by_start(&jumps, 1 << 40);
            assert_eq!(table, sorted, "{jumps:?}");
            if let Ok(order) = &sorted {
                assert!(order.windows(2).all(|pair| pair[0].0.from < pair[1].0.from));
                assert_eq!(order.len(), jumps.len());
            }
        }
        let jumps = [
            Jump::new(9, 50),
            Jump::new(5, 60),
            Jump::new(9, 70),
            Jump::new(5, 80),
        ];
        let expected = BoardError::DuplicateJumpStart {
            index: 3,
            first: 1,
            square: 5,
        };
        assert_eq!(sort_by_start(&jumps, 100), Err(expected.clone()));
        assert_eq!(sort_by_start(&jumps, 1 << 40), Err(expected));
    }

    #[test]
    fn jumps_must_stay_on_the_board_and_go_somewhere() {
        assert!(matches!(
            Board::new(10, &[Jump::new(10, 2)], &[]),
            Err(BoardError::JumpOffBoard { .. })
        ));
        assert!(matches!(
            Board::new(10, &[Jump::new(0, 2)], &[]),
            Err(BoardError::JumpOffBoard { .. })
        ));
        assert!(matches!(
            Board::new(10, &[Jump::new(3, 11)], &[]),
            Err(BoardError::JumpOffBoard { .. })
        ));
        assert!(matches!(
            Board::new(10, &[Jump::new(3, 3)], &[]),
            Err(BoardError::JumpToItself { .. })
        ));
        assert!(Board::new(10, &[Jump::new(3, 10), Jump::new(4, 0)], &[]).is_ok());
    }

    #[test]
    fn special_squares_are_checked() {
        let miss = Special::MissTurn;
        let extra = Special::ExtraTurn;
        let board = Board::new(100, &[Jump::new(6, 95)], &[(3, miss), (98, extra)]).unwrap();
        assert_eq!(board.special(3), Some(miss));
        assert_eq!(board.special(98), Some(extra));
        assert_eq!(board.special(4), None);
        assert!(matches!(
            Board::new(100, &[Jump::new(6, 95)], &[(95, miss)]),
            Err(BoardError::SpecialOnJump { is_start: false, .. })
        ));
        assert!(matches!(
            Board::new(100, &[Jump::new(6, 95)], &[(6, miss)]),
            Err(BoardError::SpecialOnJump { is_start: true, .. })
        ));
        assert!(matches!(
            Board::new(100, &[], &[(6, miss), (6, extra)]),
            Err(BoardError::DuplicateSpecial {
                index: 1,
                first: 0,
                square: 6
            })
        ));
        assert!(matches!(
            Board::new(100, &[], &[(100, miss)]),
            Err(BoardError::SpecialOffBoard { .. })
        ));
    }

    #[test]
    fn large_boards_cost_memory_per_jump_only() {
        let goal = 1_000_000_000_000_000_000;
        let board = Board::new(goal, &[Jump::new(goal - 1, 2)], &[]).unwrap();
        assert_eq!(board.land(goal - 1), 2);
        assert_eq!(board.goal(), goal);
    }
}
