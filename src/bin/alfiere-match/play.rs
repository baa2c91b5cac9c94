//! One game between two players with alfiere's rules as the arbiter: every action an
//! engine names is checked against the legal actions, the clocks run per turn (the
//! increment is added when a turn ends), and the game ends by the rules, by a draw
//! claim the arbiter makes on the players' behalf (threefold, 50 moves), by an
//! illegal action or a time loss, or by adjudication after a length cap.

use crate::engine::{EngineError, EngineSpec, UciProcess};
use alfiere::notation::{fen, uci};
use alfiere::search::skill::SplitMix;
use alfiere::{ActionList, Color, Outcome, Position, Record};
use std::time::Duration;

/// Time control: base time and increment per turn, in milliseconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TimeControl {
    pub base_ms: u64,
    pub increment_ms: u64,
}

impl TimeControl {
    /// Parses `10+0.1` (seconds), the PGN `TimeControl` form of one sudden-death
    /// period with an increment ([`alfiere::clock`]).
    pub fn parse(text: &str) -> Result<TimeControl, String> {
        use alfiere::clock::{Period, TimeControl as Control};
        match text.parse::<Control>().map_err(|e| e.to_string())? {
            Control::Periods(periods) => match periods.as_slice() {
                [Period {
                    moves: None,
                    base_ms,
                    increment_ms,
                    delay_ms: 0,
                }] => Ok(TimeControl {
                    base_ms: *base_ms,
                    increment_ms: *increment_ms,
                }),
                _ => Err(format!("'{text}' is not a time control like 10+0.1")),
            },
            _ => Err(format!("'{text}' is not a time control like 10+0.1")),
        }
    }
}

/// A player during a game.
pub enum Player {
    Engine(UciProcess),
    Random(SplitMix),
}

impl Player {
    pub fn start(spec: &EngineSpec, variant_id: &str, seed: u64) -> Result<Player, EngineError> {
        if spec.is_random() {
            Ok(Player::Random(SplitMix(seed)))
        } else {
            UciProcess::start(spec, variant_id).map(Player::Engine)
        }
    }
}

/// How a game ended, beyond the rules' own outcome.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fault {
    /// The side named an illegal or malformed action.
    Illegal { side: Color, token: String },
    /// The side ran out of time.
    TimeLoss(Color),
    /// The side's engine crashed or stopped answering.
    Crash { side: Color, error: String },
}

/// The result of one game.
pub struct GameReport<G: Position> {
    pub record: Record<G>,
    pub outcome: Outcome,
    /// Set when the game ended by a player's fault rather than by the rules.
    pub fault: Option<Fault>,
    /// Set when the game was adjudicated at the length cap.
    pub adjudicated: bool,
    /// How White and Black used their clocks.
    pub clock_use: [ClockUse; 2],
}

/// How one player on the clock used it over a game.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ClockUse {
    /// Answers timed.
    pub answers: u32,
    /// Time spent on them, in milliseconds.
    pub thought_ms: u64,
    /// The least time left after an answer, in milliseconds (`None` before any).
    pub lowest_left_ms: Option<i64>,
}

impl ClockUse {
    fn record(&mut self, took_ms: u64, left_ms: i64) {
        self.answers += 1;
        self.thought_ms += took_ms;
        self.lowest_left_ms = Some(self.lowest_left_ms.map_or(left_ms, |l| l.min(left_ms)));
    }

    /// Adds another game's use to this one.
    pub fn add(&mut self, other: &ClockUse) {
        self.answers += other.answers;
        self.thought_ms += other.thought_ms;
        self.lowest_left_ms = match (self.lowest_left_ms, other.lowest_left_ms) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
    }

    /// Average time per answer and the least time left, on one line.
    pub fn summary(&self) -> String {
        match self.lowest_left_ms {
            Some(lowest) => format!(
                "{:.0} ms per answer, lowest clock {lowest} ms",
                self.thought_ms as f64 / f64::from(self.answers.max(1))
            ),
            None => "not on the clock".to_string(),
        }
    }
}

/// The longest game played before it is adjudicated a draw, in actions.
const MAX_ACTIONS: usize = 2000;

/// Extra time an engine on the clock may take over its remaining time before the
/// arbiter stops waiting (the clock still decides the loss).
const GRACE: Duration = Duration::from_millis(1000);

fn position_command<G: Position>(record: &Record<G>) -> String {
    let start = fen::write_fen(record.start());
    let head = if start == fen::write_fen(&G::start()) {
        "position startpos".to_string()
    } else {
        format!("position fen {start}")
    };
    let moves: Vec<String> = record
        .actions()
        .map(|action| uci::action_to_uci_in(action, G::VARIANT))
        .collect();
    if moves.is_empty() {
        head
    } else {
        format!("{head} moves {}", moves.join(" "))
    }
}

/// Plays one game from `start`; `players` and `specs` are indexed White, Black.
pub fn play_game<G: Position>(
    start: Record<G>,
    players: [&mut Player; 2],
    specs: [&EngineSpec; 2],
    tc: TimeControl,
) -> GameReport<G> {
    let mut record = start;
    let mut players = players;
    let mut clock_ms = [tc.base_ms as i64, tc.base_ms as i64];
    let mut clock_use = [ClockUse::default(); 2];
    let side_index = |c: Color| if c == Color::White { 0 } else { 1 };
    loop {
        if let Some(outcome) = record.outcome() {
            return GameReport {
                record,
                outcome,
                fault: None,
                adjudicated: false,
                clock_use,
            };
        }
        if let Some(reason) = record.claimable_draw() {
            let outcome = record.claim_draw().unwrap_or(Outcome::draw(reason));
            return GameReport {
                record,
                outcome,
                fault: None,
                adjudicated: false,
                clock_use,
            };
        }
        if record.len() >= MAX_ACTIONS {
            let outcome = record.agree_draw();
            return GameReport {
                record,
                outcome,
                fault: None,
                adjudicated: true,
                clock_use,
            };
        }
        let pos = record.current().clone();
        let side = pos.turn();
        let i = side_index(side);
        let spec = specs[i];
        let answer = match &mut players[i] {
            Player::Random(rng) => {
                let mut list = ActionList::new();
                pos.legal_actions(&mut list);
                Ok((
                    uci::action_to_uci_in(&list[rng.below(list.len())], G::VARIANT),
                    Duration::ZERO,
                ))
            }
            Player::Engine(engine) => {
                let (go, timeout) = match spec.limit {
                    Some(limit) => (format!("go {}", limit.go_args()), Duration::from_secs(120)),
                    None => (
                        format!(
                            "go wtime {} btime {} winc {} binc {}",
                            clock_ms[0].max(1),
                            clock_ms[1].max(1),
                            tc.increment_ms,
                            tc.increment_ms
                        ),
                        Duration::from_millis(clock_ms[i].max(0) as u64) + GRACE,
                    ),
                };
                engine.best_action(&position_command(&record), &go, timeout)
            }
        };
        let (token, took) = match answer {
            Ok(answer) => answer,
            Err(EngineError::Timeout(_)) if spec.limit.is_none() => {
                let outcome = record.flag(side);
                return GameReport {
                    record,
                    outcome,
                    fault: Some(Fault::TimeLoss(side)),
                    adjudicated: false,
                    clock_use,
                };
            }
            Err(error) => {
                let outcome = record.resign(side);
                return GameReport {
                    record,
                    outcome,
                    fault: Some(Fault::Crash {
                        side,
                        error: error.to_string(),
                    }),
                    adjudicated: false,
                    clock_use,
                };
            }
        };
        if spec.limit.is_none() && !spec.is_random() {
            clock_ms[i] -= took.as_millis() as i64;
            clock_use[i].record(took.as_millis() as u64, clock_ms[i]);
            if clock_ms[i] < 0 {
                let outcome = record.flag(side);
                return GameReport {
                    record,
                    outcome,
                    fault: Some(Fault::TimeLoss(side)),
                    adjudicated: false,
                    clock_use,
                };
            }
        }
        let action = match uci::parse_action(&pos, &token) {
            Ok(action) => action,
            Err(_) => {
                let outcome = record.resign(side);
                return GameReport {
                    record,
                    outcome,
                    fault: Some(Fault::Illegal { side, token }),
                    adjudicated: false,
                    clock_use,
                };
            }
        };
        // Legal by construction: parse_action resolves against the legal actions.
        let _ = record.play(&action);
        if record.current().turn() != side {
            clock_ms[i] += tc.increment_ms as i64;
        }
    }
}

/// Describes why a game ended, for the progress lines.
pub fn describe<G: Position>(report: &GameReport<G>) -> String {
    match &report.fault {
        Some(Fault::Illegal { side, token }) => format!("{side} played illegal '{token}'"),
        Some(Fault::TimeLoss(side)) => format!("{side} lost on time"),
        Some(Fault::Crash { side, error }) => format!("{side}'s engine failed: {error}"),
        None if report.adjudicated => "adjudicated a draw at the length cap".to_string(),
        None => report.outcome.text(G::VARIANT),
    }
}

#[cfg(test)]
mod tests {
    use super::ClockUse;

    #[test]
    fn clock_use_averages_answers_and_keeps_the_lowest_clock() {
        let mut game = ClockUse::default();
        assert_eq!(game.summary(), "not on the clock");
        game.record(300, 9_700);
        game.record(100, 9_650);
        let mut total = ClockUse::default();
        total.add(&game);
        let mut other = ClockUse::default();
        other.record(200, 9_900);
        total.add(&other);
        assert_eq!(total.answers, 3);
        assert_eq!(total.lowest_left_ms, Some(9_650));
        assert_eq!(total.summary(), "200 ms per answer, lowest clock 9650 ms");
    }
}
