//! Commands typed as one string (`--gen 'python3 gen.py {seed}'`): split as a shell would
//! split them (quotes and backslashes), but never run through a shell; `{seed}` replaced by
//! the run's seed, or the seed appended as the last argument when no word has `{seed}`.
//!
//! ```
//! use tabletop_stress::words::CommandLine;
//! let gen = CommandLine::parse("python3 'my gen.py' --n={seed}")?;
//! assert_eq!(gen.with_seed(7).args, ["my gen.py", "--n=7"]);
//! let plain = CommandLine::parse("./gen 10")?;
//! assert_eq!(plain.with_seed(3).args, ["10", "3"]);
//! # Ok::<(), tabletop_stress::words::BadCommand>(())
//! ```

use crate::run::Command;

/// What stands for the seed in a generator's command line.
pub const SEED: &str = "{seed}";

/// A command line split into words: the program and its arguments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommandLine {
    /// The program and its arguments, as a shell would have split them.
    pub words: Vec<String>,
}

/// A command line that cannot be split (an open quote) or has no word.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{line}` is not a command: {why}")]
pub struct BadCommand {
    /// The text given.
    pub line: String,
    /// What is wrong with it.
    pub why: &'static str,
}

impl CommandLine {
    /// Splits `line` as a shell would (quotes, backslashes), without running a shell.
    ///
    /// # Errors
    /// An unterminated quote or escape, or no word at all.
    pub fn parse(line: &str) -> Result<CommandLine, BadCommand> {
        let bad = |why| BadCommand {
            line: line.to_string(),
            why,
        };
        let words = shlex::split(line).ok_or_else(|| bad("a quote or a backslash is not closed"))?;
        if words.is_empty() {
            return Err(bad("it has no program"));
        }
        Ok(CommandLine { words })
    }

    /// A command line of words already split (a program after `--`).
    ///
    /// # Errors
    /// No word at all.
    pub fn from_words(words: Vec<String>) -> Result<CommandLine, BadCommand> {
        if words.is_empty() {
            return Err(BadCommand {
                line: String::new(),
                why: "it has no program",
            });
        }
        Ok(CommandLine { words })
    }

    /// The command to run, with the default limits.
    pub fn command(&self) -> Command {
        let (program, args) = self
            .words
            .split_first()
            .map_or(("", &[][..]), |(p, a)| (p.as_str(), a));
        Command::new(program, args.iter().cloned())
    }

    /// The command for run `seed`: every `{seed}` replaced by it, or, if no word holds
    /// `{seed}`, the seed appended as the last argument.
    pub fn with_seed(&self, seed: u64) -> Command {
        let seed = seed.to_string();
        let mut line = self.clone();
        if self.words.iter().any(|word| word.contains(SEED)) {
            for word in &mut line.words {
                *word = word.replace(SEED, &seed);
            }
        } else {
            line.words.push(seed);
        }
        line.command()
    }

    /// The line as typed (quoted where needed), for reports.
    pub fn display(&self) -> String {
        self.command().display()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_like_a_shell_and_places_the_seed() {
        let line = CommandLine::parse(r#"sh -c "echo {seed}; echo x" a\ b"#).unwrap();
        assert_eq!(line.words, ["sh", "-c", "echo {seed}; echo x", "a b"]);
        let run = line.with_seed(42);
        assert_eq!(
            (run.program.as_str(), run.args.as_slice()),
            (
                "sh",
                &["-c".to_string(), "echo 42; echo x".into(), "a b".into()][..]
            )
        );
        let appended = CommandLine::parse("gen --max 9").unwrap().with_seed(5);
        assert_eq!(appended.args, ["--max", "9", "5"]);
        assert!(CommandLine::parse("python3 'open").is_err());
        assert!(CommandLine::parse("   ").is_err());
        assert!(CommandLine::from_words(Vec::new()).is_err());
    }

    #[test]
    fn no_shell_runs_the_words() {
        // A `;` is a word like any other: `echo` prints it, no second command runs.
        let out = CommandLine::parse("echo a ; echo b")
            .unwrap()
            .command()
            .run(b"")
            .unwrap();
        assert_eq!(out.stdout_text(), "a ; echo b\n");
    }
}
