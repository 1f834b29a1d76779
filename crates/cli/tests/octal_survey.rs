//! `tabletop octal --misere --survey DIGITS` as a user runs it: rows of every class of codes,
//! JSON lines that a later survey goes on from, refusals located.

mod common;

use common::{tabletop_reading_all, text};

/// The codes of one digit whose quotients take long to prove: given as done, so that the
/// rest (proven within milliseconds) never meets the time a code may take.
const SLOW: &str = "{\"code\":\"0.4\"}\n{\"code\":\"0.6\"}\n";

#[test]
fn a_survey_goes_on_from_its_own_output_and_proves_the_small_codes() {
    let folder = tempfile::tempdir().expect("a folder");
    let done = folder.path().join("done.jsonl");
    std::fs::write(&done, SLOW).expect("written");
    let done = done.display().to_string();
    let args = [
        "octal", "--misere", "--survey", "1", "--budget", "600", "--json", "--resume", &done,
    ];
    let output = tabletop_reading_all(&args, b"");
    assert!(output.status.success(), "{}", text(&output.stderr));
    let rows = text(&output.stdout);
    let codes: Vec<&str> = rows
        .lines()
        .map(|line| line.split('"').nth(3).expect("a code"))
        .collect();
    // One code a class: 0.2 is 0.1's first cousin, and the codes done are not run again.
    assert_eq!(codes, ["0.1", "0.3", "0.5", "0.7"], "{rows}");
    assert!(
        rows.starts_with(
            "{\"code\":\"0.1\",\"heaps\":6,\"order\":2,\"p_portion\":1,\"period\":{\"period\":1,\"preperiod\":2},\"stopped\":null}\n"
        ),
        "{rows}"
    );
    // Its output, with the codes done before, is a survey to go on from: nothing is left.
    std::fs::write(&done, format!("{SLOW}{rows}")).expect("written");
    let output = tabletop_reading_all(&args, b"");
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert_eq!(text(&output.stdout), "");
}

#[test]
fn the_table_has_a_header_and_a_row_a_code() {
    let folder = tempfile::tempdir().expect("a folder");
    let done = folder.path().join("done.jsonl");
    std::fs::write(&done, SLOW).expect("written");
    let done = done.display().to_string();
    let args = [
        "octal", "--misere", "--survey", "1", "--budget", "600", "--resume", &done,
    ];
    let output = tabletop_reading_all(&args, b"");
    assert!(output.status.success(), "{}", text(&output.stderr));
    let table = text(&output.stdout);
    let lines: Vec<&str> = table.lines().collect();
    assert_eq!(lines.len(), 4, "{table}");
    assert!(
        lines[0].starts_with("0.1 ") && lines[0].contains("1 from 2") && lines[0].contains("tame"),
        "{table}"
    );
}

#[test]
fn bad_surveys_are_refused_naming_what_is_wrong() {
    let folder = tempfile::tempdir().expect("a folder");
    let done = folder.path().join("done.jsonl");
    std::fs::write(&done, "{\"code\":\"0.1\"}\n{\"code\":\"0.9\"}\n").expect("written");
    let done = done.display().to_string();
    let output = tabletop_reading_all(&["octal", "--misere", "--survey", "1", "--resume", &done], b"");
    assert_eq!(output.status.code(), Some(2));
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains("done.jsonl:2:12: expected an octal digit 0..7, found `9`"),
        "{stderr}"
    );
    assert!(output.stdout.is_empty());
    let output = tabletop_reading_all(&["octal", "--misere", "--survey", "5"], b"");
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("a survey runs codes of 1 to 4 digits, not 5"));
    let output = tabletop_reading_all(&["octal", "--survey", "1"], b"");
    assert_eq!(output.status.code(), Some(2));
}
