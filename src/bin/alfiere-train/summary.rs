//! What a run prints when it is done: one `label: value` line per figure, so that
//! people and scripts read the same text.

use crate::quantise::{Agreement, CLOSE_CP, CLOSE_SHARE};
use alfiere::eval::nnue::fnv1a;
use std::fmt;
use std::path::PathBuf;

pub struct Summary {
    pub used: usize,
    pub skipped: u64,
    pub epochs: usize,
    pub train_loss: f64,
    /// The final and the starting validation loss, if positions were held out.
    pub validation: Option<(f64, f64)>,
    pub fit: Agreement,
    pub seconds: f64,
    pub training_seconds: f64,
    pub out: PathBuf,
    /// The network file's bytes.
    pub bytes: Vec<u8>,
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "positions used: {}, skipped: {}",
            self.used, self.skipped
        )?;
        writeln!(f, "epochs: {}", self.epochs)?;
        writeln!(f, "train loss: {:.6}", self.train_loss)?;
        match self.validation {
            Some((end, start)) => writeln!(f, "validation loss: {end:.6} (start {start:.6})")?,
            None => writeln!(f, "validation loss: none (no positions held out)")?,
        }
        let fit = &self.fit;
        writeln!(
            f,
            "quantised: largest difference {:.1} cp, mean {:.2} cp (signed {:+.2}), \
             {} of {} positions within {CLOSE_CP} cp or {}%",
            fit.max_cp,
            fit.mean_cp,
            fit.mean_signed_cp,
            fit.close,
            fit.positions,
            CLOSE_SHARE * 100.0
        )?;
        writeln!(
            f,
            "seconds: {:.1} ({:.1} training)",
            self.seconds, self.training_seconds
        )?;
        // The checksum the file stores: FNV-1a of everything before its last 8 bytes.
        let body = &self.bytes[..self.bytes.len().saturating_sub(8)];
        write!(
            f,
            "network: {}, {} bytes, checksum {:016x}",
            self.out.display(),
            self.bytes.len(),
            fnv1a(body)
        )
    }
}
