//! Placeholder: the issue for this game fills it in.
