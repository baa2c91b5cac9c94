//! Teacher data for orthodox chess and Chess960 (issue 57): positions labelled by a
//! stronger engine, in a compact binary file that `alfiere-datagen --teacher` appends
//! to and `alfiere-train` reads beside its text format. `record` packs one position
//! in 40 bytes; `file` is the header and the torn-tail-safe reading and resuming.
//! Native only: the generator and the trainer are native programs.

pub mod file;
pub mod record;

pub use file::{is_teacher_data, resume, FileError, Header, RecordReader, Resume, HEADER_BYTES};
pub use record::{RecordError, TeacherRecord, RECORD_BYTES};
