//! `tabletop octal --misere --survey DIGITS`: every octal game of up to DIGITS code digits
//! under misère play, one class of equivalent games a row (the engine's
//! [`tabletop_octal::misere::survey`]), each row written as soon as its code is done, so a
//! stopped survey goes on from its own output.

use std::io::Write;
use std::time::Duration;

use tabletop_octal::misere::{survey, SurveyLimits};
pub use tabletop_octal::misere::{SurveyRow, SurveyStop};
use tabletop_render::misere::{write_survey_header, write_survey_json_row, write_survey_row};

use crate::{Answer, Control, Failure, Source};

/// The most code digits a survey runs (digits after the point): four digits are about
/// 2,300 classes, a few hours at the default time a code.
pub const MAX_DIGITS: usize = 4;
/// The time a code may take when the request does not say.
pub const DEFAULT_BUDGET: Duration = Duration::from_secs(5);

/// A survey request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SurveyRequest {
    /// Codes with up to this many digits after the point.
    pub digits: usize,
    /// The time each code may take.
    pub budget: Duration,
    /// One JSON object a code (`code`, `heaps`, `order`, `p_portion`, `period`, `stopped`)
    /// instead of the table.
    pub json: bool,
    /// An earlier survey's JSON output: its codes are not run again.
    pub done: Option<Source>,
}

/// Runs the survey `request` asks for, handing each row to `row` as its code is done (its
/// `json` is not looked at), and ticking `control` before each code (stage
/// [`tabletop_octal::misere::SURVEY_STAGE`]); the number of rows handed.
///
/// # Errors
/// [`Failure::Usage`] for no digits or more than [`MAX_DIGITS`]; [`Failure::Invalid`] for an
/// earlier output that is not a survey's JSON lines; [`Failure::Stopped`] once `control`
/// says stop (the rows handed stand).
pub fn survey_rows(
    request: &SurveyRequest,
    control: &Control,
    mut row: impl FnMut(SurveyRow),
) -> Result<usize, Failure> {
    if !(1..=MAX_DIGITS).contains(&request.digits) {
        return Err(Failure::usage(format!(
            "a survey runs codes of 1 to {MAX_DIGITS} digits, not {}",
            request.digits
        )));
    }
    let done = match &request.done {
        Some(source) => tabletop_parse::octal::survey_codes(source.bytes())
            .map_err(|error| Failure::invalid(source.problem(&error)))?,
        None => Vec::new(),
    };
    let limits = SurveyLimits {
        time: Some(request.budget),
        ..SurveyLimits::default()
    };
    let mut handed = 0usize;
    survey(request.digits, &limits, &done, control, |done: SurveyRow| {
        handed += 1;
        row(done);
    })
    .map_err(|reason| {
        let after = format!("after {handed} more codes (the rows given stand: a survey goes on from them)");
        Failure::stopped(reason, Some(after), None)
    })?;
    Ok(handed)
}

/// Runs the survey `request` asks for, writing each row to `out` as its code is done, and
/// ticking `control` before each code (stage [`tabletop_octal::misere::SURVEY_STAGE`]).
///
/// # Errors
/// [`Failure::Usage`] for no digits or more than [`MAX_DIGITS`]; [`Failure::Invalid`] for an
/// earlier output that is not a survey's JSON lines; [`Failure::Io`] when writing fails;
/// [`Failure::Stopped`] once `control` says stop (the rows written stand: go on with the
/// output as the earlier survey).
pub fn survey_to(request: &SurveyRequest, out: &mut dyn Write, control: &Control) -> Result<Answer, Failure> {
    let mut failed = None;
    let mut write = |text: String, out: &mut dyn Write| {
        if failed.is_none() {
            failed = out.write_all(text.as_bytes()).and_then(|()| out.flush()).err();
        }
    };
    let resumed = request.done.as_ref().is_some_and(|done| !done.is_blank());
    if !request.json && !resumed && (1..=MAX_DIGITS).contains(&request.digits) {
        write(tabletop_render::to_string(write_survey_header), out);
    }
    let result = survey_rows(request, control, |row: SurveyRow| {
        write(
            tabletop_render::to_string(|text| match request.json {
                true => write_survey_json_row(text, &row),
                false => write_survey_row(text, &row),
            }),
            out,
        );
    });
    if let Some(error) = failed {
        return Err(Failure::io("<stdout>", None, &error));
    }
    result?;
    Ok(Answer::default())
}
