//! Measures shrinking a 2,000-card 猪国杀 game.
//!
//! Takes judge-size games from seed 1 on, fills each deck up to exactly 2,000 cards (cards
//! drawn by the same generator), and shrinks the first one on which COMMAND gives a wrong
//! answer, with 2 jobs, printing the time, the number of probes and the minimal input:
//!
//! ```text
//! cargo run --release -p tabletop-stress --example shrink_pigs -- python3 -S crates/cli/tests/wrong/pigs_keeps_hand.py
//! ```

use std::time::{Duration, Instant};

use tabletop_stress::answer::answer_input;
use tabletop_stress::gen::{generate, Spec};
use tabletop_stress::input::Input;
use tabletop_stress::run::{verdict, Command, Failure};
use tabletop_stress::{probe, shrink, Game, Size};

const DECK: usize = 2_000;

fn main() {
    let mut words = std::env::args().skip(1);
    let Some(program) = words.next() else {
        eprintln!("usage: shrink_pigs COMMAND [ARGS...]");
        std::process::exit(2);
    };
    let command = Command::new(program, words).timeout(Duration::from_secs(10));
    let spec = Spec {
        game: Game::Pigs,
        size: Size::Judge,
        cycles: false,
    };
    for seed in 1..10_000u64 {
        let Input::Pigs(mut pigs) = generate(spec, seed) else {
            continue;
        };
        let mut filler = seed << 32;
        while pigs.deck.len() < DECK {
            if let Input::Pigs(more) = generate(spec, filler) {
                pigs.deck.extend(more.deck);
            }
            filler += 1;
        }
        pigs.deck.truncate(DECK);
        let input = Input::Pigs(pigs);
        let Ok(expected) = answer_input(&input) else {
            continue;
        };
        let Ok(output) = command.run(input.render().as_bytes()) else {
            eprintln!("cannot run {}", command.display());
            std::process::exit(2);
        };
        if verdict(&expected, &output) != Some(Failure::WrongAnswer) {
            continue;
        }
        let started = Instant::now();
        let probe = |c: &Input| probe(&command, Failure::WrongAnswer, c);
        let (minimal, stats) = match shrink::shrink(input, &shrink::Limits::new(2), &probe, &|_, _| {}) {
            Ok(shrunk) => (shrunk.input, shrunk.stats),
            Err(error) => {
                eprintln!("error: {error}\nthe input that caused it:\n{}", error.input);
                std::process::exit(101);
            }
        };
        println!(
            "seed {seed}: a {DECK}-card game shrunk in {:.2} s ({} probes, {} invalid, {} kept) to:\n{}",
            started.elapsed().as_secs_f64(),
            stats.probes,
            stats.invalid,
            stats.kept,
            minimal.render()
        );
        return;
    }
    eprintln!("no failing game found");
    std::process::exit(1);
}
