//! One module per subcommand: its arguments and the glue from input text to output text.

pub mod chutes;
pub mod gen;
pub mod grundy;
pub mod octal;
pub mod odds;
pub mod pigs;
pub mod snakes;
pub mod stress;

/// Writing into a `String` cannot fail; a writer failing by itself is reported, not ignored.
pub(crate) fn written<T>(result: Result<T, std::fmt::Error>) -> Result<T, crate::input::Failure> {
    result.map_err(|std::fmt::Error| crate::input::Failure::Io("error: formatting the output failed".into()))
}

/// `--keep-going`, shared by the judge commands.
#[derive(Debug, Clone, Copy, clap::Args)]
pub struct KeepGoing {
    /// Answer the valid test cases, report each bad one (then exit code 2)
    #[arg(long)]
    pub keep_going: bool,
}

/// The bad test cases met so far, with `--keep-going`; without it, the first one ends the run.
#[derive(Debug, Default)]
pub(crate) struct Problems {
    keep_going: bool,
    reports: String,
}

impl Problems {
    pub(crate) fn new(flag: KeepGoing) -> Self {
        Problems {
            keep_going: flag.keep_going,
            reports: String::new(),
        }
    }

    /// One test case's result: with `--keep-going`, a bad test case's report is kept and
    /// reading goes on; otherwise it is the command's failure.
    pub(crate) fn case(
        &mut self,
        result: Result<(), crate::input::Failure>,
    ) -> Result<(), crate::input::Failure> {
        match result {
            Err(crate::input::Failure::Input(report)) if self.keep_going => {
                self.reports.push_str(&report);
                if !report.ends_with('\n') {
                    self.reports.push('\n');
                }
                Ok(())
            }
            other => other,
        }
    }

    /// The command's result: the answers, or with bad test cases the answers and the reports.
    pub(crate) fn finish(self, answers: String) -> Result<String, crate::input::Failure> {
        match self.reports.is_empty() {
            true => Ok(answers),
            false => Err(crate::input::Failure::Partial {
                answers,
                reports: self.reports,
            }),
        }
    }
}
