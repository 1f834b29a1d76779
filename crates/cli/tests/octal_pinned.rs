//! `tabletop octal` with both of its threads forced onto one core, where every hand-off
//! between them waits for the scheduler: the values and the counts of steps are those of
//! one thread. (How many runs go on two threads is decided by their measured pace: a speed,
//! which a test on a busy machine cannot assert.)

mod common;

use common::{text, TABLETOP};
use std::time::Duration;

use tabletop_stress::run::Command;

/// Heaps of Officers (`0.6`): past the warm-up and three choices of the mask, a few seconds
/// in a debug build.
const HEAPS: &str = "20000";

/// The heaps of sparse steps, of them those on two threads, and of those the ones computed
/// again, from `--stats`'s method line (`sparse space (mask 0b…) S, of them P on 2 threads
/// (A computed again)`; no `of them` for none).
fn sparse_and_paired(stats: &str) -> (u64, u64, u64) {
    let number_after = |text: &str, marker: &str| -> Option<u64> {
        let rest = &text[text.find(marker)? + marker.len()..];
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        digits.parse().ok()
    };
    let mask = &stats[stats.find("sparse space (mask ").expect("a sparse-space count")..];
    let sparse = number_after(mask, ") ").expect("a sparse-space count");
    (
        sparse,
        number_after(stats, ", of them ").unwrap_or(0),
        number_after(stats, " on 2 threads (").unwrap_or(0),
    )
}

#[test]
fn two_threads_on_one_core_give_the_values_and_steps_of_one() {
    let pinned = |args: &[&str]| {
        let mut words = vec!["-c", "0", TABLETOP];
        words.extend_from_slice(args);
        Command::new("taskset", words)
            .timeout(Duration::from_secs(300))
            .env("NO_COLOR", "1")
            .run(b"")
    };
    match pinned(&["--version"]) {
        Ok(output) if output.status.success() => {}
        _ => {
            eprintln!("skipped: `taskset -c 0` is not available here");
            return;
        }
    }
    let args = |jobs| ["octal", "0.6", "--heaps", HEAPS, "--stats", "--jobs", jobs];
    let two = pinned(&args("2")).expect("taskset starts");
    let one = common::tabletop(&args("1"), "");
    assert!(
        two.status.success() && one.status.success(),
        "{:?} {:?}: {}",
        two.status,
        one.status,
        text(&two.stderr)
    );
    assert_eq!(text(&two.stdout), text(&one.stdout));
    let (sparse, paired, again) = sparse_and_paired(&text(&two.stderr));
    assert_eq!((sparse, 0, 0), sparse_and_paired(&text(&one.stderr)));
    assert!(sparse > 18_000, "{}", text(&two.stderr));
    assert!(
        again <= paired && paired <= sparse,
        "{again} computed again of {paired} of {sparse} heaps on 2 threads"
    );
}

#[test]
fn the_stats_line_is_read_with_and_without_paired_heaps() {
    let line = "method: plain 409, bit sets 952, sparse space (mask 0b111101110) 998639";
    assert_eq!(sparse_and_paired(line), (998_639, 0, 0));
    let line = format!("{line}, of them 544 on 2 threads (294 computed again)\n");
    assert_eq!(sparse_and_paired(&line), (998_639, 544, 294));
}
