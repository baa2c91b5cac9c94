//! Opening the teacher data file for appending: created with its header if new;
//! otherwise scanned (`alfiere::teacher::resume`), cut back to its last whole record
//! (a torn tail from a killed run is dropped), and continued with the game numbers
//! after the last one it holds, under the seed in its header.

use alfiere::teacher::{resume, Header, Resume};
use std::fs::{File, OpenOptions};
use std::io::{BufReader, Write};
use std::path::Path;

/// The file, ready to append to, and where the run continues.
pub struct Opened {
    pub file: File,
    /// The seed of every game of the file.
    pub seed: u64,
    /// What the scan found (the first game number to play, records kept, bytes
    /// dropped).
    pub resume: Resume,
}

/// Opens (or creates) `path`. `seed` is the run's `--seed`: the header's seed when
/// the file is new; a resumed file keeps its own, and a different one given is
/// refused (`given`), so one file's games all come from one seed.
pub fn open(path: &Path, seed: u64, given: bool) -> Result<Opened, String> {
    let failed = |e: &dyn std::fmt::Display| format!("{}: {e}", path.display());
    let file = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
        .map_err(|e| failed(&e))?;
    let len = file.metadata().map_err(|e| failed(&e))?.len();
    let found = resume(BufReader::new(&file), len).map_err(|e| failed(&e))?;
    let seed = match found.header {
        Some(header) if given && header.seed != seed => {
            return Err(format!(
                "{}: the file's games use seed {}; leave --seed out to continue it, \
                 or write to another file",
                path.display(),
                header.seed
            ))
        }
        Some(header) => header.seed,
        None => seed,
    };
    file.set_len(found.keep_bytes).map_err(|e| failed(&e))?;
    drop(file);
    let mut file = OpenOptions::new()
        .append(true)
        .open(path)
        .map_err(|e| failed(&e))?;
    if found.header.is_none() {
        file.write_all(&Header { seed }.encode())
            .map_err(|e| failed(&e))?;
    }
    Ok(Opened {
        file,
        seed,
        resume: found,
    })
}
