//! Reading the data files into [`Sample`]s: blocks of lines parsed on several
//! threads, kept in file order, lines that do not parse counted and the first few
//! shown, and each position numbered with the game it seems to come from.
//!
//! The data has no game numbers, but `alfiere-datagen` writes each game's positions
//! together and in order, so a new game starts where the result changes or the
//! full-move number goes back. Merging two games by mistake only makes a held-out
//! "game" larger; what matters is that one game's near-identical positions do not
//! land on both sides of the validation split (which would make the validation
//! loss flatter than the truth).
//!
//! A file that starts with the teacher data header (`alfiere::teacher`, written by
//! `alfiere-datagen --teacher`) is read as records instead: orthodox chess and
//! Chess960 positions in the orthodox layout, their games told apart by the game
//! number each record holds; a record that does not decode is skipped and counted,
//! and so is a torn last record.

use crate::sample::Sample;
use alfiere::teacher::{is_teacher_data, RecordReader, RECORD_BYTES};
use alfiere::Variant;
use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::Path;

/// Lines read before they are handed to the threads: enough to keep each busy for
/// milliseconds, little enough memory (a few MB of text).
const BLOCK_LINES: usize = 1 << 16;
/// How many bad lines are quoted; the rest are only counted.
const SHOWN_PROBLEMS: usize = 5;

/// The positions of all files, in order, and what could not be read.
#[derive(Default)]
pub struct Loaded {
    pub samples: Vec<Sample>,
    pub skipped: u64,
    /// `file:line: reason` for the first few skipped lines.
    pub problems: Vec<String>,
}

/// Tells games apart in the sequence of positions.
#[derive(Default)]
struct Games {
    count: u32,
    /// The previous position's full-move number and result.
    last: Option<(u32, u8)>,
    /// The previous teacher record's game number.
    last_id: Option<u32>,
}

impl Games {
    /// The game of a position read after the previous one.
    fn number(&mut self, fullmove: u32, result: u8) -> u32 {
        let same = matches!(self.last, Some((m, r)) if fullmove >= m && result == r);
        if !same {
            self.count = self.count.wrapping_add(1);
        }
        self.last = Some((fullmove, result));
        self.count
    }

    /// The game of a teacher record read after the previous one: a game's records
    /// are written together, so a new number is a new game.
    fn number_by_id(&mut self, id: u32) -> u32 {
        if self.last_id != Some(id) {
            self.count = self.count.wrapping_add(1);
        }
        self.last_id = Some(id);
        self.count
    }

    /// Nothing continues across files.
    fn break_off(&mut self) {
        self.last = None;
        self.last_id = None;
    }
}

/// The FEN's full-move number (0 if it has none): the line's sixth word, as a FEN's
/// fields come first and hold no spaces (Alice's board has `|` in it, so the line is
/// not cut at the first `|`).
fn fullmove(line: &str) -> u32 {
    line.split_whitespace()
        .nth(5)
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

/// Reads `paths` (positions of `variant`) in order; an unreadable file is an error, a
/// bad line is skipped.
pub fn load(
    paths: &[impl AsRef<Path>],
    variant: Variant,
    threads: usize,
) -> Result<Loaded, String> {
    let mut loaded = Loaded::default();
    let mut games = Games::default();
    for path in paths {
        games.break_off();
        load_file(path.as_ref(), variant, threads, &mut loaded, &mut games)?;
    }
    Ok(loaded)
}

fn load_file(
    path: &Path,
    variant: Variant,
    threads: usize,
    loaded: &mut Loaded,
    games: &mut Games,
) -> Result<(), String> {
    let file = File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut reader = BufReader::with_capacity(1 << 20, file);
    let start = reader
        .fill_buf()
        .map_err(|e| format!("{}: {e}", path.display()))?;
    if is_teacher_data(start) {
        return load_teacher_file(path, reader, variant, loaded, games);
    }
    let mut first_line = 1;
    loop {
        let block = read_block(&mut reader).map_err(|e| format!("{}: {e}", path.display()))?;
        if block.is_empty() {
            return Ok(());
        }
        for (offset, parsed) in parse_block(&block, variant, threads)
            .into_iter()
            .enumerate()
        {
            match parsed {
                Some(Ok(mut sample)) => {
                    let game = games.number(fullmove(&block[offset]), sample.white_result());
                    sample.set_game(game);
                    loaded.samples.push(sample);
                }
                Some(Err(reason)) => {
                    loaded.skipped += 1;
                    if loaded.problems.len() < SHOWN_PROBLEMS {
                        let line = first_line + offset;
                        loaded
                            .problems
                            .push(format!("{}:{line}: {reason}", path.display()));
                    }
                }
                None => {}
            }
        }
        first_line += block.len();
    }
}

/// Reads a teacher data file's records (orthodox chess or Chess960, so only for
/// `--variant chess`).
fn load_teacher_file(
    path: &Path,
    reader: impl std::io::Read,
    variant: Variant,
    loaded: &mut Loaded,
    games: &mut Games,
) -> Result<(), String> {
    let failed = |e: &dyn std::fmt::Display| format!("{}: {e}", path.display());
    if variant != Variant::Chess {
        return Err(failed(&format!(
            "teacher data holds orthodox chess and Chess960 positions, not {}",
            variant.name()
        )));
    }
    let (_, mut records) = RecordReader::new(reader).map_err(|e| failed(&e))?;
    let skip = |loaded: &mut Loaded, reason: String| {
        loaded.skipped += 1;
        if loaded.problems.len() < SHOWN_PROBLEMS {
            loaded.problems.push(failed(&reason));
        }
    };
    let mut number = 0u64;
    while let Some(record) = records.next_record().map_err(|e| failed(&e))? {
        number += 1;
        let sample = record.map_err(|e| e.to_string()).and_then(|record| {
            Sample::labelled(
                record.board(),
                record.setup.turn,
                i32::from(record.white_cp),
                record.white_result,
            )
            .map(|sample| (sample, record.game))
        });
        match sample {
            Ok((mut sample, id)) => {
                sample.set_game(games.number_by_id(id));
                loaded.samples.push(sample);
            }
            Err(reason) => skip(loaded, format!("record {number}: {reason}")),
        }
    }
    if records.torn_tail_bytes > 0 {
        skip(
            loaded,
            format!(
                "a torn last record ({} of {RECORD_BYTES} bytes) dropped",
                records.torn_tail_bytes
            ),
        );
    }
    Ok(())
}

/// Up to [`BLOCK_LINES`] lines; a line that is not UTF-8 is kept (lossily) so that
/// it is counted as a bad line rather than ending the file.
fn read_block(reader: &mut impl BufRead) -> std::io::Result<Vec<String>> {
    let mut block = Vec::with_capacity(BLOCK_LINES);
    let mut bytes = Vec::new();
    while block.len() < BLOCK_LINES {
        bytes.clear();
        if reader.read_until(b'\n', &mut bytes)? == 0 {
            break;
        }
        block.push(String::from_utf8_lossy(&bytes).into_owned());
    }
    Ok(block)
}

/// Each line's sample, its reason for being skipped, or `None` for a blank line;
/// the threads take contiguous shares so the order is the file's.
fn parse_block(
    block: &[String],
    variant: Variant,
    threads: usize,
) -> Vec<Option<Result<Sample, String>>> {
    let parse = move |line: &String| {
        let line = line.trim();
        (!line.is_empty()).then(|| Sample::parse(line, variant))
    };
    let share = block.len().div_ceil(threads.max(1)).max(1);
    std::thread::scope(|scope| {
        let handles: Vec<_> = block
            .chunks(share)
            .map(|chunk| {
                let handle = scope.spawn(move || chunk.iter().map(parse).collect::<Vec<_>>());
                (chunk.len(), handle)
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|(len, handle)| {
                // Parsing does not panic on any text; should it, the whole share
                // counts as bad lines instead of taking the program down.
                handle
                    .join()
                    .unwrap_or_else(|_| vec![Some(Err("parser failure".to_string())); len])
            })
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use alfiere::notation::fen::parse_fen;
    use alfiere::teacher::{Header, TeacherRecord};

    #[test]
    fn games_are_told_apart_by_result_and_move_number() {
        let mut games = Games::default();
        let numbers: Vec<u32> = [(9, 2), (9, 2), (10, 2), (30, 2), (9, 2), (10, 1), (10, 0)]
            .iter()
            .map(|&(m, r)| games.number(m, r))
            .collect();
        assert_eq!(numbers, [1, 1, 1, 1, 2, 3, 4]);
        games.break_off();
        assert_eq!(games.number(11, 0), 5);
        assert_eq!(games.number_by_id(7), 6);
        assert_eq!(games.number_by_id(7), 6);
        assert_eq!(games.number_by_id(3), 7);
        let line = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 17 | 5 | 0.5";
        assert_eq!(fullmove(line), 17);
        assert_eq!(fullmove("garbage"), 0);
        // Alice's board holds `|` too, and Progressive's FEN has a seventh field.
        let alice = "2bqkb2/pp1ppp2/2|n2|n1|p/2|pNB2|r/3P2|r1/4|P|N2/PPP|Q2PP/2|K|R1B1R b - - 4 11";
        assert_eq!(fullmove(&format!("{alice} | -40 | 0.0")), 11);
        let series = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2 4:1";
        assert_eq!(fullmove(&format!("{series} | 5 | 0.5")), 2);
    }

    /// Positions of orthodox chess and Chess960 with castling and en passant.
    fn teacher_positions() -> Vec<(TeacherRecord, String)> {
        let fens = [
            (
                "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
                false,
            ),
            (
                "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
                false,
            ),
            ("4k3/8/8/8/8/8/8/R3K2R b KQ - 3 40", false),
            (
                "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1",
                true,
            ),
            (
                "bqnbrkr1/pppppppp/7n/8/8/5N2/PPPPPPPP/BQNBRKR1 w Ee - 4 3",
                true,
            ),
        ];
        fens.iter()
            .enumerate()
            .map(|(i, &(fen, chess960))| {
                let setup = parse_fen(fen).unwrap();
                let record = TeacherRecord {
                    setup,
                    chess960,
                    white_cp: 17 * i as i16 - 30,
                    white_result: (i % 3) as u8,
                    game: (i / 2) as u32 + 40,
                };
                assert_eq!(record.fen().unwrap(), fen);
                (record, fen.to_string())
            })
            .collect()
    }

    #[test]
    fn a_teacher_file_reads_back_its_positions_and_drops_a_torn_tail() {
        let positions = teacher_positions();
        let mut bytes = Header { seed: 3 }.encode().to_vec();
        for (record, _) in &positions {
            bytes.extend_from_slice(&record.encode().unwrap());
        }
        let dir = std::env::temp_dir().join(format!("alfiere-train-load-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let whole = dir.join("whole.bin");
        std::fs::write(&whole, &bytes).unwrap();
        let torn = dir.join("torn.bin");
        bytes.extend_from_slice(&positions[0].0.encode().unwrap()[..23]);
        std::fs::write(&torn, &bytes).unwrap();
        for (path, skipped) in [(&whole, 0), (&torn, 1)] {
            let loaded = load(&[path], Variant::Chess, 2).unwrap();
            assert_eq!(loaded.skipped, skipped, "{:?}", loaded.problems);
            assert_eq!(loaded.samples.len(), positions.len());
            for (sample, (record, fen)) in loaded.samples.iter().zip(&positions) {
                assert_eq!(&sample.board(), record.board(), "{fen}");
                assert_eq!(sample.turn(), record.setup.turn, "{fen}");
                assert_eq!(sample.white_cp(), record.white_cp, "{fen}");
                assert_eq!(sample.white_result(), record.white_result, "{fen}");
            }
            // Games 40, 40, 41, 41, 42: three games.
            let ids: Vec<u32> = loaded.samples.iter().map(Sample::game).collect();
            assert_eq!(ids, [1, 1, 2, 2, 3]);
            if skipped > 0 {
                assert!(loaded.problems[0].contains("torn"), "{:?}", loaded.problems);
            }
        }
        assert!(load(&[&whole], Variant::ChessGi, 1).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
