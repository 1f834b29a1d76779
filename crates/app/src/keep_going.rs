//! The keep-going policy shared by the judge games: without it the first bad test case ends
//! the request; with it each bad test case's problem is kept, the others are answered.

use crate::{Answer, Failure, Problem};

/// The bad test cases met so far.
#[derive(Debug, Default)]
pub(crate) struct Problems {
    keep_going: bool,
    problems: Vec<Problem>,
}

impl Problems {
    pub(crate) fn new(keep_going: bool) -> Self {
        Problems {
            keep_going,
            problems: Vec::new(),
        }
    }

    /// One test case's result: with keep-going, a bad test case's problems are kept and
    /// reading goes on; otherwise it is the request's failure.
    pub(crate) fn case(&mut self, result: Result<(), Failure>) -> Result<(), Failure> {
        match result {
            Err(Failure::Invalid { problems, .. }) if self.keep_going => {
                self.problems.extend(problems);
                Ok(())
            }
            other => other,
        }
    }

    /// A bad test case, as [`Problems::case`] takes it.
    pub(crate) fn problem(&mut self, problem: Problem) -> Result<(), Failure> {
        self.case(Err(Failure::invalid(problem)))
    }

    /// The request's result: the answer, or with bad test cases the answers and the problems.
    pub(crate) fn finish(self, answer: Answer) -> Result<Answer, Failure> {
        match self.problems.is_empty() {
            true => Ok(answer),
            false => Err(Failure::Invalid {
                answers: Some(answer.text),
                problems: self.problems,
            }),
        }
    }
}
