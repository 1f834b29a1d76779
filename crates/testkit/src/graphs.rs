//! Small random game graphs, as one list of moves per position (`lists[p]` are the positions
//! one move from `p`), for [`tabletop_grundy::Graph::from_lists`] and the oracles.

use rand::Rng;

/// A random graph on `n` positions: each ordered pair (self-loops included) is a move with
/// probability `density`, now and then repeated; with `acyclic`, only moves from a lower to
/// a higher position.
pub fn random_graph<R: Rng + ?Sized>(rng: &mut R, n: usize, density: f64, acyclic: bool) -> Vec<Vec<u32>> {
    let mut lists = vec![Vec::new(); n];
    for (from, list) in lists.iter_mut().enumerate() {
        for to in 0..n as u32 {
            if (!acyclic || to as usize > from) && rng.random_bool(density) {
                list.push(to);
                if rng.random_bool(0.05) {
                    list.push(to); // a repeated move
                }
            }
        }
    }
    lists
}

/// A random DAG on `n` positions whose topological order is hidden: moves go from a lower to
/// a higher index of a random relabelling, each pair with probability 0.35, now and then
/// twice.
pub fn random_dag<R: Rng + ?Sized>(rng: &mut R, n: usize) -> Vec<Vec<u32>> {
    let mut label: Vec<u32> = (0..n as u32).collect();
    for i in (1..n).rev() {
        label.swap(i, rng.random_range(0..=i));
    }
    let mut lists = vec![Vec::new(); n];
    for i in 0..n {
        for j in i + 1..n {
            if rng.random_bool(0.35) {
                let copies = if rng.random_bool(0.1) { 2 } else { 1 };
                for _ in 0..copies {
                    lists[label[i] as usize].push(label[j]);
                }
            }
        }
    }
    lists
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::SeedableRng;

    /// Whether `lists` has a cycle (Kahn's algorithm leaves positions over).
    fn has_cycle(lists: &[Vec<u32>]) -> bool {
        let mut incoming = vec![0usize; lists.len()];
        for list in lists {
            for &to in list {
                incoming[to as usize] += 1;
            }
        }
        let mut ready: Vec<usize> = (0..lists.len()).filter(|&p| incoming[p] == 0).collect();
        let mut done = 0;
        while let Some(p) = ready.pop() {
            done += 1;
            for &to in &lists[p] {
                incoming[to as usize] -= 1;
                if incoming[to as usize] == 0 {
                    ready.push(to as usize);
                }
            }
        }
        done < lists.len()
    }

    #[test]
    fn acyclic_means_acyclic_and_cycles_do_occur() {
        let mut rng = StdRng::seed_from_u64(7);
        let mut cyclic = 0;
        for _ in 0..200 {
            let n = rng.random_range(1..=8);
            let graph = random_graph(&mut rng, n, 0.3, true);
            assert_eq!(graph.len(), n);
            assert!(!has_cycle(&graph), "{graph:?}");
            assert!(!has_cycle(&random_dag(&mut rng, n)));
            cyclic += usize::from(has_cycle(&random_graph(&mut rng, n, 0.3, false)));
        }
        assert!(cyclic > 50, "{cyclic}");
    }

    #[test]
    fn the_dag_order_is_hidden() {
        let mut rng = StdRng::seed_from_u64(11);
        let backward = (0..100)
            .map(|_| random_dag(&mut rng, 6))
            .filter(|lists| {
                lists
                    .iter()
                    .enumerate()
                    .any(|(from, list)| list.iter().any(|&to| (to as usize) < from))
            })
            .count();
        assert!(backward > 50, "{backward}");
    }
}
