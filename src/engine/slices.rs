//! [`SliceBudget`]: the node budget of each step for a caller that yields to its event
//! loop between steps (the browser's worker), so that a step takes about
//! [`TARGET_SLICE_MS`] whatever the machine: `stop` is then seen within a slice, and
//! yielding costs nothing measurable.

/// A slice aims at 8 ms: `stop` is seen within 50 ms, and yielding costs nothing
/// measurable.
pub const TARGET_SLICE_MS: u64 = 8;
/// The first slice's budget, before any speed is known.
pub const FIRST_SLICE_NODES: u64 = 4000;
/// The budget stays within these bounds, whatever the measured speed.
pub const MIN_SLICE_NODES: u64 = 500;
pub const MAX_SLICE_NODES: u64 = 100_000;
/// Slice timings are summed over at least this long before the rate is estimated
/// again, so a coarse clock (whole milliseconds, or a browser's 100 µs..1 ms) still
/// gives a fair rate.
pub const RATE_WINDOW_MS: u64 = 24;

/// The budget of the next slice, from the times at which the caller starts its steps:
/// a slice lasts from its step's start to the next step's start (the yield between
/// them included), so the caller passes one clock reading per step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SliceBudget {
    nodes: u64,
    window_nodes: u64,
    window_ms: u64,
    /// When the running job's last step started and with what budget (`None` before
    /// a job's first step).
    last: Option<(u64, u64)>,
}

impl Default for SliceBudget {
    fn default() -> SliceBudget {
        SliceBudget {
            nodes: FIRST_SLICE_NODES,
            window_nodes: 0,
            window_ms: 0,
            last: None,
        }
    }
}

impl SliceBudget {
    /// The budget of a step that starts at `now_ms`, the previous step's time counted.
    pub fn next(&mut self, now_ms: u64) -> u64 {
        if let Some((started, nodes)) = self.last {
            self.window_nodes += nodes;
            self.window_ms += now_ms.saturating_sub(started);
            if self.window_ms >= RATE_WINDOW_MS {
                // Nodes per millisecond times the target, in whole nodes.
                let wanted =
                    (self.window_nodes * TARGET_SLICE_MS + self.window_ms / 2) / self.window_ms;
                self.nodes = wanted.clamp(MIN_SLICE_NODES, MAX_SLICE_NODES);
                self.window_nodes = 0;
                self.window_ms = 0;
            }
        }
        self.last = Some((now_ms, self.nodes));
        self.nodes
    }

    /// The job has ended: the time until the next job's first step is no slice.
    pub fn job_ended(&mut self) {
        self.last = None;
    }
}
