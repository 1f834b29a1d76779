//! One module per subcommand: its arguments and the glue from input text to output text.

pub mod chutes;
pub mod gen;
pub mod grundy;
pub mod odds;
pub mod pigs;
pub mod snakes;
pub mod stress;
