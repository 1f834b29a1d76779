//! The text `tabletop stress` prints: a one-line summary, or a failure report.

use std::fmt::Write;
use std::time::Duration;

use tabletop_pigs::{DrawReason, EndReason, Event, Game as PigsGame};

use crate::gen::pigs_setup;
use crate::input::{Input, PigsInput};
use crate::run::{first_difference, Command, Status};
use crate::{Config, Failed, Summary};

fn millis(duration: Duration) -> String {
    format!("{:.1} ms", duration.as_secs_f64() * 1000.0)
}

/// One line: every run agreed.
pub fn summary(config: &Config, summary: &Summary) -> String {
    format!(
        "ok: {} runs of `tabletop gen {} --size {}{} --seed {}..` agree with tabletop ({:.2} s, slowest run {})\n",
        summary.runs,
        config.spec.game,
        config.spec.size,
        if config.spec.cycles { " --cycles" } else { "" },
        config.seed,
        summary.elapsed.as_secs_f64(),
        millis(summary.slowest),
    )
}

/// How much of the program's stdout the report shows.
const STDOUT_SHOWN: usize = 16 << 10;

/// How much of the program's stderr the report shows.
pub const STDERR_SHOWN: usize = 4096;

/// `text` cut to its first `limit` bytes (at a character boundary), saying how much is left.
fn shown(text: &str, limit: usize) -> String {
    if text.len() <= limit {
        return text.to_string();
    }
    let mut end = limit;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!(
        "{}
[... {} more bytes not shown]
",
        &text[..end],
        text.len() - end
    )
}

/// `text` under a heading, ending with a newline.
fn section(out: &mut String, heading: &str, text: &str) {
    let _ = writeln!(out, "--- {heading}");
    out.push_str(text);
    if !text.is_empty() && !text.ends_with('\n') {
        out.push('\n');
    }
}

/// The line on what shrinking did, or why nothing was shrunk.
fn shrinking(out: &mut String, failed: &Failed) {
    let (before, after) = (failed.original.render().len(), failed.minimal.render().len());
    if failed.reproduced {
        let s = &failed.stats;
        let what = if s.kept == 0 {
            format!("already minimal ({before} bytes): nothing could be removed or lowered")
        } else {
            format!("shrunk from {before} to {after} bytes")
        };
        let _ = writeln!(
            out,
            "{what}: {} candidates probed ({} invalid, skipped), {} kept, {:.2} s",
            s.probes,
            s.invalid,
            s.kept,
            s.elapsed.as_secs_f64()
        );
    } else {
        let _ = writeln!(
            out,
            "does not reproduce: a second run on the same input did not fail the same way \
             (a flaky or time-dependent program?); the input is shown unshrunk"
        );
        if failed.failure == crate::run::Failure::Timeout {
            let _ = writeln!(
                out,
                "(a timeout that does not come back: is the machine busy? try a larger --timeout)"
            );
        }
    }
}

/// The failure report: what failed, the minimal input, tabletop's answer, the command's
/// output or status, the first differing line, and for 猪国杀 where to look in the story.
pub fn failure(config: &Config, failed: &Failed, command: &Command) -> String {
    let mut out = String::new();
    let spec = config.spec;
    let _ = writeln!(
        out,
        "FAILED: run {} of {} ({}): `tabletop gen {} --size {}{} --seed {}` prints the input",
        failed.run + 1,
        config.runs,
        failed.failure,
        spec.game,
        spec.size,
        if spec.cycles { " --cycles" } else { "" },
        failed.seed,
    );
    shrinking(&mut out, failed);
    let heading = if failed.reproduced {
        "minimal input"
    } else {
        "failing input (not shrunk)"
    };
    section(&mut out, heading, &failed.minimal.render());
    section(&mut out, "tabletop's answer", &failed.expected);
    let output = &failed.output;
    let heading = format!(
        "output of `{}` ({}, {})",
        command.display(),
        output.status,
        millis(output.elapsed)
    );
    let stdout = output.stdout_text();
    section(&mut out, &heading, &shown(&stdout, STDOUT_SHOWN));
    match output.status {
        Status::TimedOut => {
            let _ = writeln!(out, "--- time limit: {:.3} s", command.timeout.as_secs_f64());
        }
        Status::OutputLimit => {
            let _ = writeln!(
                out,
                "--- output limit: {} bytes on stdout or on stderr (--max-output); the program wrote more",
                command.max_output
            );
        }
        _ => {}
    }
    if !output.stderr.is_empty() {
        section(
            &mut out,
            "its stderr",
            &shown(&output.stderr_text(), STDERR_SHOWN),
        );
    }
    match first_difference(&failed.expected, &stdout) {
        Some(d) => {
            let show = |line: &Option<String>| {
                line.as_ref()
                    .map_or("(end of output)".to_string(), |l| format!("`{l}`"))
            };
            let _ = writeln!(
                out,
                "--- first difference: line {}: expected {}, got {}",
                d.line,
                show(&d.expected),
                show(&d.actual)
            );
            if let Input::Pigs(pigs) = &failed.minimal {
                out.push_str(&pigs_story(pigs, d.line));
            }
        }
        None => {
            let _ = writeln!(
                out,
                "--- the output agrees with tabletop's; the run failed: {}",
                failed.failure
            );
        }
    }
    out
}

/// How many events the report lists for a pig.
const SHOWN_EVENTS: usize = 12;

/// An event that changes `pig`'s hand other than by its own turn draw and its own plays, or
/// kills it, with a few words about it.
fn notable(event: &Event) -> Option<(usize, String)> {
    Some(match event {
        Event::Discard { pig, card, against } => (*pig, format!("discards {card} against {against}")),
        Event::Nullify { pig, .. } => (*pig, "plays J".to_string()),
        Event::Peach { pig } => (*pig, "eats a P at 0 HP".to_string()),
        Event::Penalty { pig, .. } => (*pig, "throws away its hand for killing its own ZP".to_string()),
        Event::Draw {
            pig,
            reason: DrawReason::Reward,
            ..
        } => (*pig, "draws 3 as a reward".to_string()),
        Event::Death { pig, .. } => (*pig, "dies".to_string()),
        _ => return None,
    })
}

/// Where to look in tabletop's story. For a differing pig (output line `line` >= 2): the
/// events of tabletop's game that change its hand other than by its own draws and plays (a
/// discard, a J, a peach at 0 HP, a lost hand, a reward) or kill it, with their turns; for
/// differing winners, how tabletop's game ends. The command's own story cannot be seen, so
/// this says where to look first, not where the two stories part.
fn pigs_story(input: &PigsInput, line: usize) -> String {
    let Ok(mut game) = PigsGame::new(&pigs_setup(input)) else {
        return String::new();
    };
    game.record_events();
    if game.run().is_err() {
        return String::new();
    }
    let mut out = format!("--- the story: tabletop's game lasts {} turns", game.turns());
    let mut turn = 0;
    if line >= 2 {
        let pig = line - 2;
        let role = input.pigs.get(pig).map_or("?", |(role, _)| role.name());
        let mut events = Vec::new();
        for event in game.events() {
            match (event, notable(event)) {
                (Event::Turn { number, .. }, _) => turn = *number,
                (_, Some((who, what))) if who == pig => events.push(format!("in turn {turn} it {what}")),
                _ => {}
            }
        }
        let _ = write!(out, "; pig {} ({role}): ", pig + 1);
        if events.is_empty() {
            out.push_str("it changes only by its own draws and plays: compare the cards it uses");
        } else {
            let more = events.len().saturating_sub(SHOWN_EVENTS);
            events.truncate(SHOWN_EVENTS);
            let _ = write!(out, "{}", events.join("; "));
            if more > 0 {
                let _ = write!(out, "; and {more} more");
            }
        }
    } else {
        let end = game.events().iter().rev().find_map(|event| match event {
            Event::End { reason, .. } => Some(*reason),
            _ => None,
        });
        let _ = match end {
            Some(EndReason::MpDied { killer }) => write!(out, "; the MP is killed by pig {}", killer + 1),
            Some(EndReason::LastFpDied { pig, killer }) => {
                write!(
                    out,
                    "; the last FP, pig {}, is killed by pig {}",
                    pig + 1,
                    killer + 1
                )
            }
            Some(EndReason::NoFpAlive) => write!(out, "; there is no FP, nobody plays"),
            Some(EndReason::MpDead) | None => Ok(()),
        };
    }
    out.push_str(" (`tabletop pigs --trace` tells it turn by turn)\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabletop_pigs::{Card::*, Role};

    #[test]
    fn pigs_story_names_the_turn_a_pig_dies() {
        // The spec's sample: pig 2 (ZP) dies in turn 4, the MP in turn 5.
        let input = PigsInput {
            pigs: vec![
                (Role::Mp, [Dodge, Dodge, Duel, Duel]),
                (Role::Zp, [Invasion, Invasion, Invasion, Dodge]),
                (Role::Fp, [Nullify; 4]),
            ],
            deck: vec![
                Duel, Duel, Dodge, Dodge, Nullify, Nullify, Duel, Duel, Kill, Dodge,
            ],
        };
        let text = pigs_story(&input, 3);
        assert!(
            text.contains("lasts 5 turns; pig 2 (ZP): in turn 4 it dies ("),
            "{text}"
        );
        let pig3 = pigs_story(&input, 4);
        assert!(
            pig3.contains("pig 3 (FP): it changes only by its own draws and plays"),
            "{pig3}"
        );
        let winner = pigs_story(&input, 1);
        assert!(
            winner.contains("lasts 5 turns; the MP is killed by pig 3 ("),
            "{winner}"
        );
    }
}
