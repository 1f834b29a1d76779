//! Test support shared by the workspace's tests and benchmarks, one copy each: the
//! independent oracles the engines are checked against, the random inputs they are checked
//! on, and reference boards. A dev-dependency only (`publish = false`); the layer rule is in
//! `xtask/tests/tidy.rs`.
//!
//! Everything here is plain data in, plain data out (lists of moves, pairs of squares), so
//! that a crate's own unit tests can use it too without meeting a second copy of its types.
//!
//! - [`retrograde`]: who wins every sum of `k` pieces on a small graph, by retrograde analysis
//!   of the whole state space (knows nothing of Sprague-Grundy values).
//! - [`graphs`]: small random graphs as lists of moves, with or without cycles.
//! - [`boards`]: the Milton Bradley Chutes and Ladders board.

pub mod boards;
pub mod graphs;
pub mod retrograde;
