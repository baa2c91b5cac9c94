//! Placeholder: the search engine is being written (issue 5).
