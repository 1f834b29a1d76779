//! `tabletop`: exact answers for classic contest games, from the command line.
//!
//! A thin layer over the library crates: it reads the input, hands the text to
//! `tabletop-parse`, runs the engine, has `tabletop-render` write the answer, and prints it.
//! Errors go to stderr with their location; stdout gets nothing unless the whole input was
//! answered.

mod commands;
mod input;

use std::io::Write;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Exact game engines for classic programming-contest games.
#[derive(Debug, Parser)]
#[command(name = "tabletop", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Chutes and Ladders with a fixed throw list (UVa 647): the winner of each game.
    Chutes(commands::chutes::Args),
    /// Snakes and Ladders: the fewest throws to the last square when you choose every throw.
    Snakes(commands::snakes::Args),
    /// Sums of games on a directed graph (POJ 2425): WIN, LOSE or DRAW per query.
    Grundy(commands::grundy::Args),
    /// 猪国杀 (Pig Kingdom Kill, SDOI 2010): simulate the card game.
    Pigs(commands::pigs::Args),
    /// Exact odds of a race board: game length and each seat's chance to win.
    Odds(commands::odds::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match &cli.command {
        Command::Chutes(args) => commands::chutes::run(args),
        Command::Snakes(args) => commands::snakes::run(args),
        Command::Grundy(args) => commands::grundy::run(args),
        Command::Pigs(args) => commands::pigs::run(args),
        Command::Odds(args) => commands::odds::run(args),
    };
    match result.and_then(|output| write_stdout(output.as_bytes())) {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            let (input::Failure::Io(text) | input::Failure::Input(text)) = &failure;
            let mut stderr = std::io::stderr().lock();
            // Nothing more can be done if stderr itself is gone.
            let _ = stderr.write_all(text.as_bytes());
            if !text.ends_with('\n') {
                let _ = stderr.write_all(b"\n");
            }
            ExitCode::from(failure.exit_code())
        }
    }
}

/// Writes the whole answer at once; a closed pipe is not worth a panic.
fn write_stdout(bytes: &[u8]) -> Result<(), input::Failure> {
    let mut stdout = std::io::stdout().lock();
    match stdout.write_all(bytes).and_then(|()| stdout.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(input::Failure::Io(format!("error: <stdout>: {e}"))),
    }
}
