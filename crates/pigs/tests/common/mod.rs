//! Test helpers: a minimal reader of the judge format (whitespace split; the real parser lives in
//! `tabletop-parse`, which depends on this crate) and small constructors.

#![allow(dead_code)]

use std::path::PathBuf;

use tabletop_pigs::{Card, Role, Setup};

/// Cards from letters separated by spaces: `cards("K K D")`.
pub fn cards(text: &str) -> Vec<Card> {
    text.split_whitespace()
        .map(|t| {
            t.chars()
                .next()
                .and_then(Card::from_letter)
                .expect("a card letter")
        })
        .collect()
}

/// A setup from `(role, hand)` pairs and a deck, all as text.
pub fn setup(pigs: &[(&str, &str)], deck: &str) -> Setup {
    Setup {
        pigs: pigs
            .iter()
            .map(|(role, hand)| {
                let role = match *role {
                    "MP" => Role::Mp,
                    "ZP" => Role::Zp,
                    "FP" => Role::Fp,
                    other => panic!("role {other}"),
                };
                (role, cards(hand))
            })
            .collect(),
        deck: cards(deck),
    }
}

/// Reads a judge input (only the first m deck cards count).
pub fn judge(text: &str) -> Setup {
    let mut tokens = text.split_whitespace();
    let n: usize = tokens
        .next()
        .and_then(|t| t.parse().ok())
        .expect("the number of pigs");
    let m: usize = tokens
        .next()
        .and_then(|t| t.parse().ok())
        .expect("the number of cards");
    let mut pigs = Vec::new();
    for _ in 0..n {
        let role = tokens.next().expect("a role");
        let hand: Vec<&str> = (0..4).map(|_| tokens.next().expect("a starting card")).collect();
        pigs.push((role, hand.join(" ")));
    }
    let deck: Vec<&str> = tokens.take(m).collect();
    let pigs: Vec<(&str, &str)> = pigs.iter().map(|(r, h)| (*r, h.as_str())).collect();
    setup(&pigs, &deck.join(" "))
}

/// The workspace root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// `(name, input, expected output)` of every `.in`/`.out` pair in `dir`.
pub fn cases(dir: &PathBuf) -> Vec<(String, String, String)> {
    let mut cases = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return cases;
    };
    for entry in entries {
        let path = entry.expect("a readable folder entry").path();
        if path.extension().is_some_and(|e| e == "in") {
            let out = path.with_extension("out");
            if out.exists() {
                cases.push((
                    path.file_stem()
                        .expect("a fixture has a name")
                        .to_string_lossy()
                        .into_owned(),
                    std::fs::read_to_string(&path).expect("a readable .in fixture"),
                    std::fs::read_to_string(&out).expect("a readable .out fixture"),
                ));
            }
        }
    }
    cases.sort();
    cases
}

/// Judge comparison: trailing spaces and trailing empty lines ignored.
pub fn judge_equal(a: &str, b: &str) -> bool {
    let norm = |s: &str| {
        let mut lines: Vec<&str> = s.lines().map(str::trim_end).collect();
        while lines.last() == Some(&"") {
            lines.pop();
        }
        lines.join("\n")
    };
    norm(a) == norm(b)
}
