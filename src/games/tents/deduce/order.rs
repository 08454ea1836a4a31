//! The order the easy rules are tried in, written once: a hint takes the first rule that applies
//! in this order (each rule over all its lines, squares or trees before the next rule), and the
//! engine applies the same rules in the same order to each line, square or tree it looks at.

use super::board::Board;
use super::easy::{
    empty_field, finish_with_grass, finish_with_tents, last_camping_spot, line_contradiction,
    surround_tent, tent_contradiction, tent_for_tree, tree_contradiction, tree_for_tent,
};
use super::step::{Contradiction, Step};

/// An easy rule and what it looks at: a line, a square or a tree (each rule checks its own
/// conditions, so it may be asked anywhere of its kind).
pub(super) enum Scope<T> {
    /// A row or column.
    Line(fn(&Board, usize) -> Option<T>),
    /// A square.
    Cell(fn(&Board, u32) -> Option<T>),
    /// A tree.
    Tree(fn(&Board, u32) -> Option<T>),
}

use Scope::{Cell, Line, Tree};

/// The easy rules that decide squares, in catalogue order.
const EASY_STEPS: [Scope<Step>; 7] = [
    Line(finish_with_grass),
    Line(finish_with_tents),
    Cell(surround_tent),
    Cell(empty_field),
    Tree(last_camping_spot),
    Cell(tree_for_tent),
    Tree(tent_for_tree),
];

/// The contradictions the easy rules see.
const EASY_CONTRADICTIONS: [Scope<Contradiction>; 3] = [
    Line(line_contradiction),
    Cell(tent_contradiction),
    Tree(tree_contradiction),
];

impl<T> Scope<T> {
    /// The rule's first finding: lines in order, squares row-major, trees in order.
    fn first(&self, b: &Board) -> Option<T> {
        let lay = b.layout;
        match self {
            Line(rule) => (0..lay.line_count()).find_map(|l| rule(b, l)),
            Cell(rule) => (0..lay.len() as u32).find_map(|c| rule(b, c)),
            Tree(rule) => lay.trees.iter().find_map(|&t| rule(b, t)),
        }
    }
}

/// The first easy step, rule by rule.
pub(super) fn first_easy_step(b: &Board) -> Option<Step> {
    EASY_STEPS.iter().find_map(|rule| rule.first(b))
}

/// The first contradiction the easy rules see, rule by rule.
pub(super) fn first_easy_contradiction(b: &Board) -> Option<Contradiction> {
    EASY_CONTRADICTIONS.iter().find_map(|rule| rule.first(b))
}

/// The first of `rules` that applies to line `l`.
fn at_line<T>(rules: &[Scope<T>], b: &Board, l: usize) -> Option<T> {
    rules.iter().find_map(|rule| match rule {
        Line(f) => f(b, l),
        _ => None,
    })
}

/// The first of `rules` that applies to square `c`.
fn at_cell<T>(rules: &[Scope<T>], b: &Board, c: u32) -> Option<T> {
    rules.iter().find_map(|rule| match rule {
        Cell(f) => f(b, c),
        _ => None,
    })
}

/// The first of `rules` that applies to tree `t`.
fn at_tree<T>(rules: &[Scope<T>], b: &Board, t: u32) -> Option<T> {
    rules.iter().find_map(|rule| match rule {
        Tree(f) => f(b, t),
        _ => None,
    })
}

/// What the easy rules say about one line: a contradiction, else the first step.
pub(super) fn on_line(b: &Board, l: usize) -> Result<Option<Step>, Contradiction> {
    match at_line(&EASY_CONTRADICTIONS, b, l) {
        Some(c) => Err(c),
        None => Ok(at_line(&EASY_STEPS, b, l)),
    }
}

/// What the easy rules say about one square: a contradiction, else the first step.
pub(super) fn on_cell(b: &Board, c: u32) -> Result<Option<Step>, Contradiction> {
    match at_cell(&EASY_CONTRADICTIONS, b, c) {
        Some(x) => Err(x),
        None => Ok(at_cell(&EASY_STEPS, b, c)),
    }
}

/// What the easy rules say about one tree: a contradiction, else the first step.
pub(super) fn on_tree(b: &Board, t: u32) -> Result<Option<Step>, Contradiction> {
    match at_tree(&EASY_CONTRADICTIONS, b, t) {
        Some(x) => Err(x),
        None => Ok(at_tree(&EASY_STEPS, b, t)),
    }
}
