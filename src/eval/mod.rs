//! Placeholder: the evaluation is being written (issue 5).
