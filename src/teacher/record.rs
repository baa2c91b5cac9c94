//! One teacher-labelled position in a fixed 40-byte record: the board packed as in
//! the trainer (occupied squares, one nibble a piece), the side to act, castling
//! rights by the rooks' files (so Chess960 fits), the en-passant square, the clocks,
//! the teacher's score, the game's result, the game number, and a check sum that
//! tells a torn or zeroed record from a whole one.
//!
//! Layout (little-endian; docs/nnue.md, "Teacher data"):
//!
//! | bytes | field |
//! |---|---|
//! | 0-7 | occupied squares (bit `i` for square index `i`, a1 = 0) |
//! | 8-23 | the pieces on them, lowest square first, one nibble each (colour × 8 + role: pawn 0 … king 5), low nibble first |
//! | 24 | flags: bit 0 Black to act, bit 1 Chess960 |
//! | 25 | en-passant square index, 255 for none |
//! | 26-27 | castling rights: bit `f` for a White rook on file `f` of rank 1, bit `8 + f` for a Black one on rank 8 |
//! | 28 | half-move clock (saturating at 255) |
//! | 29 | result for White in half points: 0, 1 or 2 |
//! | 30-31 | the teacher's score in centipawns, White's point of view (i16) |
//! | 32-33 | full-move number (saturating at 65535) |
//! | 34-37 | game number (u32) |
//! | 38-39 | the low 16 bits of FNV-1a 64 over bytes 0-37 |

use crate::eval::nnue::fnv1a;
use crate::notation::fen::write_fen;
use crate::{Bitboard, Board, Chess, Chess960, Color, File, Piece, Position, Rank, Role, Setup};
use crate::{PositionError, Square};

/// The size of a record in bytes.
pub const RECORD_BYTES: usize = 40;
/// The most pieces a record holds (one nibble each).
const MAX_PIECES: usize = 32;
const FLAG_BLACK: u8 = 1;
const FLAG_CHESS960: u8 = 2;
const NO_EP: u8 = 255;

/// A labelled position, unpacked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeacherRecord {
    /// The position (board, side, castling rooks, en-passant square, clocks).
    pub setup: Setup,
    /// Whether the position is played by Chess960's rules (its castling rights are
    /// then named by files).
    pub chess960: bool,
    /// The teacher's score in centipawns from White's point of view.
    pub white_cp: i16,
    /// The game's result for White in half points (0, 1 or 2).
    pub white_result: u8,
    /// The number of the game the position comes from.
    pub game: u32,
}

/// Why bytes are not a record, or a position cannot be packed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RecordError {
    /// The check sum does not match (a torn, zeroed or damaged record).
    Checksum,
    /// More pieces than a record holds.
    TooManyPieces(usize),
    /// A castling right that is not a rook square on a back rank.
    Castling(Square),
    /// A field out of its range (a nibble that is no piece, a result above 2).
    Field(&'static str),
    /// The packed position is not legal for its rules.
    Position(String),
}

impl std::fmt::Display for RecordError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RecordError::Checksum => f.write_str("the record's check sum does not match"),
            RecordError::TooManyPieces(n) => write!(f, "{n} pieces, at most {MAX_PIECES}"),
            RecordError::Castling(sq) => write!(f, "a castling right on {sq}"),
            RecordError::Field(name) => write!(f, "the record's {name} is out of range"),
            RecordError::Position(e) => write!(f, "the record's position: {e}"),
        }
    }
}

impl std::error::Error for RecordError {}

impl From<PositionError> for RecordError {
    fn from(e: PositionError) -> RecordError {
        RecordError::Position(e.to_string())
    }
}

/// The check sum of a record's first 38 bytes.
fn check(body: &[u8]) -> u16 {
    fnv1a(body) as u16
}

impl TeacherRecord {
    /// A record of `position` (orthodox chess or Chess960).
    pub fn of<G: Position>(
        position: &G,
        chess960: bool,
        white_cp: i16,
        white_result: u8,
        game: u32,
    ) -> TeacherRecord {
        TeacherRecord {
            setup: position.to_setup(),
            chess960,
            white_cp,
            white_result,
            game,
        }
    }

    /// The packed bytes.
    pub fn encode(&self) -> Result<[u8; RECORD_BYTES], RecordError> {
        let mut out = [0u8; RECORD_BYTES];
        let board = &self.setup.board;
        out[0..8].copy_from_slice(&board.occupied().0.to_le_bytes());
        // `pieces()` goes from a1 upwards, the order the occupied bits are read in.
        for (i, (_, piece)) in board.pieces().enumerate() {
            if i == MAX_PIECES {
                return Err(RecordError::TooManyPieces(board.occupied().count()));
            }
            let code = (piece.color.index() * 8 + piece.role.index()) as u8;
            out[8 + i / 2] |= code << (4 * (i % 2));
        }
        out[24] = (u8::from(self.setup.turn == Color::Black) * FLAG_BLACK)
            | (u8::from(self.chess960) * FLAG_CHESS960);
        out[25] = self
            .setup
            .ep_squares
            .first()
            .map_or(NO_EP, |sq| sq.index() as u8);
        let mut castling = 0u16;
        for rook in self.setup.castling_rights {
            let bit = match rook.rank() {
                Rank::FIRST => rook.file().index(),
                Rank::EIGHTH => 8 + rook.file().index(),
                _ => return Err(RecordError::Castling(rook)),
            };
            castling |= 1 << bit;
        }
        out[26..28].copy_from_slice(&castling.to_le_bytes());
        out[28] = self.setup.halfmoves.min(255) as u8;
        if self.white_result > 2 {
            return Err(RecordError::Field("result"));
        }
        out[29] = self.white_result;
        out[30..32].copy_from_slice(&self.white_cp.to_le_bytes());
        let fullmoves = self.setup.fullmoves.min(u32::from(u16::MAX)) as u16;
        out[32..34].copy_from_slice(&fullmoves.to_le_bytes());
        out[34..38].copy_from_slice(&self.game.to_le_bytes());
        let sum = check(&out[..38]);
        out[38..40].copy_from_slice(&sum.to_le_bytes());
        Ok(out)
    }

    /// Reads packed bytes; a wrong check sum or a field out of range is an error,
    /// never a panic.
    pub fn decode(bytes: &[u8; RECORD_BYTES]) -> Result<TeacherRecord, RecordError> {
        let stored = u16::from_le_bytes([bytes[38], bytes[39]]);
        if check(&bytes[..38]) != stored {
            return Err(RecordError::Checksum);
        }
        let word = |at: usize| u16::from_le_bytes([bytes[at], bytes[at + 1]]);
        let mut occupied = u64::from_le_bytes(bytes[0..8].try_into().expect("8 bytes"));
        let mut setup = Setup::empty();
        let mut i = 0;
        while occupied != 0 {
            if i == MAX_PIECES {
                return Err(RecordError::TooManyPieces(
                    i + occupied.count_ones() as usize,
                ));
            }
            let square =
                Square::new(occupied.trailing_zeros()).ok_or(RecordError::Field("board"))?;
            occupied &= occupied - 1;
            let code = usize::from((bytes[8 + i / 2] >> (4 * (i % 2))) & 0xf);
            let role = *Role::ALL.get(code % 8).ok_or(RecordError::Field("piece"))?;
            let color = if code >= 8 {
                Color::Black
            } else {
                Color::White
            };
            setup.board.put(square, Piece::new(color, role));
            i += 1;
        }
        let flags = bytes[24];
        if flags & !(FLAG_BLACK | FLAG_CHESS960) != 0 {
            return Err(RecordError::Field("flags"));
        }
        setup.turn = if flags & FLAG_BLACK != 0 {
            Color::Black
        } else {
            Color::White
        };
        if bytes[25] != NO_EP {
            let sq = Square::new(u32::from(bytes[25])).ok_or(RecordError::Field("en passant"))?;
            setup.ep_squares.push(sq);
        }
        let castling = word(26);
        for bit in 0..16u8 {
            if castling & (1 << bit) != 0 {
                let rank = if bit < 8 { Rank::FIRST } else { Rank::EIGHTH };
                let file = File::new(bit % 8).expect("a file below 8");
                setup.castling_rights.add(Square::from_coords(file, rank));
            }
        }
        setup.halfmoves = u32::from(bytes[28]);
        if bytes[29] > 2 {
            return Err(RecordError::Field("result"));
        }
        setup.fullmoves = u32::from(word(32)).max(1);
        Ok(TeacherRecord {
            setup,
            chess960: flags & FLAG_CHESS960 != 0,
            white_cp: i16::from_le_bytes([bytes[30], bytes[31]]),
            white_result: bytes[29],
            game: u32::from_le_bytes(bytes[34..38].try_into().expect("4 bytes")),
        })
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.setup.board
    }

    /// The castling rooks.
    pub fn castling_rights(&self) -> Bitboard {
        self.setup.castling_rights
    }

    /// The position's FEN, read by its own rules (Chess960's castling rights by
    /// file letters); an illegal position is an error.
    pub fn fen(&self) -> Result<String, RecordError> {
        Ok(if self.chess960 {
            write_fen(&Chess960::from_setup(&self.setup)?)
        } else {
            write_fen(&Chess::from_setup(&self.setup)?)
        })
    }
}
