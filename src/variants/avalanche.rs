//! Placeholder: avalanche is being written (issue 4).
