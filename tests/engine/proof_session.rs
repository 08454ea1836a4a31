//! A proof written by a player (docs/rules.md#proof-mode), as the player's proof mode drives it:
//! direct steps checked square by square, case splits into branches, contradictions closing them
//! and the merge that follows, the tree's lines, undo/redo, and the proof saved and read back.

use gridpuzzles::deduce::Deduce;
use gridpuzzles::game::{Game, Target};
use gridpuzzles::games::tents::{Square, Tents};
use gridpuzzles::grid::Pos;
use gridpuzzles::pack;
use gridpuzzles::proof::session::{LineState, ProofSession, SquareMark};
use gridpuzzles::proof::{self, ProofRules, Step, judge, text};
use proptest::prelude::*;

fn p(r: usize, c: usize) -> Pos {
    Pos::new(r, c)
}

/// Row 1 and columns 1, 2 need no tent; row 0 and column 0 need one, the tree is at (0,1).
const SMALL: &str = "3 3 0 0\n1 0 0 \n1 0 0 \n x \n   \n   \n";

fn small() -> Tents {
    Tents::parse(SMALL).expect("fixture")
}

fn default_tents() -> Tents {
    let entry = pack::find("tents/default").expect("in the pack");
    let text = entry.text().expect("embedded");
    Tents::parse(text).expect("pack puzzle")
}

fn rule(id: &str) -> gridpuzzles::deduce::Rule {
    proof::rule_named::<Tents>(id).expect("a rule")
}

#[test]
fn a_justified_square_is_valid_and_a_wrong_rule_is_invalid_with_its_reason() {
    let s = ProofSession::new(&small());
    let s = s
        .set_pending(vec![(p(1, 0), Square::Grass)])
        .unwrap()
        .unwrap();
    assert_eq!(s.marks(), vec![(p(1, 0), SquareMark::Pending)]);
    let (s, text) = s.direct(rule("finish-with-grass")).unwrap();
    assert_eq!(text, "valid: Finish with grass sets 1 square");
    assert_eq!(s.marks(), vec![(p(1, 0), SquareMark::Valid)]);
    assert!(s.pending().is_empty());

    let s = s
        .set_pending(vec![(p(0, 0), Square::Grass)])
        .unwrap()
        .unwrap();
    let (s, text) = s.direct(rule("finish-with-grass")).unwrap();
    let reason = "Finish with grass: row 0 still needs 1 tent; column 0 still needs 1 tent";
    assert_eq!(text, format!("invalid: {reason}"));
    assert_eq!(
        s.marks(),
        vec![(p(0, 0), SquareMark::Invalid(reason.to_string()))]
    );
    let (lines, current) = s.lines();
    assert_eq!(current, 2);
    assert_eq!(lines[1].state, LineState::Valid);
    assert_eq!(lines[2].state, LineState::Invalid(reason.to_string()));
    assert_eq!(s.report().invalid.len(), 1);
}

#[test]
fn a_rule_with_no_square_applies_everywhere_it_forces_as_one_step() {
    let s = ProofSession::new(&small());
    let (s, text) = s.direct(rule("finish-with-grass")).unwrap();
    assert!(text.starts_with("valid: Finish with grass sets "), "{text}");
    let board = s.board();
    assert_eq!(board.piece(p(1, 0)), Square::Grass);
    assert_eq!(s.lines().0.len(), 2);
    // Applied again it forces nothing: refused, nothing added.
    let refused = s.direct(rule("finish-with-grass")).unwrap_err();
    assert_eq!(refused, "Finish with grass applies nowhere here");
}

#[test]
fn decided_squares_cannot_be_set_again_and_pending_squares_block_a_split() {
    let s = ProofSession::new(&small());
    let (s, _) = s.direct(rule("finish-with-grass")).unwrap();
    let err = s.set_pending(vec![(p(1, 0), Square::Tent)]).unwrap_err();
    assert!(err.contains("decided"), "{err}");
    let s = s
        .set_pending(vec![(p(0, 0), Square::Tent)])
        .unwrap()
        .unwrap();
    let tent_or_grass = Tents::case_rules()[0];
    let err = s.case(tent_or_grass, Target::Square(p(0, 2))).unwrap_err();
    assert!(err.contains("wait for a direct rule"), "{err}");
}

#[test]
fn a_split_opens_branches_a_contradiction_closes_one_and_the_other_merges() {
    let g = small();
    let s = ProofSession::new(&g);
    let tent_or_grass = Tents::case_rules()[0];
    // Tent or grass on (0,2): a tent there touches nothing yet, but column 2 needs none.
    let (s, text) = s.case(tent_or_grass, Target::Square(p(0, 2))).unwrap();
    assert!(
        text.contains("2 branches; in branch 1: tent (0,2)"),
        "{text}"
    );
    let (lines, current) = s.lines();
    let texts: Vec<&str> = lines.iter().map(|l| l.text.as_str()).collect();
    assert_eq!(
        texts,
        [
            "start",
            "case Tent or grass at (0,2)",
            "branch 1/2",
            "branch 2/2"
        ]
    );
    assert_eq!(current, 2, "in the first branch");
    assert_eq!(s.board().piece(p(0, 2)), Square::Tent);

    let too_many = rule("too-many-tents");
    let (s, text) = s.contradiction(too_many, Target::Col(2)).unwrap();
    assert!(text.starts_with("valid: "), "{text}");
    assert!(text.contains("merge"), "{text}");
    let (lines, current) = s.lines();
    let texts: Vec<&str> = lines.iter().map(|l| l.text.as_str()).collect();
    assert_eq!(
        texts,
        [
            "start",
            "case Tent or grass at (0,2)",
            "branch 1/2",
            "contradiction Too many tents at column 2",
            "branch 2/2",
            "merge"
        ]
    );
    assert_eq!(current, 5, "after the merge");
    assert_eq!(lines[2].state, LineState::ClosedBranch);
    assert_eq!(lines[3].state, LineState::Closes);
    assert_eq!(
        s.board().piece(p(0, 2)),
        Square::Grass,
        "the survivor carried back"
    );
    assert!(s.report().invalid.is_empty());
}

#[test]
fn hints_taken_one_after_another_complete_the_proof_of_a_pack_puzzle() {
    let g = default_tents();
    let mut s = ProofSession::new(&g);
    for _ in 0..500 {
        if s.report().complete() {
            break;
        }
        let step = s.next_step().expect("a next step while incomplete");
        s = s.take(&step).expect("the program's step is taken").0;
    }
    let report = s.report();
    assert!(report.complete(), "{:?}", report.invalid);
    assert_eq!(report.solved.len(), 1);
    assert_eq!(judge(&s.to_proof()), report);
}

#[test]
fn a_proof_saved_as_text_reads_back_to_the_same_tree() {
    let g = default_tents();
    let mut s = ProofSession::new(&g);
    for _ in 0..12 {
        let Some(step) = s.next_step() else { break };
        s = s.take(&step).unwrap().0;
    }
    let written = text::write(&s.to_proof());
    let back = ProofSession::from_proof(&text::read::<Tents>(&written).unwrap());
    assert_eq!(back.lines().0, s.lines().0);
    assert_eq!(back.board(), s.board());
}

/// A player's action in proof mode.
#[derive(Clone, Debug)]
enum Action {
    Set(usize, bool),
    Direct(usize),
    Case(usize),
    Contradiction(usize),
    Hint,
    Undo,
    Redo,
    Go(usize),
    Link(usize),
}

fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        (0..64usize, any::<bool>()).prop_map(|(i, t)| Action::Set(i, t)),
        (0..16usize).prop_map(Action::Direct),
        (0..256usize).prop_map(Action::Case),
        (0..64usize).prop_map(Action::Contradiction),
        Just(Action::Hint),
        Just(Action::Undo),
        Just(Action::Redo),
        (0..40usize).prop_map(Action::Go),
        (0..64usize).prop_map(Action::Link),
    ]
}

/// `s` after `action`, when the action is taken (refusals leave it as it was).
fn act(g: &Tents, s: &ProofSession<Tents>, action: &Action) -> ProofSession<Tents> {
    let t = g.topology();
    let square = |i: usize| Pos::new(i / t.cols % t.rows, i % t.cols);
    let direct: Vec<_> = Tents::rules()
        .iter()
        .filter(|r| r.kind == gridpuzzles::deduce::RuleKind::Direct)
        .copied()
        .collect();
    let contra: Vec<_> = Tents::rules()
        .iter()
        .filter(|r| r.kind == gridpuzzles::deduce::RuleKind::Contradiction)
        .copied()
        .collect();
    let next = match action {
        Action::Set(i, tent) => {
            let mut pending = s.pending().to_vec();
            pending.push((square(*i), if *tent { Square::Tent } else { Square::Grass }));
            s.set_pending(pending).ok().flatten()
        }
        Action::Direct(i) => s.direct(direct[i % direct.len()]).ok().map(|r| r.0),
        // Every case rule of a square (a line's is refused at a square).
        Action::Case(i) => s
            .case(
                Tents::case_rules()[i / 64 % Tents::case_rules().len()],
                Target::Square(square(*i)),
            )
            .ok()
            .map(|r| r.0),
        Action::Contradiction(i) => s
            .contradiction(contra[i % contra.len()], Target::Square(square(*i)))
            .ok()
            .map(|r| r.0),
        Action::Hint => s
            .next_step()
            .and_then(|step| s.take(&step).ok().map(|r| r.0)),
        Action::Undo => s.undo(),
        Action::Redo => s.redo(),
        Action::Go(i) => {
            let (lines, _) = s.lines();
            s.go(lines[i % lines.len()].cursor.clone()).ok()
        }
        Action::Link(i) => s.cycle_link(square(*i)).ok().map(|r| r.0),
    };
    next.unwrap_or_else(|| s.clone())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Any sequence of actions: the tree as checked step by step is the tree checked whole,
    /// undoing everything gives the empty proof back and redoing everything the newest one,
    /// and the proof read back from its text is the same tree.
    #[test]
    fn actions_keep_undo_redo_and_the_judgement_consistent(
        actions in prop::collection::vec(action(), 1..40),
        matching in any::<bool>(),
    ) {
        // Under the matching rule links are made too.
        let g = if matching {
            default_tents().with_rule4(gridpuzzles::games::tents::Rule4::Matching)
        } else {
            default_tents()
        };
        let first = ProofSession::new(&g);
        let mut s = first.clone();
        for a in &actions {
            s = act(&g, &s, a);
            prop_assert_eq!(s.report(), judge(&s.to_proof()));
        }
        let last = s.clone();
        let mut top = s;
        while let Some(r) = top.redo() {
            top = r;
        }
        let mut back = top.clone();
        while let Some(b) = back.undo() {
            back = b;
        }
        prop_assert_eq!(back.lines(), first.lines());
        prop_assert_eq!(back.board(), first.board());
        let mut again = back;
        while let Some(a) = again.redo() {
            again = a;
        }
        prop_assert_eq!(again.lines(), top.lines());
        prop_assert_eq!(again.board(), top.board());
        let read = text::read::<Tents>(&text::write(&last.to_proof())).unwrap();
        let renumbered = ProofSession::from_proof(&last.to_proof());
        prop_assert_eq!(ProofSession::from_proof(&read).report(), renumbered.report());
    }
}

#[test]
fn the_next_step_on_a_fresh_pack_puzzle_is_a_direct_step() {
    let g = default_tents();
    let s = ProofSession::new(&g);
    let step = s.next_step().expect("a first step");
    assert!(matches!(step, Step::Direct { .. }), "{step:?}");
}

#[test]
fn a_split_whose_other_branch_closes_earns_the_derived_rules_concluding_the_same() {
    use gridpuzzles::deduce::{RuleKind, Tier};
    use gridpuzzles::proof::session::Cursor;
    let g = default_tents();
    let start = g.cleared();
    let derived = Tents::rules()
        .iter()
        .filter(|r| r.kind == RuleKind::Direct && r.tier != Tier::Easy);
    let (rule, forced) = derived
        .flat_map(|r| {
            let forced = start.forced(r).unwrap_or_default();
            forced.into_iter().map(move |f| (*r, f))
        })
        .next()
        .expect("a derived rule concludes something on the course default");
    let s = ProofSession::new(&g);
    // Tent or grass: the tent branch first. Go into the branch of the other value.
    let (s, _) = s
        .case(Tents::case_rules()[0], Target::Square(forced.pos))
        .unwrap();
    let wrong = if forced.piece == Square::Tent { 1 } else { 0 };
    let mut s = s
        .go(Cursor {
            path: vec![(0, wrong)],
            at: 0,
        })
        .unwrap();
    assert!(s.earned_by_merge().is_empty(), "nothing merged yet");
    for _ in 0..200 {
        if s.cursor().path.is_empty() {
            break;
        }
        let step = s.next_step().expect("a step inside the branch");
        s = s.take(&step).unwrap().0;
    }
    assert!(
        s.cursor().path.is_empty(),
        "the other branch closed and merged"
    );
    assert_eq!(s.board().piece(forced.pos), forced.piece);
    assert!(
        s.earned_by_merge().contains(&rule),
        "{} concludes {:?} on {}",
        rule.id,
        forced.piece,
        forced.pos
    );
}
