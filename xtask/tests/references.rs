//! The C++ reference solutions of `cargo xtask bench` (xtask/reference/) answer what tabletop
//! answers, on random judge inputs: the benchmark compares programs that solve the same
//! problem. Without `g++` the test says it is skipped; under CI (`CI` set) a missing `g++`
//! is a failure, never a silent pass.

use std::path::{Path, PathBuf};
use std::process::Command;

use tabletop_stress::answer::answer_input;
use tabletop_stress::gen::{generate, Spec};
use tabletop_stress::run;
use tabletop_stress::{Game, Size};

/// Compiles `reference/<name>.cpp` with `g++ -O2`, or `None` without `g++`.
fn compile(name: &str) -> Option<PathBuf> {
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("reference/{name}.cpp"));
    let binary = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("reference-{name}"));
    match Command::new("g++")
        .args(["-O2", "-std=c++17", "-o"])
        .arg(&binary)
        .arg(&source)
        .status()
    {
        Ok(status) => {
            assert!(status.success(), "g++ failed on {}", source.display());
            Some(binary)
        }
        Err(error) => {
            assert!(
                std::env::var_os("CI").is_none(),
                "g++ is needed under CI to check {name}.cpp: {error}"
            );
            eprintln!("skipped: no g++ to compile {name}.cpp ({error})");
            None
        }
    }
}

/// Every seed's input of `spec` through `binaries`, against tabletop's answer.
fn agree(spec: Spec, seeds: std::ops::Range<u64>, binaries: &[PathBuf]) {
    for seed in seeds {
        let input = generate(spec, seed);
        let text = input.render();
        let expected = answer_input(&input).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        for binary in binaries {
            let program = binary.to_string_lossy().into_owned();
            let output = run::Command::new(program, Vec::<String>::new())
                .run(text.as_bytes())
                .unwrap_or_else(|e| panic!("{}: {e}", binary.display()));
            assert!(
                output.status.success(),
                "{} on seed {seed}: {:?}",
                binary.display(),
                output.status
            );
            assert_eq!(
                String::from_utf8_lossy(&output.stdout),
                expected,
                "{} disagrees with tabletop on {spec:?}, seed {seed}:\n{text}",
                binary.display()
            );
        }
    }
}

#[test]
fn the_grundy_references_answer_what_tabletop_answers() {
    let (Some(scanf), Some(fast)) = (compile("grundy_dfs"), compile("grundy_fast")) else {
        return;
    };
    let spec = |size| Spec {
        game: Game::Grundy,
        size,
        cycles: false,
    };
    agree(spec(Size::Tiny), 0..60, &[scanf.clone(), fast.clone()]);
    agree(spec(Size::Judge), 0..60, &[scanf, fast.clone()]);
    // Beyond the judge's 1000 positions: only the fast one, which has no such limit.
    agree(spec(Size::Big), 0..4, &[fast]);
}

#[test]
fn the_snakes_references_answer_what_tabletop_answers() {
    let (Some(scanf), Some(fast)) = (compile("snakes_bfs"), compile("snakes_fast")) else {
        return;
    };
    let spec = |size| Spec {
        game: Game::Snakes,
        size,
        cycles: false,
    };
    let both = [scanf, fast];
    agree(spec(Size::Tiny), 0..60, &both);
    agree(spec(Size::Judge), 0..60, &both);
    agree(spec(Size::Big), 0..6, &both);
}
