//! Placeholder: marseillais is being written (issue 4).
