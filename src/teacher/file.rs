//! The teacher data file: a 24-byte header, then [`RECORD_BYTES`]-byte records
//! appended game by game. Nothing is ever rewritten, so a run that is killed (or a
//! machine that stops) can only leave a torn last record, or records zeroed by the
//! file system, at the end; [`resume`] finds the bytes to keep and the first game
//! number not yet used, and [`RecordReader`] reads the records while skipping both.
//!
//! Header (little-endian): the magic `ALFTEACH`, the format version (u16, now 1), the
//! record size (u16, 40), four zero bytes, the run's seed (u64).
//!
//! This module reads and writes through `std::io` only; the program opens the file.

use super::record::{RecordError, TeacherRecord, RECORD_BYTES};
use std::io::Read;

/// The first bytes of every teacher data file.
pub const MAGIC: [u8; 8] = *b"ALFTEACH";
/// The version of the header and record layout.
pub const FORMAT_VERSION: u16 = 1;
/// The header's size in bytes.
pub const HEADER_BYTES: usize = 24;

/// What the header holds beyond the format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Header {
    /// The seed every game's own seed is drawn from (with its number).
    pub seed: u64,
}

/// Why a file cannot be read or resumed as teacher data.
#[derive(Debug)]
pub enum FileError {
    /// The file does not start with [`MAGIC`].
    NotTeacherData,
    /// A format version this build does not read.
    Version(u16),
    /// A record size other than [`RECORD_BYTES`].
    RecordSize(u16),
    Io(std::io::Error),
}

impl std::fmt::Display for FileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FileError::NotTeacherData => {
                f.write_str("not a teacher data file (no ALFTEACH header)")
            }
            FileError::Version(v) => write!(
                f,
                "teacher data format version {v}; this build reads version {FORMAT_VERSION}"
            ),
            FileError::RecordSize(n) => {
                write!(f, "records of {n} bytes; this build reads {RECORD_BYTES}")
            }
            FileError::Io(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for FileError {}

impl From<std::io::Error> for FileError {
    fn from(e: std::io::Error) -> FileError {
        FileError::Io(e)
    }
}

impl Header {
    pub fn encode(&self) -> [u8; HEADER_BYTES] {
        let mut out = [0u8; HEADER_BYTES];
        out[0..8].copy_from_slice(&MAGIC);
        out[8..10].copy_from_slice(&FORMAT_VERSION.to_le_bytes());
        out[10..12].copy_from_slice(&(RECORD_BYTES as u16).to_le_bytes());
        out[16..24].copy_from_slice(&self.seed.to_le_bytes());
        out
    }

    pub fn decode(bytes: &[u8; HEADER_BYTES]) -> Result<Header, FileError> {
        if bytes[0..8] != MAGIC {
            return Err(FileError::NotTeacherData);
        }
        let version = u16::from_le_bytes([bytes[8], bytes[9]]);
        if version != FORMAT_VERSION {
            return Err(FileError::Version(version));
        }
        let size = u16::from_le_bytes([bytes[10], bytes[11]]);
        if usize::from(size) != RECORD_BYTES {
            return Err(FileError::RecordSize(size));
        }
        Ok(Header {
            seed: u64::from_le_bytes(bytes[16..24].try_into().expect("8 bytes")),
        })
    }
}

/// Whether a file's first bytes are a teacher data header's (how the trainer tells
/// the binary data from its text format).
pub fn is_teacher_data(first_bytes: &[u8]) -> bool {
    first_bytes.starts_with(&MAGIC)
}

/// Reads until `buf` is full or the input ends; the number of bytes read.
fn fill(reader: &mut impl Read, buf: &mut [u8]) -> std::io::Result<usize> {
    let mut got = 0;
    while got < buf.len() {
        match reader.read(&mut buf[got..]) {
            Ok(0) => break,
            Ok(n) => got += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(got)
}

/// Reads the records after the header, in file order.
pub struct RecordReader<R: Read> {
    reader: R,
    /// Bytes of a last record cut short (a torn write), once the end is reached.
    pub torn_tail_bytes: usize,
}

impl<R: Read> RecordReader<R> {
    /// Reads and checks the header; the reader then stands at the first record.
    pub fn new(mut reader: R) -> Result<(Header, RecordReader<R>), FileError> {
        let mut bytes = [0u8; HEADER_BYTES];
        if fill(&mut reader, &mut bytes)? < HEADER_BYTES {
            return Err(FileError::NotTeacherData);
        }
        let header = Header::decode(&bytes)?;
        Ok((
            header,
            RecordReader {
                reader,
                torn_tail_bytes: 0,
            },
        ))
    }

    /// The next whole record (or why it does not decode); `None` at the end, where
    /// a partial record is counted in [`RecordReader::torn_tail_bytes`].
    pub fn next_record(&mut self) -> Result<Option<Result<TeacherRecord, RecordError>>, FileError> {
        let mut bytes = [0u8; RECORD_BYTES];
        match fill(&mut self.reader, &mut bytes)? {
            0 => Ok(None),
            RECORD_BYTES => Ok(Some(TeacherRecord::decode(&bytes))),
            partial => {
                self.torn_tail_bytes = partial;
                Ok(None)
            }
        }
    }
}

/// Where an existing file resumes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Resume {
    /// The header, or `None` when the file holds less than a whole one (a start that
    /// was cut short: the program writes the header again).
    pub header: Option<Header>,
    /// The length to cut the file to before appending: up to the last whole record
    /// that decodes.
    pub keep_bytes: u64,
    /// Records kept (of which `damaged` do not decode).
    pub records: u64,
    /// Records kept that do not decode (between good ones: damage, not a torn end).
    pub damaged: u64,
    /// Bytes past `keep_bytes` (a torn record, records zeroed at the end).
    pub dropped_bytes: u64,
    /// The first game number no kept record has: new games start here, so a resumed
    /// run never plays a game again.
    pub next_game: u32,
}

/// Scans a whole file of `len` bytes (from its start) for [`Resume`]. A file that is
/// not empty and does not start with (a part of) the header is refused.
pub fn resume(mut reader: impl Read, len: u64) -> Result<Resume, FileError> {
    if len < HEADER_BYTES as u64 {
        let mut bytes = vec![0u8; len as usize];
        let got = fill(&mut reader, &mut bytes)?;
        let n = got.min(MAGIC.len());
        if bytes[..n] != MAGIC[..n] {
            return Err(FileError::NotTeacherData);
        }
        return Ok(Resume {
            header: None,
            keep_bytes: 0,
            records: 0,
            damaged: 0,
            dropped_bytes: got as u64,
            next_game: 0,
        });
    }
    let (header, mut records) = RecordReader::new(reader)?;
    let (mut whole, mut good_end, mut damaged_since_good, mut damaged) = (0u64, 0u64, 0u64, 0u64);
    let mut next_game = 0u32;
    while let Some(record) = records.next_record()? {
        whole += 1;
        match record {
            Ok(record) => {
                good_end = whole;
                damaged += damaged_since_good;
                damaged_since_good = 0;
                next_game = next_game.max(record.game.saturating_add(1));
            }
            Err(_) => damaged_since_good += 1,
        }
    }
    let keep_bytes = HEADER_BYTES as u64 + good_end * RECORD_BYTES as u64;
    Ok(Resume {
        header: Some(header),
        keep_bytes,
        records: good_end,
        damaged,
        dropped_bytes: len.saturating_sub(keep_bytes),
        next_game,
    })
}
