//! The per-ply state of the search, kept on the heap rather than on the call stack.
//!
//! Every node keeps its locals here (its action list, where its move loop stands,
//! its window, the stage of the child search under way), so the search can be
//! *paused* between any two nodes and *resumed* later: on a pause the recursion
//! unwinds and every node on the path marks its frame suspended; on resume the
//! recursion walks the same path again, each node picking up its saved state instead
//! of starting afresh, so no finished work is redone. This is what lets a browser
//! run the search in slices of a few thousand nodes. Keeping the 6 KB action lists
//! off the call stack also keeps deep searches within WebAssembly's small stack.

use crate::moves::{Action, ActionList, MAX_ACTIONS};
use crate::types::Color;

/// Which search of the current child a node is running (principal variation
/// search with late-move reductions).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ChildStage {
    /// No child search under way.
    #[default]
    None,
    /// A reduced-depth null-window search.
    Reduced,
    /// A full-depth null-window search.
    ZeroWindow,
    /// A full-depth full-window search.
    Full,
}

/// Where a node stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Stage {
    /// Trying a null move.
    #[default]
    NullMove,
    /// Trying good captures at reduced depth against a bound above beta (ProbCut).
    ProbCut,
    /// Searching every action but the table move at reduced depth, to learn whether
    /// the table move is the only good one (singular extension).
    Singular,
    /// In the move loop.
    Moves,
}

/// How a node was reached from its parent, for repetition detection.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Edge {
    /// By an action after which earlier positions can repeat.
    #[default]
    Reversible,
    /// By a capture, pawn move and the like: nothing earlier can repeat.
    Irreversible,
    /// By a null move (a search device, not a real action).
    Null,
}

/// A node's locals.
#[derive(Debug, Clone, Copy, Default)]
pub struct NodeState {
    /// The depth after the node's own adjustments.
    pub depth: i32,
    pub alpha: i32,
    pub beta: i32,
    pub pv_node: bool,
    /// This node is a principal-variation node, or the table says it was one.
    pub table_pv: bool,
    pub in_check: bool,
    /// Whether static-score pruning may be used here.
    pub pruning: bool,
    /// The evaluation as it is, and corrected by the correction history.
    pub raw_eval: i32,
    pub static_eval: i32,
    /// The corrected static score, or the table's bound where that says more: what
    /// static pruning goes by.
    pub estimate: i32,
    /// Whether the static score is better than two actions ago (same side): then
    /// pruning is less safe, and a worsening position is pruned harder.
    pub improving: bool,
    pub stage: Stage,
    /// The table move, packed (0 for none).
    pub table_move: u32,
    /// Legal actions in the frame's list.
    pub count: usize,
    /// The next action to look at.
    pub index: usize,
    /// Actions searched so far.
    pub searched: usize,
    pub best_score: i32,
    pub best_action: Option<Action>,
    /// The child search under way for the action at `index`.
    pub child: ChildStage,
    pub new_depth: i32,
    pub reduced_depth: i32,
    /// The bound the other actions are tested against when the table move may be
    /// singular (`None`: no test here).
    pub singular_beta: Option<i32>,
    /// The bound good captures are tried against before the move loop (`None`: no
    /// ProbCut here).
    pub probcut_beta: Option<i32>,
    /// The extra depth the table move gets (1 when it proved singular).
    pub table_extension: i32,
    /// Whether late-move pruning has dropped the quiet actions that cannot check.
    pub quiets_dropped: bool,
}

/// One ply of the search.
pub struct Frame {
    pub actions: ActionList,
    pub scores: Vec<i32>,
    /// The principal variation from this node.
    pub pv: Vec<Action>,
    /// Quiet actions searched without a cut-off (they get a history malus).
    pub quiets: Vec<Action>,
    /// The position key.
    pub key: u64,
    /// Whether the position starts a turn (only those count for repetition).
    pub turn_start: bool,
    pub edge: Edge,
    /// Set while the node is paused in the middle of its work.
    pub suspended: bool,
    /// The node's arguments (depth, alpha, beta), to check that a resumed node is
    /// the one that was paused.
    pub input: (i32, i32, i32),
    pub state: NodeState,
    /// The action whose child is being searched (`None` for a null move), so the
    /// child knows what it answers (countermoves).
    pub current: Option<Action>,
    /// The side to act at the node.
    pub side: Color,
}

impl Frame {
    pub fn new() -> Frame {
        Frame {
            actions: ActionList::new(),
            scores: vec![0; MAX_ACTIONS],
            pv: Vec::new(),
            quiets: Vec::new(),
            key: 0,
            turn_start: true,
            edge: Edge::Reversible,
            suspended: false,
            input: (0, 0, 0),
            state: NodeState::default(),
            current: None,
            side: Color::White,
        }
    }
}
