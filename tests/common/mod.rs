//! Helpers shared by the integration tests: reading the perft data files, building
//! positions from them, deterministic random playouts, and engine self-play.
#![allow(dead_code)]

use alfiere::api::Game;
use alfiere::uci::parse_position;
use alfiere::Variant;
use std::path::PathBuf;

pub mod checks;
pub mod reference;
pub mod selfplay;
pub mod uci_session;

/// One line of a `.perft` file: a position and its expected counts by depth.
#[derive(Debug, Clone)]
pub struct PerftCase {
    pub source: String,
    pub position: String,
    pub counts: Vec<(u32, u64)>,
}

pub fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("data")
}

/// The rule set a data file belongs to, from its name (`chess-standard.perft` -> chess).
pub fn variant_of_file(name: &str) -> Option<Variant> {
    let stem = name.strip_suffix(".perft")?;
    let stem = stem.strip_suffix("-standard").unwrap_or(stem);
    Variant::from_name(stem)
}

/// Parses `<position> ;D1 n ;D2 n ...` lines.
pub fn read_perft_file(name: &str) -> Vec<PerftCase> {
    let text = std::fs::read_to_string(data_dir().join(name)).expect("perft data file");
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|(i, line)| {
            let mut parts = line.split(';');
            let position = parts.next().unwrap().trim().to_string();
            let counts = parts
                .map(|p| {
                    let p = p.trim();
                    let (d, n) = p.split_once(' ').expect("'Dn count'");
                    (
                        d.trim_start_matches('D').parse().unwrap(),
                        n.trim().parse().unwrap(),
                    )
                })
                .collect();
            PerftCase {
                source: format!("{name}:{}", i + 1),
                position,
                counts,
            }
        })
        .collect()
}

/// Builds a position from a perft file's position column (a FEN or
/// `startpos moves ...`).
pub fn build_position(variant: Variant, position: &str) -> Game {
    let args = if position.starts_with("startpos") || position.starts_with("fen ") {
        position.to_string()
    } else {
        format!("fen {position}")
    };
    parse_position(variant, &args).unwrap_or_else(|e| panic!("{position}: {e}"))
}

/// A small deterministic random generator (xorshift64*).
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.max(1))
    }
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// A game of `variant` played at random (seeded) for up to `plies` actions, or to its
/// end, through the run-time API.
pub fn random_api_game(variant: Variant, plies: usize, seed: u64) -> Game {
    let mut game = Game::start(variant);
    let mut rng = Rng::new(seed);
    for _ in 0..plies {
        let moves = game.legal_moves();
        if moves.is_empty() || game.outcome().is_some() {
            break;
        }
        game.play_text(&moves[rng.below(moves.len())]).unwrap();
    }
    game
}

use alfiere::notation::{fen, uci};
use alfiere::{Action, ActionList, Position, Role, Square};

/// Builds a position of rule set `G` from a perft file's position column (a FEN, or
/// `startpos [moves ...]` with one action per token).
pub fn build_game<G: Position>(position: &str) -> G {
    let (head, moves) = match position.split_once(" moves ") {
        Some((h, m)) => (h.trim(), m),
        None => (position.trim().trim_end_matches(" moves"), ""),
    };
    let mut game = match head.strip_prefix("fen ").unwrap_or(head) {
        "startpos" => G::start(),
        text => fen::read_fen::<G>(text).unwrap_or_else(|e| panic!("{position}: {e}")),
    };
    for token in moves.split_whitespace() {
        let action = uci::parse_action(&game, token)
            .unwrap_or_else(|e| panic!("{token} in {}: {e}", fen::write_fen(&game)));
        game.play_unchecked(&action);
    }
    game
}

/// Checks every count of a perft file up to `limit` nodes; returns how many.
pub fn check_perft_file<G: Position>(name: &str, limit: u64) -> usize {
    let mut checked = 0;
    for case in read_perft_file(name) {
        let game: G = build_game(&case.position);
        for &(depth, expected) in &case.counts {
            if expected <= limit {
                let got = alfiere::perft::perft(&game, depth);
                assert_eq!(
                    got, expected,
                    "{} depth {depth}: {}",
                    case.source, case.position
                );
                checked += 1;
            }
        }
    }
    checked
}

/// Every action one might try in `pos`: all from-to pairs of the side to act (with
/// the capture read off the board, a wrong capture, odd promotions), e.p., castles,
/// drops of every role on every square, pushes of every pawn, promotion choices.
pub fn candidate_actions<G: Position>(pos: &G) -> Vec<Action> {
    let board = pos.placement().board;
    let us = pos.turn();
    let mut out = Vec::new();
    for from in board.by_color(us) {
        let role = board.role_at(from).unwrap();
        for to in Square::all() {
            let capture = board.role_at(to);
            for promotion in [
                None,
                Some(Role::Queen),
                Some(Role::Knight),
                Some(Role::King),
            ] {
                out.push(Action::Normal {
                    role,
                    from,
                    to,
                    capture,
                    promotion,
                });
            }
            out.push(Action::Normal {
                role,
                from,
                to,
                capture: Some(Role::Pawn),
                promotion: None,
            });
            if role == Role::Pawn {
                out.push(Action::EnPassant { from, to });
                out.push(Action::Push { from, to });
            }
        }
        if role == Role::King {
            for rook in board.by_color(us) {
                out.push(Action::Castle { king: from, rook });
            }
        }
        if role == Role::Pawn {
            for promo in Role::ALL {
                out.push(Action::PromotionChoice {
                    square: from,
                    role: promo,
                });
            }
        }
    }
    for from in board.by_color(!us) & board.by_role(Role::Pawn) {
        for to in Square::all() {
            out.push(Action::Push { from, to });
        }
    }
    for role in Role::ALL {
        for to in Square::all() {
            out.push(Action::Drop { role, to });
        }
    }
    out
}

/// The invariants every position of every rule set keeps ([`checks::check_position`]
/// plus [`checks::check_notation`] and [`checks::check_child`] for every listed
/// action, and one UCI token per action); `exhaustive` adds the sweep of
/// [`candidate_actions`] against `is_legal`.
pub fn check_every_invariant<G: Position>(pos: &G, exhaustive: bool) {
    let list = checks::check_position(pos);
    // In the rule set's own form: Chess960 castling is the king taking its rook, as a
    // castling king's move may be a king step too (f1g1).
    let mut tokens: Vec<String> = list
        .iter()
        .map(|action| uci::action_to_uci_in(action, G::VARIANT))
        .collect();
    tokens.sort();
    tokens.dedup();
    assert_eq!(
        tokens.len(),
        list.len(),
        "two actions share a UCI token in {}",
        fen::write_fen(pos)
    );
    let parent = pos.clone();
    for action in list.iter() {
        checks::check_notation(pos, action);
        checks::check_child(pos, action);
    }
    assert_eq!(&parent, pos, "parent changed by copy-make");
    if exhaustive {
        for action in candidate_actions(pos) {
            checks::check_is_legal(pos, &action, &list);
        }
    }
}

/// Plays `games` random games of up to `plies` actions from `start`, checking the
/// invariants at every position (exhaustively every `sweep_every` plies); returns
/// the positions checked.
pub fn random_games<G: Position>(
    start: &G,
    seed: u64,
    games: usize,
    plies: usize,
    sweep_every: usize,
) -> usize {
    let mut rng = Rng::new(seed);
    let mut positions = 0;
    for game in 0..games {
        let mut record = alfiere::Record::new(start.clone());
        for ply in 0..plies {
            let pos = record.current().clone();
            check_every_invariant(&pos, (ply + game) % sweep_every.max(1) == 0);
            positions += 1;
            if record.outcome().is_some() {
                break;
            }
            let mut list = ActionList::new();
            pos.legal_actions(&mut list);
            let action = list[rng.below(list.len())];
            let before = record.clone();
            record.play(&action).expect("a listed action is legal");
            let mut undone = record.clone();
            assert_eq!(undone.undo(), Some(action));
            assert_eq!(undone, before, "undo restores");
        }
    }
    positions
}

/// One line of a hand-made cases file (`startpos-cases.txt`, `avalanche-cases.txt`):
/// `variant;position command;depth;expected nodes;what it exercises`.
#[derive(Debug, Clone)]
pub struct CaseLine {
    pub variant: String,
    /// The `position` command's arguments (`startpos moves ...`).
    pub position: String,
    pub depth: u32,
    pub expected: u64,
    /// What the case exercises (may itself contain `;`).
    pub what: String,
    /// The whole line, for messages.
    pub line: String,
}

/// Every case of a cases file, comments and blank lines skipped.
pub fn read_cases(name: &str) -> Vec<CaseLine> {
    let text = std::fs::read_to_string(data_dir().join(name)).expect("cases file");
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|line| {
            let fields: Vec<&str> = line.splitn(5, ';').collect();
            assert_eq!(fields.len(), 5, "{line}");
            CaseLine {
                variant: fields[0].to_string(),
                position: fields[1]
                    .trim()
                    .strip_prefix("position ")
                    .unwrap_or_else(|| panic!("no 'position' in {line}"))
                    .trim()
                    .to_string(),
                depth: fields[2].parse().unwrap(),
                expected: fields[3].parse().unwrap(),
                what: fields[4].to_string(),
                line: line.to_string(),
            }
        })
        .collect()
}

/// Checks the invariants on every position of a perft data file (exhaustively) and
/// on each of its children; returns how many data positions were checked.
pub fn check_data_file_invariants<G: Position>(file: &str) -> usize {
    let mut checked = 0;
    for case in read_perft_file(file) {
        let game: G = build_game(&case.position);
        check_every_invariant(&game, true);
        let mut list = ActionList::new();
        game.legal_actions(&mut list);
        for action in list.iter() {
            let mut child = game.clone();
            child.play_unchecked(action);
            check_every_invariant(&child, false);
        }
        checked += 1;
    }
    checked
}

/// A position of rule set `G` from a FEN that must be valid.
pub fn read<G: Position>(text: &str) -> G {
    fen::read_fen(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// A square by name.
pub fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

/// The normal move `token` (`e2e4`) as the board shows it (role and capture read off
/// the board), whether legal or not, so `is_legal` can be asked about moves a
/// generator leaves out.
pub fn board_action(board: &alfiere::Board, token: &str) -> Action {
    let (from, to) = (sq(&token[..2]), sq(&token[2..4]));
    Action::Normal {
        role: board.role_at(from).expect("a piece on the from square"),
        from,
        to,
        capture: board.role_at(to),
        promotion: None,
    }
}

/// The legal actions as sorted UCI tokens.
pub fn legal_tokens<G: Position>(game: &G) -> Vec<String> {
    let mut list = ActionList::new();
    game.legal_actions(&mut list);
    // In the rule set's own form: Chess960 castling is the king taking its rook, as a
    // castling king's move may be a king step too (f1g1).
    let mut tokens: Vec<String> = list
        .iter()
        .map(|action| uci::action_to_uci_in(action, G::VARIANT))
        .collect();
    tokens.sort();
    tokens
}

/// The legal en-passant captures as sorted UCI tokens.
pub fn ep_tokens<G: Position>(game: &G) -> Vec<String> {
    let mut list = ActionList::new();
    game.legal_actions(&mut list);
    let mut found: Vec<String> = list
        .iter()
        .filter(|a| matches!(a, Action::EnPassant { .. }))
        .map(uci::action_to_uci)
        .collect();
    found.sort();
    found
}

/// Plays UCI tokens (which must be legal) on `game`.
pub fn play_tokens<G: Position>(game: &mut G, moves: &str) {
    for token in moves.split_whitespace() {
        let action = uci::parse_action(game, token)
            .unwrap_or_else(|e| panic!("{token} in {}: {e}", fen::write_fen(game)));
        game.play(&action).unwrap();
    }
}

/// A copy of `game` after UCI tokens.
pub fn after_tokens<G: Position>(game: &G, moves: &str) -> G {
    let mut copy = game.clone();
    play_tokens(&mut copy, moves);
    copy
}

/// The position problems of a FEN whose syntax is sound but whose position is not.
pub fn position_problems<G: Position>(text: &str) -> Vec<alfiere::PositionProblem> {
    fen::read_fen::<G>(text)
        .unwrap_err()
        .problems
        .into_iter()
        .map(|p| match p {
            fen::FenProblem::Position(p) => p,
            fen::FenProblem::Syntax { field, message } => panic!("syntax {field}: {message}"),
        })
        .collect()
}

/// The turn state of an ordinary action (phase `Move`).
pub fn move_state(side: alfiere::Color, length: u16, played: u16) -> alfiere::TurnState {
    alfiere::TurnState {
        side,
        length,
        played,
        phase: alfiere::Phase::Move,
    }
}

/// A random game of up to `plies` actions from `start` (it stops at an ending),
/// played through a [`alfiere::Record`].
pub fn random_record<G: Position>(start: &G, rng: &mut Rng, plies: usize) -> alfiere::Record<G> {
    let mut record = alfiere::Record::new(start.clone());
    for _ in 0..plies {
        if record.outcome().is_some() {
            break;
        }
        let mut list = ActionList::new();
        record.current().legal_actions(&mut list);
        let action = list[rng.below(list.len())];
        record.play(&action).expect("a listed action is legal");
    }
    record
}

/// `count` positions met along deterministic random games from `start`: every
/// position after the first action of games of up to `plies` actions, endings
/// included.
pub fn random_positions<G: Position>(start: &G, seed: u64, count: usize, plies: usize) -> Vec<G> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let mut pos = start.clone();
        for _ in 0..plies.max(1) {
            let mut list = ActionList::new();
            pos.legal_actions(&mut list);
            if list.is_empty() || out.len() == count {
                break;
            }
            pos.play_unchecked(&list[rng.below(list.len())]);
            out.push(pos.clone());
        }
    }
    out
}

/// Changes one thing of a setup at random: a piece removed, moved or added, the
/// side to act, a castling right, an e.p. square, a hand, Alice's board, the
/// clocks or the turn state. The result is often not a legal position.
pub fn mutate_setup(setup: &mut alfiere::Setup, rng: &mut Rng) {
    use alfiere::{Color, ExtraState, Piece};
    let occupied: Vec<Square> = setup.board.occupied().into_iter().collect();
    let square = |rng: &mut Rng| Square::new(rng.below(64) as u32).unwrap();
    let color = |rng: &mut Rng| Color::ALL[rng.below(2)];
    match rng.below(10) {
        0 => {
            let non_kings: Vec<Square> = occupied
                .iter()
                .copied()
                .filter(|&s| setup.board.role_at(s) != Some(Role::King))
                .collect();
            if !non_kings.is_empty() {
                let sq = non_kings[rng.below(non_kings.len())];
                setup.board.take(sq);
                setup.board_b.remove(sq);
            }
        }
        1 => {
            let from = occupied[rng.below(occupied.len())];
            let to = square(rng);
            if setup.board.piece_at(to).is_none() {
                let piece = setup.board.take(from).unwrap();
                setup.board.put(to, piece);
                let on_b = setup.board_b.contains(from);
                setup.board_b.remove(from);
                setup.board_b.set(to, on_b);
            }
        }
        2 => {
            let to = square(rng);
            if setup.board.piece_at(to).is_none() {
                let role = Role::ALL[rng.below(5)];
                setup.board.put(to, Piece::new(color(rng), role));
            }
        }
        3 => setup.turn = !setup.turn,
        4 => {
            let corner = [Square::A1, Square::H1, Square::A8, Square::H8][rng.below(4)];
            setup.castling_rights.toggle(corner);
        }
        5 => {
            let file = rng.below(8) as u32;
            let rank = if rng.below(2) == 0 { 2 } else { 5 };
            setup.ep_squares = vec![Square::new(rank * 8 + file).unwrap()];
        }
        6 => {
            if let Some(hands) = &mut setup.hands {
                let c = color(rng);
                hands[c].add(Role::IN_HAND[rng.below(Role::IN_HAND.len())]);
            }
        }
        7 => {
            if !occupied.is_empty() {
                setup.board_b.toggle(occupied[rng.below(occupied.len())]);
            }
        }
        8 => {
            setup.halfmoves = rng.below(160) as u32;
            setup.fullmoves = 1 + rng.below(200) as u32;
        }
        _ => {
            setup.extra = match setup.extra {
                ExtraState::Series { length, .. } => {
                    let length = (length + rng.below(3) as u16).saturating_sub(1).max(1);
                    ExtraState::Series {
                        length,
                        played: rng.below(usize::from(length)) as u16,
                        quiet: rng.below(12) as u16,
                    }
                }
                ExtraState::Default => ExtraState::Default,
                _ => match rng.below(4) {
                    0 => ExtraState::AvalanchePush,
                    1 => ExtraState::AvalanchePromote(square(rng)),
                    2 => ExtraState::AvalanchePromoted(square(rng)),
                    _ => ExtraState::AvalancheNone,
                },
            }
        }
    }
}

/// Up to `count` valid positions made by mutating positions of random games with
/// [`mutate_setup`] (one to three changes each) and keeping what `from_setup`
/// accepts; also returns how many setups were tried.
pub fn mutated_positions<G: Position>(seed: u64, count: usize) -> (Vec<G>, usize) {
    let mut rng = Rng::new(seed);
    let bases = random_positions(&G::start(), seed ^ 0x5e7, 96, 48);
    let mut out = Vec::with_capacity(count);
    let mut tried = 0;
    while out.len() < count && tried < count * 40 {
        tried += 1;
        let mut setup = bases[rng.below(bases.len())].to_setup();
        for _ in 0..=rng.below(3) {
            mutate_setup(&mut setup, &mut rng);
        }
        match G::from_setup(&setup) {
            Ok(pos) => out.push(pos),
            Err(e) => assert!(!e.problems.is_empty(), "an error without problems"),
        }
    }
    (out, tried)
}
