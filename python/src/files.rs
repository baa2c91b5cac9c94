//! PGN files read where the work is done: the client cuts a file into chunks of
//! whole games (byte ranges, with the number and line of each chunk's first game),
//! and each Dask task reads its own range, so neither the client nor the scheduler
//! holds the games' texts. A range starts at a game's first line, so splitting it
//! alone gives the games, texts and line numbers splitting the whole file gives.

use crate::games::{to_tuple, GameTuple};
use alfiere::analysis::batch::split_games;
use pyo3::exceptions::{PyFileNotFoundError, PyOSError, PyPermissionError};
use pyo3::prelude::*;
use std::io::{Read, Seek, SeekFrom};

/// A file's chunk: `(start byte, end byte, first game's number, first game's line)`.
type Chunk = (u64, u64, usize, usize);

/// The `OSError` Python's own `open` would raise, naming the file.
fn os_error(path: &str, e: std::io::Error) -> PyErr {
    let message = format!("{path}: {e}");
    match e.kind() {
        std::io::ErrorKind::NotFound => PyFileNotFoundError::new_err(message),
        std::io::ErrorKind::PermissionDenied => PyPermissionError::new_err(message),
        _ => PyOSError::new_err(message),
    }
}

/// The chunks of `chunk_size` games of the file at `path`, in order.
#[pyfunction]
pub fn file_chunks(py: Python<'_>, path: &str, chunk_size: usize) -> PyResult<Vec<Chunk>> {
    let bytes = std::fs::read(path).map_err(|e| os_error(path, e))?;
    let chunk_size = chunk_size.max(1);
    Ok(py.detach(|| {
        let text = String::from_utf8_lossy(&bytes);
        let games = split_games(&text, path);
        // The lines where chunks start, and the byte where each of those lines does
        // (a '\n' is one byte in the file and in its lossy text alike).
        let firsts: Vec<(usize, usize)> = games
            .iter()
            .step_by(chunk_size)
            .map(|g| (g.number, g.line))
            .collect();
        let mut starts = Vec::with_capacity(firsts.len());
        let mut wanted = firsts.iter().map(|&(_, line)| line).peekable();
        let mut line = 1;
        let mut at = 0;
        loop {
            while wanted.peek() == Some(&line) {
                starts.push(at as u64);
                wanted.next();
            }
            match bytes[at..].iter().position(|&b| b == b'\n') {
                Some(i) if wanted.peek().is_some() => {
                    at += i + 1;
                    line += 1;
                }
                _ => break,
            }
        }
        let end = bytes.len() as u64;
        firsts
            .iter()
            .zip(&starts)
            .enumerate()
            .map(|(i, (&(number, line), &start))| {
                (
                    start,
                    starts.get(i + 1).copied().unwrap_or(end),
                    number,
                    line,
                )
            })
            .collect()
    }))
}

/// The games of one chunk of the file at `path`, numbered and placed as in the file.
#[pyfunction]
pub fn read_chunk(
    path: &str,
    start: u64,
    end: u64,
    first_number: usize,
    first_line: usize,
) -> PyResult<Vec<GameTuple>> {
    let mut file = std::fs::File::open(path).map_err(|e| os_error(path, e))?;
    file.seek(SeekFrom::Start(start))
        .map_err(|e| os_error(path, e))?;
    let mut bytes = Vec::new();
    file.take(end.saturating_sub(start))
        .read_to_end(&mut bytes)
        .map_err(|e| os_error(path, e))?;
    let text = String::from_utf8_lossy(&bytes);
    Ok(split_games(&text, path)
        .into_iter()
        .map(|mut game| {
            game.number += first_number.saturating_sub(1);
            game.line += first_line.saturating_sub(1);
            to_tuple(game)
        })
        .collect())
}
