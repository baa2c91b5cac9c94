//! A parallel search (UCI `Threads`, natively only): lazy SMP. The search that
//! decides runs as always, stepped by its caller; `Threads - 1` helper searches of the
//! same root run beside it on threads of their own, each with its own histories (a
//! fresh set: they learn their own move ordering), all sharing the one
//! transposition table ([`super::TranspositionTable::share`], lock-free). The helpers
//! report nothing and their answers are dropped: they only fill the table, so the
//! search that decides finds deeper results and cut-offs sooner. A helper iterates on
//! a schedule of its own ([`super::Search::become_helper`]), so the threads spread
//! over two depths rather than all searching the same tree.
//!
//! The core starts no thread itself (as it reads no clock): the host gives a
//! [`StartThread`] (the native binary: `std::thread`), and without one a search runs
//! on one thread. The helpers end when the search that decides ends, however it ends
//! (its depth, time, `stop`), and at a node limit, which counts the nodes of every
//! thread; its reports (`info`) and its result count them too.
//!
//! Weakened levels (`Skill Level`, `UCI_LimitStrength`) stay on one thread: their
//! node caps and choices were measured on one, and a helper would make them stronger
//! and no longer repeatable. WebAssembly has no threads: this file is not compiled
//! there, and `Threads` can only be 1.

use super::stepping::SteppedSearch;
use super::{Clock, NoClock, Progress, SearchInfo, SearchOptions, TranspositionTable};
use crate::moves::Action;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{mpsc, Arc};

/// The most threads a search may have (UCI `Threads`): the largest machines have
/// about this many hardware threads, and each helper keeps about 1.5 MB of histories
/// of its own, so a typo cannot ask for much more memory than the table.
pub const MAX_THREADS: usize = 256;

/// Nodes a helper searches between two looks at the stop signal and the node limit:
/// well under a millisecond natively, so helpers end as promptly as the search that
/// decides.
const HELPER_STEP_NODES: u64 = 1024;

/// Runs a job on a thread of its own: the host's way of starting threads (the native
/// binary passes one built on `std::thread`), as it passes the clock.
pub type StartThread = dyn Fn(Box<dyn FnOnce() + Send>) + Send + Sync;

/// The threads of a search: how many, and how the host starts the helpers'.
#[derive(Clone, Default)]
pub struct Threads {
    count: usize,
    start: Option<Arc<StartThread>>,
}

impl Threads {
    /// One thread: the search alone.
    pub fn one() -> Threads {
        Threads {
            count: 1,
            start: None,
        }
    }

    /// `count` threads (capped at [`MAX_THREADS`]), the helpers' started by `start`.
    pub fn new(count: usize, start: Arc<StartThread>) -> Threads {
        Threads {
            count: count.clamp(1, MAX_THREADS),
            start: Some(start),
        }
    }

    /// The number of threads asked for.
    pub fn count(&self) -> usize {
        self.count.max(1)
    }
}

impl std::fmt::Debug for Threads {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Threads")
            .field("count", &self.count())
            .field("start", &self.start.is_some())
            .finish()
    }
}

impl PartialEq for Threads {
    fn eq(&self, other: &Threads) -> bool {
        self.count() == other.count()
            && match (&self.start, &other.start) {
                (Some(a), Some(b)) => Arc::ptr_eq(a, b),
                (a, b) => a.is_none() && b.is_none(),
            }
    }
}

/// The number of helpers `options` ask for and how to start them, or `None` when the
/// search runs alone (one thread, no way to start one, or a weakened level).
pub(super) fn helpers(options: &SearchOptions) -> Option<(usize, Arc<StartThread>)> {
    let threads = &options.threads;
    let start = threads.start.as_ref()?;
    (threads.count() > 1 && !options.strength.is_weakened())
        .then(|| (threads.count() - 1, Arc::clone(start)))
}

/// The options of a helper's search: the same, on one thread.
pub(super) fn helper_options(options: &SearchOptions) -> SearchOptions {
    SearchOptions {
        threads: Threads::one(),
        ..options.clone()
    }
}

/// What the threads of one search share besides the table.
#[derive(Debug, Default)]
struct Shared {
    /// Set when the search that decides has ended: the helpers stop.
    stop: AtomicBool,
    /// The nodes of every helper so far.
    helper_nodes: AtomicU64,
    /// The nodes of the search that decides, as of its last step.
    main_nodes: AtomicU64,
    /// The search's node limit, over every thread.
    node_limit: Option<u64>,
}

impl Shared {
    fn total_nodes(&self) -> u64 {
        self.main_nodes.load(Ordering::Relaxed) + self.helper_nodes.load(Ordering::Relaxed)
    }

    fn out_of_nodes(&self) -> bool {
        self.node_limit.is_some_and(|n| self.total_nodes() >= n)
    }
}

/// The running helpers: dropping it stops them and waits for them, so the table is
/// never handed on while a helper still writes into it.
struct Crew {
    shared: Arc<Shared>,
    /// Disconnects once every helper has returned (each holds a sender).
    running: Option<mpsc::Receiver<()>>,
}

impl Crew {
    fn end(&mut self) {
        self.shared.stop.store(true, Ordering::Relaxed);
        if let Some(running) = self.running.take() {
            // Nothing is ever sent: this returns when the last helper drops its sender.
            while running.recv().is_ok() {}
        }
    }
}

impl Drop for Crew {
    fn drop(&mut self) {
        self.end();
    }
}

/// A helper's loop: searches until told to stop, its last iteration is done, or the
/// node limit is reached, adding its nodes to the shared count as it goes.
fn run_helper(mut search: Box<dyn SteppedSearch>, shared: &Shared) {
    let mut counted = 0;
    while !shared.stop.load(Ordering::Relaxed) {
        let progress = search.step(HELPER_STEP_NODES, &NoClock, &mut |_| {});
        let nodes = search.nodes();
        shared
            .helper_nodes
            .fetch_add(nodes - counted, Ordering::Relaxed);
        counted = nodes;
        if matches!(progress, Progress::Done(_)) || shared.out_of_nodes() {
            break;
        }
    }
}

/// The search that decides, and its helpers.
struct Parallel {
    main: Box<dyn SteppedSearch>,
    crew: Crew,
}

/// Starts `helpers` (started searches of the same root on handles of the table of
/// `main`, made helpers) on threads from `start`, and returns the parallel search
/// that `main` decides. `main` must have been started without a node limit:
/// `node_limit` counts every thread's nodes here.
pub(super) fn start(
    main: Box<dyn SteppedSearch>,
    helpers: Vec<Box<dyn SteppedSearch>>,
    node_limit: Option<u64>,
    start: &StartThread,
) -> Box<dyn SteppedSearch> {
    let shared = Arc::new(Shared {
        node_limit,
        ..Shared::default()
    });
    let (running, finished) = mpsc::channel::<()>();
    for helper in helpers {
        let shared = Arc::clone(&shared);
        let running = running.clone();
        start(Box::new(move || {
            let _running = running;
            run_helper(helper, &shared);
        }));
    }
    Box::new(Parallel {
        main,
        crew: Crew {
            shared,
            running: Some(finished),
        },
    })
}

/// `info` with every thread's nodes.
fn summed(info: &SearchInfo, helper_nodes: u64) -> SearchInfo {
    let nodes = info.nodes + helper_nodes;
    SearchInfo {
        nodes,
        nps: super::nodes_per_second(nodes, info.time_ms),
        ..info.clone()
    }
}

impl SteppedSearch for Parallel {
    fn step(
        &mut self,
        node_budget: u64,
        clock: &dyn Clock,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> Progress {
        let shared = &self.crew.shared;
        let mut budget = node_budget;
        if let Some(limit) = shared.node_limit {
            let total = self.main.nodes() + shared.helper_nodes.load(Ordering::Relaxed);
            match limit.checked_sub(total).filter(|left| *left > 0) {
                Some(left) => budget = budget.min(left),
                None => self.main.stop(),
            }
        }
        let progress = self.main.step(budget, clock, &mut |info| {
            on_info(&summed(info, shared.helper_nodes.load(Ordering::Relaxed)));
        });
        shared
            .main_nodes
            .store(self.main.nodes(), Ordering::Relaxed);
        match progress {
            Progress::Running => Progress::Running,
            Progress::Done(mut result) => {
                self.crew.end();
                result.nodes += self.crew.shared.helper_nodes.load(Ordering::Relaxed);
                Progress::Done(result)
            }
        }
    }

    fn stop(&mut self) {
        self.main.stop();
        self.crew.shared.stop.store(true, Ordering::Relaxed);
    }

    fn fallback(&self) -> Option<Action> {
        self.main.fallback()
    }

    fn nodes(&self) -> u64 {
        self.main.nodes() + self.crew.shared.helper_nodes.load(Ordering::Relaxed)
    }

    fn into_table(self: Box<Self>) -> TranspositionTable {
        let Parallel { main, crew } = *self;
        // The helpers end before the table goes on to the next search.
        drop(crew);
        main.into_table()
    }
}
