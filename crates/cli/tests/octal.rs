//! `tabletop octal` as a user runs it: the code as an argument, from standard input, and the
//! error format for a code given on the command line.

mod common;

use common::{tabletop_reading_all, text};

#[test]
fn the_code_can_be_an_argument_or_come_from_stdin() {
    let expected = "0 1 2 3 1 4 3 2 1 4 2\n";
    let output = tabletop_reading_all(&["octal", "0.77", "--heaps", "10"], b"");
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert_eq!(text(&output.stdout), expected);
    for args in [&["octal"][..], &["octal", "--file", "-"][..]] {
        let output = tabletop_reading_all(args, b"0.77 10\n");
        assert!(output.status.success(), "{}", text(&output.stderr));
        assert_eq!(text(&output.stdout), expected);
    }
}

#[test]
fn a_bad_code_argument_is_located_in_the_argument() {
    for (code, located) in [
        (
            "0.8",
            "error: <code>:1:3: expected an octal digit 0..7, found `8`",
        ),
        (
            "0.",
            "error: <code>:1:3: expected a digit after the point, found end of input",
        ),
        (
            ".7",
            "error: <code>:1:1: expected an octal code such as `0.77`, found `.7`",
        ),
        (
            "0.7q",
            "error: <code>:1:4: expected an octal digit 0..7, found `q`",
        ),
        (
            "",
            "error: <code>:1:1: expected an octal code such as `0.77`, found end of input",
        ),
    ] {
        let output = tabletop_reading_all(&["octal", code], b"");
        assert_eq!(output.status.code(), Some(2), "{code:?}");
        assert!(output.stdout.is_empty());
        let stderr = text(&output.stderr);
        assert!(stderr.starts_with(located), "{code:?}: {stderr}");
    }
}

#[test]
fn a_query_gives_the_outcome_and_a_move_that_wins() {
    let output = tabletop_reading_all(
        &["octal", "0.07", "--query", "9 4", "--period", "--heaps", "200"],
        b"",
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert_eq!(
        text(&output.stdout),
        "WIN\nheap 2 (4 tokens): take 2, leave 1 and 1\nperiod 34 preperiod 53\n"
    );
}

/// A fresh folder for a test's files.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tabletop-octal-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

/// Officers to this heap: long enough to have checkpoints mid-way, short enough to resume in a
/// debug build.
const LONG: &str = "30000";

/// Officers to this heap cannot end within minutes even in a release build: a run that must
/// still be going when the test signals it.
const ENDLESS: &str = "5000000";

/// A far-away safety net: no wait below takes more than a fraction of this.
const SAFETY_NET: std::time::Duration = std::time::Duration::from_secs(120);

/// Waits until `path` exists and is not empty, polling; panics after [`SAFETY_NET`].
fn wait_for_file(path: &std::path::Path) {
    let started = std::time::Instant::now();
    while !std::fs::metadata(path).is_ok_and(|m| m.len() > 0) {
        assert!(
            started.elapsed() < SAFETY_NET,
            "{} never appeared",
            path.display()
        );
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
}

/// The values of an uninterrupted run, from the library.
fn officers_line() -> String {
    let code = tabletop_app::octal::OctalCode::new(&[0, 6]).expect("0.6 is a code");
    let heaps = LONG.parse().expect("LONG is a number");
    let values = tabletop_app::octal::NimSequence::compute(&code, heaps).into_values();
    let text: Vec<String> = values.iter().map(u32::to_string).collect();
    format!("{}\n", text.join(" "))
}

#[test]
fn a_killed_run_resumes_to_the_same_values() {
    let dir = scratch("kill");
    let checkpoint = dir.join("officers.ckpt");
    let path = checkpoint.to_str().unwrap();
    let mut run = std::process::Command::new(common::TABLETOP)
        .args([
            "octal",
            "0.6",
            "--heaps",
            LONG,
            "--jobs",
            "2",
            "--checkpoint",
            path,
        ])
        .args(["--checkpoint-every", "0.05"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("tabletop starts");
    // Killed (SIGKILL, no chance to save) as soon as the first checkpoint is there. Whether
    // the run had ended by then does not matter: the checkpoint was taken mid-way.
    wait_for_file(&checkpoint);
    let _ = run.kill();
    let _ = run.wait();
    let saved = std::fs::read(&checkpoint).expect("a checkpoint was saved before the kill");
    assert!(saved.starts_with(b"tabletop octal checkpoint 1\n"));
    // Stopped on two threads, resumed on one.
    let resumed = tabletop_reading_all(
        &["octal", "0.6", "--heaps", LONG, "--jobs", "1", "--resume", path],
        b"",
    );
    assert!(resumed.status.success(), "{}", text(&resumed.stderr));
    assert_eq!(text(&resumed.stdout), officers_line());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn ctrl_c_saves_the_state_and_says_how_to_go_on() {
    use tabletop_stress::run::Command;
    let dir = scratch("sigint");
    let checkpoint = dir.join("officers.ckpt");
    let path = checkpoint.to_str().unwrap();
    let started = dir.join("started");
    // Ctrl-C once a checkpoint shows the run is under way (the run cannot end first); the
    // shell's loop gives up after the safety net.
    let script = format!(
        "'{}' octal 0.6 --heaps {ENDLESS} --jobs 2 --checkpoint '{path}' --checkpoint-every 0.05 > '{}' & pid=$!; \
         i=0; while [ ! -s '{path}' ] && [ $i -lt {} ]; do sleep 0.01; i=$((i+1)); done; \
         touch '{}'; kill -INT $pid; wait $pid",
        common::TABLETOP,
        dir.join("partial.out").display(),
        SAFETY_NET.as_millis() / 10,
        started.display()
    );
    let stopped = Command::new("sh", ["-c", script.as_str()])
        .timeout(SAFETY_NET * 2)
        .run(b"")
        .unwrap();
    assert!(started.exists());
    assert_eq!(stopped.status.code(), Some(1), "{}", stopped.stderr_text());
    let stderr = stopped.stderr_text();
    assert!(stderr.contains("error: stopped after G(0.."), "{stderr}");
    assert!(
        stderr.contains(&format!("go on with --resume {path}")),
        "{stderr}"
    );
    let saved = std::fs::read(&checkpoint).expect("the state was saved on Ctrl-C");
    assert!(saved.starts_with(b"tabletop octal checkpoint 1\n"));
    // The values written are the first ones (compared as far as both go).
    let partial = std::fs::read_to_string(dir.join("partial.out")).unwrap();
    let whole = officers_line();
    let common_length = partial.len().min(whole.len()).saturating_sub(1);
    assert_eq!(partial.get(..common_length), whole.get(..common_length));
    let _ = std::fs::remove_dir_all(&dir);
}
