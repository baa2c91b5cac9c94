//! FEN reading and writing, with the project's dialect for variants (RULES.md §9):
//! `[hand]` after the board (or as a ninth rank, `.../RNBQKBNR/QRp`) for Chess-Gi,
//! a `|` prefix for Alice's board-B pieces, `~` promoted markers (read and ignored),
//! a comma-separated e.p. list, and a seventh field: `S:K` (series length and actions
//! played; Progressive appends `:Q`, the completed series in a row without capture
//! or pawn move, when Q > 0), `push`, `promote:e1`, `promoted:e1` (Avalanche, right
//! after a promotion choice; see `parse_extra`) or `-`.
//!
//! Reading lists *every* problem: syntax problems per field, then, if the syntax is
//! sound, every reason the position is invalid for the rule set.
//!
//! ```
//! use alfiere::{Chess, notation::fen};
//! let pos: Chess = fen::read_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").unwrap();
//! assert_eq!(fen::write_fen(&pos), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
//! let err = fen::read_fen::<Chess>("4k3/8/8/8/8/8/8/P3KK2 w - - 0 1").unwrap_err();
//! assert_eq!(err.problems.len(), 2); // two white kings, a pawn on rank 1
//! ```

use crate::bitboard::Bitboard;
use crate::game::Position;
use crate::setup::{ExtraState, Hand, PositionProblem, Setup};
use crate::types::{ByColor, Color, File, Piece, Rank, Role, Square};
use std::fmt;

/// The FEN of the orthodox start position.
pub const STARTING_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The longest FEN accepted (anything longer is rejected before parsing).
pub const MAX_FEN_LEN: usize = 512;

/// One problem with a FEN.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FenProblem {
    /// The text does not follow FEN syntax; `field` names the part.
    Syntax {
        field: &'static str,
        message: String,
    },
    /// The text is well-formed but the position is invalid.
    Position(PositionProblem),
}

impl fmt::Display for FenProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenProblem::Syntax { field, message } => write!(f, "{field}: {message}"),
            FenProblem::Position(p) => write!(f, "{p}"),
        }
    }
}

/// Every problem found in a FEN.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FenError {
    /// The FEN (cut to [`MAX_FEN_LEN`] characters).
    pub fen: String,
    pub problems: Vec<FenProblem>,
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid FEN '{}': ", self.fen)?;
        for (i, p) in self.problems.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

impl std::error::Error for FenError {}

fn syntax(field: &'static str, message: impl Into<String>) -> FenProblem {
    FenProblem::Syntax {
        field,
        message: message.into(),
    }
}

/// Parses the FEN syntax into a [`Setup`] without validating the position.
///
/// # Errors
/// [`FenError`] listing every syntax problem.
pub fn parse_fen(fen: &str) -> Result<Setup, FenError> {
    let shown: String = fen.chars().take(MAX_FEN_LEN).collect();
    let fail = |problems| FenError {
        fen: shown.clone(),
        problems,
    };
    if fen.len() > MAX_FEN_LEN {
        return Err(fail(vec![syntax(
            "fen",
            format!("longer than {MAX_FEN_LEN} characters"),
        )]));
    }
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if fields.is_empty() {
        return Err(fail(vec![syntax("fen", "empty")]));
    }
    let mut problems = Vec::new();
    if fields.len() > 7 {
        problems.push(syntax(
            "fen",
            format!("{} fields, at most 7 expected", fields.len()),
        ));
    }
    let mut setup = Setup::empty();
    parse_placement(fields[0], &mut setup, &mut problems);
    match fields.get(1) {
        None | Some(&"w") => setup.turn = Color::White,
        Some(&"b") => setup.turn = Color::Black,
        Some(other) => problems.push(syntax("side to move", format!("'{other}' is not w or b"))),
    }
    if let Some(castling) = fields.get(2) {
        parse_castling(castling, &mut setup, &mut problems);
    }
    if let Some(&ep) = fields.get(3) {
        if ep != "-" {
            for part in ep.split(',') {
                match part.parse::<Square>() {
                    Ok(sq) => setup.ep_squares.push(sq),
                    Err(_) => {
                        problems.push(syntax("en passant", format!("'{part}' is not a square")))
                    }
                }
            }
        }
    }
    if let Some(halfmoves) = fields.get(4) {
        match halfmoves.parse::<u32>() {
            Ok(n) => setup.halfmoves = n,
            Err(_) => problems.push(syntax(
                "halfmove clock",
                format!("'{halfmoves}' is not a number"),
            )),
        }
    }
    if let Some(fullmoves) = fields.get(5) {
        match fullmoves.parse::<u32>() {
            Ok(n) => setup.fullmoves = n.max(1),
            Err(_) => problems.push(syntax(
                "fullmove number",
                format!("'{fullmoves}' is not a number"),
            )),
        }
    }
    if let Some(extra) = fields.get(6) {
        match parse_extra(extra) {
            Some(state) => setup.extra = state,
            None => problems.push(syntax(
                "seventh field",
                format!("'{extra}' is not S:K, push, promote:<square>, promoted:<square> or -"),
            )),
        }
    }
    if problems.is_empty() {
        Ok(setup)
    } else {
        Err(fail(problems))
    }
}

/// Parses only the placement field of a FEN (its first field; the others are not
/// read), with the dialect's `|` board-B marks, `~` promoted marks and `[hand]` or
/// ninth-rank hands, into a [`Setup`] whose other fields keep their defaults. For
/// drawing any position: the pieces need not form a legal one.
///
/// # Errors
/// [`FenError`] listing every problem of the placement field.
///
/// ```
/// use alfiere::notation::fen;
/// let setup = fen::parse_placement_field("4k3/8/8/8/8/8/8/|Q3K3[Nn] b - - 0 1").unwrap();
/// assert_eq!(setup.board.occupied().count(), 3);
/// assert_eq!(setup.board_b.count(), 1);
/// assert!(setup.hands.is_some());
/// assert!(fen::parse_placement_field("4k3/8/8/8/8/8/8/4K3/x").is_err());
/// ```
pub fn parse_placement_field(fen: &str) -> Result<Setup, FenError> {
    let shown: String = fen.chars().take(MAX_FEN_LEN).collect();
    let mut problems = Vec::new();
    let mut setup = Setup::empty();
    match fen.split_whitespace().next() {
        _ if fen.len() > MAX_FEN_LEN => problems.push(syntax(
            "fen",
            format!("longer than {MAX_FEN_LEN} characters"),
        )),
        Some(field) => parse_placement(field, &mut setup, &mut problems),
        None => problems.push(syntax("fen", "empty")),
    }
    if problems.is_empty() {
        Ok(setup)
    } else {
        Err(FenError {
            fen: shown,
            problems,
        })
    }
}

fn parse_extra(text: &str) -> Option<ExtraState> {
    if text == "-" {
        return Some(ExtraState::AvalancheNone);
    }
    if text == "push" {
        return Some(ExtraState::AvalanchePush);
    }
    if let Some(square) = text.strip_prefix("promote:") {
        return square.parse().ok().map(ExtraState::AvalanchePromote);
    }
    // Avalanche dialect extension (beyond RULES.md §9): `promoted:e1` is the moment
    // right after the side to act chose the piece on e1; its move comes next, unless
    // the new piece attacks the enemy king, which wins at once
    // (EndReason::PromotionCheck). Without it, that won position would read as a turn
    // start where the side not to act is in check, i.e. a loss of the other side by a
    // self-checking push: same winner, another reason. (It also keeps the choice and
    // the move that follows in one turn, as RULES.md §8 has it.)
    if let Some(square) = text.strip_prefix("promoted:") {
        return square.parse().ok().map(ExtraState::AvalanchePromoted);
    }
    let mut parts = text.split(':');
    let length: u16 = parts.next()?.parse().ok()?;
    let played: u16 = parts.next()?.parse().ok()?;
    let quiet: u16 = match parts.next() {
        Some(q) => q.parse().ok()?,
        None => 0,
    };
    (parts.next().is_none() && length >= 1 && played < length).then_some(ExtraState::Series {
        length,
        played,
        quiet,
    })
}

fn parse_placement(text: &str, setup: &mut Setup, problems: &mut Vec<FenProblem>) {
    // Split off a bracketed hand: `board[hand]`.
    let (board_text, hand_text) = match text.find('[') {
        Some(open) => {
            let rest = &text[open + 1..];
            match rest.strip_suffix(']') {
                Some(hand) => (&text[..open], Some(hand)),
                None => {
                    problems.push(syntax(
                        "hand",
                        "'[' without a closing ']' at the end of the board",
                    ));
                    (&text[..open], None)
                }
            }
        }
        None => (text, None),
    };
    let mut ranks: Vec<&str> = board_text.split('/').collect();
    let mut hand_text = hand_text;
    // The ninth-rank form of the hand: `.../RNBQKBNR/QRp`.
    if ranks.len() == 9 && hand_text.is_none() {
        hand_text = ranks.pop();
    }
    if ranks.len() != 8 {
        problems.push(syntax(
            "board",
            match ranks.len() {
                1 => "1 rank, expected 8 separated by '/'".to_string(),
                n => format!("{n} ranks, expected 8 separated by '/'"),
            },
        ));
        return;
    }
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = Rank(7 - i as u8);
        let mut file = 0u8;
        let mut on_b = false;
        let mut chars = rank_text.chars().peekable();
        // `bad_letter` is reported at once; `misplaced` (a `|` not followed by a
        // piece) once per rank.
        let mut bad_letter = false;
        let mut misplaced = false;
        while let Some(c) = chars.next() {
            match c {
                '1'..='8' => {
                    if on_b {
                        misplaced = true;
                    }
                    file = file.saturating_add(c as u8 - b'0');
                }
                '|' => {
                    if on_b {
                        misplaced = true;
                    }
                    on_b = true;
                    continue;
                }
                '~' => continue,
                _ => match Piece::from_char(c) {
                    Some(piece) if file < 8 => {
                        let sq = Square::from_coords(File(file), rank);
                        setup.board.put(sq, piece);
                        if on_b {
                            setup.board_b.add(sq);
                        }
                        if chars.peek() == Some(&'~') {
                            setup.promoted.add(sq);
                        }
                        file += 1;
                    }
                    Some(_) => file = file.saturating_add(1),
                    None => {
                        problems.push(syntax(
                            "board",
                            format!("'{c}' in rank {} is not a piece letter", rank.char()),
                        ));
                        bad_letter = true;
                        break;
                    }
                },
            }
            on_b = false;
        }
        if on_b {
            misplaced = true;
        }
        if bad_letter {
            continue;
        }
        if file != 8 {
            problems.push(syntax(
                "board",
                format!("rank {} has {file} squares, expected 8", rank.char()),
            ));
        }
        if misplaced {
            problems.push(syntax(
                "board",
                format!("misplaced '|' in rank {}", rank.char()),
            ));
        }
    }
    if let Some(hand_text) = hand_text {
        let mut hands = ByColor::<Hand>::default();
        for c in hand_text.chars() {
            match Piece::from_char(c) {
                Some(piece) if piece.role != Role::King => hands[piece.color].add(piece.role),
                _ if c == '-' => {}
                _ => problems.push(syntax(
                    "hand",
                    format!("'{c}' is not a piece that can be in hand"),
                )),
            }
        }
        setup.hands = Some(hands);
    }
}

/// Reads the castling field: `KQkq` as the h- and a-file rooks, and Shredder-FEN file
/// letters (`HAha`, the castling rooks' files, capitals for White). X-FEN's reading of
/// `KQkq` as the outermost rook, wherever it stands, is Chess960's
/// (`Chess960::from_setup`), so an orthodox FEN with a moved rook names the corner.
fn parse_castling(text: &str, setup: &mut Setup, problems: &mut Vec<FenProblem>) {
    if text == "-" {
        return;
    }
    for c in text.chars() {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let back = color.back_rank();
        let rook = match c.to_ascii_lowercase() {
            'k' => Square::from_coords(File::H, back),
            'q' => Square::from_coords(File::A, back),
            'a'..='h' => match File::from_char(c.to_ascii_lowercase()) {
                Some(file) => Square::from_coords(file, back),
                None => continue,
            },
            _ => {
                problems.push(syntax(
                    "castling",
                    format!("'{c}' is not K, Q, k, q or a file letter"),
                ));
                continue;
            }
        };
        setup.castling_rights.add(rook);
    }
}

/// How a FEN names castling rights.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CastlingLetters {
    /// `KQkq` for the rooks on the h- and a-files (every orthodox right), the rook's
    /// file letter for any other (which reads back as the same square).
    KingQueen,
    /// Shredder-FEN: always the rook's file letter (`HAha`), as Chess960 writes them
    /// (RULES.md §10).
    Files,
}

impl CastlingLetters {
    /// The letters of a rule set.
    pub const fn of(variant: crate::Variant) -> CastlingLetters {
        if variant.castles_from_anywhere() {
            CastlingLetters::Files
        } else {
            CastlingLetters::KingQueen
        }
    }
}

/// The castling field of `setup` (White's rights first, each side's from the h-file
/// towards the a-file; `-` for none).
fn write_castling(setup: &Setup, letters: CastlingLetters) -> String {
    let mut castling = String::new();
    for color in Color::ALL {
        let back = Bitboard::from_rank(color.back_rank());
        let mut rights: Vec<Square> = (setup.castling_rights & back).into_iter().collect();
        rights.reverse();
        for rook in rights {
            let letter = match (letters, rook.file()) {
                (CastlingLetters::KingQueen, File::H) => 'k',
                (CastlingLetters::KingQueen, File::A) => 'q',
                (_, file) => file.char(),
            };
            castling.push(if color == Color::White {
                letter.to_ascii_uppercase()
            } else {
                letter
            });
        }
    }
    if castling.is_empty() {
        castling.push('-');
    }
    castling
}

/// Reads a FEN into a validated position of rule set `G`.
///
/// # Errors
/// [`FenError`] listing every syntax problem, or else every position problem.
pub fn read_fen<G: Position>(fen: &str) -> Result<G, FenError> {
    read_fen_accepting(fen, crate::AcceptedProblems::NONE)
}

/// Reads a FEN like [`read_fen`], accepting the position problems of the kinds in
/// `accepted` ([`Position::from_setup_accepting`]).
///
/// # Errors
/// As [`read_fen`], for a problem of a kind not accepted.
pub fn read_fen_accepting<G: Position>(
    fen: &str,
    accepted: crate::AcceptedProblems,
) -> Result<G, FenError> {
    let setup = parse_fen(fen)?;
    G::from_setup_accepting(&setup, accepted).map_err(|e| FenError {
        fen: fen.to_string(),
        problems: e.problems.into_iter().map(FenProblem::Position).collect(),
    })
}

/// One square of the board field: its piece (after the count of empty squares
/// before it), or one more empty square. Not inlined: LLVM unrolled the 64 squares
/// and vectorised their piece lookups into 3 KB (the WebAssembly module's size).
#[inline(never)]
fn write_square(out: &mut String, empty: &mut u8, setup: &Setup, sq: Square) {
    match setup.board.piece_at(sq) {
        Some(piece) => {
            if *empty > 0 {
                out.push((b'0' + *empty) as char);
                *empty = 0;
            }
            if setup.board_b.contains(sq) {
                out.push('|');
            }
            out.push(piece.char());
        }
        None => *empty += 1,
    }
}

/// Writes the board field (with `|` prefixes and a bracketed hand where present).
pub fn write_board(setup: &Setup) -> String {
    let mut out = String::with_capacity(80);
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            write_square(
                &mut out,
                &mut empty,
                setup,
                Square::from_coords(File(file), Rank(rank)),
            );
        }
        if empty > 0 {
            out.push((b'0' + empty) as char);
        }
        if rank > 0 {
            out.push('/');
        }
    }
    if let Some(hands) = &setup.hands {
        out.push('[');
        for color in Color::ALL {
            for role in Role::IN_HAND {
                for _ in 0..hands[color].count(role) {
                    out.push(Piece::new(color, role).char());
                }
            }
        }
        out.push(']');
    }
    out
}

/// Writes a setup as FEN (the seventh field only when there is extra state), with
/// X-FEN castling letters.
pub fn write_setup(setup: &Setup) -> String {
    write_setup_with(setup, CastlingLetters::KingQueen)
}

/// Writes a setup as FEN with the given castling letters.
pub fn write_setup_with(setup: &Setup, letters: CastlingLetters) -> String {
    let castling = write_castling(setup, letters);
    let ep = if setup.ep_squares.is_empty() {
        "-".to_string()
    } else {
        setup
            .ep_squares
            .iter()
            .map(|s| s.to_string())
            .collect::<Vec<_>>()
            .join(",")
    };
    let mut fen = format!(
        "{} {} {} {} {} {}",
        write_board(setup),
        setup.turn.char(),
        castling,
        ep,
        setup.halfmoves,
        setup.fullmoves
    );
    match setup.extra {
        ExtraState::Default => {}
        ExtraState::Series {
            length,
            played,
            quiet: 0,
        } => fen.push_str(&format!(" {length}:{played}")),
        ExtraState::Series {
            length,
            played,
            quiet,
        } => fen.push_str(&format!(" {length}:{played}:{quiet}")),
        ExtraState::AvalanchePush => fen.push_str(" push"),
        ExtraState::AvalanchePromote(sq) => fen.push_str(&format!(" promote:{sq}")),
        ExtraState::AvalanchePromoted(sq) => fen.push_str(&format!(" promoted:{sq}")),
        ExtraState::AvalancheNone => fen.push_str(" -"),
    }
    fen
}

/// Writes a position as FEN.
pub fn write_fen<G: Position>(game: &G) -> String {
    write_setup_with(&game.to_setup(), CastlingLetters::of(G::VARIANT))
}
