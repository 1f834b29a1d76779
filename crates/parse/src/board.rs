//! Placeholder: the issue for this format fills it in.
