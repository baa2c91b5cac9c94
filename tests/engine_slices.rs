//! The slice budget of a host that yields between steps (`engine::SliceBudget`, used by
//! the wasm `Session` when a step is given no node budget): slices of about 8 ms
//! whatever the machine's speed, within bounds, and no slice measured across the gap
//! between two jobs.

use alfiere::engine::{
    SliceBudget, FIRST_SLICE_NODES, MAX_SLICE_NODES, MIN_SLICE_NODES, TARGET_SLICE_MS,
};

/// Steps `slices` at `nodes_per_ms` for `steps` steps from time `start`; returns the
/// last budget and the time after the steps.
fn run(slices: &mut SliceBudget, nodes_per_ms: u64, start: u64, steps: usize) -> (u64, u64) {
    let mut now = start;
    let mut budget = 0;
    for _ in 0..steps {
        budget = slices.next(now);
        // The step takes as long as its nodes need at this speed (at least 1 ms).
        now += (budget / nodes_per_ms).max(1);
    }
    (budget, now)
}

#[test]
fn the_first_slice_has_the_first_budget_until_a_speed_is_known() {
    let mut slices = SliceBudget::default();
    assert_eq!(slices.next(1000), FIRST_SLICE_NODES);
    // 2 ms later: under the window, so no estimate yet.
    assert_eq!(slices.next(1002), FIRST_SLICE_NODES);
}

#[test]
fn slices_settle_near_the_target_time_at_any_speed() {
    for nodes_per_ms in [200, 1000, 2500] {
        let mut slices = SliceBudget::default();
        let (budget, _) = run(&mut slices, nodes_per_ms, 0, 200);
        let wanted = nodes_per_ms * TARGET_SLICE_MS;
        assert!(
            budget.abs_diff(wanted) * 10 <= wanted,
            "{nodes_per_ms} nodes/ms: budget {budget}, wanted about {wanted}"
        );
    }
}

#[test]
fn the_budget_stays_within_its_bounds() {
    let mut slices = SliceBudget::default();
    assert_eq!(run(&mut slices, 1_000_000, 0, 100).0, MAX_SLICE_NODES);
    let mut slices = SliceBudget::default();
    assert_eq!(run(&mut slices, 1, 0, 100).0, MIN_SLICE_NODES);
}

#[test]
fn the_gap_between_two_jobs_is_not_a_slice() {
    let mut slices = SliceBudget::default();
    let (settled, end) = run(&mut slices, 1000, 0, 100);
    slices.job_ended();
    // The next job starts a minute later: its first steps keep the known speed.
    let (budget, _) = run(&mut slices, 1000, end + 60_000, 5);
    assert_eq!(budget, settled);
    // Without job_ended, that minute would have counted as one slow slice.
    let mut unaware = SliceBudget::default();
    let (_, end) = run(&mut unaware, 1000, 0, 100);
    assert!(run(&mut unaware, 1000, end + 60_000, 2).0 < settled / 10);
}

#[test]
fn a_clock_that_does_not_move_keeps_the_first_budget() {
    let mut slices = SliceBudget::default();
    for _ in 0..100 {
        assert_eq!(slices.next(0), FIRST_SLICE_NODES);
    }
}
