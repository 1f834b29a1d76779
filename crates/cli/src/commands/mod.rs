//! One module per subcommand: its arguments and the glue from input text to output text.

pub mod chutes;
pub mod grundy;
pub mod odds;
pub mod pigs;
pub mod snakes;

/// Writing into a `String` cannot fail; a writer failing by itself is reported, not ignored.
pub(crate) fn written<T>(result: Result<T, std::fmt::Error>) -> Result<T, crate::input::Failure> {
    result.map_err(|std::fmt::Error| crate::input::Failure::Io("error: formatting the output failed".into()))
}
