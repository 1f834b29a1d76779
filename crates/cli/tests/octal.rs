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

/// Game 0.16 to this heap: every value computed (its period starts at heap 531255), about
/// 2 s in a debug build, and more than 2 bytes of output per heap. A run whose standard output
/// nobody reads blocks once the pipe (64 KiB) and the writer's buffer (under 128 KiB) are
/// full, so it computes at most about 4 x 90,000 heaps, however fast the machine: the runs
/// below can never end by themselves before they are stopped.
const LONG: &str = "500000";

/// The values of an uninterrupted run, from the library, computed once for both tests.
fn whole_line() -> &'static str {
    static LINE: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    LINE.get_or_init(|| {
        let code = tabletop_app::octal::OctalCode::new(&[0, 1, 6]).expect("0.16 is a code");
        let heaps = LONG.parse().expect("LONG is a number");
        let values = tabletop_app::octal::NimSequence::compute(&code, heaps).into_values();
        let text: Vec<String> = values.iter().map(u32::to_string).collect();
        format!("{}\n", text.join(" "))
    })
}

/// Starts `tabletop octal 0.16 --heaps LONG --checkpoint PATH` saving after every round,
/// its standard output a pipe left unread, and waits until the first checkpoint is saved.
fn started_until_checkpoint(path: &str, jobs: &str) -> std::process::Child {
    use std::process::{Command, Stdio};
    let mut child = Command::new(common::TABLETOP)
        .args([
            "octal",
            "0.16",
            "--heaps",
            LONG,
            "--jobs",
            jobs,
            "--checkpoint",
            path,
        ])
        // Every round: the first checkpoint comes after the first 64 heaps.
        .args(["--checkpoint-every", "1e-9"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tabletop starts");
    // Far above the expected few milliseconds: reaching it means a hang.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(300);
    while !std::path::Path::new(path).exists() {
        let exited = child.try_wait().expect("the run can be waited for");
        assert!(
            exited.is_none(),
            "the run ended before saving a checkpoint: {exited:?}"
        );
        assert!(std::time::Instant::now() < deadline, "no checkpoint in 300 s");
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    child
}

#[test]
fn a_killed_run_resumes_to_the_same_values() {
    use std::os::unix::process::ExitStatusExt as _;
    let dir = scratch("kill");
    let checkpoint = dir.join("game.ckpt");
    let path = checkpoint.to_str().unwrap();
    let mut child = started_until_checkpoint(path, "1");
    // Killed (SIGKILL, no chance to save): blocked on its unread output, it cannot have ended.
    child.kill().expect("the run can be killed");
    let status = child.wait().expect("the run can be waited for");
    assert_eq!(status.signal(), Some(9), "{status:?}");
    let saved = std::fs::read(&checkpoint).expect("a checkpoint was saved before the kill");
    assert!(saved.starts_with(b"tabletop octal checkpoint 3\n"));
    let resumed = tabletop_reading_all(&["octal", "0.16", "--heaps", LONG, "--resume", path], b"");
    assert!(resumed.status.success(), "{}", text(&resumed.stderr));
    assert_eq!(text(&resumed.stdout), whole_line());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn ctrl_c_saves_the_state_and_says_how_to_go_on() {
    use std::io::Read as _;
    let dir = scratch("sigint");
    let checkpoint = dir.join("game.ckpt");
    let path = checkpoint.to_str().unwrap();
    let mut child = started_until_checkpoint(path, "2");
    let sent = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success());
    // Read now, so that the run, blocked on its output, gets to see the stop.
    let mut partial = String::new();
    child.stdout.take().unwrap().read_to_string(&mut partial).unwrap();
    let mut stderr = String::new();
    child.stderr.take().unwrap().read_to_string(&mut stderr).unwrap();
    let status = child.wait().expect("the run can be waited for");
    assert_eq!(status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("error: stopped after G(0.."), "{stderr}");
    assert!(
        stderr.contains(&format!("go on with --resume {path}")),
        "{stderr}"
    );
    let whole = whole_line();
    assert!(
        whole.starts_with(&partial) && partial.len() < whole.len(),
        "the values written are the first ones"
    );
    // Stopped on two threads, resumed on one.
    let resumed = tabletop_reading_all(
        &["octal", "0.16", "--heaps", LONG, "--jobs", "1", "--resume", path],
        b"",
    );
    assert!(resumed.status.success(), "{}", text(&resumed.stderr));
    assert_eq!(text(&resumed.stdout), whole);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_checkpoint_of_another_game_or_damaged_is_refused_with_its_place() {
    let dir = scratch("refuse");
    let checkpoint = dir.join("kayles.ckpt");
    let path = checkpoint.to_str().unwrap();
    let output = tabletop_reading_all(&["octal", "0.77", "--heaps", "50", "--checkpoint", path], b"");
    assert!(output.status.success(), "{}", text(&output.stderr));
    // No checkpoint is needed for a run this short: one is saved only on a stop or a timer.
    assert!(!checkpoint.exists());
    let bytes = tabletop_app::octal::Computation::new(
        &tabletop_app::octal::OctalCode::new(&[0, 7, 7]).unwrap(),
        50,
        tabletop_app::octal::Options::default(),
    )
    .checkpoint();
    std::fs::write(&checkpoint, &bytes).unwrap();
    let output = tabletop_reading_all(&["octal", "0.6", "--resume", path], b"");
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    let stderr = text(&output.stderr);
    assert!(
        stderr.starts_with(&format!(
            "error: {path}:3:6: not a checkpoint to go on from: this checkpoint is of the game 0.77, not 0.6"
        )),
        "{stderr}"
    );
    let mut damaged = bytes.clone();
    let last = damaged.len() - 1;
    damaged[last] ^= 1;
    std::fs::write(&checkpoint, &damaged).unwrap();
    let output = tabletop_reading_all(&["octal", "0.77", "--resume", path], b"");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        text(&output.stderr).contains("the checksum does not match"),
        "{}",
        text(&output.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn stats_give_the_tables_numbers_in_words_and_json() {
    let output = tabletop_reading_all(
        &[
            "octal", "0.137", "--heaps", "100000", "--stats", "--json", "--period",
        ],
        b"",
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    let stderr = text(&output.stderr);
    assert!(stderr.contains("method: bit sets"), "{stderr}");
    assert!(stderr.contains("then the period from heap"), "{stderr}");
    assert!(stderr.contains("frequencies: 0:"), "{stderr}");
    let line = text(&output.stdout);
    assert_eq!(line.lines().count(), 1);
    let json: serde_json::Value = serde_json::from_str(&line).unwrap();
    assert_eq!(json["values"].as_array().map(Vec::len), Some(100_001));
    assert_eq!(json["period"]["period"], 34);
    let stats = &json["stats"];
    let frequencies: u64 = stats["frequencies"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f.as_u64().unwrap())
        .sum();
    assert_eq!(frequencies, 100_001);
    assert_eq!(stats["max_value"], 9);
    assert!(stats["method"].as_str().unwrap().contains("then the period"));
}

#[test]
fn one_thread_or_two_write_the_same_values_and_the_stats_say_which() {
    let args = |jobs: &'static str| {
        [
            "octal", "0.6", "--heaps", "6000", "--period", "--stats", "--jobs", jobs,
        ]
    };
    let one = tabletop_reading_all(&args("1"), b"");
    let two = tabletop_reading_all(&args("2"), b"");
    assert!(
        one.status.success() && two.status.success(),
        "{}",
        text(&two.stderr)
    );
    assert_eq!(text(&one.stdout), text(&two.stdout));
    assert!(
        text(&two.stderr).contains(" on 2 threads ("),
        "{}",
        text(&two.stderr)
    );
    assert!(!text(&one.stderr).contains("threads"), "{}", text(&one.stderr));
    let none = tabletop_reading_all(&["octal", "0.6", "--jobs", "0"], b"");
    assert_eq!(none.status.code(), Some(2));
    assert!(
        text(&none.stderr).contains("at least one job is needed"),
        "{}",
        text(&none.stderr)
    );
}
