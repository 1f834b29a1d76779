//! `--json`, `--trace`, `--svg` and `--dot --moves`: the lines of play, as a user runs them.

mod common;

use common::Output;

use common::{tabletop_reading_all, text};
use serde_json::Value;

const CHUTES_SAMPLE: &str =
    "3 6 3 2 5 1 3 4 2 3 1 2 0\n2\n6 95\n99 1\n0 0\n-3\n98\n0\n2\n3 99\n6 90\n0 0\n0\n0\n";
const SNAKES_SAMPLE: &str = "6 1 3\n35 25\n3 23 5 16 20 33\n";

fn json_lines(output: &Output) -> Vec<Value> {
    assert!(output.status.success(), "{}", text(&output.stderr));
    text(&output.stdout)
        .lines()
        .map(|line| serde_json::from_str(line).expect("each line of --json is JSON"))
        .collect()
}

#[test]
fn chutes_trace_goes_to_stderr_and_leaves_stdout_alone() {
    let plain = tabletop_reading_all(&["chutes"], CHUTES_SAMPLE.as_bytes());
    let traced = tabletop_reading_all(&["chutes", "--trace"], CHUTES_SAMPLE.as_bytes());
    assert!(traced.status.success());
    assert_eq!(traced.stdout, plain.stdout);
    let trace = text(&traced.stderr);
    assert!(
        trace.starts_with(
            "game 1: 2 players\nturn 1: player 1\n  throw #1: 3, 0 -> 3, misses the next turn\n"
        ),
        "{trace}"
    );
    assert!(trace.contains("game 2: 2 players\n"), "{trace}");
    assert_eq!(trace.matches(" wins after ").count(), 2, "{trace}");
}

#[test]
fn chutes_json_has_one_object_per_game() {
    let lines = json_lines(&tabletop_reading_all(
        &["chutes", "--json"],
        CHUTES_SAMPLE.as_bytes(),
    ));
    assert_eq!(lines.len(), 2);
    for line in &lines {
        assert_eq!(line["winner"], 2);
        let squares = line["squares"].as_array().unwrap();
        assert_eq!(squares.len(), 2);
        assert_eq!(squares[1], 100);
    }
}

#[test]
fn pigs_json_is_the_final_state() {
    let output = tabletop_reading_all(
        &["pigs", "--json"],
        b"3 10\nMP D D F F\nZP N N N D\nFP J J J J\nF F D D J J F F K D\n",
    );
    let lines = json_lines(&output);
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0]["winner"], "FP");
    assert_eq!(lines[0]["pigs"][0]["dead"], true);
    assert_eq!(lines[0]["pigs"][2]["hand"].as_array().unwrap().len(), 7);
}

/// Replays a printed path (expanding repeats one throw at a time; the boards here are small).
fn replay(n: u64, jumps: &[(u64, u64)], line: &Value) -> u64 {
    let goal = n * n;
    let land = |s: u64| jumps.iter().find(|j| j.0 == s).map_or(s, |j| j.1);
    let mut square = 1;
    let mut total = 0;
    for step in line["path"]
        .as_array()
        .expect("a reachable board has a path list")
    {
        let throw = step["throw"].as_u64().expect("a step has a throw");
        assert!((1..=6).contains(&throw));
        let repeat = step
            .get("repeat")
            .map_or(1, |r| r.as_u64().expect("a repeat is a number"));
        for i in 0..repeat {
            square += throw;
            assert!(square <= goal);
            if i + 1 < repeat {
                assert_eq!(land(square), square);
            }
        }
        assert_eq!(step["land"], square);
        square = land(square);
        assert_eq!(step["to"], square);
        total += repeat;
    }
    assert_eq!(square, goal);
    assert_eq!(line["throws"], total);
    total
}

#[test]
fn snakes_json_paths_replay_and_agree_with_the_answer() {
    let input = format!("{SNAKES_SAMPLE}1 0 0\n4 6 0\n3 2 4 2 5 2 6 2 7 2 8 2\n10 2 1\n17 7 62 19\n4 14\n");
    let plain = text(&tabletop_reading_all(&["snakes"], input.as_bytes()).stdout);
    let lines = json_lines(&tabletop_reading_all(&["snakes", "--json"], input.as_bytes()));
    let answers: Vec<&str> = plain.lines().collect();
    assert_eq!(lines.len(), answers.len());
    assert_eq!(lines[0]["throws"], 3);
    assert_eq!(replay(6, &[(35, 25), (3, 23), (5, 16), (20, 33)], &lines[0]), 3);
    assert_eq!(lines[1]["path"], Value::Array(Vec::new()));
    assert_eq!(lines[1]["throws"], 0);
    assert_eq!(lines[2]["throws"], Value::Null);
    assert_eq!(lines[2]["path"], Value::Null);
    assert_eq!(answers[2], "-1");
    let total = replay(10, &[(17, 7), (62, 19), (4, 14)], &lines[3]);
    assert_eq!(answers[3], total.to_string());
}

#[test]
fn snakes_svg_draws_the_chosen_board() {
    let dir = std::env::temp_dir().join(format!("tabletop-show-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("board.svg");
    let path = file.to_str().unwrap();
    let input = format!("{SNAKES_SAMPLE}3 0 1\n2 7\n");
    let output = tabletop_reading_all(&["snakes", "--svg", path, "--case", "2"], input.as_bytes());
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert_eq!(text(&output.stdout), "2\n"); // --case K: only board K, as in grundy
    let svg = std::fs::read_to_string(&file).unwrap();
    assert!(svg.contains("3 × 3: fewest throws 2"), "{svg}");
    // Default: the first board.
    let output = tabletop_reading_all(&["snakes", "--svg", path], input.as_bytes());
    assert!(output.status.success());
    assert!(std::fs::read_to_string(&file)
        .unwrap()
        .contains("6 × 6: fewest throws 3"));
    // A case that is not there.
    let output = tabletop_reading_all(&["snakes", "--svg", path, "--case", "3"], input.as_bytes());
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    assert!(
        text(&output.stderr).contains("--case 3 is out of range: the input has 2 boards"),
        "{}",
        text(&output.stderr)
    );
    // Too large to draw: the answer still comes, with a note.
    let output = tabletop_reading_all(&["snakes", "--svg", path], b"1000 0 0\n");
    assert!(output.status.success());
    assert_eq!(text(&output.stdout), "166667\n");
    assert!(
        text(&output.stderr).contains("too large to draw"),
        "{}",
        text(&output.stderr)
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn grundy_svg_draws_the_chosen_case() {
    let input = "4\n2 1 2\n0\n1 3\n0\n1 0\n2 0 2\n0\n\n4\n1 1\n1 2\n0\n0\n2 0 1\n2 1 1\n3 0 1 3\n0\n";
    let output = tabletop_reading_all(&["grundy", "--svg", "-", "--case", "2"], input.as_bytes());
    assert!(output.status.success(), "{}", text(&output.stderr));
    let svg = text(&output.stdout);
    assert!(
        svg.starts_with("<svg") && svg.contains("Test case 2: 4 positions"),
        "{svg}"
    );
    assert_eq!(svg.matches("class=\"query\"").count(), 3);
    // To a file, the answers on stdout as usual.
    let dir = std::env::temp_dir().join(format!("tabletop-grundy-svg-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("graph.svg");
    let output = tabletop_reading_all(&["grundy", "--svg", file.to_str().unwrap()], input.as_bytes());
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert_eq!(text(&output.stdout), "WIN\nWIN\nWIN\nLOSE\nWIN\n");
    assert!(std::fs::read_to_string(&file)
        .unwrap()
        .contains("Test case 1: 4 positions"));
    // A bad input: the located error, nothing drawn.
    let output = tabletop_reading_all(&["grundy", "--svg", "-"], b"2\n1 5\n");
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn grundy_json_moves_are_legal_and_dot_marks_them() {
    // 0 <-> 1, 1 -> 2; 3 loops; queries: WIN, LOSE, DRAW.
    let input = "4\n1 1\n2 0 2\n0\n1 3\n1 1\n1 0\n1 3\n2 0 1\n0\n";
    let lines = json_lines(&tabletop_reading_all(&["grundy", "--json"], input.as_bytes()));
    let outcomes: Vec<&str> = lines.iter().map(|l| l["outcome"].as_str().unwrap()).collect();
    assert_eq!(outcomes, ["WIN", "LOSE", "DRAW", "WIN"]);
    assert_eq!(lines[0]["move"].to_string(), "{\"from\":1,\"piece\":1,\"to\":2}");
    assert_eq!(lines[1]["move"], Value::Null);
    assert_eq!(lines[3]["move"]["piece"], 2);
    let dot = text(&tabletop_reading_all(&["grundy", "--dot", "--moves"], input.as_bytes()).stdout);
    assert!(
        dot.contains(
            "c1_1 -> c1_2 [color=\"#d62728\", fontcolor=\"#d62728\", penwidth=2.5, label=\"q1,4\"];"
        ),
        "{dot}"
    );
    let plain = text(&tabletop_reading_all(&["grundy", "--dot"], input.as_bytes()).stdout);
    assert!(!plain.contains("color"));
    // A usage error: refused before the input is read.
    let refused = common::tabletop(&["grundy", "--moves"], input);
    assert_eq!(refused.status.code(), Some(2));
}
