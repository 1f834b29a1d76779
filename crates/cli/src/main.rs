//! `tabletop`: exact answers for classic contest games, from the command line.
//!
//! A thin front end over the application layer (`tabletop-app`): it turns the arguments into
//! a request, reads the input, and writes the answer to stdout, notes and located errors to
//! stderr. Stdout gets nothing unless the whole input was answered (with `--keep-going`,
//! the answers of the valid test cases).

mod commands;
mod input;

use std::io::Write;
use std::process::ExitCode;
use std::sync::OnceLock;

use tabletop_app::{Answer, Control, Failure};

use clap::{Parser, Subcommand};

/// Exact game engines for classic programming-contest games.
#[derive(Debug, Parser)]
#[command(
    name = "tabletop",
    version,
    about = "Exact answers for six games: chutes, snakes, grundy, pigs, odds and octal; \
             gen and stress test your own solutions against them, or against any \
             problem's reference.",
    long_about = None
)]
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
    /// One random valid input of a game, the same for the same seed.
    Gen(commands::gen::Args),
    /// Stress test a program against tabletop, or any problem's reference, on generated
    /// inputs, shrinking any failure to a small valid input.
    Stress(commands::stress::Args),
    /// Octal games (Kayles 0.77, Officers 0.6, …): nim-values, period, winning moves.
    Octal(commands::octal::Args),
    /// The playground in the browser: a local web server with a page per game.
    #[cfg(feature = "serve")]
    Serve(commands::serve::Args),
}

/// The one control of every long command (octal runs, odds tables and exact sweeps): Ctrl-C
/// cancels it, and the command stops at its next check with [`Failure::Stopped`]. The
/// handler is set the first time a long command asks for it, so that every other command
/// keeps Ctrl-C's usual effect.
pub(crate) fn interrupt_control() -> &'static Control {
    static CONTROL: OnceLock<Control> = OnceLock::new();
    CONTROL.get_or_init(|| {
        let control = Control::new();
        let handler = control.clone();
        // Without a handler (one is already set) Ctrl-C keeps its usual effect.
        let _ = ctrlc::set_handler(move || handler.cancel());
        control
    })
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match &cli.command {
        Command::Chutes(args) => commands::chutes::run(args),
        Command::Snakes(args) => commands::snakes::run(args),
        Command::Grundy(args) => commands::grundy::run(args),
        Command::Pigs(args) => commands::pigs::run(args),
        Command::Odds(args) => commands::odds::run(args),
        Command::Gen(args) => commands::gen::run(args).map(Answer::text),
        Command::Stress(args) => return commands::stress::run(args),
        Command::Octal(args) => commands::octal::run(args),
        #[cfg(feature = "serve")]
        Command::Serve(args) => commands::serve::run(args),
    };
    let failure = match result {
        Ok(answer) => {
            write_notes(&answer.notes);
            match write_stdout(answer.text.as_bytes()) {
                Ok(()) => return ExitCode::SUCCESS,
                Err(failure) => failure,
            }
        }
        Err(Failure::Invalid {
            answers: Some(answers),
            problems,
        }) => match write_stdout(answers.as_bytes()) {
            Ok(()) => Failure::Invalid {
                answers: None,
                problems,
            },
            Err(failure) => failure,
        },
        Err(failure) => failure,
    };
    let mut stderr = std::io::stderr().lock();
    // Nothing more can be done if stderr itself is gone.
    let _ = stderr.write_all(failure.report().as_bytes());
    ExitCode::from(failure.exit_code())
}

/// The answer's notes, on stderr.
fn write_notes(notes: &[String]) {
    let mut stderr = std::io::stderr().lock();
    for note in notes {
        let _ = writeln!(stderr, "{note}");
    }
}

/// Writes the whole answer at once; a closed pipe is not worth a panic.
fn write_stdout(bytes: &[u8]) -> Result<(), Failure> {
    let mut stdout = std::io::stdout().lock();
    match stdout.write_all(bytes).and_then(|()| stdout.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(Failure::io("<stdout>", None, &e)),
    }
}
