//! The game analysis holds memory in proportion to the game's length: the bytes a
//! [`GameAnalysis`] keeps, counted by this test binary's allocator, for a game ten
//! times longer are about ten times as many, not a hundred (as when it kept a copy
//! of the game per position). The game is tests/data/long-chess-400.pgn, made by
//! `cargo run --release --example long_game` (docs/analysis.md, "Memory").

use alfiere::analysis::{AnalysisStep, GameAnalysis};
use alfiere::api::Game;
use alfiere::search::{Limits, NoClock, SearchOptions, TranspositionTable};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The system allocator, counting the bytes allocated and not yet freed.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        LIVE.fetch_add(layout.size(), Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The bytes a job over `game` holds once made, and once its searches are done
/// (its table, made before, not counted).
fn held_bytes(game: &Game) -> (usize, usize) {
    let table = TranspositionTable::new(1);
    let before = LIVE.load(Ordering::Relaxed);
    let mut job =
        GameAnalysis::new(game, Limits::depth(1), SearchOptions::default(), table).unwrap();
    let made = LIVE.load(Ordering::Relaxed) - before;
    while let AnalysisStep::Running(_) = job.step(1 << 20, &NoClock) {}
    let done = LIVE.load(Ordering::Relaxed) - before;
    assert!(
        job.progress().done == job.total(),
        "every position analysed"
    );
    (made, done)
}

#[test]
fn an_analysis_holds_memory_in_proportion_to_the_games_length() {
    let mut long = Game::new("chess", None).unwrap();
    long.load_pgn(include_str!("data/long-chess-400.pgn"))
        .unwrap();
    assert_eq!(long.history().len(), 800);
    let first = |plies: usize| {
        let mut game = long.clone();
        while game.history().len() > plies {
            game.undo();
        }
        game
    };
    // A first analysis leaves what a search makes once for the process (the built-in
    // network, say), which is no part of a job.
    held_bytes(&first(8));
    // What any job holds whatever its length (the searches' own tables), from a game
    // of a few plies, so the rest is what grows with the length.
    let (_, base) = held_bytes(&first(8));
    let (short_made, short_done) = held_bytes(&first(80));
    let (long_made, long_done) = held_bytes(&long);
    let grown = |done: usize| done.saturating_sub(base);
    // Ten times the plies: ten times the bytes, with room for the vectors' spare
    // capacity; a copy of the game per position made it about a hundred.
    for (what, short, long) in [
        ("made", short_made, long_made),
        ("done", grown(short_done), grown(long_done)),
    ] {
        assert!(
            long < 20 * short,
            "{what}: {long} bytes for 800 plies, {short} for 80"
        );
    }
}
