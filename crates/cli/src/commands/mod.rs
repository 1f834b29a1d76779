//! One module per subcommand: its arguments and the glue from input text to output text.

pub mod chutes;
