//! The repository as a reader meets it: it documents its own rules and output formats (the
//! samples in `docs/` are the fixtures), errors say things once and briefly, a closed stdin
//! is an I/O failure, and the build stays light.

mod common;

use std::path::{Path, PathBuf};
use std::time::Duration;

use common::{tabletop, text};
use tabletop_stress::run::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// `tabletop chutes <&-`: the shell closes fd 0 before starting the program.
#[cfg(target_os = "linux")]
#[test]
fn a_closed_stdin_is_an_io_error_not_an_empty_input() {
    let binary = env!("CARGO_BIN_EXE_tabletop");
    let closed = Command::new("sh", ["-c", "exec \"$0\" chutes <&-", binary])
        .run(b"")
        .expect("sh runs");
    assert_eq!(closed.status.code(), Some(1), "{}", text(&closed.stderr));
    assert!(closed.stdout.is_empty());
    assert_eq!(
        text(&closed.stderr),
        "error: <stdin>: standard input is closed (give a file, or pipe the input in)\n"
    );
    // `</dev/null` is an input, just an empty one: a located error, exit 2.
    let empty = Command::new("sh", ["-c", "exec \"$0\" chutes </dev/null", binary])
        .run(b"")
        .expect("sh runs");
    assert_eq!(empty.status.code(), Some(2), "{}", text(&empty.stderr));
    assert!(text(&empty.stderr).starts_with("error: <stdin>:1:1: "));
}

/// The message is on the first line and nowhere else: no `× rejected input`, no label
/// repeating it under the carets.
#[test]
fn an_error_message_appears_once_with_a_caret_snippet() {
    let output = tabletop(&["snakes"], "5 1 0\n3 20\n");
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    let stderr = text(&output.stderr);
    let message = "snake 3 20 goes up: a snake's mouth must be above its tail";
    assert_eq!(
        stderr.lines().next(),
        Some(format!("error: <stdin>:2:1: {message}").as_str())
    );
    assert_eq!(stderr.matches("goes up").count(), 1, "{stderr}");
    assert!(!stderr.contains("rejected input"), "{stderr}");
    assert!(stderr.contains("2 │ 3 20\n"), "{stderr}");
    assert!(stderr.contains("│ ^^^^\n"), "{stderr}");
    assert!(stderr.ends_with("^^^^\n"), "no trailing blank line: {stderr:?}");
}

/// The never-ending pigs game's long sentence is printed once.
#[test]
fn a_never_ending_pigs_game_is_explained_once() {
    let output = tabletop(&["pigs"], "2 1\nMP D D D D\nFP D D D D\nD\n");
    assert_eq!(output.status.code(), Some(2));
    let stderr = text(&output.stderr);
    assert!(
        stderr.starts_with("error: <stdin>:4:1: the game can never end"),
        "{stderr}"
    );
    assert_eq!(stderr.matches("can never end").count(), 1, "{stderr}");
    assert_eq!(stderr.matches("every later round").count(), 1, "{stderr}");
    assert!(stderr.contains("4 │ D\n"), "{stderr}");
}

/// A loop of 100,000 jumps is named by its first squares and a count, not square by square.
#[test]
fn a_long_jump_loop_is_shortened() {
    // Ladders 2 -> 3 -> ... -> 100001, and a snake from 100001 back to 2.
    let top = 100_001u64;
    let mut input = format!("400 1 {}\n{top} 2\n", top - 2);
    for square in 2..top {
        input.push_str(&format!("{square} {}\n", square + 1));
    }
    let output = tabletop(&["snakes"], &input);
    assert_eq!(output.status.code(), Some(2));
    let stderr = text(&output.stderr);
    let first = stderr.lines().next().unwrap();
    assert!(first.contains("jumps loop forever: "), "{first}");
    assert!(first.contains(" -> … (99995 more) -> "), "{first}");
    assert!(first.len() < 200, "{} bytes: {first}", first.len());
    assert!(stderr.len() < 1000, "{} bytes of stderr", stderr.len());
}

/// Every game's help points at its rules inside the repository.
#[test]
fn every_help_points_at_docs_rules() {
    for (command, page) in [
        ("chutes", "chutes"),
        ("snakes", "snakes"),
        ("grundy", "grundy"),
        ("pigs", "pigs"),
        ("odds", "board"),
    ] {
        let output = tabletop(&[command, "--help"], "");
        let help = text(&output.stdout);
        assert!(
            help.contains(&format!("docs/rules/{page}.md")),
            "{command} --help:\n{help}"
        );
        assert!(!help.contains("shared/"), "{command} --help:\n{help}");
        assert!(root().join(format!("docs/rules/{page}.md")).is_file());
    }
}

fn files_under(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a readable folder of the repository") {
        let path = entry.expect("a readable folder entry").path();
        let name = path
            .file_name()
            .expect("an entry of read_dir has a name")
            .to_string_lossy();
        if path.is_dir() {
            if name != "target" && !name.starts_with('.') {
                files_under(&path, found);
            }
        } else {
            found.push(path);
        }
    }
}

/// Nothing in the repository points at the statements outside it.
#[test]
fn nothing_points_outside_the_repository_for_rules() {
    let root = root();
    let mut files = vec![root.join("README.md"), root.join("ARCHITECTURE.md")];
    for dir in ["crates", "fixtures", "docs", "xtask"] {
        files_under(&root.join(dir), &mut files);
    }
    for file in files {
        let Ok(content) = std::fs::read_to_string(&file) else {
            continue;
        };
        assert!(
            !content.contains(&["shared", "spec"].join("/")),
            "{} points at the outside spec: use docs/rules/<game>.md",
            file.display()
        );
    }
}

/// A test that needs data from outside the repository is `#[ignore]`d with a reason, so that
/// it shows in the summary instead of passing silently.
#[test]
fn tests_needing_outside_data_are_ignored_visibly() {
    let mut files = Vec::new();
    files_under(&root().join("crates"), &mut files);
    let mut seen = 0;
    for file in files.iter().filter(|f| f.extension().is_some_and(|e| e == "rs")) {
        let content = std::fs::read_to_string(file).unwrap();
        if file.ends_with("repository.rs") || !content.contains("../shared") {
            continue;
        }
        for test in content.split("#[test]").skip(1) {
            if test.contains("\"../shared") {
                seen += 1;
                let attributes = test.split("fn ").next().unwrap_or("");
                assert!(
                    attributes.contains("#[ignore = \"needs") && attributes.contains("shared/"),
                    "{}: a test reads ../shared without #[ignore = \"needs ...shared...\"]",
                    file.display()
                );
            }
        }
    }
    assert!(
        seen >= 1,
        "the judge-data test (crates/cli/tests/fixtures.rs) was expected"
    );
}

/// The last backticked token of a line, if the line ends with `:`.
fn announced_fixture(line: &str) -> Option<PathBuf> {
    if !line.ends_with(':') {
        return None;
    }
    let token = line.rsplit('`').nth(1)?;
    if let Some(path) = token.strip_prefix("fixtures/") {
        return Some(root().join("fixtures").join(path));
    }
    token
        .starts_with("spec-e")
        .then(|| root().join("fixtures/pigs").join(format!("{token}.in")))
}

/// The fenced block starting after line `at`.
fn block_after(lines: &[&str], at: usize) -> String {
    let mut rest = lines[at + 1..].iter().skip_while(|l| l.trim().is_empty());
    assert!(
        rest.next().is_some_and(|l| l.starts_with("```")),
        "no code block after line {}",
        at + 1
    );
    let mut block = String::new();
    for line in rest.take_while(|l| !l.starts_with("```")) {
        block.push_str(line);
        block.push('\n');
    }
    block
}

/// Checks every sample of `page` (under `docs/`) announced by "...`fixtures/<path>`:"
/// against that fixture, byte for byte, and the pigs examples' one-line `Output:` summaries
/// against their `.out` files; returns the fixtures checked and the number of checks.
fn check_samples(page: &str) -> (Vec<PathBuf>, usize) {
    let path = root().join("docs").join(page);
    let content = std::fs::read_to_string(&path).expect("a readable page under docs/");
    let lines: Vec<&str> = content.lines().collect();
    let mut fixtures = Vec::new();
    let mut checked = 0;
    let mut last_example: Option<PathBuf> = None;
    for (at, line) in lines.iter().enumerate() {
        if let Some(fixture) = announced_fixture(line) {
            let expected = std::fs::read_to_string(&fixture)
                .unwrap_or_else(|e| panic!("{page}:{}: {}: {e}", at + 1, fixture.display()));
            assert_eq!(block_after(&lines, at), expected, "{page}:{}", at + 1);
            checked += 1;
            fixtures.push(fixture.clone());
            last_example = Some(fixture);
        }
        if let (Some(summary), Some(example)) = (line.strip_prefix("Output: "), &last_example) {
            let hands: Vec<&str> = summary.split('`').skip(1).step_by(2).collect();
            let expected =
                std::fs::read_to_string(example.with_extension("out")).expect("the example's .out fixture");
            assert_eq!(hands, expected.lines().collect::<Vec<_>>(), "{page}:{}", at + 1);
            checked += 1;
        }
    }
    (fixtures, checked)
}

/// Every sample quoted in docs/rules after "...`fixtures/<path>`:" is that fixture, byte for
/// byte (and `cargo xtask verify` checks the fixtures against the program). The pigs
/// examples' one-line `Output:` summaries match their `.out` files too.
#[test]
fn the_samples_in_the_docs_are_the_fixtures() {
    let mut checked = 0;
    for page in ["chutes", "snakes", "grundy", "pigs", "board"] {
        checked += check_samples(&format!("rules/{page}.md")).1;
    }
    assert!(checked >= 39, "only {checked} samples found in docs/rules");
}

/// docs/json.md shows, for every command with `--json`, an example that is a `--json`
/// fixture's output byte for byte (so the real program's output, by `cargo xtask verify`).
#[test]
fn docs_json_has_a_checked_example_for_every_json_output() {
    let (fixtures, _) = check_samples("json.md");
    for game in ["chutes", "snakes", "grundy", "pigs", "odds", "octal"] {
        let shown = fixtures.iter().any(|fixture| {
            let args = std::fs::read_to_string(fixture.with_extension("args")).unwrap_or_default();
            fixture.extension().is_some_and(|e| e == "out")
                && fixture.parent().and_then(Path::file_name) == Some(game.as_ref())
                && args.split_whitespace().any(|arg| arg == "--json")
        });
        assert!(
            shown,
            "docs/json.md has no checked `tabletop {game} --json` example"
        );
    }
}

/// Every section number the pigs code and tests cite (`§7`, `§12.17`) exists in pigs.md.
#[test]
fn every_pigs_section_cited_in_the_code_is_documented() {
    let doc = std::fs::read_to_string(root().join("docs/rules/pigs.md")).unwrap();
    let resolved = doc
        .split("\n## 12.")
        .nth(1)
        .unwrap()
        .split("\n## 13.")
        .next()
        .unwrap();
    let mut files = Vec::new();
    files_under(&root().join("crates"), &mut files);
    let mut cited = std::collections::BTreeSet::new();
    for file in files.iter().filter(|f| f.extension().is_some_and(|e| e == "rs")) {
        let content = std::fs::read_to_string(file).unwrap();
        for piece in content.split('§').skip(1) {
            let number: String = piece
                .chars()
                .take_while(|c| c.is_ascii_digit() || *c == '.')
                .collect();
            let number = number.trim_end_matches('.').to_owned();
            if !number.is_empty() {
                cited.insert(number);
            }
        }
    }
    assert!(cited.len() >= 10, "{cited:?}");
    for number in &cited {
        match number.split_once('.') {
            None => assert!(
                doc.contains(&format!("\n## {number}. ")),
                "§{number} has no section"
            ),
            Some((section, item)) => {
                assert_eq!(section, "12", "§{number}");
                assert!(
                    resolved.contains(&format!("\n{item}. ")),
                    "§{number} is not in §12"
                );
            }
        }
    }
}

/// The release profile carries no debug info (the binary stays small); `profiling` keeps it.
#[test]
fn release_builds_without_debug_info() {
    let manifest = std::fs::read_to_string(root().join("Cargo.toml")).unwrap();
    let section = |name: &str| -> String {
        manifest
            .split(&format!("[profile.{name}]\n"))
            .nth(1)
            .map(|rest| rest.split("\n[").next().unwrap_or("").to_owned())
            .unwrap_or_default()
    };
    let release = section("release");
    assert!(
        !release.lines().any(|l| l.trim_start().starts_with("debug")),
        "[profile.release] sets debug:\n{release}"
    );
    let profiling = section("profiling");
    assert!(profiling.contains("inherits = \"release\""), "{profiling}");
    assert!(profiling.contains("debug = 1"), "{profiling}");
}

/// The CLI's normal dependencies, counted once each, with extra `cargo tree` arguments.
fn normal_dependencies(extra: &[&str]) -> std::collections::BTreeSet<String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut tree = vec![
        "tree",
        "--offline",
        "-p",
        "tabletop",
        "-e",
        "normal",
        "--prefix",
        "none",
    ];
    tree.extend_from_slice(extra);
    let output = Command::new(cargo, tree)
        .current_dir(root())
        .timeout(Duration::from_secs(300))
        .run(b"")
        .expect("cargo runs");
    assert!(
        output.status.success(),
        "cargo tree failed: {}",
        text(&output.stderr)
    );
    text(&output.stdout)
        .lines()
        .filter(|l| !l.trim().is_empty())
        // A crate met again is marked `(*)`: the same crate, counted once.
        .map(|l| l.trim_end_matches(" (*)").to_owned())
        .collect()
}

/// A lean CLI (without the `serve` feature) stays at most 75 normal dependencies (they were
/// 102 with miette; 59 before stress read problem packages, which brought a YAML reader,
/// shell-style word splitting and temporary folders: 12 crates; then safe vectors for the
/// judge-format reader, wide with safe_arch and bytemuck: 3); the HTTP server is what the
/// feature adds, and nothing else (hyper and a small tokio runtime: 17 crates with
/// tabletop-serve).
#[test]
fn a_lean_cli_has_at_most_75_normal_dependencies() {
    let lean = normal_dependencies(&["--no-default-features"]);
    assert!(lean.len() <= 75, "{} crates:\n{lean:#?}", lean.len());
    let full = normal_dependencies(&[]);
    let added: Vec<&String> = full.difference(&lean).collect();
    assert!(
        added.iter().any(|c| c.starts_with("tabletop-serve ")),
        "the serve feature adds tabletop-serve: {added:?}"
    );
    assert!(added.len() <= 20, "the serve feature adds {added:#?}");
}
