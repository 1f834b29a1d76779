//! One module per subcommand: its arguments and the glue from input text to output text.

pub mod chutes;
pub mod grundy;
pub mod octal;
pub mod odds;
pub mod pigs;
pub mod snakes;
