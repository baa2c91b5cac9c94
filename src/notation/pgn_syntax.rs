//! The syntactic layer of PGN (Portable Game Notation).
//!
//! This module turns PGN text into a tree of [`RawGame`]s and back, without
//! any chess knowledge: a move is an opaque token (`e4`, `Nbd7`, `O-O`,
//! `e5,Nc6`, `Nf3/e6`, `N@e4`, ...) that a semantic layer later resolves
//! against a position of the right variant. Every move keeps its line and
//! column so that the semantic layer can report, say, "illegal move 'Nf9' at
//! line 7, column 12".
//!
//! # What it does
//!
//! * Splits a file into games. A game ends at a result token (`1-0`, `0-1`,
//!   `1/2-1/2`, `*`), at a tag that follows movetext (a game without result),
//!   or at the end of the input.
//! * Reads tag pairs `[Name "value"]` (with `\"` and `\\` escapes), keeping
//!   every pair in input order, duplicates included.
//! * Reads movetext: move-number indications (`1.`, `12...`, also glued as in
//!   `1.e4`) are skipped; `{...}` and `;` comments are kept; `%` escape lines
//!   are ignored; NAGs (`$12`) and suffix annotations (`!`, `?`, `!!`, `??`,
//!   `!?`, `?!`, standalone or glued to a move) become NAG numbers 1 to 6;
//!   recursive annotation variations `( ... )` are attached to the move they
//!   follow, as alternatives to that move.
//! * Writes a [`RawGame`] back as export-style PGN ([`write_pgn`]), with
//!   pluggable move numbering ([`MoveNumbering`]) because numbering depends on
//!   the variant (Progressive chess numbers whole series, for example).
//!
//! # What it does not do
//!
//! It does not check that moves are legal or even well-formed SAN, that move
//! numbers are consistent, that the result token agrees with the `Result`
//! tag, or that the Seven Tag Roster is present. Those are decisions for the
//! semantic layer.
//!
//! # Where things go
//!
//! * Comments and NAGs attach to the last move read on the current line (main
//!   line or variation). Comments met before the first move of a line go to
//!   [`RawGame::comment_before`] or [`RawVariation::comment_before`].
//!   Comments found in front of a game's tags also go to
//!   [`RawGame::comment_before`].
//! * A variation `( ... )` becomes an entry of [`RawMove::variations`] of the
//!   move just before the `(`: its first move is an alternative to that move.
//! * Comments between games (after a result, with no game following) are
//!   dropped, so a file containing only whitespace and comments has no games.
//!
//! # Positions
//!
//! Lines and columns are 1-based. Columns count Unicode scalar values (a tab
//! is one column). `\n`, `\r\n` and a lone `\r` each end a line. A leading
//! UTF-8 byte order mark is skipped and not counted.
//!
//! # Round trip
//!
//! `parse_pgn(&write_pgn(&g, n))` gives back `g` up to the recorded positions
//! (`line`, `column`), except for these normalizations:
//!
//! * a game without result is written with `*`;
//! * a `}` inside a comment is written as `)`, and line breaks inside comments
//!   and tag values are written as spaces (the parser itself reads a line
//!   break inside a `{...}` comment as one space, keeps its other spaces, and
//!   trims a `;` comment);
//! * comments and NAGs are written right after their move, before its
//!   variations, whatever their place in the input;
//! * a result other than the four result tokens is written as `*`;
//! * a tag name character other than a letter, digit or `_` is written as `_`;
//! * move tokens are written verbatim, so they must be non-empty and must not
//!   contain whitespace or `{ } ( ) [ ] ; $`, nor look like a move number, a
//!   result or a suffix annotation (everything the parser produces satisfies
//!   this).
//!
//! # Limits
//!
//! Inputs larger than [`MAX_INPUT_BYTES`] and variations nested deeper than
//! [`MAX_VARIATION_DEPTH`] are rejected with an error. The parser never
//! panics and does not recurse.
//!
//! # Example
//!
//! ```
//! use alfiere::notation::pgn_syntax::{parse_pgn, write_pgn, OrthodoxNumbering};
//!
//! let games = parse_pgn("[Event \"Casual\"]\n\n1. e4 e5!? (1... c5) 2. Nf3 1-0").unwrap();
//! let game = &games[0];
//! assert_eq!(game.tag("Event"), Some("Casual"));
//! assert_eq!(game.moves[1].token, "e5");
//! assert_eq!(game.moves[1].nags, vec![5]);
//! assert_eq!(game.moves[1].variations[0].moves[0].token, "c5");
//! assert_eq!((game.moves[2].line, game.moves[2].column), (3, 25));
//!
//! let text = write_pgn(game, &OrthodoxNumbering::default());
//! assert_eq!(text, "[Event \"Casual\"]\n\n1. e4 e5 $5 (1... c5) 2. Nf3 1-0\n");
//! ```

use std::error::Error;
use std::fmt;

/// Largest input accepted by [`parse_pgn`], in bytes (64 MiB).
pub const MAX_INPUT_BYTES: usize = 64 * 1024 * 1024;

/// Deepest nesting of variations accepted by [`parse_pgn`].
pub const MAX_VARIATION_DEPTH: usize = 256;

/// Column at which [`write_pgn`] wraps movetext lines.
const WRAP_COLUMN: usize = 80;

/// The four game termination markers.
const RESULT_TOKENS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// One game as read from PGN, before any chess interpretation.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RawGame {
    /// Tag pairs `(name, value)` in input order, unescaped. Duplicates are
    /// kept; see [`RawGame::tag`].
    pub tags: Vec<(String, String)>,
    /// Comments before the first move of the main line (including comments
    /// in front of the tags), as written (see [`RawMove::comments`]).
    pub comment_before: Vec<String>,
    /// The main line.
    pub moves: Vec<RawMove>,
    /// The termination token (`1-0`, `0-1`, `1/2-1/2` or `*`), if present.
    pub result: Option<String>,
    /// Line where the game starts (its first tag, comment or move).
    pub line: usize,
}

impl RawGame {
    /// Value of the tag `name` (case-sensitive). If the tag occurs several
    /// times, the last occurrence wins.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .rev()
            .find(|(tag_name, _)| tag_name == name)
            .map(|(_, value)| value.as_str())
    }
}

/// One move token with its annotations and alternatives.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RawMove {
    /// The move exactly as written, minus a move number glued in front
    /// (`1.e4`) and a suffix annotation glued behind (`e4!?`). Opaque here:
    /// `e4`, `O-O`, `0-0-0`, `e5,Nc6`, `Nf3/e6`, `N@e4`, `@e4`, ...
    pub token: String,
    /// 1-based line of the token's first character.
    pub line: usize,
    /// 1-based column of the token's first character (in characters).
    pub column: usize,
    /// Numeric annotation glyphs, in input order; suffix annotations are
    /// mapped to 1 (`!`), 2 (`?`), 3 (`!!`), 4 (`??`), 5 (`!?`), 6 (`?!`).
    pub nags: Vec<u8>,
    /// Comments following the move (up to the next move on the same line): a
    /// `{...}` comment's text exactly as written between the braces, its spaces
    /// kept and each line break read as one space; a `;` comment's rest of the
    /// line without the spaces around it (the one after `;` only separates).
    pub comments: Vec<String>,
    /// Alternatives to this move: each variation starts in the position
    /// *before* this move and its first move replaces this one.
    pub variations: Vec<RawVariation>,
    /// The number to write before this token, when the writer's caller knows it
    /// (multi-action rule sets, where tokens and plies do not correspond); it
    /// overrides the [`MoveNumbering`]. Not set by the parser.
    pub number: Option<TokenNumber>,
}

/// The move number of a token, for writing: `12.` before a token that opens a
/// numbered unit (White's turn, a Progressive series), nothing before one that
/// continues it, or `12...` when it continues after a comment or variation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TokenNumber {
    pub number: u32,
    pub opens: bool,
}

impl TokenNumber {
    /// The prefix to write, given whether the token follows a break.
    pub fn prefix(self, after_break: bool) -> Option<String> {
        if self.opens {
            Some(format!("{}.", self.number))
        } else if after_break {
            Some(format!("{}...", self.number))
        } else {
            None
        }
    }
}

impl RawMove {
    /// A move with the given token and nothing else (position 0:0).
    #[must_use]
    pub fn new(token: impl Into<String>) -> Self {
        RawMove {
            token: token.into(),
            ..RawMove::default()
        }
    }
}

/// A recursive annotation variation: a line of moves replacing the move it
/// is attached to.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RawVariation {
    /// Comments inside the parentheses before the variation's first move, as
    /// written (see [`RawMove::comments`]).
    pub comment_before: Vec<String>,
    /// The moves of the variation (possibly empty for `( {comment} )`).
    pub moves: Vec<RawMove>,
}

/// A syntax error, with the 1-based position where the offending construct
/// starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PgnSyntaxError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// What went wrong, e.g. `unterminated comment`.
    pub message: String,
}

impl fmt::Display for PgnSyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.message
        )
    }
}

impl Error for PgnSyntaxError {}

fn error(line: usize, column: usize, message: impl Into<String>) -> PgnSyntaxError {
    PgnSyntaxError {
        line,
        column,
        message: message.into(),
    }
}

// ---------------------------------------------------------------------------
// Parsing
// ---------------------------------------------------------------------------

/// Parses every game of a PGN text.
///
/// Returns an empty vector for input containing only whitespace, comments
/// and escape lines.
///
/// # Errors
///
/// The first syntax error met: unterminated comment, tag or tag string,
/// malformed tag, unbalanced parentheses, a variation or NAG without a
/// preceding move, an invalid NAG, input larger than [`MAX_INPUT_BYTES`] or
/// variations nested deeper than [`MAX_VARIATION_DEPTH`].
pub fn parse_pgn(text: &str) -> Result<Vec<RawGame>, PgnSyntaxError> {
    if text.len() > MAX_INPUT_BYTES {
        return Err(error(
            1,
            1,
            format!(
                "input too large: {} bytes (limit {MAX_INPUT_BYTES})",
                text.len()
            ),
        ));
    }
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    Parser {
        cursor: Cursor {
            src: text,
            pos: 0,
            line: 1,
            column: 1,
        },
        games: Vec::new(),
        game: GameInProgress::default(),
    }
    .run()
}

/// Characters that end a move token (besides whitespace).
fn is_delimiter(c: char) -> bool {
    matches!(c, '{' | '}' | '(' | ')' | '[' | ']' | ';' | '$')
}

fn is_token_char(c: char) -> bool {
    !c.is_whitespace() && !is_delimiter(c)
}

fn is_tag_name_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// NAG of a suffix annotation (`!` = 1 ... `?!` = 6).
fn suffix_nag(s: &str) -> Option<u8> {
    match s {
        "!" => Some(1),
        "?" => Some(2),
        "!!" => Some(3),
        "??" => Some(4),
        "!?" => Some(5),
        "?!" => Some(6),
        _ => None,
    }
}

/// Splits a glued suffix annotation off a move token: `e4!?` gives
/// `("e4", Some(5))`. A token is left whole if its trailing `!`/`?` run is
/// not one of the six annotations, or if what precedes the run would not
/// read back as a move on its own (`1-0!`, `12?`).
fn split_suffix(token: &str) -> (&str, Option<u8>) {
    let body = token.trim_end_matches(['!', '?']);
    let body_is_move =
        !body.is_empty() && !RESULT_TOKENS.contains(&body) && move_number_len(body) == 0;
    match suffix_nag(&token[body.len()..]) {
        Some(nag) if body_is_move => (body, Some(nag)),
        _ => (token, None),
    }
}

/// Length (in bytes, all ASCII) of a leading move-number indication: digits
/// followed by periods (`12.`, `12...`), or a token made only of digits and
/// periods. Returns 0 if there is none (so `0-0` and `1-0` are untouched).
fn move_number_len(s: &str) -> usize {
    let digits = s.bytes().take_while(u8::is_ascii_digit).count();
    let dots = s[digits..].bytes().take_while(|&b| b == b'.').count();
    if digits + dots == s.len() || dots > 0 {
        digits + dots
    } else {
        0
    }
}

/// Position-tracking reader over the input.
struct Cursor<'a> {
    src: &'a str,
    /// Byte offset of the next character.
    pos: usize,
    line: usize,
    column: usize,
}

impl<'a> Cursor<'a> {
    fn peek(&self) -> Option<char> {
        self.src[self.pos..].chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        match c {
            // In `\r\n`, the `\n` ends the line.
            '\r' if self.peek() == Some('\n') => {}
            '\n' | '\r' => {
                self.line += 1;
                self.column = 1;
            }
            _ => self.column += 1,
        }
        Some(c)
    }

    fn skip_whitespace(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.bump();
        }
    }

    /// Consumes up to (not including) the next line break; returns the text.
    fn rest_of_line(&mut self) -> &'a str {
        let start = self.pos;
        while self.peek().is_some_and(|c| c != '\n' && c != '\r') {
            self.bump();
        }
        &self.src[start..self.pos]
    }

    /// Consumes a run of token characters.
    fn token(&mut self) -> &'a str {
        let start = self.pos;
        while self.peek().is_some_and(is_token_char) {
            self.bump();
        }
        &self.src[start..self.pos]
    }
}

/// A `(` not yet closed.
struct OpenVariation {
    line: usize,
    column: usize,
    body: RawVariation,
}

/// The game being read.
#[derive(Default)]
struct GameInProgress {
    tags: Vec<(String, String)>,
    start_line: Option<usize>,
    main: RawVariation,
    /// Open variations, innermost last.
    open: Vec<OpenVariation>,
    /// Whether a move has been read (a later tag then starts a new game).
    has_moves: bool,
}

impl GameInProgress {
    fn touch(&mut self, line: usize) {
        self.start_line.get_or_insert(line);
    }

    /// The line (main line or innermost open variation) being read.
    fn current(&mut self) -> &mut RawVariation {
        match self.open.last_mut() {
            Some(open) => &mut open.body,
            None => &mut self.main,
        }
    }

    fn add_move(&mut self, mv: RawMove) {
        self.has_moves = true;
        self.current().moves.push(mv);
    }

    fn add_comment(&mut self, text: String) {
        let current = self.current();
        match current.moves.last_mut() {
            Some(mv) => mv.comments.push(text),
            None => current.comment_before.push(text),
        }
    }

    fn add_nag(&mut self, nag: u8, line: usize, column: usize) -> Result<(), PgnSyntaxError> {
        match self.current().moves.last_mut() {
            Some(mv) => {
                mv.nags.push(nag);
                Ok(())
            }
            None => Err(error(line, column, "annotation without a preceding move")),
        }
    }

    fn open_variation(&mut self, line: usize, column: usize) -> Result<(), PgnSyntaxError> {
        if self.current().moves.is_empty() {
            return Err(error(line, column, "variation without a preceding move"));
        }
        if self.open.len() >= MAX_VARIATION_DEPTH {
            return Err(error(
                line,
                column,
                format!("variations nested deeper than {MAX_VARIATION_DEPTH} levels"),
            ));
        }
        self.open.push(OpenVariation {
            line,
            column,
            body: RawVariation::default(),
        });
        Ok(())
    }

    fn close_variation(&mut self, line: usize, column: usize) -> Result<(), PgnSyntaxError> {
        let Some(closed) = self.open.pop() else {
            return Err(error(line, column, "')' without matching '('"));
        };
        // `open_variation` checked that the enclosing line has a move.
        if let Some(mv) = self.current().moves.last_mut() {
            mv.variations.push(closed.body);
        }
        Ok(())
    }

    /// True if nothing worth a game was read (only comments or numbers).
    fn is_empty(&self) -> bool {
        self.tags.is_empty() && !self.has_moves
    }

    fn finish(self, result: Option<String>) -> Result<RawGame, PgnSyntaxError> {
        if let Some(open) = self.open.last() {
            return Err(error(open.line, open.column, "unclosed '(' at end of game"));
        }
        Ok(RawGame {
            tags: self.tags,
            comment_before: self.main.comment_before,
            moves: self.main.moves,
            result,
            line: self.start_line.unwrap_or(1),
        })
    }
}

struct Parser<'a> {
    cursor: Cursor<'a>,
    games: Vec<RawGame>,
    game: GameInProgress,
}

impl Parser<'_> {
    fn run(mut self) -> Result<Vec<RawGame>, PgnSyntaxError> {
        loop {
            self.cursor.skip_whitespace();
            let (line, column) = (self.cursor.line, self.cursor.column);
            let Some(c) = self.cursor.peek() else {
                break;
            };
            match c {
                '%' if column == 1 => {
                    self.cursor.rest_of_line();
                }
                '{' => {
                    let text = self.brace_comment()?;
                    self.game.touch(line);
                    self.game.add_comment(text);
                }
                ';' => {
                    self.cursor.bump();
                    let text = self.cursor.rest_of_line().trim().to_string();
                    self.game.touch(line);
                    self.game.add_comment(text);
                }
                '[' => {
                    if self.game.has_moves {
                        self.end_game(None)?;
                    }
                    self.game.touch(line);
                    let tag = self.tag_pair()?;
                    self.game.tags.push(tag);
                }
                '(' => {
                    self.cursor.bump();
                    self.game.open_variation(line, column)?;
                }
                ')' => {
                    self.cursor.bump();
                    self.game.close_variation(line, column)?;
                }
                '$' => {
                    let nag = self.nag()?;
                    self.game.add_nag(nag, line, column)?;
                }
                '}' | ']' => return Err(error(line, column, format!("unexpected '{c}'"))),
                _ => {
                    let token = self.cursor.token();
                    self.game.touch(line);
                    self.symbol(token, line, column)?;
                }
            }
        }
        if !self.game.is_empty() {
            self.end_game(None)?;
        }
        Ok(self.games)
    }

    fn end_game(&mut self, result: Option<String>) -> Result<(), PgnSyntaxError> {
        let game = std::mem::take(&mut self.game).finish(result)?;
        self.games.push(game);
        Ok(())
    }

    /// Handles a run of token characters: move numbers, results, standalone
    /// suffix annotations and moves.
    fn symbol(&mut self, token: &str, line: usize, column: usize) -> Result<(), PgnSyntaxError> {
        let mut rest = token;
        let mut column = column;
        loop {
            let skip = move_number_len(rest);
            if skip == 0 {
                break;
            }
            rest = &rest[skip..];
            column += skip;
        }
        if rest.is_empty() {
            return Ok(());
        }
        if RESULT_TOKENS.contains(&rest) {
            return self.end_game(Some(rest.to_string()));
        }
        if let Some(nag) = suffix_nag(rest) {
            return self.game.add_nag(nag, line, column);
        }
        let (body, nag) = split_suffix(rest);
        self.game.add_move(RawMove {
            token: body.to_string(),
            line,
            column,
            nags: nag.into_iter().collect(),
            comments: Vec::new(),
            variations: Vec::new(),
            number: None,
        });
        Ok(())
    }

    /// Reads `{...}`: the text as written, each line break read as one space.
    fn brace_comment(&mut self) -> Result<String, PgnSyntaxError> {
        let (line, column) = (self.cursor.line, self.cursor.column);
        self.cursor.bump();
        let mut text = String::new();
        loop {
            match self.cursor.bump() {
                None => return Err(error(line, column, "unterminated comment")),
                Some('}') => break,
                Some('\r') => {
                    if self.cursor.peek() == Some('\n') {
                        self.cursor.bump();
                    }
                    text.push(' ');
                }
                Some('\n') => text.push(' '),
                Some(c) => text.push(c),
            }
        }
        Ok(text)
    }

    /// Reads `$n`.
    fn nag(&mut self) -> Result<u8, PgnSyntaxError> {
        let (line, column) = (self.cursor.line, self.cursor.column);
        self.cursor.bump();
        let mut value: u32 = 0;
        let mut digits = 0;
        while let Some(digit) = self.cursor.peek().and_then(|c| c.to_digit(10)) {
            value = value.saturating_mul(10).saturating_add(digit);
            digits += 1;
            self.cursor.bump();
        }
        if digits == 0 {
            return Err(error(line, column, "NAG without a number"));
        }
        if self.cursor.peek().is_some_and(is_token_char) {
            return Err(error(line, column, "malformed NAG"));
        }
        u8::try_from(value).map_err(|_| error(line, column, "NAG out of range (0-255)"))
    }

    /// Reads `[Name "value"]`.
    fn tag_pair(&mut self) -> Result<(String, String), PgnSyntaxError> {
        let (line, column) = (self.cursor.line, self.cursor.column);
        let unterminated = || error(line, column, "unterminated tag");
        self.cursor.bump();
        self.cursor.skip_whitespace();

        let start = self.cursor.pos;
        while self.cursor.peek().is_some_and(is_tag_name_char) {
            self.cursor.bump();
        }
        let name = self.cursor.src[start..self.cursor.pos].to_string();
        if name.is_empty() {
            return match self.cursor.peek() {
                None => Err(unterminated()),
                Some(_) => Err(self.malformed("expected a tag name")),
            };
        }

        self.cursor.skip_whitespace();
        match self.cursor.peek() {
            Some('"') => {}
            None => return Err(unterminated()),
            Some(_) => return Err(self.malformed("expected '\"' after the tag name")),
        }
        let (quote_line, quote_column) = (self.cursor.line, self.cursor.column);
        self.cursor.bump();
        let mut value = String::new();
        loop {
            match self.cursor.bump() {
                None | Some('\n' | '\r') => {
                    return Err(error(quote_line, quote_column, "unterminated tag string"))
                }
                Some('"') => break,
                Some('\\') => match self.cursor.peek() {
                    Some(c @ ('"' | '\\')) => {
                        self.cursor.bump();
                        value.push(c);
                    }
                    _ => value.push('\\'),
                },
                Some(c) => value.push(c),
            }
        }

        self.cursor.skip_whitespace();
        match self.cursor.peek() {
            Some(']') => {
                self.cursor.bump();
                Ok((name, value))
            }
            None => Err(unterminated()),
            Some(_) => Err(self.malformed("expected ']' after the tag value")),
        }
    }

    fn malformed(&self, what: &str) -> PgnSyntaxError {
        error(
            self.cursor.line,
            self.cursor.column,
            format!("malformed tag: {what}"),
        )
    }
}

// ---------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------

/// Variant-specific move numbering for [`write_pgn`].
///
/// `ply` is the 0-based index of the move in the game (a variation's first
/// move has the index of the move it replaces). `after_break` is true for the
/// first move of the main line or of a variation, and for a move that follows
/// a comment or a variation. The returned string (e.g. `"12."` or `"12..."`)
/// is written as a separate word before the move; `None` writes nothing.
///
/// Closures `Fn(usize, bool) -> Option<String>` implement this trait.
pub trait MoveNumbering {
    /// Prefix written before the move at `ply`.
    fn prefix(&self, ply: usize, after_break: bool) -> Option<String>;
}

impl<F> MoveNumbering for F
where
    F: Fn(usize, bool) -> Option<String>,
{
    fn prefix(&self, ply: usize, after_break: bool) -> Option<String> {
        self(ply, after_break)
    }
}

/// Orthodox numbering, one ply per token: `1. e4 e5 2. Nf3`, with `2...`
/// before a Black move that starts a line or follows a comment or variation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OrthodoxNumbering {
    /// True if the game's first move is Black's (a setup position).
    pub first_ply_black: bool,
    /// Move number of the game's first move (the FEN fullmove number).
    pub first_move_number: u32,
}

impl Default for OrthodoxNumbering {
    /// White moves first, starting at move 1.
    fn default() -> Self {
        OrthodoxNumbering {
            first_ply_black: false,
            first_move_number: 1,
        }
    }
}

impl MoveNumbering for OrthodoxNumbering {
    fn prefix(&self, ply: usize, after_break: bool) -> Option<String> {
        let absolute = ply as u128 + u128::from(self.first_ply_black);
        let number = u128::from(self.first_move_number) + absolute / 2;
        if absolute % 2 == 0 {
            Some(format!("{number}."))
        } else if after_break {
            Some(format!("{number}..."))
        } else {
            None
        }
    }
}

/// Writes one game as PGN: the tags one per line, a blank line (only if
/// there are tags), the movetext wrapped at 80 columns, and a final newline.
///
/// Comments are written as `{...}`, NAGs as `$n`, variations in parentheses,
/// and the result token at the end (`*` if there is none). Several games can
/// be concatenated with a blank line between them (`"\n"`).
///
/// See the [module documentation](self) for what survives a round trip.
pub fn write_pgn(game: &RawGame, numbering: &dyn MoveNumbering) -> String {
    let mut out = String::new();
    for (name, value) in &game.tags {
        write_tag(&mut out, name, value);
    }
    if !game.tags.is_empty() {
        out.push('\n');
    }
    let mut movetext = Movetext::default();
    movetext.line(&game.comment_before, &game.moves, 0, numbering);
    let result = match game.result.as_deref() {
        Some(result) if RESULT_TOKENS.contains(&result) => result,
        _ => "*",
    };
    movetext.word(result, true);
    movetext.layout(&mut out);
    out.push('\n');
    out
}

fn write_tag(out: &mut String, name: &str, value: &str) {
    out.push('[');
    if name.is_empty() {
        out.push('_');
    }
    out.extend(
        name.chars()
            .map(|c| if is_tag_name_char(c) { c } else { '_' }),
    );
    out.push_str(" \"");
    for c in value.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' | '\r' => out.push(' '),
            c => out.push(c),
        }
    }
    out.push_str("\"]\n");
}

/// An unbreakable piece of movetext.
struct Word {
    text: String,
    /// Whether a `%` at the start of this word would be read as an escape
    /// line if it began a line (false inside comments).
    guard_percent: bool,
}

/// Movetext as a list of words, then laid out into lines.
#[derive(Default)]
struct Movetext {
    words: Vec<Word>,
    /// `(` to glue to the front of the next word.
    pending_open: usize,
}

impl Movetext {
    fn word(&mut self, text: &str, guard_percent: bool) {
        let mut word = "(".repeat(self.pending_open);
        self.pending_open = 0;
        word.push_str(text);
        self.words.push(Word {
            text: word,
            guard_percent,
        });
    }

    fn open(&mut self) {
        self.pending_open += 1;
    }

    fn close(&mut self) {
        if self.pending_open > 0 {
            // An empty variation: `()`.
            self.word(")", false);
        } else if let Some(last) = self.words.last_mut() {
            last.text.push(')');
        }
    }

    /// A comment, breakable at its spaces. Each space becomes either a
    /// space or a line break, which the parser reads back as a space.
    fn comment(&mut self, text: &str) {
        let text: String = text
            .chars()
            .map(|c| match c {
                '}' => ')',
                '\n' | '\r' => ' ',
                c => c,
            })
            .collect();
        // A comment command (`[%eval 0.31]`, `[%cal Ge2e4]`) stays on one line:
        // tools that read them look for the command's name and value together.
        let mut pieces: Vec<String> = Vec::new();
        let mut in_command = false;
        for piece in text.split(' ') {
            match pieces.last_mut() {
                Some(open) if in_command => {
                    open.push(' ');
                    open.push_str(piece);
                }
                _ => pieces.push(piece.to_string()),
            }
            let last = pieces.last().map_or("", String::as_str);
            // By bytes: a reverse string search would bring in its own searcher (the
            // WebAssembly size).
            let opened = last.as_bytes().windows(2).rposition(|pair| pair == b"[%");
            in_command = opened.is_some_and(|at| !last[at..].contains(']'));
        }
        let last = pieces.len() - 1;
        for (i, piece) in pieces.iter().enumerate() {
            let mut word = String::new();
            if i == 0 {
                word.push('{');
            }
            word.push_str(piece);
            if i == last {
                word.push('}');
            }
            self.word(&word, false);
        }
    }

    /// A line of moves (main line or variation) starting at `first_ply`.
    fn line(
        &mut self,
        comment_before: &[String],
        moves: &[RawMove],
        first_ply: usize,
        numbering: &dyn MoveNumbering,
    ) {
        for comment in comment_before {
            self.comment(comment);
        }
        let mut after_break = true;
        for (i, mv) in moves.iter().enumerate() {
            let ply = first_ply.saturating_add(i);
            let prefix = match mv.number {
                Some(number) => number.prefix(after_break),
                None => numbering.prefix(ply, after_break),
            };
            if let Some(prefix) = prefix {
                if !prefix.is_empty() {
                    self.word(&prefix, true);
                }
            }
            self.word(&mv.token, true);
            for nag in &mv.nags {
                self.word(&format!("${nag}"), true);
            }
            for comment in &mv.comments {
                self.comment(comment);
            }
            for variation in &mv.variations {
                self.open();
                self.line(&variation.comment_before, &variation.moves, ply, numbering);
                self.close();
            }
            after_break = !mv.comments.is_empty() || !mv.variations.is_empty();
        }
    }

    /// Greedy line filling: words separated by one space, or by one line
    /// break when the next word would pass [`WRAP_COLUMN`].
    fn layout(&self, out: &mut String) {
        let mut column = 0;
        let mut at_line_start = true;
        for word in &self.words {
            let len = word.text.chars().count();
            if !at_line_start {
                if column + 1 + len <= WRAP_COLUMN {
                    out.push(' ');
                    column += 1;
                } else {
                    out.push('\n');
                    column = 0;
                    at_line_start = true;
                }
            }
            if at_line_start && word.guard_percent && word.text.starts_with('%') {
                out.push(' ');
                column += 1;
            }
            out.push_str(&word.text);
            column += len;
            at_line_start = false;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_one(text: &str) -> RawGame {
        let mut games = parse_pgn(text).unwrap_or_else(|e| panic!("{e} in {text:?}"));
        assert_eq!(games.len(), 1, "expected one game in {text:?}");
        games.remove(0)
    }

    fn tokens(moves: &[RawMove]) -> Vec<&str> {
        moves.iter().map(|m| m.token.as_str()).collect()
    }

    fn parse_err(text: &str) -> (usize, usize, String) {
        let e = parse_pgn(text).unwrap_err();
        (e.line, e.column, e.message)
    }

    /// Zeroes every recorded position, for comparisons across a round trip.
    fn strip_positions(game: &mut RawGame) {
        fn strip_line(moves: &mut [RawMove]) {
            for mv in moves {
                mv.line = 0;
                mv.column = 0;
                for variation in &mut mv.variations {
                    strip_line(&mut variation.moves);
                }
            }
        }
        game.line = 0;
        strip_line(&mut game.moves);
    }

    /// What a game should look like after a write/parse round trip.
    fn normalized(game: &RawGame) -> RawGame {
        fn fix_line(moves: &mut [RawMove]) {
            for mv in moves {
                for comment in &mut mv.comments {
                    *comment = comment.replace('}', ")");
                }
                for variation in &mut mv.variations {
                    for comment in &mut variation.comment_before {
                        *comment = comment.replace('}', ")");
                    }
                    fix_line(&mut variation.moves);
                }
            }
        }
        let mut game = game.clone();
        strip_positions(&mut game);
        for comment in &mut game.comment_before {
            *comment = comment.replace('}', ")");
        }
        fix_line(&mut game.moves);
        if game.result.is_none() {
            game.result = Some("*".to_string());
        }
        game
    }

    fn orthodox() -> OrthodoxNumbering {
        OrthodoxNumbering::default()
    }

    /// write -> parse gives the same game (modulo positions), and writing
    /// again gives the same text.
    fn assert_round_trip(game: &RawGame) {
        let text = write_pgn(game, &orthodox());
        let mut again = parse_one(&text);
        assert_eq!(write_pgn(&again, &orthodox()), text);
        strip_positions(&mut again);
        assert_eq!(again, normalized(game), "round trip through:\n{text}");
        for line in text.lines() {
            assert!(!line.starts_with('%'), "escape line in output:\n{text}");
        }
    }

    // --- games, tags ------------------------------------------------------

    #[test]
    fn simple_game() {
        let text = "[Event \"Test\"]\n[Site \"Here\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n";
        let game = parse_one(text);
        assert_eq!(
            game.tags,
            vec![
                ("Event".to_string(), "Test".to_string()),
                ("Site".to_string(), "Here".to_string())
            ]
        );
        assert_eq!(tokens(&game.moves), ["e4", "e5", "Nf3", "Nc6"]);
        assert_eq!(game.result.as_deref(), Some("1-0"));
        assert_eq!(game.line, 1);
        let positions: Vec<_> = game.moves.iter().map(|m| (m.line, m.column)).collect();
        assert_eq!(positions, [(4, 4), (4, 7), (4, 13), (4, 17)]);
    }

    #[test]
    fn several_games() {
        let text = "[Event \"A\"]\n\n1. e4 *\n\n[Event \"B\"]\n\n1. d4 d5 0-1\n\n1. c4 1/2-1/2\n";
        let games = parse_pgn(text).unwrap();
        assert_eq!(games.len(), 3);
        assert_eq!(games[0].tag("Event"), Some("A"));
        assert_eq!(games[0].result.as_deref(), Some("*"));
        assert_eq!(games[0].line, 1);
        assert_eq!(games[1].tag("Event"), Some("B"));
        assert_eq!(tokens(&games[1].moves), ["d4", "d5"]);
        assert_eq!(games[1].line, 5);
        assert!(games[2].tags.is_empty());
        assert_eq!(games[2].result.as_deref(), Some("1/2-1/2"));
        assert_eq!(games[2].line, 9);
    }

    #[test]
    fn game_without_result_ends_at_next_tag_or_eof() {
        let text = "[Event \"A\"]\n1. e4 e5\n[Event \"B\"]\n1. d4";
        let games = parse_pgn(text).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].result, None);
        assert_eq!(tokens(&games[0].moves), ["e4", "e5"]);
        assert_eq!(games[1].line, 3);
        assert_eq!(games[1].result, None);
        assert_eq!(tokens(&games[1].moves), ["d4"]);
    }

    #[test]
    fn game_without_moves_or_tags() {
        let game = parse_one("[Event \"x\"]\n[Result \"*\"]\n\n*");
        assert!(game.moves.is_empty());
        assert_eq!(game.result.as_deref(), Some("*"));
        let game = parse_one("[Event \"x\"]\n");
        assert_eq!(game.result, None);
        let game = parse_one("1. e4 e5 *");
        assert!(game.tags.is_empty());
        assert_eq!(tokens(&game.moves), ["e4", "e5"]);
        let game = parse_one("*");
        assert_eq!(game.result.as_deref(), Some("*"));
    }

    #[test]
    fn empty_inputs() {
        assert_eq!(parse_pgn("").unwrap(), vec![]);
        assert_eq!(parse_pgn(" \n\t\r\n ").unwrap(), vec![]);
        assert_eq!(parse_pgn("{just a comment}\n; another\n").unwrap(), vec![]);
        assert_eq!(parse_pgn("% escape\n{c} 1. 2...").unwrap(), vec![]);
        assert_eq!(parse_pgn("\u{feff}").unwrap(), vec![]);
        // A comment after the last result does not make a game.
        assert_eq!(parse_pgn("1. e4 * {trailing}").unwrap().len(), 1);
    }

    #[test]
    fn tag_escapes_and_layout() {
        let game = parse_one(
            "[Event \"say \\\"hi\\\" \\\\ \\n\"]\n[ Site   \"x ] y\" ]\n[White\n\"A\"]\n[_9 \"\"]",
        );
        assert_eq!(game.tag("Event"), Some("say \"hi\" \\ \\n"));
        assert_eq!(game.tag("Site"), Some("x ] y"));
        assert_eq!(game.tag("White"), Some("A"));
        assert_eq!(game.tag("_9"), Some(""));
        assert_eq!(game.tag("Black"), None);
        assert_eq!(game.tag("event"), None);
    }

    #[test]
    fn duplicate_tags_are_kept() {
        let game = parse_one("[White \"A\"][White \"B\"] *");
        assert_eq!(game.tags.len(), 2);
        assert_eq!(game.tags[0].1, "A");
        assert_eq!(game.tag("White"), Some("B"));
    }

    #[test]
    fn unicode_in_tags_and_comments() {
        let game = parse_one("[Événement \"Šachy ♔\"] {Très bien ♞} 1. e4 *");
        assert_eq!(game.tag("Événement"), Some("Šachy ♔"));
        assert_eq!(game.comment_before, ["Très bien ♞"]);
        assert_eq!(game.moves[0].column, 40);
    }

    // --- comments and escapes ---------------------------------------------

    #[test]
    fn comments() {
        let text = "{Before}\n1. e4 {  Best\n by test  } e5 ; rest of line\n2. Nf3 {} {x}";
        let game = parse_one(text);
        assert_eq!(game.comment_before, ["Before"]);
        // As written between the braces (the line break read as a space); a `;`
        // comment without the spaces around it.
        assert_eq!(game.moves[0].comments, ["  Best  by test  "]);
        assert_eq!(game.moves[1].comments, ["rest of line"]);
        assert_eq!(game.moves[2].comments, ["", "x"]);
        assert_eq!(game.moves[2].line, 4);
    }

    #[test]
    fn comment_line_breaks_become_spaces() {
        let game = parse_one("1. e4 {a\r\nb\rc\nd} *");
        assert_eq!(game.moves[0].comments, ["a b c d"]);
    }

    #[test]
    fn comment_before_tags_goes_to_game() {
        let game = parse_one("{Intro}\n[Event \"x\"]\n1. e4 *");
        assert_eq!(game.comment_before, ["Intro"]);
        assert_eq!(game.line, 1);
        assert_eq!(game.tag("Event"), Some("x"));
    }

    #[test]
    fn comment_delimiters_inside_comments() {
        let game = parse_one("1. e4 {a ( [ ; { $ %} ; b } ( {\n*");
        assert_eq!(game.moves[0].comments, ["a ( [ ; { $ %", "b } ( {"]);
    }

    #[test]
    fn escape_lines() {
        let game = parse_one("% header\n[Event \"x\"]\n%1. d4 ignored\n1. e4 % not an escape\n*");
        assert_eq!(tokens(&game.moves), ["e4", "%", "not", "an", "escape"]);
        // Escape on the first line after a BOM, and after \r\n.
        let game = parse_one("\u{feff}%x\r\n%y\r\n1. e4 *");
        assert_eq!(tokens(&game.moves), ["e4"]);
        assert_eq!((game.moves[0].line, game.moves[0].column), (3, 4));
        // Inside a comment a % at column 1 is comment text.
        let game = parse_one("1. e4 {a\n%b} *");
        assert_eq!(game.moves[0].comments, ["a %b"]);
    }

    // --- move numbers ------------------------------------------------------

    #[test]
    fn move_numbers_are_skipped() {
        let game =
            parse_one("1. e4 1... e5 2.Nf3 2...Nc6 3 Bb5 4 . a6 ... 12345678901234567890. Ba4 *");
        assert_eq!(
            tokens(&game.moves),
            ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4"]
        );
        assert_eq!(game.moves[2].column, 17);
        assert_eq!(game.moves[3].column, 25);
    }

    #[test]
    fn glued_numbers_keep_columns() {
        let game = parse_one("\n  12...Nf6!? 13.O-O *");
        let m = &game.moves[0];
        assert_eq!(
            (m.token.as_str(), m.line, m.column, m.nags.as_slice()),
            ("Nf6", 2, 8, &[5][..])
        );
        assert_eq!(
            (game.moves[1].token.as_str(), game.moves[1].column),
            ("O-O", 17)
        );
    }

    // --- NAGs --------------------------------------------------------------

    #[test]
    fn nags() {
        let game = parse_one("1. e4 $1 $0 e5 $255 {c} $14 *");
        assert_eq!(game.moves[0].nags, [1, 0]);
        assert_eq!(game.moves[1].nags, [255, 14]);
        assert_eq!(game.moves[1].comments, ["c"]);
        let game = parse_one("1. e4$3(1. d4$2)*");
        assert_eq!(game.moves[0].nags, [3]);
        assert_eq!(game.moves[0].variations[0].moves[0].nags, [2]);
        assert_eq!(game.result.as_deref(), Some("*"));
    }

    #[test]
    fn suffix_annotations() {
        let game =
            parse_one("e4! e5? Nf3!! Nc6?? Bb5!? a6?! Ba4 ! Nf6 ? O-O !! b5 ?? Bb3 !? d6 ?! *");
        let nags: Vec<Vec<u8>> = game.moves.iter().map(|m| m.nags.clone()).collect();
        assert_eq!(
            nags,
            [[1], [2], [3], [4], [5], [6], [1], [2], [3], [4], [5], [6]]
        );
        assert_eq!(
            tokens(&game.moves),
            ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "b5", "Bb3", "d6"]
        );
    }

    #[test]
    fn suffix_annotation_with_check_and_nag() {
        let game = parse_one("1. Qxf7#!! $18 *");
        assert_eq!(game.moves[0].token, "Qxf7#");
        assert_eq!(game.moves[0].nags, [3, 18]);
    }

    #[test]
    fn unknown_suffix_runs_stay_in_the_token() {
        let game = parse_one("1. e4!!! e5?!? 1-0! 12? *");
        assert_eq!(tokens(&game.moves), ["e4!!!", "e5?!?", "1-0!", "12?"]);
        assert!(game.moves[0].nags.is_empty());
    }

    // --- variations --------------------------------------------------------

    #[test]
    fn variations_attach_to_preceding_move() {
        let text = "1. e4 e5 (1... c5 2. Nf3 (2. c3 d5) 2... d6) (1... e6) 2. Nf3 *";
        let game = parse_one(text);
        assert_eq!(tokens(&game.moves), ["e4", "e5", "Nf3"]);
        let e5 = &game.moves[1];
        assert_eq!(e5.variations.len(), 2);
        assert_eq!(tokens(&e5.variations[0].moves), ["c5", "Nf3", "d6"]);
        assert_eq!(tokens(&e5.variations[1].moves), ["e6"]);
        let nested = &e5.variations[0].moves[1].variations;
        assert_eq!(nested.len(), 1);
        assert_eq!(tokens(&nested[0].moves), ["c3", "d5"]);
        assert_eq!(nested[0].moves[0].column, 30);
    }

    #[test]
    fn comments_in_variations() {
        let game = parse_one("1. e4 ({Or} ; the queen's pawn\n1. d4 {solid}) {after} *");
        let e4 = &game.moves[0];
        assert_eq!(e4.comments, ["after"]);
        let variation = &e4.variations[0];
        assert_eq!(variation.comment_before, ["Or", "the queen's pawn"]);
        assert_eq!(variation.moves[0].comments, ["solid"]);
        assert_eq!(variation.moves[0].line, 2);
    }

    #[test]
    fn empty_and_comment_only_variations() {
        let game = parse_one("1. e4 () ({unclear}) *");
        assert_eq!(
            game.moves[0].variations,
            vec![
                RawVariation::default(),
                RawVariation {
                    comment_before: vec!["unclear".to_string()],
                    moves: vec![]
                }
            ]
        );
    }

    #[test]
    fn nesting_limit() {
        fn nested(depth: usize) -> String {
            let mut text = String::from("e4");
            for _ in 0..depth {
                text.push_str(" (e4");
            }
            text.push_str(&")".repeat(depth));
            text.push_str(" *");
            text
        }
        let game = parse_one(&nested(MAX_VARIATION_DEPTH));
        let mut depth = 0;
        let mut line = &game.moves;
        while let Some(variation) = line[0].variations.first() {
            depth += 1;
            line = &variation.moves;
        }
        assert_eq!(depth, MAX_VARIATION_DEPTH);
        let (line, column, message) = parse_err(&nested(MAX_VARIATION_DEPTH + 1));
        assert_eq!((line, column), (1, 4 + 4 * MAX_VARIATION_DEPTH));
        assert!(message.contains("nested deeper"), "{message}");
    }

    #[test]
    fn huge_pathological_inputs_do_not_overflow() {
        let opens = format!("1. e4 {}", "(".repeat(1 << 20));
        assert_eq!(parse_err(&opens).0, 1);
        let deep = format!("1. e4 {}", "(e4 ".repeat(1 << 18));
        assert!(parse_err(&deep).2.contains("nested deeper"));
        assert_eq!(parse_err(&")".repeat(1 << 20)).1, 1);
        assert_eq!(parse_err(&"{".repeat(1 << 20)).2, "unterminated comment");
        assert_eq!(
            parse_err(&"[".repeat(1 << 20)).2,
            "malformed tag: expected a tag name"
        );
        let numbers = "9".repeat(1 << 20);
        assert_eq!(parse_pgn(&numbers).unwrap(), vec![]);
        assert!(parse_err(&format!("e4 ${numbers}"))
            .2
            .contains("out of range"));
    }

    // --- results and variant tokens ---------------------------------------

    #[test]
    fn results() {
        for result in RESULT_TOKENS {
            let game = parse_one(&format!("1. e4 {result}"));
            assert_eq!(game.result.as_deref(), Some(result));
            assert_eq!(tokens(&game.moves), ["e4"]);
        }
        // Glued to a move number.
        let game = parse_one("1. e4 2.1/2-1/2");
        assert_eq!(game.result.as_deref(), Some("1/2-1/2"));
    }

    #[test]
    fn variant_tokens_are_opaque() {
        let text = "1. e4 e5,Nc6 2. Nf3/e6 d5/Nf6 3. N@e4 @e4 P@f7+ 4. O-O 0-0-0 O-O-O+! \
                    5. e5 Qh4 Qxf2 6. exd8=Q a1=N# -- *";
        let game = parse_one(text);
        assert_eq!(
            tokens(&game.moves),
            [
                "e4", "e5,Nc6", "Nf3/e6", "d5/Nf6", "N@e4", "@e4", "P@f7+", "O-O", "0-0-0",
                "O-O-O+", "e5", "Qh4", "Qxf2", "exd8=Q", "a1=N#", "--"
            ]
        );
        assert_eq!(game.moves[9].nags, [1]);
        assert_eq!(game.result.as_deref(), Some("*"));
    }

    #[test]
    fn bom_is_skipped() {
        let game = parse_one("\u{feff}[Event \"x\"]\n1. e4 *");
        assert_eq!(game.tag("Event"), Some("x"));
        assert_eq!(game.line, 1);
        assert_eq!((game.moves[0].line, game.moves[0].column), (2, 4));
        // A BOM elsewhere is an ordinary (token) character.
        let game = parse_one("1. e4 \u{feff} *");
        assert_eq!(tokens(&game.moves), ["e4", "\u{feff}"]);
    }

    #[test]
    fn lone_cr_and_crlf_line_endings() {
        let game = parse_one("[Event \"x\"]\r\n\r\n1. e4\re5 *");
        assert_eq!((game.moves[0].line, game.moves[0].column), (3, 4));
        assert_eq!((game.moves[1].line, game.moves[1].column), (4, 1));
    }

    // --- errors ------------------------------------------------------------

    #[test]
    fn errors_with_positions() {
        let cases: &[(&str, (usize, usize), &str)] = &[
            ("1. e4 {never closed\n\n", (1, 7), "unterminated comment"),
            ("[Event \"x\"", (1, 1), "unterminated tag"),
            ("[Event", (1, 1), "unterminated tag"),
            ("  [", (1, 3), "unterminated tag"),
            ("[Event \"x\nmore\"]", (1, 8), "unterminated tag string"),
            ("[Event \"x\\\"]", (1, 8), "unterminated tag string"),
            (
                "[Event x]",
                (1, 8),
                "malformed tag: expected '\"' after the tag name",
            ),
            ("[\"x\"]", (1, 2), "malformed tag: expected a tag name"),
            (
                "[Ev-ent \"x\"]",
                (1, 4),
                "malformed tag: expected '\"' after the tag name",
            ),
            (
                "[Event \"x\" \"y\"]",
                (1, 12),
                "malformed tag: expected ']' after the tag value",
            ),
            (
                "[Event \"x\"\n1. e4",
                (2, 1),
                "malformed tag: expected ']' after the tag value",
            ),
            ("1. e4 e5)", (1, 9), "')' without matching '('"),
            ("1. e4 (d4) )", (1, 12), "')' without matching '('"),
            (
                "1. e4\n (1. d4 (1. c4) 1-0",
                (2, 2),
                "unclosed '(' at end of game",
            ),
            ("1. e4 (1. d4", (1, 7), "unclosed '(' at end of game"),
            (
                "1. e4 (d4\n[Event \"x\"]",
                (1, 7),
                "unclosed '(' at end of game",
            ),
            ("(1. e4) *", (1, 1), "variation without a preceding move"),
            (
                "1. e4 ((d4)) *",
                (1, 8),
                "variation without a preceding move",
            ),
            (
                "1. e4 ({c} (d4)) *",
                (1, 12),
                "variation without a preceding move",
            ),
            ("1. e4 $ *", (1, 7), "NAG without a number"),
            ("1. e4 $x *", (1, 7), "NAG without a number"),
            ("1. e4 $256", (1, 7), "NAG out of range (0-255)"),
            ("1. e4 $12a", (1, 7), "malformed NAG"),
            ("$1 e4", (1, 1), "annotation without a preceding move"),
            ("1. !? e4", (1, 4), "annotation without a preceding move"),
            ("1. e4 (!)", (1, 8), "annotation without a preceding move"),
            ("1. e4 } *", (1, 7), "unexpected '}'"),
            ("1. e4 ] *", (1, 7), "unexpected ']'"),
        ];
        for (text, (line, column), message) in cases {
            let e = parse_pgn(text).unwrap_err();
            assert_eq!(
                (e.line, e.column, e.message.as_str()),
                (*line, *column, *message),
                "for {text:?}"
            );
        }
    }

    #[test]
    fn error_display() {
        let e = parse_pgn("[Event \"x\"]\n\n1. e4 e5 2. Nf3 {oops").unwrap_err();
        assert_eq!(e.to_string(), "line 3, column 17: unterminated comment");
        let boxed: Box<dyn Error> = Box::new(e);
        assert!(boxed.to_string().starts_with("line 3"));
    }

    #[test]
    fn input_too_large() {
        let text = " ".repeat(MAX_INPUT_BYTES + 1);
        let e = parse_pgn(&text).unwrap_err();
        assert_eq!((e.line, e.column), (1, 1));
        assert!(e.message.starts_with("input too large"), "{}", e.message);
        assert_eq!(parse_pgn(&text[1..]).unwrap(), vec![]);
    }

    // --- writing -----------------------------------------------------------

    #[test]
    fn writes_export_style() {
        let text = "[Event \"Say \\\"x\\\"\"]\n[Site \"a\\\\b\"]\n\n\
                    {Start} 1. e4 e5!? {A comment} (1... c5 2. Nf3 (2. c3) 2... d6) \
                    2. Nf3 $1 Nc6 3. Bb5 0-1";
        let game = parse_one(text);
        let written = write_pgn(&game, &orthodox());
        assert_eq!(
            written,
            "[Event \"Say \\\"x\\\"\"]\n[Site \"a\\\\b\"]\n\n\
             {Start} 1. e4 e5 $5 {A comment} (1... c5 2. Nf3 (2. c3) 2... d6) 2. Nf3 $1 Nc6\n\
             3. Bb5 0-1\n"
        );
        assert_round_trip(&game);
    }

    #[test]
    fn writes_without_tags_or_result() {
        let game = RawGame {
            moves: vec![RawMove::new("e4"), RawMove::new("e5")],
            ..RawGame::default()
        };
        assert_eq!(write_pgn(&game, &orthodox()), "1. e4 e5 *\n");
        assert_eq!(write_pgn(&RawGame::default(), &orthodox()), "*\n");
        let odd = RawGame {
            result: Some("2-0".to_string()),
            ..RawGame::default()
        };
        assert_eq!(write_pgn(&odd, &orthodox()), "*\n");
    }

    #[test]
    fn orthodox_numbering() {
        let n = OrthodoxNumbering::default();
        assert_eq!(n.prefix(0, true).as_deref(), Some("1."));
        assert_eq!(n.prefix(1, false), None);
        assert_eq!(n.prefix(1, true).as_deref(), Some("1..."));
        assert_eq!(n.prefix(2, false).as_deref(), Some("2."));
        let black = OrthodoxNumbering {
            first_ply_black: true,
            first_move_number: 30,
        };
        assert_eq!(black.prefix(0, true).as_deref(), Some("30..."));
        assert_eq!(black.prefix(1, false).as_deref(), Some("31."));
        let huge = OrthodoxNumbering {
            first_ply_black: true,
            first_move_number: u32::MAX,
        };
        assert_eq!(huge.prefix(usize::MAX - 1, false), None);
        assert_eq!(
            huge.prefix(usize::MAX, false),
            Some(format!("{}.", u128::from(u32::MAX) + (1u128 << 63)))
        );

        let game = parse_one("e5 {c} Nf3 Nc6 (Nf6) Bb5 *");
        assert_eq!(
            write_pgn(&game, &black),
            "30... e5 {c} 31. Nf3 Nc6 (31... Nf6) 32. Bb5 *\n"
        );
    }

    #[test]
    fn custom_numbering_closure() {
        // Progressive chess: series of 1, 2, 3, ... moves, one number each.
        let progressive = |ply: usize, _after_break: bool| {
            let (mut series, mut start) = (0usize, 0usize);
            while start + series < ply {
                start += series + 1;
                series += 1;
            }
            (ply == start).then(|| format!("{}.", series + 1))
        };
        let game = parse_one("1. e4 2. e5 Qh4 3. Nf3 Nxe5 Nxf7 *");
        assert_eq!(
            write_pgn(&game, &progressive),
            "1. e4 2. e5 Qh4 3. Nf3 Nxe5 Nxf7 *\n"
        );
        let none = |_: usize, _: bool| None;
        assert_eq!(write_pgn(&game, &none), "e4 e5 Qh4 Nf3 Nxe5 Nxf7 *\n");
        let empty = |_: usize, _: bool| Some(String::new());
        assert_eq!(write_pgn(&game, &empty), "e4 e5 Qh4 Nf3 Nxe5 Nxf7 *\n");
    }

    #[test]
    fn wraps_at_80_columns() {
        let mut text = String::from("[Event \"x\"]\n\n");
        for i in 1..=60 {
            text.push_str(&format!("{i}. Nf3 {{a comment of several words}} Nf6 "));
        }
        text.push_str("1-0");
        let game = parse_one(&text);
        let written = write_pgn(&game, &orthodox());
        for line in written.lines() {
            assert!(line.chars().count() <= 80, "too long: {line:?}");
        }
        assert!(written.lines().count() > 30);
        assert_round_trip(&game);
    }

    #[test]
    fn long_comment_is_broken_at_spaces_and_read_back() {
        let comment = "word ".repeat(100) + "  double  spaces\tand tabs";
        let game = RawGame {
            moves: vec![RawMove {
                comments: vec![comment.trim().to_string()],
                ..RawMove::new("e4")
            }],
            result: Some("*".to_string()),
            ..RawGame::default()
        };
        let written = write_pgn(&game, &orthodox());
        assert!(written.lines().all(|l| l.chars().count() <= 80));
        assert_round_trip(&game);
    }

    #[test]
    fn writer_sanitizes() {
        let game = RawGame {
            tags: vec![
                ("Bad name".to_string(), "multi\nline \"q\"".to_string()),
                (String::new(), "x".to_string()),
            ],
            comment_before: vec!["a } b".to_string()],
            moves: vec![RawMove {
                comments: vec!["line\nbreak".to_string()],
                ..RawMove::new("e4")
            }],
            result: None,
            line: 1,
        };
        let written = write_pgn(&game, &orthodox());
        assert_eq!(
            written,
            "[Bad_name \"multi line \\\"q\\\"\"]\n[_ \"x\"]\n\n{a ) b} 1. e4 {line break} *\n"
        );
        let again = parse_one(&written);
        assert_eq!(again.tag("Bad_name"), Some("multi line \"q\""));
        assert_eq!(again.comment_before, ["a ) b"]);
    }

    #[test]
    fn percent_tokens_never_start_a_line() {
        let moves = (0..200).map(|_| RawMove::new("%x")).collect();
        let game = RawGame {
            moves,
            result: Some("*".to_string()),
            ..RawGame::default()
        };
        let none = |_: usize, _: bool| None;
        let written = write_pgn(&game, &none);
        assert!(written.lines().skip(1).all(|l| l.starts_with(" %x")));
        assert_eq!(parse_one(&written).moves.len(), 200);
    }

    #[test]
    fn round_trips() {
        let texts = [
            "[Event \"A \\\\ \\\"B\\\"\"]\n[Site \"?\"]\n\n{Intro ; not a line comment} \
             1. e4 $1 {Best} (1. d4 ({Or} 1. c4 $5 c5) 1... d5 {x} (1... Nf6 2. c4 e6) 2. c4) \
             1... e5 2. Nf3 ! Nc6 ?! ; line comment\n3. Bb5 (3. Bc4 () ({only a comment}))\
             3... a6 0-1",
            "1. e4 e5,Nc6 2. Nf3/e6 d5/Nf6 3. N@e4 @e4 4. O-O 0-0-0 *",
            "[FEN \"x\"]\n\n*",
            "{only a comment} 1/2-1/2",
        ];
        for text in texts {
            let game = parse_one(text);
            assert_round_trip(&game);
        }
    }

    #[test]
    fn written_games_concatenate() {
        let games = parse_pgn("[E \"1\"] 1. e4 * [E \"2\"] 1. d4 1-0 1. c4 0-1").unwrap();
        let text: Vec<String> = games.iter().map(|g| write_pgn(g, &orthodox())).collect();
        let text = text.join("\n");
        let mut again = parse_pgn(&text).unwrap();
        let mut games = games;
        again.iter_mut().for_each(strip_positions);
        games.iter_mut().for_each(strip_positions);
        assert_eq!(again, games);
    }

    // --- robustness ---------------------------------------------------------

    /// Small deterministic generator (no external crates).
    struct Lcg(u64);

    impl Lcg {
        fn next(&mut self) -> usize {
            self.0 = self
                .0
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (self.0 >> 33) as usize
        }
    }

    #[test]
    fn random_inputs_never_panic_and_round_trip_when_valid() {
        const PIECES: &[&str] = &[
            "e4",
            "Nf3",
            " ",
            " ",
            " ",
            "\n",
            "\r\n",
            "\r",
            "\t",
            "(",
            ")",
            "{",
            "}",
            "{c d}",
            "1.",
            "12...",
            "1",
            "...",
            "$1",
            "$",
            "$999",
            "!",
            "?",
            "!?",
            "!!!",
            "[",
            "]",
            "[A \"b\"]",
            "\"",
            "\\",
            "1-0",
            "0-1",
            "1/2-1/2",
            "*",
            ";",
            "%",
            "é",
            "♞",
            "\u{feff}",
            "e5,Nc6",
            "@e4",
            "0-0",
            "O-O",
            "x",
            "\0",
            "\u{2028}",
            ".",
        ];
        let mut rng = Lcg(0x5eed);
        let mut valid = 0;
        for _ in 0..20_000 {
            let len = rng.next() % 40;
            let text: String = (0..len)
                .map(|_| PIECES[rng.next() % PIECES.len()])
                .collect();
            let Ok(games) = parse_pgn(&text) else {
                continue;
            };
            valid += 1;
            for game in &games {
                assert_round_trip(game);
            }
        }
        assert!(valid > 1000, "only {valid} valid inputs");
    }

    #[test]
    fn random_bytes_never_panic() {
        let mut rng = Lcg(42);
        for _ in 0..5_000 {
            let len = rng.next() % 64;
            let bytes: Vec<u8> = (0..len).map(|_| (rng.next() % 256) as u8).collect();
            let text = String::from_utf8_lossy(&bytes);
            if let Ok(games) = parse_pgn(&text) {
                for game in &games {
                    assert_round_trip(game);
                }
            }
        }
    }
}
