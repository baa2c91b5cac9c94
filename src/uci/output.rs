//! What the session prints: `info` and `bestmove` lines, and the `d` diagram.

use crate::api::Game;
use crate::engine::Event;
use crate::moves::Action;
use crate::notation::uci;
use crate::search::SearchInfo;
use crate::types::{File, Rank, Square};
use crate::Variant;

/// A text diagram of the position: the board (with `|` marking board-B pieces),
/// then `Fen:`, `Key:` and `Checkers:` lines, as Stockfish's `d` prints.
pub fn diagram(game: &Game) -> String {
    let position = game.record();
    let (placement, key, checkers) = (
        position.placement(),
        position.zobrist(),
        position.checkers(),
    );
    let fen_text = game.fen();
    let mut out = String::new();
    let rule = " +---+---+---+---+---+---+---+---+\n";
    out.push_str(rule);
    for rank in (0..8).rev() {
        out.push_str(" |");
        for file in 0..8 {
            let sq = Square::from_coords(File(file), Rank(rank));
            match placement.at(sq) {
                Some(p) if p.board == crate::BoardId::B => {
                    out.push_str(&format!("|{} |", p.piece.char()))
                }
                Some(p) => out.push_str(&format!(" {} |", p.piece.char())),
                None => out.push_str("   |"),
            }
        }
        out.push_str(&format!(" {}\n{rule}", rank + 1));
    }
    out.push_str("   a   b   c   d   e   f   g   h\n\n");
    out.push_str(&format!("Fen: {fen_text}\n"));
    out.push_str(&format!("Key: {key:016X}\n"));
    let checkers: Vec<String> = checkers.into_iter().map(|s| s.to_string()).collect();
    out.push_str(&format!("Checkers: {}", checkers.join(" ")));
    out
}

/// An `info` line of a completed iteration (no `pv` when the line is empty).
pub fn format_info(info: &SearchInfo, variant: Variant) -> String {
    let mut line = format!(
        "info depth {} seldepth {} multipv {} score {} nodes {} nps {} hashfull {} time {}",
        info.depth,
        info.seldepth,
        info.multipv,
        info.score,
        info.nodes,
        info.nps,
        info.hashfull,
        info.time_ms,
    );
    if !info.pv.is_empty() {
        let pv: Vec<String> = info
            .pv
            .iter()
            .map(|action| uci::action_to_uci_in(action, variant))
            .collect();
        line.push_str(" pv ");
        line.push_str(&pv.join(" "));
    }
    line
}

/// The `bestmove` line (`bestmove (none)` when there is no legal action). No
/// `ponder` is sent: pondering is not supported, and in a multi-action turn the
/// line's next action may be the mover's own.
pub fn format_bestmove(best: Option<&Action>, variant: Variant) -> String {
    format!(
        "bestmove {}",
        best.map_or_else(
            || "(none)".to_string(),
            |action| uci::action_to_uci_in(action, variant)
        )
    )
}

/// The line of an engine event: `info` or `bestmove`; a game's analysis, which UCI
/// has no command for, and a practised turn's judgement, as `info string` lines.
pub fn format_event(event: &Event, variant: Variant) -> String {
    match event {
        Event::Info(info) => format_info(info, variant),
        Event::BestAction { best, .. } => format_bestmove(best.as_ref(), variant),
        Event::Progress(p) => format!("info string analysis {}/{} positions", p.done, p.total),
        Event::Analysis { report, .. } => format!(
            "info string analysis {} of {} actions",
            if report.complete { "done" } else { "stopped" },
            report.plies.len()
        ),
        Event::Judgement { judgement, .. } => format!(
            "info string judgement {}",
            match (judgement.complete, judgement.mark) {
                (false, _) => "stopped",
                (true, None) => "accepted",
                (true, Some(mark)) => mark.name(),
            }
        ),
    }
}
