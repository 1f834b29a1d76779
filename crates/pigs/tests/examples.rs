//! Every worked example of the rules (fixtures/pigs/spec-*) and, on request, the public judge
//! data, through the engine alone.

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

/// The judge's own data is not part of the repository: run with
/// `cargo test -p tabletop-pigs -- --ignored` where `../shared/judge-data/pigs` holds it.
#[test]
#[ignore = "needs the outside judge data in ../shared/judge-data/pigs"]
fn public_judge_data_matches() {
    let dir = common::root().join("../shared/judge-data/pigs");
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
