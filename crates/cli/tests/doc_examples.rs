//! Every shell example in README.md, docs/ and the crates' READMEs is what the `tabletop` of this build prints.
//!
//! An example is a fenced code block with lines starting with `$ `: each such line is a
//! command, and the lines below it, up to the next `$ ` line or the end of the block, are its
//! output: its stdout, then its stderr (so a program's answers come before its located
//! errors whatever the buffering). A block without a `$ ` line is shown for copying and not
//! run (the `cargo` commands of the quick start). The conventions, also in docs/README.md:
//!
//! - Each command runs in `sh -c`, with this build's `tabletop` first on the `PATH`, an empty
//!   standard input and `NO_COLOR=1`, in a fresh folder holding links to the repository's
//!   top-level entries (so `fixtures/...` paths work and a file the example writes lands in
//!   the temporary folder, not in the repository).
//! - `<!-- example: in DIR -->` just before the block runs it in a fresh folder holding links
//!   to the files of `DIR` (a folder of the repository) instead.
//! - In the output, a line that is exactly `...` stands for any number of lines, and `...`
//!   inside a line for any text in that line: for what no one can fix, a time measured or a
//!   long output cut short. Used sparingly.
//! - `<!-- example: not run: REASON -->` just before the block leaves it out: for a command
//!   that runs until it is stopped (`tabletop serve`, a Ctrl-C) or installs something.
#![cfg(unix)]

mod common;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use common::{text, TABLETOP};
use tabletop_stress::run::Command;

/// Far above any example's time in a debug build on a loaded machine: reaching it is a hang.
const TIME_LIMIT: Duration = Duration::from_secs(300);

/// The fewest examples the pages hold: finding fewer means the parsing below broke.
const AT_LEAST: usize = 30;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Where an example runs.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Place {
    /// Links to the repository's top-level entries.
    Root,
    /// Links to the files of this folder of the repository.
    In(String),
    /// Not run, for this reason.
    NotRun(String),
}

/// One `$ ` command of a page and the output shown under it.
#[derive(Debug)]
struct Example {
    /// `page:line`, for the report.
    at: String,
    command: String,
    expected: Vec<String>,
    place: Place,
}

/// The marker comment `<!-- example: ... -->` on `line`, if it is one.
fn marker(line: &str, at: &str) -> Option<Place> {
    let body = line
        .trim()
        .strip_prefix("<!-- example:")?
        .strip_suffix("-->")?
        .trim();
    if let Some(reason) = body.strip_prefix("not run:") {
        assert!(!reason.trim().is_empty(), "{at}: a block not run says why");
        return Some(Place::NotRun(reason.trim().to_owned()));
    }
    match body.strip_prefix("in ") {
        Some(dir) => Some(Place::In(dir.trim().to_owned())),
        None => panic!("{at}: unknown example marker `{line}`"),
    }
}

/// The examples of one page (`name` is its path from the repository root).
fn examples_of(name: &str, content: &str) -> Vec<Example> {
    let mut examples: Vec<Example> = Vec::new();
    let mut in_block = false;
    let mut place = Place::Root;
    let mut pending = Place::Root;
    let mut block_has_command = false;
    for (index, line) in content.lines().enumerate() {
        let at = format!("{name}:{}", index + 1);
        if line.trim_start().starts_with("```") {
            in_block = !in_block;
            if in_block {
                place = std::mem::replace(&mut pending, Place::Root);
                block_has_command = false;
            }
            continue;
        }
        if !in_block {
            if let Some(found) = marker(line, &at) {
                pending = found;
            } else if !line.trim().is_empty() {
                pending = Place::Root;
            }
            continue;
        }
        if let Some(command) = line.strip_prefix("$ ") {
            block_has_command = true;
            examples.push(Example {
                at,
                command: command.to_owned(),
                expected: Vec::new(),
                place: place.clone(),
            });
        } else if block_has_command {
            if let Some(example) = examples.last_mut() {
                example.expected.push(line.to_owned());
            }
        }
    }
    examples
}

/// Every page: README.md, the Markdown files under docs/ and each crate's README.md.
fn pages() -> Vec<PathBuf> {
    fn walk(dir: &Path, found: &mut Vec<PathBuf>) {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
            .expect("docs/ is readable")
            .map(|entry| entry.expect("a readable entry").path())
            .collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                walk(&path, found);
            } else if path.extension().is_some_and(|e| e == "md") {
                found.push(path);
            }
        }
    }
    let mut pages = vec![root().join("README.md")];
    walk(&root().join("docs"), &mut pages);
    let mut crates: Vec<PathBuf> = std::fs::read_dir(root().join("crates"))
        .expect("crates/ is readable")
        .map(|entry| entry.expect("a readable entry").path().join("README.md"))
        .filter(|readme| readme.is_file())
        .collect();
    crates.sort();
    pages.extend(crates);
    pages
}

/// Whether the text line `actual` matches `pattern`, where `...` stands for any text.
fn line_matches(pattern: &str, actual: &str) -> bool {
    let pieces: Vec<&str> = pattern.split("...").collect();
    let [first, middle @ .., last] = pieces.as_slice() else {
        return pattern == actual;
    };
    let Some(mut rest) = actual.strip_prefix(first) else {
        return false;
    };
    for piece in middle {
        match rest.find(piece) {
            Some(at) => rest = &rest[at + piece.len()..],
            None => return false,
        }
    }
    rest.len() >= last.len() && rest.ends_with(last)
}

/// Whether the lines `actual` match the lines `pattern` (a line `...` stands for any lines).
fn lines_match(pattern: &[String], actual: &[&str]) -> bool {
    match pattern.split_first() {
        None => actual.is_empty(),
        Some((first, rest)) if first == "..." => {
            (0..=actual.len()).any(|skip| lines_match(rest, &actual[skip..]))
        }
        Some((first, rest)) => actual
            .split_first()
            .is_some_and(|(line, others)| line_matches(first, line) && lines_match(rest, others)),
    }
}

/// A fresh folder for one example, with links to the entries of `source`.
fn workspace_for(source: &Path) -> PathBuf {
    static COUNT: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "tabletop-doc-example-{}-{}",
        std::process::id(),
        COUNT.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    for entry in std::fs::read_dir(source).expect("the example's folder is readable") {
        let path = entry.expect("a readable entry").path();
        let name = path.file_name().expect("an entry has a name");
        if name == "target" {
            continue;
        }
        std::os::unix::fs::symlink(&path, dir.join(name)).expect("a link in the temporary folder");
    }
    dir
}

/// Runs one example; `None` if it printed what the page shows, else the report.
fn check(example: &Example, path_variable: &str) -> Option<String> {
    let source = match &example.place {
        Place::Root => root(),
        Place::In(dir) => root().join(dir),
        Place::NotRun(_) => return None,
    };
    let dir = workspace_for(&source);
    let output = Command::new("sh", ["-c", example.command.as_str()])
        .current_dir(&dir)
        .env("PATH", path_variable)
        .env("NO_COLOR", "1")
        .timeout(TIME_LIMIT)
        .run(b"")
        .expect("sh starts");
    std::fs::remove_dir_all(&dir).ok();
    let actual = text(&output.stdout) + &text(&output.stderr);
    let lines: Vec<&str> = actual.lines().collect();
    if lines_match(&example.expected, &lines) {
        return None;
    }
    Some(format!(
        "{}: `$ {}` ({})\n--- shown\n{}\n--- printed\n{}",
        example.at,
        example.command,
        output.status,
        example.expected.join("\n"),
        actual.trim_end()
    ))
}

#[test]
fn every_shell_example_prints_what_the_docs_show() {
    let binary_dir = Path::new(TABLETOP).parent().expect("the binary is in a folder");
    let path_variable = format!(
        "{}:{}",
        binary_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut run = 0;
    let mut failures = Vec::new();
    for page in pages() {
        let content = std::fs::read_to_string(&page).expect("a readable page");
        let name = page.strip_prefix(root()).unwrap_or(&page).display().to_string();
        for example in examples_of(&name, &content) {
            if !matches!(example.place, Place::NotRun(_)) {
                run += 1;
            }
            failures.extend(check(&example, &path_variable));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {run} examples print something else:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
    assert!(run >= AT_LEAST, "only {run} examples found");
}

#[test]
fn the_output_patterns_match_what_they_say() {
    let lines = |text: &str| text.lines().map(str::to_owned).collect::<Vec<_>>();
    assert!(lines_match(&lines("a\n...\nd"), &["a", "b", "c", "d"]));
    assert!(lines_match(&lines("a\n...\nb"), &["a", "b"]));
    assert!(!lines_match(&lines("a\n...\nd"), &["a", "b", "c"]));
    assert!(lines_match(&lines("took ... s"), &["took 0.64 s"]));
    assert!(!lines_match(&lines("took ... s"), &["took 0.64 ms!"]));
    assert!(!lines_match(&lines("ab...ba"), &["aba"]));
    assert!(!lines_match(&lines("a"), &["a", "b"]));
    assert!(lines_match(&[], &[]));
}

#[test]
fn blocks_are_read_as_the_conventions_say() {
    let page = "text\n\n<!-- example: not run: it serves until stopped -->\n```text\n$ tabletop serve\nlistening\n```\n\n```sh\ncargo build\n$ tabletop a\none\ntwo\n$ tabletop b\n```\n";
    let examples = examples_of("page.md", page);
    assert_eq!(examples.len(), 3);
    assert_eq!(examples[0].place, Place::NotRun("it serves until stopped".into()));
    assert_eq!(examples[0].expected, ["listening"]);
    assert_eq!(examples[1].place, Place::Root);
    assert_eq!(examples[1].at, "page.md:11");
    assert_eq!(examples[1].expected, ["one", "two"]);
    assert!(examples[2].expected.is_empty());
}
