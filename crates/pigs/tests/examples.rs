//! Every worked example of the spec (fixtures/pigs/spec-*) and the public judge data, through
//! the engine alone.

#![allow(clippy::unwrap_used)] // tests may unwrap (see the common brief)

mod common;

use tabletop_pigs::play;

#[test]
fn spec_examples_match_exactly() {
    let cases = common::cases(&common::root().join("fixtures/pigs"));
    let spec: Vec<_> = cases
        .iter()
        .filter(|(name, _, _)| name.starts_with("spec-"))
        .collect();
    assert_eq!(spec.len(), 14, "the sample and E1..E13");
    for (name, input, expected) in spec {
        let outcome = play(&common::judge(input)).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(&outcome.to_string(), expected, "{name}");
    }
}

/// Outside judge data is optional: this runs only when asked for (`--ignored`), and then fails
/// if the data is missing rather than passing silently. The data is `../shared/judge-data`
/// beside the repository, or the folder named by `TABLETOP_JUDGE_DATA`.
#[test]
#[ignore = "needs ../shared/judge-data; run with --ignored"]
fn public_judge_data_matches() {
    let data = std::env::var_os("TABLETOP_JUDGE_DATA").map_or_else(
        || common::root().join("../shared/judge-data"),
        std::path::PathBuf::from,
    );
    let dir = data.join("pigs");
    let cases = common::cases(&dir);
    assert!(!cases.is_empty(), "no judge data at {}", dir.display());
    for (name, input, expected) in &cases {
        let outcome = play(&common::judge(input)).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(
            common::judge_equal(&outcome.to_string(), expected),
            "{name}:\n{outcome}\nexpected:\n{expected}"
        );
    }
}
