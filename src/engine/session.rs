//! [`EngineSession`]: the position, the options, the table and the network, and the
//! job that runs on them, stepped by the caller.

use super::job::{AnalysisJob, Event, Job, PracticeJob, SearchJob};
use super::options::{EngineOptions, OptionChange, OptionValue, BUILT_IN_NETWORK, NO_NETWORK};
use crate::analysis::{
    annotate, AnalysisStep, GameAnalysis, GameReport, JudgeStep, TurnJudge, TurnJudgement,
};
use crate::api::{ApiError, ApiErrorKind, Game};
use crate::eval::nnue::{Network, Networks};
use crate::moves::Action;
use crate::perft::MAX_PERFT_DEPTH;
use crate::search::{Progress, SearchOptions, SteppedSearch, TranspositionTable};
#[cfg(not(target_arch = "wasm32"))]
use crate::search::{StartThread, Threads};
use crate::variants::Variant;
use std::sync::Arc;

/// What the session is doing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// No job: waiting for calls.
    Idle,
    /// A job runs: call [`EngineSession::step`] again.
    Running,
    /// An infinite search has finished and holds its answer until
    /// [`EngineSession::stop`].
    Holding,
}

/// How a session reads a file (a network for `EvalFile`): its bytes, or why not.
pub type FileReader = Box<dyn Fn(&str) -> Result<Vec<u8>, String> + Send>;

/// The work of the running job. A later job kind is one more variant, stepped in
/// [`EngineSession::step`].
enum Work {
    Search(Box<dyn SteppedSearch>),
    Analysis(Box<AnalysisWork>),
    Practice(Box<TurnJudge>),
}

/// A game's analysis under way.
struct AnalysisWork {
    /// The job, with the game to write the analysis into at the end.
    job: GameAnalysis,
    /// Positions reported done so far.
    reported: usize,
}

/// What a job ended with.
enum Finished {
    Best(Option<Action>),
    Analysis(Box<GameReport>, String),
    Judgement(Box<TurnJudgement>),
}

/// The running job and its bookkeeping.
struct ActiveJob {
    work: Work,
    /// An infinite search: its answer waits for `stop`.
    infinite: bool,
    /// A job that would not end by itself (infinite, or no limit at all).
    endless: bool,
    /// Whether `stop` was called.
    stopped: bool,
    /// The clock's reading at the first step.
    started_ms: Option<u64>,
    /// The last time since the start read, for a job finished outside a step.
    elapsed_ms: u64,
    /// The finished infinite search's answer, held for `stop`.
    held: Option<Option<Action>>,
    /// The answer if the job fails (a bug): the first legal action.
    fallback: Option<Action>,
}

/// The engine: one position, its options and the job running on them.
pub struct EngineSession {
    /// The position to work on; its rule set is the session's (`UCI_Variant`), and
    /// its actions tell the search which positions repeat.
    game: Game,
    options: EngineOptions,
    /// The last `EvalFile` set, as given ([`BUILT_IN_NETWORK`] until then).
    eval_file: String,
    /// The table, allocated at the first search or `Hash`; `None` while a job has it.
    table: Option<TranspositionTable>,
    job: Option<ActiveJob>,
    searches: u64,
    /// Seeds the weakened levels' choices; varied per search.
    seed: u64,
    /// The learned evaluations the searches use where they apply (none: the
    /// hand-written evaluation everywhere).
    networks: Networks,
    /// What `EvalFile <built-in>` names: the binary's own networks, or in the browser
    /// the ones its host loaded ([`EngineSession::add_default_network`]).
    default_networks: Networks,
    /// Reads the files `EvalFile` names; none in the browser. The core reads no files
    /// itself: the binary passes `std::fs::read`, as it passes the clock.
    file_reader: Option<FileReader>,
    /// Starts the helper threads of a search with `Threads` above 1; without one
    /// (a library caller that gave none) `Threads` stays 1. The core starts no thread
    /// itself: the binary passes one built on `std::thread`.
    #[cfg(not(target_arch = "wasm32"))]
    thread_starter: Option<Arc<StartThread>>,
}

impl std::fmt::Debug for EngineSession {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EngineSession")
            .field("variant", &self.variant())
            .field("options", &self.options)
            .field("status", &self.status())
            .finish()
    }
}

impl Default for EngineSession {
    fn default() -> EngineSession {
        EngineSession::new()
    }
}

fn invalid(message: impl Into<String>) -> ApiError {
    ApiError::new(ApiErrorKind::InvalidArgument, message)
}

impl EngineSession {
    /// A session with orthodox chess at the start position, and a fixed seed (the
    /// weakened levels then choose alike in every run: see [`Self::with_seed`]).
    pub fn new() -> EngineSession {
        EngineSession::with_seed(0x5eed)
    }

    /// A session whose weakened levels draw their choices from `seed` (the binary and
    /// the worker pass a seed of their own each run, so games vary).
    pub fn with_seed(seed: u64) -> EngineSession {
        let networks = Networks::built_in();
        EngineSession {
            game: Game::start(Variant::Chess),
            options: EngineOptions::default(),
            eval_file: BUILT_IN_NETWORK.to_string(),
            table: None,
            job: None,
            searches: 0,
            seed,
            default_networks: networks.clone(),
            networks,
            file_reader: None,
            #[cfg(not(target_arch = "wasm32"))]
            thread_starter: None,
        }
    }

    /// Lets `Threads` go above 1: the session's searches start their helper threads
    /// with `start` (natively only).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn set_thread_starter(&mut self, start: Arc<StartThread>) {
        self.thread_starter = Some(start);
    }

    /// Lets `EvalFile` read files, through `reader` (the binary passes
    /// `std::fs::read`; without one a file name is refused).
    pub fn set_file_reader(&mut self, reader: FileReader) {
        self.file_reader = Some(reader);
    }

    /// The learned evaluations the next searches use (none: the hand-written one).
    pub fn networks(&self) -> &Networks {
        &self.networks
    }

    /// Sets the learned evaluations (as `EvalFile` does); for callers that read the
    /// files themselves. Takes effect from the next search.
    pub fn set_networks(&mut self, networks: Networks) {
        self.networks = networks;
        // Stored static scores came from the other evaluation.
        if let Some(table) = &mut self.table {
            table.clear();
        }
    }

    /// Makes `network` one of the session's own, those `EvalFile <built-in>` names (in
    /// the place of its layout), and uses it from the next search: for hosts that load
    /// the networks beside the code (the browser worker), so that the session answers
    /// as the native binary does.
    pub fn add_default_network(&mut self, network: Arc<Network>) {
        self.default_networks.insert(Arc::clone(&network));
        let mut networks = self.networks.clone();
        networks.insert(network);
        self.set_networks(networks);
    }

    /// The current rule set.
    pub fn variant(&self) -> Variant {
        self.game.variant()
    }

    /// The position jobs work on.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The engine options.
    pub fn options(&self) -> &EngineOptions {
        &self.options
    }

    /// The options' values under their UCI names, `EvalFile` among them
    /// ([`EngineOptions::values`]).
    pub fn option_values(&self) -> [(&'static str, OptionValue<'_>); 10] {
        self.options.values(&self.eval_file)
    }

    /// The memory of the session's table in bytes (`None` before the first search or
    /// `Hash`, and while a job has it).
    pub fn table_bytes(&self) -> Option<usize> {
        self.table.as_ref().map(TranspositionTable::memory_bytes)
    }

    /// What the session is doing.
    pub fn status(&self) -> Status {
        match &self.job {
            None => Status::Idle,
            Some(job) if job.held.is_some() => Status::Holding,
            Some(_) => Status::Running,
        }
    }

    /// Whether a job runs (or holds its answer).
    pub fn is_busy(&self) -> bool {
        self.job.is_some()
    }

    /// Whether the running job ends by itself (not infinite, not unbounded).
    pub fn job_is_finite(&self) -> bool {
        self.job.as_ref().is_some_and(|j| !j.endless)
    }

    fn refuse_while_busy(&self) -> Result<(), ApiError> {
        if self.is_busy() {
            return Err(invalid("a job is running; stop it first"));
        }
        Ok(())
    }

    /// Sets the position to `game`, which must be of the session's rule set (set
    /// `UCI_Variant` first). A running job keeps the position it started from.
    ///
    /// # Errors
    /// `InvalidArgument` for a game of another rule set.
    pub fn set_position(&mut self, game: Game) -> Result<(), ApiError> {
        if game.variant() != self.variant() {
            return Err(invalid(format!(
                "the game is {} but the engine plays {}; set UCI_Variant first",
                game.variant().id(),
                self.variant().id()
            )));
        }
        self.game = game;
        Ok(())
    }

    /// Sets the position to `fen` (the start when `None`) followed by `moves`, each
    /// SAN or a UCI token, in the session's rule set.
    ///
    /// # Errors
    /// `InvalidFen`, or `IllegalMove`/`GameOver` naming the refused move.
    pub fn set_position_moves(
        &mut self,
        fen: Option<&str>,
        moves: &[&str],
    ) -> Result<(), ApiError> {
        let mut game = Game::start(self.variant());
        if let Some(fen) = fen {
            game.load(fen)?;
        }
        for text in moves {
            game.play_text(text)?;
        }
        self.game = game;
        Ok(())
    }

    /// Sets the position to `fen` of `variant` (the session's) followed by `actions`
    /// in their packed form
    /// ([`crate::search::ordering::pack`]), as a game hands its line over without
    /// writing or reading notation.
    ///
    /// # Errors
    /// `InvalidFen`, `IllegalMove` for a code that names no legal action, or
    /// `InvalidArgument` for another rule set than the session's.
    pub fn set_position_packed(
        &mut self,
        variant: Variant,
        fen: &str,
        actions: &[u32],
    ) -> Result<(), ApiError> {
        self.set_position(game_from_packed(variant, fen, actions)?)
    }

    /// Forgets the game: the start position of the rule set and an empty table.
    ///
    /// # Errors
    /// `InvalidArgument` while a job runs.
    pub fn new_game(&mut self) -> Result<(), ApiError> {
        self.refuse_while_busy()?;
        self.game = Game::start(self.variant());
        if let Some(table) = &mut self.table {
            table.clear();
        }
        Ok(())
    }

    /// Changes one option; on a refusal the option keeps its value.
    ///
    /// # Errors
    /// `InvalidArgument` while a job runs, for a `Hash` that cannot be allocated or an
    /// `EvalFile` that cannot be read; `InvalidNetwork` for a file that is no network.
    pub fn set_option(&mut self, change: OptionChange) -> Result<(), ApiError> {
        self.refuse_while_busy()?;
        match change {
            OptionChange::Variant(variant) => {
                self.options.variant = variant;
                self.start_played_variant();
            }
            OptionChange::Chess960(on) => {
                self.options.chess960 = on;
                if self.options.played_variant() != self.variant() {
                    self.start_played_variant();
                }
            }
            OptionChange::AnalyseMode(on) => self.options.analyse_mode = on,
            OptionChange::EvalFile(name) => {
                let networks = self.load_network(&name).map_err(|e| {
                    ApiError::new(
                        e.kind,
                        format!(
                            "EvalFile {}: {}; keeping the current evaluation",
                            crate::shown::shown(&name, 64),
                            e.message
                        ),
                    )
                })?;
                self.set_networks(networks);
                self.eval_file = name;
            }
            OptionChange::Hash(mb) => {
                // Allocated now, so a size that cannot be had is refused here and
                // the old table stays.
                let table = TranspositionTable::try_new(mb).ok_or_else(|| {
                    invalid(format!(
                        "cannot allocate {mb} MiB for Hash; keeping {}",
                        self.options.hash_mb
                    ))
                })?;
                self.table = Some(table);
                self.options.hash_mb = mb;
            }
            OptionChange::Threads(n) => {
                #[cfg(not(target_arch = "wasm32"))]
                if n > 1 && self.thread_starter.is_none() {
                    return Err(invalid(format!(
                        "Threads above 1 need a host that starts threads; keeping {}",
                        self.options.threads
                    )));
                }
                self.options.threads = n;
            }
            OptionChange::MultiPv(n) => self.options.multipv = n,
            OptionChange::SkillLevel(n) => self.options.skill_level = n,
            OptionChange::LimitStrength(on) => self.options.limit_strength = on,
            #[cfg(feature = "tune")]
            OptionChange::Tune(margin, value) => margin.set(value),
            OptionChange::Elo(elo) => self.options.elo = elo,
        }
        Ok(())
    }

    /// A new game of the rule set the options play, with an empty table: the same
    /// placement has the same key in two rule sets (a Chess-Gi position with empty
    /// hands and its orthodox twin), and one rule set's scores mean nothing in another.
    fn start_played_variant(&mut self) {
        self.game = Game::start(self.options.played_variant());
        if let Some(table) = &mut self.table {
            table.clear();
        }
    }

    /// The networks after `EvalFile` names `name`: the built-in ones, none, or the
    /// current ones with a file's in the place of its layout.
    fn load_network(&self, name: &str) -> Result<Networks, ApiError> {
        match name {
            BUILT_IN_NETWORK => Ok(self.default_networks.clone()),
            NO_NETWORK => Ok(Networks::none()),
            path => {
                let read = self.file_reader.as_ref().ok_or_else(|| {
                    invalid("files cannot be read here; the host loads a network with loadNetwork")
                })?;
                let bytes = read(path).map_err(invalid)?;
                let network = Network::from_bytes(&bytes)
                    .map_err(|e| ApiError::new(ApiErrorKind::InvalidNetwork, e.to_string()))?;
                let mut networks = self.networks.clone();
                networks.insert(Arc::new(network));
                Ok(networks)
            }
        }
    }

    /// Starts `job` on the current position; [`Self::step`] runs it.
    ///
    /// # Errors
    /// `InvalidArgument` while another job runs, for a `multipv` out of range, or when
    /// the table cannot be allocated.
    pub fn start(&mut self, job: Job) -> Result<(), ApiError> {
        self.refuse_while_busy()?;
        match job {
            Job::Search(search) => self.start_search(search),
            Job::Analysis(analysis) => self.start_analysis(analysis),
            Job::Practice(practice) => self.start_practice(practice),
        }
    }

    /// The table for a job: the session's, or a new one of the `Hash` size.
    fn take_table(&mut self) -> Result<TranspositionTable, ApiError> {
        match self.table.take() {
            Some(table) => Ok(table),
            None => TranspositionTable::try_new(self.options.hash_mb).ok_or_else(|| {
                invalid(format!(
                    "cannot allocate {} MiB for Hash",
                    self.options.hash_mb
                ))
            }),
        }
    }

    fn start_analysis(&mut self, job: AnalysisJob) -> Result<(), ApiError> {
        // Judging needs the engine's best: full strength, one line, whatever the
        // session's level.
        let options = SearchOptions {
            networks: self.networks.clone(),
            ..SearchOptions::default()
        };
        let mut table = self.take_table()?;
        // An empty table: what earlier searches left in it (the game just played, the
        // live analysis) would change the report, so the same game with the same
        // budget gets the same report however it reached the session.
        table.clear();
        // A refused analysis drops the table; the next job makes a new one.
        let analysis = GameAnalysis::new(&job.game, job.limits, options, table)?;
        self.start_judging(Work::Analysis(Box::new(AnalysisWork {
            job: analysis,
            reported: 0,
        })));
        Ok(())
    }

    /// Starts a judging job (an analysis, a practised turn): it ends by itself.
    fn start_judging(&mut self, work: Work) {
        self.job = Some(ActiveJob {
            work,
            infinite: false,
            endless: false,
            stopped: false,
            started_ms: None,
            elapsed_ms: 0,
            held: None,
            fallback: None,
        });
    }

    fn start_practice(&mut self, job: PracticeJob) -> Result<(), ApiError> {
        // As an analysis: full strength, and an empty table, so a turn gets the same
        // judgement however the session reached it.
        let options = SearchOptions {
            networks: self.networks.clone(),
            ..SearchOptions::default()
        };
        let mut table = self.take_table()?;
        table.clear();
        let judge = TurnJudge::new(&job.game, job.from, job.limits, options, table)?;
        self.start_judging(Work::Practice(Box::new(judge)));
        Ok(())
    }

    fn start_search(&mut self, job: SearchJob) -> Result<(), ApiError> {
        let multipv = job.multipv.unwrap_or(self.options.multipv);
        if !(1..=super::MAX_MULTIPV).contains(&multipv) {
            return Err(invalid(format!(
                "multipv must be a whole number from 1 to {}, not {multipv}",
                super::MAX_MULTIPV
            )));
        }
        let table = self.take_table()?;
        self.searches += 1;
        let options = SearchOptions {
            multipv,
            strength: self.options.strength(),
            seed: self.seed ^ self.searches.wrapping_mul(0x9e37_79b9_7f4a_7c15),
            networks: self.networks.clone(),
            repetitions: self.options.repetitions(),
            #[cfg(not(target_arch = "wasm32"))]
            threads: match &self.thread_starter {
                Some(start) => Threads::new(self.options.threads, Arc::clone(start)),
                None => Threads::one(),
            },
        };
        let infinite = job.limits.infinite;
        let endless = !job.limits.is_finite();
        let running = self.game.start_search(job.limits, options, table);
        let fallback = running.fallback();
        self.job = Some(ActiveJob {
            work: Work::Search(running),
            infinite,
            endless,
            stopped: false,
            started_ms: None,
            elapsed_ms: 0,
            held: None,
            fallback,
        });
        Ok(())
    }

    /// Runs about `node_budget` nodes of the running job; `clock` reads the time in
    /// milliseconds from any fixed origin. Sends the job's events to `on_event`; the
    /// last one of a job is its answer ([`Event::BestAction`]).
    pub fn step(
        &mut self,
        node_budget: u64,
        clock: &dyn Fn() -> u64,
        on_event: &mut dyn FnMut(Event),
    ) -> Status {
        let Some(job) = self.job.as_mut() else {
            return Status::Idle;
        };
        if job.held.is_some() {
            return Status::Holding;
        }
        let started = *job.started_ms.get_or_insert_with(clock);
        let last = std::cell::Cell::new(job.elapsed_ms);
        let elapsed = || {
            let now = clock().saturating_sub(started);
            last.set(last.get().max(now));
            now
        };
        let done = step_work(&mut job.work, node_budget, &elapsed, on_event);
        job.elapsed_ms = last.get();
        match done {
            None => Status::Running,
            Some(Finished::Best(best)) if job.infinite && !job.stopped => {
                job.held = Some(best);
                Status::Holding
            }
            Some(finished) => {
                self.finish(finished, on_event);
                Status::Idle
            }
        }
    }

    /// Ends the job with its answer.
    fn finish(&mut self, finished: Finished, on_event: &mut dyn FnMut(Event)) {
        let time_ms = self.job.as_ref().map_or(0, |job| job.elapsed_ms);
        self.end_job();
        on_event(match finished {
            Finished::Best(best) => Event::BestAction { best, time_ms },
            Finished::Analysis(report, pgn) => Event::Analysis {
                report,
                pgn,
                time_ms,
            },
            Finished::Judgement(judgement) => Event::Judgement { judgement, time_ms },
        });
    }

    /// Steps the running job to its end (an infinite search stops at
    /// [`Status::Holding`], waiting for [`Self::stop`]).
    pub fn run(&mut self, clock: &dyn Fn() -> u64, on_event: &mut dyn FnMut(Event)) -> Status {
        loop {
            match self.step(super::NODES_PER_STEP, clock, on_event) {
                Status::Running => {}
                status => return status,
            }
        }
    }

    /// Asks a running endless job to end at its next step (a command that must wait
    /// for it is coming); its answer is then no longer held.
    pub fn interrupt(&mut self) {
        if let Some(job) = self.job.as_mut() {
            if job.endless {
                stop_work(&mut job.work);
                job.stopped = true;
            }
        }
    }

    /// Ends the running job now: its last events, then its answer.
    pub fn stop(&mut self, on_event: &mut dyn FnMut(Event)) {
        let Some(job) = self.job.as_mut() else {
            return;
        };
        let finished = match job.held.take() {
            Some(best) => Finished::Best(best),
            None => {
                stop_work(&mut job.work);
                job.stopped = true;
                let elapsed = job.elapsed_ms;
                loop {
                    if let Some(finished) =
                        step_work(&mut job.work, u64::MAX, &|| elapsed, on_event)
                    {
                        break finished;
                    }
                }
            }
        };
        self.finish(finished, on_event);
    }

    /// After a panic inside [`Self::step`] (a bug): drops the job, answers its
    /// fallback action and starts a fresh table. The caller reports the error.
    pub fn recover_from_failed_job(&mut self, on_event: &mut dyn FnMut(Event)) {
        if let Some(job) = self.job.take() {
            self.table = TranspositionTable::try_new(self.options.hash_mb);
            on_event(Event::BestAction {
                best: job.fallback,
                time_ms: job.elapsed_ms,
            });
        }
    }

    /// Takes the table back from the finished job.
    fn end_job(&mut self) {
        if let Some(job) = self.job.take() {
            self.table = match job.work {
                Work::Search(search) => Some(search.into_table()),
                Work::Analysis(work) => work.job.into_table(),
                Work::Practice(judge) => judge.into_table(),
            };
        }
    }

    /// Each legal action of the position with the number of leaf positions `depth`
    /// actions deep below it (perft divided; empty at depth 0, where the count is 1).
    ///
    /// # Errors
    /// `InvalidArgument` for a depth out of `0..=MAX_PERFT_DEPTH`.
    pub fn perft_divide(&self, depth: i64) -> Result<Vec<(Action, u64)>, ApiError> {
        if !(0..=i64::from(MAX_PERFT_DEPTH)).contains(&depth) {
            return Err(invalid(format!(
                "perft depth {depth} out of range 0..={MAX_PERFT_DEPTH}"
            )));
        }
        Ok(if depth == 0 {
            Vec::new()
        } else {
            self.game.record().divide(depth as u32)
        })
    }
}

/// The game that starts at `fen` of `variant` and goes on with `actions` in their
/// packed form ([`crate::search::ordering::pack`]): a game's line handed over without
/// notation.
///
/// # Errors
/// `InvalidFen`, or `IllegalMove` for a code that names no legal action.
pub fn game_from_packed(variant: Variant, fen: &str, actions: &[u32]) -> Result<Game, ApiError> {
    let mut game = Game::start(variant);
    game.load(fen)?;
    for (i, &code) in actions.iter().enumerate() {
        game.play_packed(code).map_err(|e| {
            ApiError::new(
                e.kind,
                format!("{} (action {} of the line)", e.message, i + 1),
            )
        })?;
    }
    Ok(game)
}

/// Steps `work` by `budget` nodes, sending its events to `on_event`; returns the
/// answer once the job has ended.
fn step_work(
    work: &mut Work,
    budget: u64,
    elapsed: &dyn Fn() -> u64,
    on_event: &mut dyn FnMut(Event),
) -> Option<Finished> {
    match work {
        Work::Search(search) => {
            match search.step(budget, &elapsed, &mut |info| {
                on_event(Event::Info(info.clone()))
            }) {
                Progress::Running => None,
                Progress::Done(result) => Some(Finished::Best(result.best)),
            }
        }
        Work::Analysis(work) => {
            let step = work.job.step(budget, &elapsed);
            let progress = work.job.progress();
            if progress.done > work.reported {
                work.reported = progress.done;
                on_event(Event::Progress(progress));
            }
            let AnalysisStep::Done(report) = step else {
                return None;
            };
            // The report is of this very game, so writing it in cannot fail.
            let mut game = work.job.game().clone();
            let pgn = match annotate(&mut game, &report) {
                Ok(()) => game.pgn(&[]),
                Err(_) => work.job.game().pgn(&[]),
            };
            Some(Finished::Analysis(Box::new(report), pgn))
        }
        Work::Practice(judge) => match judge.step(budget, &elapsed) {
            JudgeStep::Running => None,
            JudgeStep::Done(judgement) => Some(Finished::Judgement(judgement)),
        },
    }
}

fn stop_work(work: &mut Work) {
    match work {
        Work::Search(search) => search.stop(),
        Work::Analysis(work) => work.job.stop(),
        Work::Practice(judge) => judge.stop(),
    }
}
