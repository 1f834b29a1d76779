//! Reference boards, as plain pairs of squares.

/// The jumps of Milton Bradley's Chutes and Ladders (100 squares), `(from, to)`: nine ladders
/// up, then ten chutes down (the board of `fixtures/odds/milton-bradley.in`).
pub const MILTON_BRADLEY_JUMPS: [(u64, u64); 19] = [
    (1, 38),
    (4, 14),
    (9, 31),
    (21, 42),
    (28, 84),
    (36, 44),
    (51, 67),
    (71, 91),
    (80, 100),
    (16, 6),
    (47, 26),
    (49, 11),
    (56, 53),
    (62, 19),
    (64, 60),
    (87, 24),
    (93, 73),
    (95, 75),
    (98, 78),
];

/// The number of squares of Milton Bradley's board.
pub const MILTON_BRADLEY_SQUARES: u64 = 100;

/// `count` jumps `(from, to)` spread at random over a board whose goal is `goal` (at least
/// `count + 4`), alternately down and up, ends never on a start: a large sparse board.
pub fn random_jumps<R: rand::Rng + ?Sized>(rng: &mut R, goal: u64, count: usize) -> Vec<(u64, u64)> {
    let mut starts = std::collections::BTreeSet::new();
    while starts.len() < count {
        starts.insert(rng.random_range(3..goal - 1));
    }
    starts
        .iter()
        .enumerate()
        .map(|(i, &from)| loop {
            let to = if i % 2 == 0 {
                rng.random_range(2..from)
            } else {
                rng.random_range(from + 1..goal)
            };
            if !starts.contains(&to) {
                break (from, to);
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn random_jumps_start_apart_and_never_end_on_a_start() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(5);
        let jumps = random_jumps(&mut rng, 10_000, 200);
        assert_eq!(jumps.len(), 200);
        let starts: std::collections::BTreeSet<u64> = jumps.iter().map(|&(from, _)| from).collect();
        assert_eq!(starts.len(), 200);
        assert!(jumps
            .iter()
            .all(|&(from, to)| from != to && to < 10_000 && !starts.contains(&to)));
    }

    #[test]
    fn nine_ladders_then_ten_chutes_on_distinct_squares() {
        let (ladders, chutes) = MILTON_BRADLEY_JUMPS.split_at(9);
        assert!(ladders.iter().all(|&(from, to)| from < to));
        assert!(chutes.iter().all(|&(from, to)| from > to));
        let mut starts: Vec<u64> = MILTON_BRADLEY_JUMPS.iter().map(|&(from, _)| from).collect();
        starts.sort_unstable();
        starts.dedup();
        assert_eq!(starts.len(), 19);
        assert!(MILTON_BRADLEY_JUMPS
            .iter()
            .all(|&(from, to)| (1..=MILTON_BRADLEY_SQUARES).contains(&from) && to <= MILTON_BRADLEY_SQUARES));
    }

    #[test]
    fn the_fixture_is_the_same_board() {
        let fixture = include_str!("../../../fixtures/odds/milton-bradley.in");
        let mut jumps: Vec<(u64, u64)> = Vec::new();
        for line in fixture.lines() {
            let words: Vec<&str> = line.split_whitespace().collect();
            if let ["ladder" | "chute", from, to] = words[..] {
                jumps.push((from.parse().expect("a square"), to.parse().expect("a square")));
            }
        }
        let mut expected = MILTON_BRADLEY_JUMPS.to_vec();
        expected.sort_unstable();
        jumps.sort_unstable();
        assert_eq!(jumps, expected);
        assert!(fixture.contains(&format!("squares {MILTON_BRADLEY_SQUARES}")));
    }
}
