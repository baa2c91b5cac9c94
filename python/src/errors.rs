//! The core's errors as Python exceptions: one class per [`ApiErrorKind`], named as
//! in the JS API (`IllegalMoveError`, ...), all under `AlfiereError`, a `ValueError`
//! (every one of them is bad input); the message is the core's.

use alfiere::api::{ApiError, ApiErrorKind};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

pyo3::create_exception!(
    alfiere,
    AlfiereError,
    PyValueError,
    "An input the core refused."
);
pyo3::create_exception!(
    alfiere,
    IllegalMoveError,
    AlfiereError,
    "A move that is not legal here."
);
pyo3::create_exception!(
    alfiere,
    InvalidFenError,
    AlfiereError,
    "A FEN that does not read."
);
pyo3::create_exception!(
    alfiere,
    InvalidPgnError,
    AlfiereError,
    "PGN that does not read."
);
pyo3::create_exception!(
    alfiere,
    UnknownVariantError,
    AlfiereError,
    "A rule set this build does not know."
);
pyo3::create_exception!(
    alfiere,
    InvalidArgumentError,
    AlfiereError,
    "An argument out of range."
);
pyo3::create_exception!(
    alfiere,
    GameOverError,
    AlfiereError,
    "A move after the game ended."
);
pyo3::create_exception!(
    alfiere,
    NoClaimError,
    AlfiereError,
    "A draw claim with nothing to claim."
);
pyo3::create_exception!(
    alfiere,
    InvalidNetworkError,
    AlfiereError,
    "A network file that does not load."
);
pyo3::create_exception!(
    alfiere,
    InvalidPositionError,
    AlfiereError,
    "A position the rule set does not allow."
);
pyo3::create_exception!(
    alfiere,
    InvalidTimeControlError,
    AlfiereError,
    "A time control that does not read."
);

/// The exception of `kind`, with `message`.
pub fn error(kind: ApiErrorKind, message: impl Into<String>) -> PyErr {
    let message = message.into();
    match kind {
        ApiErrorKind::IllegalMove => IllegalMoveError::new_err(message),
        ApiErrorKind::InvalidFen => InvalidFenError::new_err(message),
        ApiErrorKind::InvalidPgn => InvalidPgnError::new_err(message),
        ApiErrorKind::UnknownVariant => UnknownVariantError::new_err(message),
        ApiErrorKind::InvalidArgument => InvalidArgumentError::new_err(message),
        ApiErrorKind::GameOver => GameOverError::new_err(message),
        ApiErrorKind::NoClaim => NoClaimError::new_err(message),
        ApiErrorKind::InvalidNetwork => InvalidNetworkError::new_err(message),
        ApiErrorKind::InvalidPosition => InvalidPositionError::new_err(message),
        ApiErrorKind::InvalidTimeControl => InvalidTimeControlError::new_err(message),
    }
}

/// The core's error as its exception.
pub fn from_api(e: ApiError) -> PyErr {
    error(e.kind, e.message)
}

/// An out-of-range argument.
pub fn invalid_argument(message: impl Into<String>) -> PyErr {
    error(ApiErrorKind::InvalidArgument, message)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("AlfiereError", py.get_type::<AlfiereError>())?;
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    m.add("InvalidFenError", py.get_type::<InvalidFenError>())?;
    m.add("InvalidPgnError", py.get_type::<InvalidPgnError>())?;
    m.add("UnknownVariantError", py.get_type::<UnknownVariantError>())?;
    m.add(
        "InvalidArgumentError",
        py.get_type::<InvalidArgumentError>(),
    )?;
    m.add("GameOverError", py.get_type::<GameOverError>())?;
    m.add("NoClaimError", py.get_type::<NoClaimError>())?;
    m.add("InvalidNetworkError", py.get_type::<InvalidNetworkError>())?;
    m.add(
        "InvalidPositionError",
        py.get_type::<InvalidPositionError>(),
    )?;
    m.add(
        "InvalidTimeControlError",
        py.get_type::<InvalidTimeControlError>(),
    )?;
    Ok(())
}
