//! Placeholder: the shared multi-action (series) core is being written (issue 4).
