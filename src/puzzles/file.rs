//! The shipped puzzle files, `data/puzzles/<rule set id>.csv`: a header
//! `PuzzleId,FEN,Moves,Rating,Themes` and one puzzle per line, with the lichess
//! puzzle database's conventions (`Moves` are UCI actions separated by spaces, the
//! first the opponent's setup action; `Themes` separated by spaces). No field holds
//! a comma, so no quoting.

use std::fmt;

/// The first line of every puzzle file.
pub const HEADER: &str = "PuzzleId,FEN,Moves,Rating,Themes";

/// The lowest and highest rating a puzzle may have.
pub const RATING_MIN: u32 = 600;
pub const RATING_MAX: u32 = 2800;

/// One line of a puzzle file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PuzzleRow {
    pub id: String,
    /// The position before the setup action.
    pub fen: String,
    /// The setup action, then the line, in UCI.
    pub moves: Vec<String>,
    pub rating: u32,
    pub themes: Vec<String>,
}

/// A line of a puzzle file that does not read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PuzzleFileError {
    /// 1-based, counting the header.
    pub line: usize,
    pub reason: String,
}

impl fmt::Display for PuzzleFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.reason)
    }
}

impl std::error::Error for PuzzleFileError {}

impl PuzzleRow {
    /// The row as a line of the file (without the newline).
    pub fn to_line(&self) -> String {
        format!(
            "{},{},{},{},{}",
            self.id,
            self.fen,
            self.moves.join(" "),
            self.rating,
            self.themes.join(" ")
        )
    }

    /// Reads one line of a file.
    ///
    /// # Errors
    /// A description of what is wrong with it.
    pub fn parse(line: &str) -> Result<PuzzleRow, String> {
        let fields: Vec<&str> = line.split(',').collect();
        let [id, fen, moves, rating, themes] = fields[..] else {
            return Err(format!("{} fields, not 5", fields.len()));
        };
        let id_ok = id.len() == 5
            && id
                .bytes()
                .all(|b| b.is_ascii_digit() || b.is_ascii_lowercase());
        if !id_ok {
            return Err(format!("the id '{id}' is not 5 of [0-9a-z]"));
        }
        let moves: Vec<String> = moves.split(' ').map(str::to_owned).collect();
        if moves.len() < 2 || moves.iter().any(String::is_empty) {
            return Err("Moves needs the setup action and at least one answer".into());
        }
        let rating: u32 = rating
            .parse()
            .ok()
            .filter(|r| (RATING_MIN..=RATING_MAX).contains(r))
            .ok_or(format!(
                "the rating '{rating}' is not a whole number in {RATING_MIN}-{RATING_MAX}"
            ))?;
        Ok(PuzzleRow {
            id: id.to_owned(),
            fen: fen.to_owned(),
            moves,
            rating,
            themes: themes
                .split(' ')
                .filter(|t| !t.is_empty())
                .map(str::to_owned)
                .collect(),
        })
    }
}

/// Reads a whole file: its header, then its rows; ids must be unique.
///
/// # Errors
/// The first line that does not read.
pub fn read_file(text: &str) -> Result<Vec<PuzzleRow>, PuzzleFileError> {
    let mut lines = text.lines();
    if lines.next() != Some(HEADER) {
        return Err(PuzzleFileError {
            line: 1,
            reason: format!("the header must be '{HEADER}'"),
        });
    }
    let mut rows: Vec<PuzzleRow> = Vec::new();
    let mut ids = std::collections::HashSet::new();
    for (i, line) in lines.enumerate() {
        let at = i + 2;
        let row = PuzzleRow::parse(line).map_err(|reason| PuzzleFileError { line: at, reason })?;
        if !ids.insert(row.id.clone()) {
            return Err(PuzzleFileError {
                line: at,
                reason: format!("the id '{}' is used twice", row.id),
            });
        }
        rows.push(row);
    }
    Ok(rows)
}

/// A puzzle's id: five base-36 characters of a hash of its rule set, position and
/// moves; `salt` tells apart the rare collisions (the miner raises it until the id
/// is free).
pub fn puzzle_id(variant: &str, fen: &str, moves: &str, salt: u32) -> String {
    let text = format!("{variant}|{fen}|{moves}|{salt}");
    let mut hash = crate::eval::nnue::fnv1a(text.as_bytes());
    let mut id = String::with_capacity(5);
    for _ in 0..5 {
        let digit = (hash % 36) as u32;
        id.push(char::from_digit(digit, 36).expect("a base-36 digit"));
        hash /= 36;
    }
    id
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_row_reads_back_what_it_writes() {
        let row = PuzzleRow {
            id: puzzle_id("chess", "8/8/8/8/8/8/8/8 w - - 0 1", "e2e4 e7e5", 0),
            fen: "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR b KQkq - 3 3".into(),
            moves: vec!["g8f6".into(), "f3f7".into()],
            rating: 700,
            themes: vec!["mate".into(), "mateIn1".into(), "oneMove".into()],
        };
        let text = format!("{HEADER}\n{}\n", row.to_line());
        assert_eq!(read_file(&text).unwrap(), vec![row]);
    }

    #[test]
    fn bad_files_name_their_line() {
        assert_eq!(read_file("Id,FEN\n").unwrap_err().line, 1);
        let bad_rating = format!("{HEADER}\nabcde,8/8/8/8/8/8/8/8 w - - 0 1,e2e4 e7e5,5000,mate\n");
        let err = read_file(&bad_rating).unwrap_err();
        assert_eq!(err.line, 2);
        assert!(err.reason.contains("rating"), "{err}");
        let twice = format!("{HEADER}\nabcde,x,a b,900,\nabcde,y,a b,900,\n");
        assert!(read_file(&twice).unwrap_err().reason.contains("twice"));
        assert!(PuzzleRow::parse("ABCDE,x,a b,900,").is_err());
        assert!(PuzzleRow::parse("abcde,x,a,900,").is_err());
    }
}
