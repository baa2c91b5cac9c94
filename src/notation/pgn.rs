//! PGN games resolved against the rules: reading (every move token checked against
//! the position it is played in, variations included, several games per file,
//! all-or-nothing) and writing (Seven Tag Roster, `Result` from the outcome, SAN).
//!
//! The syntax lives in [`super::pgn_syntax`]; this layer picks the rule set's
//! positions, resolves tokens with lenient SAN (RULES.md §1.3), groups the actions
//! of multi-action turns into tokens the way each rule set writes them (Progressive:
//! `1. e4 2. e5 Qh4`; Marseillais: `1. e4 e5,Nc6`; Avalanche: `1. d4/e6`), and reports errors
//! with the game number, line and column.
//!
//! ```
//! use alfiere::{Chess, notation::pgn};
//! let games = pgn::read_pgn::<Chess>("[Event \"x\"]\n\n1. e4 e5 (1... c5 2. Nf3) 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0").unwrap();
//! assert_eq!(games[0].moves.len(), 7);
//! assert_eq!(games[0].moves[1].variations[0].moves.len(), 2);
//! let record = games[0].main_line();
//! assert_eq!(record.outcome().unwrap().to_string(), "White wins by checkmate");
//! assert!(pgn::write_record(&record, &[]).contains("[Result \"1-0\"]"));
//! ```

use super::annotations::{self, Annotations, COMPUTED_TAGS};
use super::fen;
use super::pgn_clock;
use super::pgn_line::{self, LineCursor};
use super::pgn_syntax::{self, OrthodoxNumbering, RawGame, RawMove, RawVariation, TokenNumber};
use super::pgn_tree::{join_token, token_ends};
pub use super::pgn_tree::{token_number, PgnError, PgnLine, PgnMove};
use super::san;
use crate::clock::{ClockStep, TimeControl};
use crate::game::{Outcome, Position};
use crate::moves::Action;
use crate::record::Record;
use crate::types::Color;
pub use crate::variant::PgnStyle;
use crate::variants::Variant;
use crate::AcceptedProblems;

/// A game read from PGN, every move verified legal.
#[derive(Debug, Clone, PartialEq)]
pub struct PgnGame<G: Position> {
    /// Tag pairs in file order.
    pub tags: Vec<(String, String)>,
    /// The start position (from `FEN` when present).
    pub start: G,
    pub comment_before: Vec<String>,
    /// The main line.
    pub moves: Vec<PgnMove>,
    /// The termination token, if the movetext had one.
    pub result: Option<String>,
}

impl<G: Position> PgnGame<G> {
    /// The value of a tag (the last one if repeated).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The main line as a playable record.
    // Not inlined, like `resolve_game` and `read_pgn`: each rule set's copy of
    // `load_pgn` would otherwise carry its own (the WebAssembly module's size).
    #[inline(never)]
    pub fn main_line(&self) -> Record<G> {
        let mut record = Record::new(self.start.clone());
        for action in self.moves.iter().flat_map(|m| m.actions.iter()) {
            // Moves were verified when the game was read.
            if record.play(action).is_err() {
                break;
            }
        }
        finish_main_line(&self.tags, &self.moves, self.result.as_deref(), &mut record);
        record
    }

    /// The game's tags, comments, NAGs and variations, by ply of its main line (see
    /// [`Annotations`]); a decided termination marker is kept as the `Result` tag.
    pub fn annotations(&self) -> Annotations {
        annotations_of(
            &self.tags,
            self.result.as_deref(),
            &self.comment_before,
            &self.moves,
        )
    }

    /// Writes the game, variations and comments included.
    pub fn to_pgn(&self) -> String {
        let raw = RawGame {
            tags: self.tags.clone(),
            comment_before: self.comment_before.clone(),
            moves: self.moves.iter().map(to_raw_move).collect(),
            result: self.result.clone(),
            line: 0,
        };
        pgn_syntax::write_pgn(&raw, &numbering(&self.start))
    }
}

fn to_raw_move(m: &PgnMove) -> RawMove {
    RawMove {
        token: m.san.clone(),
        line: 0,
        column: 0,
        nags: m.nags.clone(),
        comments: m.comments.clone(),
        variations: m.variations.iter().map(to_raw_variation).collect(),
        number: Some(m.number),
    }
}

fn to_raw_variation(line: &PgnLine) -> RawVariation {
    RawVariation {
        comment_before: line.comment_before.clone(),
        moves: line.moves.iter().map(to_raw_move).collect(),
    }
}

/// [`PgnGame::annotations`], not generic (written once for every rule set).
fn annotations_of(
    tags: &[(String, String)],
    result: Option<&str>,
    comment_before: &[String],
    moves: &[PgnMove],
) -> Annotations {
    let mut notes = Annotations::default();
    for (name, value) in tags {
        notes.set_tag(name, value);
    }
    if let Some(decided) = result.filter(|r| *r != "*") {
        notes.set_tag("Result", decided);
    }
    if !comment_before.is_empty() {
        notes.at_mut(0, None).comments = comment_before.to_vec();
    }
    let mut ply = 0;
    for m in moves {
        ply += m.actions.len();
        if m.comments.is_empty() && m.nags.is_empty() && m.variations.is_empty() {
            continue;
        }
        let at = notes.at_mut(ply, m.actions.last().copied());
        at.comments.clone_from(&m.comments);
        at.nags.clone_from(&m.nags);
        at.variations = m.variations.iter().map(to_raw_variation).collect();
    }
    notes
}

/// Splits played actions into PGN tokens: one per action in orthodox chess and the
/// other single-action rule sets and in Progressive; one per turn in Marseillais;
/// in Avalanche one per turn with the owner's promotion choice as a token of its
/// own (`=Q Nf3/e6`). Each token is returned with the position it starts in.
pub fn token_actions<'a, G: Position>(
    history: &[(&'a G, &'a Action)],
) -> Vec<(&'a G, Vec<Action>)> {
    let ends = token_ends(
        &token_steps(history.iter().copied()),
        G::PGN_STYLE.token_per_turn,
    );
    let mut start = 0;
    let mut tokens = Vec::with_capacity(ends.len());
    for end in ends {
        let actions = history[start..end].iter().map(|&(_, a)| *a).collect();
        tokens.push((history[start].0, actions));
        start = end;
    }
    tokens
}

/// What [`token_ends`] needs of each action: whether it starts its mover's turn, and
/// whether it is a promotion choice.
fn token_steps<'a, G: Position + 'a>(
    history: impl Iterator<Item = (&'a G, &'a Action)>,
) -> Vec<(bool, bool)> {
    let mut steps = Vec::new();
    for (before, action) in history {
        steps.push(token_step(before, action));
    }
    steps
}

/// [`token_steps`] of one action played in `before`.
fn token_step<G: Position>(before: &G, action: &Action) -> (bool, bool) {
    (
        before.turn_state().is_turn_start(),
        matches!(action, Action::PromotionChoice { .. }),
    )
}

fn numbering<G: Position>(start: &G) -> OrthodoxNumbering {
    OrthodoxNumbering {
        first_ply_black: start.turn() == Color::Black,
        first_move_number: start.fullmove_number(),
    }
}

/// Resolves one game read by the syntax layer. The rule set's part is only its start
/// position; the tags and the moves are checked by non-generic code.
#[inline(never)] // Cold: one call per game, not copied into each caller.
fn resolve_game<G: Position>(
    index: usize,
    raw: &RawGame,
    accepted: AcceptedProblems,
) -> Result<PgnGame<G>, PgnError> {
    let fen = start_fen_tag(index, raw, G::VARIANT)?;
    let start = match fen {
        Some(text) => {
            fen::read_fen_accepting::<G>(text, accepted).map_err(|e| fen_error(index, raw, e))?
        }
        None => G::start(),
    };
    let (tags, line, result) = resolve_texts(index, raw, &mut Record::new(start.clone()))?;
    Ok(PgnGame {
        tags,
        start,
        comment_before: line.comment_before,
        moves: line.moves,
        result,
    })
}

/// A game's tags, main line and result token, as [`resolve_texts`] gives them.
type GameTexts = (Vec<(String, String)>, PgnLine, Option<String>);

/// The rule-set independent part of [`resolve_game`]: the moves resolved and played
/// onto `start` (the start position's record), and the tags and result copied. Not
/// generic: one copy, not one per rule set (the WebAssembly size).
#[inline(never)]
fn resolve_texts(
    index: usize,
    raw: &RawGame,
    start: &mut dyn LineCursor,
) -> Result<GameTexts, PgnError> {
    let line = pgn_line::resolve_line(index, start, &raw.comment_before, &raw.moves)?;
    Ok((raw.tags.clone(), line, raw.result.clone()))
}

/// Reads the first game of a PGN text onto `line`, a new game of rule set `variant`
/// (at its start position), as [`PgnGame::main_line`] would give it, and returns its
/// notes ([`PgnGame::annotations`]); `None` when the text has no game. Every later
/// game is read too (on copies), so that an error anywhere refuses the whole text, as
/// [`read_pgn_accepting`] does; `line` is then left partly read. Not generic: a
/// record of any rule set is read through its [`LineCursor`], so no part of PGN
/// reading is compiled once per rule set (the WebAssembly module's size).
pub(crate) fn read_first_game(
    text: &str,
    accepted: AcceptedProblems,
    variant: Variant,
    line: &mut dyn LineCursor,
) -> Result<Option<Annotations>, PgnError> {
    let raw_games = parse_games(text)?;
    let fresh = line.fork();
    let mut notes = None;
    for (i, raw) in raw_games.iter().enumerate() {
        let index = i + 1;
        let fen = start_fen_tag(index, raw, variant)?;
        let mut later;
        let cursor = if notes.is_none() {
            &mut *line
        } else {
            later = fresh.fork();
            later.as_mut()
        };
        if let Some(fen) = fen {
            cursor
                .restart(fen, accepted)
                .map_err(|e| fen_error(index, raw, e))?;
        }
        let main = pgn_line::resolve_line(index, cursor, &raw.comment_before, &raw.moves)?;
        if notes.is_none() {
            let result = raw.result.as_deref();
            finish_main_line(&raw.tags, &main.moves, result, cursor);
            notes = Some(annotations_of(
                &raw.tags,
                result,
                &main.comment_before,
                &main.moves,
            ));
        }
    }
    Ok(notes)
}

/// What the main line of a game takes from its tags once its moves are played onto
/// `line`: the time control and each action's time from the `%clk` comments, and a
/// loss on time the tags and the result token tell of.
fn finish_main_line(
    tags: &[(String, String)],
    moves: &[PgnMove],
    result: Option<&str>,
    line: &mut dyn LineCursor,
) {
    if let Some(control) = pgn_clock::tag_control(tags) {
        let times = read_clock_times(&control, moves, &line.clock_steps());
        line.set_times(control, times);
    }
    if pgn_clock::ended_on_time(tags) {
        if let Some(side) = pgn_clock::flagged_side(result, line.turn()) {
            line.flag(side);
        }
    }
}

/// A bad `FEN` tag as an error about game `index` (not generic, as [`resolve_texts`]).
#[inline(never)]
fn fen_error(index: usize, raw: &RawGame, error: fen::FenError) -> PgnError {
    game_error(index, raw, error.to_string())
}

/// An error about game `index` as a whole (reported at its first line).
fn game_error(index: usize, raw: &RawGame, message: String) -> PgnError {
    PgnError {
        game: index,
        line: raw.line,
        column: 1,
        message,
    }
}

/// The game's `FEN` tag, after checking that its `Variant` tag (if any) names
/// `expected`. Not generic: written once, not once per rule set.
fn start_fen_tag(index: usize, raw: &RawGame, expected: Variant) -> Result<Option<&str>, PgnError> {
    if let Some(name) = raw.tag("Variant") {
        let variant = Variant::from_name(name)
            .ok_or_else(|| game_error(index, raw, format!("unknown variant '{name}'")))?;
        if variant != expected {
            return Err(game_error(
                index,
                raw,
                format!(
                    "the game is {} but {} was expected",
                    variant.name(),
                    expected.name()
                ),
            ));
        }
    }
    Ok(raw.tag("FEN"))
}

/// Reads every game of a PGN text for rule set `G`.
///
/// # Errors
/// [`PgnError`] for the first syntax error or illegal move, with its position;
/// then no game is returned.
#[inline(never)] // Cold: not copied into each rule set's `load_pgn`.
pub fn read_pgn<G: Position>(text: &str) -> Result<Vec<PgnGame<G>>, PgnError> {
    read_pgn_accepting(text, AcceptedProblems::NONE)
}

/// Reads every game like [`read_pgn`], accepting start positions (`FEN` tags) with
/// the problems of the kinds in `accepted` ([`Position::from_setup_accepting`]).
///
/// # Errors
/// As [`read_pgn`].
#[inline(never)]
pub fn read_pgn_accepting<G: Position>(
    text: &str,
    accepted: AcceptedProblems,
) -> Result<Vec<PgnGame<G>>, PgnError> {
    let raw_games = parse_games(text)?;
    let mut games = Vec::with_capacity(raw_games.len());
    for (i, raw) in raw_games.iter().enumerate() {
        games.push(resolve_game(i + 1, raw, accepted)?);
    }
    Ok(games)
}

/// The syntax layer's games, its error as a [`PgnError`] (not generic, as
/// [`resolve_texts`]).
#[inline(never)]
fn parse_games(text: &str) -> Result<Vec<RawGame>, PgnError> {
    pgn_syntax::parse_pgn(text).map_err(|e| PgnError {
        game: 0,
        line: e.line,
        column: e.column,
        message: e.message,
    })
}

/// The rule set a PGN game declares in its `Variant` tag (Standard when absent).
///
/// # Errors
/// [`PgnError`] for a syntax error or an unknown `Variant` value.
pub fn first_game_variant(text: &str) -> Result<Variant, PgnError> {
    let raw_games = pgn_syntax::parse_pgn(text).map_err(|e| PgnError {
        game: 0,
        line: e.line,
        column: e.column,
        message: e.message,
    })?;
    match raw_games
        .first()
        .and_then(|g| g.tag("Variant").map(|v| (g.line, v)))
    {
        None => Ok(Variant::Chess),
        Some((line, name)) => Variant::from_name(name).ok_or(PgnError {
            game: 1,
            line,
            column: 1,
            message: format!("unknown variant '{name}'"),
        }),
    }
}

/// Writes a played game as PGN: the Seven Tag Roster (values from `tags` where
/// given, `?` otherwise), `Variant`, `SetUp`/`FEN` for a non-standard start, any
/// other given tags, and `Result` from the record's outcome.
pub fn write_record<G: Position>(record: &Record<G>, tags: &[(String, String)]) -> String {
    write_annotated(record, tags, &Annotations::default(), set_up_fen(record))
}

/// [`write_record`] with the game's notes: their tags (overridden by `tags`), and
/// each ply's comments, NAGs and variations on the token that plays it. `Result`
/// is the outcome when the game has one, else the notes' `Result` tag when it is a
/// result, else `*`. `set_up` is [`set_up_fen`] (callers that have it at hand
/// pass it, so that this generic function does not compute it once per rule set).
pub fn write_annotated<G: Position>(
    record: &Record<G>,
    tags: &[(String, String)],
    notes: &Annotations,
    set_up: Option<String>,
) -> String {
    let (moves, ends) = record_moves(record);
    let clocks = record.clocks();
    let game = annotated_game(
        G::VARIANT,
        (record.outcome(), record.time_control()),
        set_up,
        (tags, notes),
        moves,
        (&ends, &clocks),
    );
    pgn_syntax::write_pgn(&game, &numbering(record.start()))
}

/// A record's actions as numbered PGN tokens, with the ply each token ends at: the
/// main line of [`write_annotated`], or a variation's moves (a record of the line
/// from its start position).
pub fn record_moves<G: Position>(record: &Record<G>) -> (Vec<RawMove>, Vec<usize>) {
    // Each action's SAN, number and step (the rule set's part, in one walk of the
    // history), then the tokens grouped by non-generic code.
    let mut sans = Vec::with_capacity(record.len());
    let mut numbers = Vec::with_capacity(record.len());
    let mut steps = Vec::with_capacity(record.len());
    for (before, action) in record.history() {
        sans.push(san::write_san(before, action));
        numbers.push(token_number(before));
        steps.push(token_step(before, action));
    }
    let ends = token_ends(&steps, G::PGN_STYLE.token_per_turn);
    (
        token_moves(&sans, &numbers, &ends, G::PGN_STYLE.separator),
        ends,
    )
}

/// The numbered tokens of [`record_moves`] from each action's SAN and number and
/// where the tokens end (not generic, as [`resolve_texts`]).
#[inline(never)]
fn token_moves(
    sans: &[String],
    numbers: &[TokenNumber],
    ends: &[usize],
    separator: char,
) -> Vec<RawMove> {
    let mut moves = Vec::with_capacity(ends.len());
    let mut start = 0;
    for &end in ends {
        moves.push(bare_raw_move(
            join_token(&sans[start..end], separator),
            numbers[start],
        ));
        start = end;
    }
    moves
}

/// A written token without notes, at no position of a text (not generic, as
/// [`resolve_texts`]).
#[inline(never)]
fn bare_raw_move(token: String, number: TokenNumber) -> RawMove {
    RawMove {
        token,
        line: 0,
        column: 0,
        nags: Vec::new(),
        comments: Vec::new(),
        variations: Vec::new(),
        number: Some(number),
    }
}

/// The start position's FEN when it is not `G`'s start, or always where games start
/// from several positions ([`Position::VARIED_START`]): what `SetUp`/`FEN` say.
pub fn set_up_fen<G: Position>(record: &Record<G>) -> Option<String> {
    let start_fen = fen::write_fen(record.start());
    (G::VARIED_START || start_fen != fen::write_fen(&G::start())).then_some(start_fen)
}

/// The tags [`write_annotated`] writes, in order, from what it computes: the
/// rule set, the outcome's result token, the [`set_up_fen`] and the notes.
pub fn annotated_tags(
    variant: Variant,
    decided: Option<&str>,
    set_up: Option<String>,
    notes: &Annotations,
) -> Vec<(String, String)> {
    let tags = notes.tags();
    tag_roster(variant, tags, result_token(decided, tags), set_up)
}

/// The notes' tags with `overrides` replacing or added to them.
fn merged_tags(base: &[(String, String)], overrides: &[(String, String)]) -> Vec<(String, String)> {
    let mut merged = base.to_vec();
    for (name, value) in overrides {
        annotations::set_in(&mut merged, name, value);
    }
    merged
}

/// The result to write: the outcome, else a `Result` tag that is a result, else `*`.
fn result_token<'a>(decided: Option<&'a str>, tags: &'a [(String, String)]) -> &'a str {
    decided
        .or_else(|| {
            tags.iter()
                .rev()
                .find(|(n, _)| n == "Result")
                .map(|(_, v)| v.as_str())
                .filter(|v| ["1-0", "0-1", "1/2-1/2"].contains(v))
        })
        .unwrap_or("*")
}

/// The rest of [`write_annotated`], not generic: tags, result and each ply's notes
/// on the token that covers it (a mid-turn ply's notes go on its turn's token).
fn annotated_game(
    variant: Variant,
    (outcome, control): (Option<Outcome>, &TimeControl),
    set_up: Option<String>,
    (tags, notes): (&[(String, String)], &Annotations),
    mut moves: Vec<RawMove>,
    (ends, clocks): (&[usize], &[Option<i64>]),
) -> RawGame {
    let decided = outcome.map(|o| o.result_token());
    let mut tags = tags.to_vec();
    // The notes' own `TimeControl` text stays where it names the record's control
    // (`60+0` is not rewritten `60`).
    let same = pgn_clock::tag_control(notes.tags()).is_some_and(|c| c == *control);
    for (name, value) in pgn_clock::clock_tags(control, outcome, same) {
        if !tags.iter().any(|(n, _)| *n == name) {
            tags.push((name, value));
        }
    }
    let tags = tags.as_slice();
    let merged = merged_tags(notes.tags(), tags);
    let result = result_token(decided, &merged).to_string();
    let mut comment_before = Vec::new();
    let last = ends.last().copied().unwrap_or(0);
    for (ply, at) in notes.plies_up_to(last) {
        if ply == 0 {
            comment_before.clone_from(&at.comments);
            continue;
        }
        if let Some(m) = moves.get_mut(ends.partition_point(|&end| end < ply)) {
            m.comments.extend(at.comments.iter().cloned());
            m.nags.extend(&at.nags);
            m.variations.extend(at.variations.iter().cloned());
        }
    }
    // Each token's `%clk`: its mover's clock after its last action.
    for (m, &end) in moves.iter_mut().zip(ends) {
        if let Some(Some(ms)) = end.checked_sub(1).and_then(|i| clocks.get(i)) {
            pgn_clock::set_clk(&mut m.comments, *ms);
        }
    }
    RawGame {
        tags: tag_roster(variant, &merged, &result, set_up),
        comment_before,
        moves,
        result: Some(result),
        line: 0,
    }
}

/// The tags [`write_record`] writes, in order. Not generic: written once, not once
/// per rule set (the WebAssembly module's size).
fn tag_roster(
    variant: crate::variant::Variant,
    tags: &[(String, String)],
    result: &str,
    set_up: Option<String>,
) -> Vec<(String, String)> {
    let given = |name: &str| {
        tags.iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
    };
    let mut all: Vec<(String, String)> = Vec::new();
    for (name, default) in [
        ("Event", "?"),
        ("Site", "?"),
        ("Date", "????.??.??"),
        ("Round", "?"),
        ("White", "?"),
        ("Black", "?"),
    ] {
        all.push((
            name.to_string(),
            given(name).unwrap_or_else(|| default.to_string()),
        ));
    }
    all.push(("Result".to_string(), result.to_string()));
    if let Some(tag) = variant.pgn_tag() {
        all.push(("Variant".to_string(), tag.to_string()));
    }
    if let Some(start_fen) = set_up {
        all.push(("SetUp".to_string(), "1".to_string()));
        all.push(("FEN".to_string(), start_fen));
    }
    const ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];
    for (name, value) in tags {
        if !ROSTER.contains(&name.as_str()) && !COMPUTED_TAGS.contains(&name.as_str()) {
            all.push((name.clone(), value.clone()));
        }
    }
    all
}

/// Each action's time read from the `%clk` comments of a game's tokens (none where
/// they give no play under `control`): the reading is compiled once, the rule set
/// only gives the steps ([`Record::clock_steps`]).
fn read_clock_times(
    control: &TimeControl,
    moves: &[PgnMove],
    steps: &[ClockStep],
) -> Vec<Option<u64>> {
    if !control.is_timed() {
        return Vec::new();
    }
    let sizes: Vec<usize> = moves.iter().map(|m| m.actions.len()).collect();
    let clks: Vec<Option<i64>> = moves
        .iter()
        .map(|m| pgn_clock::token_clk(&m.comments))
        .collect();
    pgn_clock::read_times(control, steps, &sizes, &clks).unwrap_or_default()
}
