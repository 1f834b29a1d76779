//! `tabletop pigs` (placeholder: its issue replaces this module).

use crate::input::{Failure, InputArgs};

/// Arguments of `tabletop pigs`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,
}

/// Not implemented yet.
pub fn run(args: &Args) -> Result<String, Failure> {
    let _ = &args.input;
    Err(Failure::Input(
        "error: tabletop pigs is not implemented yet".into(),
    ))
}
