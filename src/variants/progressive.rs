//! Placeholder: progressive is being written (issue 4).
