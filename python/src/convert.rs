//! The core's serde values as Python objects: through their JSON (the spellings of
//! `alfiere annotate --json` and of the JS API, one per concept), read back by
//! Python's own `json`.

use pyo3::prelude::*;
use serde::Serialize;

/// `value` as the Python object its JSON reads as.
pub fn to_python(py: Python<'_>, value: &impl Serialize) -> PyResult<Py<PyAny>> {
    let text = serde_json::to_string(value)
        .map_err(|e| pyo3::exceptions::PyRuntimeError::new_err(e.to_string()))?;
    let json = py.import("json")?;
    Ok(json.call_method1("loads", (text,))?.unbind())
}
