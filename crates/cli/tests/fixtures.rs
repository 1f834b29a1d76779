//! Every fixture of `fixtures/` through the `tabletop` binary under `cargo test`, with the
//! checks of `cargo xtask verify` (`tabletop_stress::fixture`, one copy).

#![allow(clippy::unwrap_used)] // a test crate: a failed unwrap is a failed test

use std::path::Path;

use tabletop_stress::fixture::{check, collect, Compare};

#[test]
fn every_fixture_passes() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures");
    let cases = collect(&root, Compare::Exact).unwrap();
    // Every game folder has cases (a wrong path would find none and pass).
    for game in ["chutes", "snakes", "grundy", "pigs", "odds", "octal"] {
        assert!(cases.iter().any(|case| case.game == game), "no {game} fixtures");
    }
    passes(&cases);
}

/// The judge's own data is not part of the repository: run with
/// `cargo test -p tabletop --test fixtures -- --ignored` where `../shared/judge-data` holds
/// it (`<game>/*.in` with `.out`), compared as judges compare.
#[test]
#[ignore = "needs the outside judge data in ../shared/judge-data"]
fn public_judge_data_passes() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join("../shared/judge-data");
    let cases = collect(&root, Compare::Judge).unwrap();
    assert!(!cases.is_empty(), "no judge data at {}", root.display());
    passes(&cases);
}

fn passes(cases: &[tabletop_stress::fixture::Case]) {
    let binary = Path::new(env!("CARGO_BIN_EXE_tabletop"));
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|case| check(binary, case).map(|report| format!("{}:\n{report}", case.input.display())))
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} fixtures failed:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}
