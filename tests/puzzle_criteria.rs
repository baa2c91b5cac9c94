//! The puzzle step's judge (`puzzles::criteria::judge_step`) at its two strictnesses:
//! mining asks more of the other actions than the replay of a shipped puzzle does.

use alfiere::puzzles::criteria::{judge_step, StepVerdict, Strictness};
use alfiere::puzzles::probe::{Candidate, Probed};
use alfiere::search::score::MATE;
use alfiere::{ActionList, Chess, Position};

/// Three distinct legal actions of the orthodox start, for candidates.
fn actions() -> Vec<alfiere::Action> {
    let mut list = ActionList::new();
    Chess::start().legal_actions(&mut list);
    list.to_vec()
}

fn probed(scores: &[i32]) -> (Probed, Vec<alfiere::Action>) {
    let actions = actions();
    let candidates = scores
        .iter()
        .zip(&actions)
        .map(|(&score, &action)| Candidate {
            action,
            score,
            pv: vec![action],
        })
        .collect();
    let probed = Probed {
        candidates,
        nodes_to_settle: 1,
    };
    (probed, actions)
}

const MINING_SINGLE: Strictness = Strictness::Mining {
    single_action: true,
};
const MINING_MULTI: Strictness = Strictness::Mining {
    single_action: false,
};

#[test]
fn an_alternative_with_a_small_edge_is_a_miss_for_the_replay_but_not_for_mining() {
    // The answer +600, another action +150 (about 63%: above mining's 60%, below the
    // replay's 66%).
    let (p, a) = probed(&[600, 150]);
    let answer = [a[0]];
    assert_eq!(
        judge_step(&p, &answer, Strictness::Replay),
        StepVerdict::Unique
    );
    assert_eq!(
        judge_step(&p, &answer, MINING_SINGLE),
        StepVerdict::Ambiguous
    );
    // Well below both: unique for both.
    let (p, a) = probed(&[600, 40]);
    assert_eq!(judge_step(&p, &[a[0]], MINING_SINGLE), StepVerdict::Unique);
    assert_eq!(
        judge_step(&p, &[a[0]], Strictness::Replay),
        StepVerdict::Unique
    );
}

#[test]
fn a_slower_mate_makes_a_one_action_turn_ambiguous_when_mining() {
    // The answer mates in 3 actions, another in 5.
    let (p, a) = probed(&[MATE - 3, MATE - 5]);
    let answer = [a[0]];
    assert_eq!(
        judge_step(&p, &answer, Strictness::Replay),
        StepVerdict::Unique
    );
    assert_eq!(
        judge_step(&p, &answer, MINING_SINGLE),
        StepVerdict::Ambiguous
    );
    // In a multi-action turn the slower mate does not count (a turn's mates are many).
    assert_eq!(judge_step(&p, &answer, MINING_MULTI), StepVerdict::Unique);
    // A mate as fast is ambiguous at every strictness.
    let (p, a) = probed(&[MATE - 3, MATE - 3]);
    assert_eq!(
        judge_step(&p, &[a[0]], Strictness::Replay),
        StepVerdict::Ambiguous
    );
}

#[test]
fn an_answer_that_does_not_win_is_not_winning_at_every_strictness() {
    let (p, a) = probed(&[200, 0]);
    for strictness in [Strictness::Replay, MINING_SINGLE, MINING_MULTI] {
        assert_eq!(judge_step(&p, &[a[0]], strictness), StepVerdict::NotWinning);
    }
}
