//! Proof mode in the player (docs/rules.md#proof-mode), through `update` alone: squares set then
//! justified by a rule named in the picker, an invalid rule with its reason, a case split and a
//! contradiction in the tree panel, hints taken as steps to a complete proof, undo/redo inside the
//! proof, the proof saved with the progress and resumed, and the screen drawn.

use crate::send;

use gridpuzzles::game::Game;
use gridpuzzles::games::tents::{Square, Tents};
use gridpuzzles::grid::Pos;
use gridpuzzles::proof::session::LineState;
use gridpuzzles::tui::effect::Effect;
use std::time::Duration;

use crate::helpers::screen;
use gridpuzzles::play::Play;
use gridpuzzles::tui::model::{Model, OpenRequest, Overlay, PuzzleRef, Record, Session};
use gridpuzzles::tui::msg::{Direction, Msg};
use gridpuzzles::tui::saved::{ProgressOutcome, Resumed};
use gridpuzzles::tui::text_field::Edit;
use gridpuzzles::tui::{Settings, update};
use send::send;

fn default_tents() -> Model {
    let game = gridpuzzles::pack::find("tents/default")
        .expect("the course default")
        .load()
        .expect("it loads");
    let mut m = Model::new(game, Settings::default());
    m.size = (80, 24);
    m
}

fn board(model: &Model) -> Tents {
    match &screen(model).session {
        Session::Tents(p) => p.state().clone(),
        other => panic!("not Tents: {other:?}"),
    }
}

fn message(model: &Model) -> String {
    model
        .message
        .as_ref()
        .map(|m| m.text.clone())
        .unwrap_or_default()
}

fn to(pos: Pos) -> Vec<Msg> {
    let mut msgs = vec![Msg::First];
    msgs.extend(vec![Msg::Move(Direction::Down); pos.row]);
    msgs.extend(vec![Msg::Move(Direction::Right); pos.col]);
    msgs
}

/// The rule picker opened, `typed` typed and the first match chosen.
fn name_rule(typed: &str) -> Vec<Msg> {
    let mut msgs = vec![Msg::PickRule];
    msgs.extend(typed.chars().map(|c| Msg::Edit(Edit::Insert(c))));
    msgs.push(Msg::Confirm(true));
    msgs
}

fn tree_texts(model: &Model) -> Vec<String> {
    let (lines, _) = screen(model).proof.as_ref().expect("proof mode").lines();
    lines.into_iter().map(|l| l.text).collect()
}

#[test]
fn a_grass_justified_by_finish_with_grass_is_valid_and_a_wrong_rule_is_invalid() {
    let m = send(&default_tents(), [Msg::ToggleProof]);
    assert!(screen(&m).proof.is_some());
    // Row 1 needs no tent.
    let m = send(&m, to(Pos::new(1, 1)));
    let m = send(&m, [Msg::Secondary]);
    assert_eq!(board(&m).piece(Pos::new(1, 1)), Square::Grass);
    let m = send(&m, name_rule("finish with grass"));
    assert_eq!(m.overlay, Overlay::None);
    assert_eq!(message(&m), "valid: Finish with grass sets 1 square");
    // Row 0 still needs 3 tents, column 2 one.
    let m = send(&m, to(Pos::new(0, 2)));
    let m = send(&m, [Msg::Secondary]);
    let m = send(&m, name_rule("finish with grass"));
    assert_eq!(
        message(&m),
        "invalid: Finish with grass: row 0 still needs 3 tents; column 2 still needs 1 tent"
    );
    let (lines, current) = screen(&m).proof.as_ref().unwrap().lines();
    assert_eq!(current, 2);
    assert!(matches!(lines[2].state, LineState::Invalid(_)));
    // Undo inside the proof takes the step back, then the square.
    let m = send(&m, [Msg::Undo, Msg::Undo]);
    assert_eq!(board(&m).piece(Pos::new(0, 2)), Square::Empty);
    assert_eq!(tree_texts(&m).len(), 2);
    let m = send(&m, [Msg::Redo, Msg::Redo]);
    assert_eq!(tree_texts(&m).len(), 3);
}

#[test]
fn a_split_opens_two_branches_and_a_contradiction_closes_one() {
    let m = send(&default_tents(), [Msg::ToggleProof]);
    let m = send(&m, to(Pos::new(2, 2)));
    let m = send(&m, name_rule("tent or grass"));
    assert_eq!(
        tree_texts(&m),
        [
            "start",
            "case Tent or grass at (2,2)",
            "branch 1/2",
            "branch 2/2"
        ]
    );
    assert_eq!(board(&m).piece(Pos::new(2, 2)), Square::Tent);
    // A tent on (2,2) has no tree beside it.
    let m = send(&m, name_rule("no tree for tent"));
    assert!(
        message(&m).starts_with("valid: No tree for tent"),
        "{}",
        message(&m)
    );
    assert_eq!(
        tree_texts(&m),
        [
            "start",
            "case Tent or grass at (2,2)",
            "branch 1/2",
            "contradiction No tree for tent at (2,2)",
            "branch 2/2",
            "merge"
        ]
    );
    assert_eq!(board(&m).piece(Pos::new(2, 2)), Square::Grass);
    // The tree keys move in it, and the board follows.
    let m = send(&m, [Msg::Tree(Direction::Up), Msg::Tree(Direction::Up)]);
    assert_eq!(board(&m).piece(Pos::new(2, 2)), Square::Tent);
}

#[test]
fn hints_taken_complete_the_proof_and_the_board_says_so() {
    let mut m = send(&default_tents(), [Msg::ToggleProof]);
    for _ in 0..60 {
        if screen(&m).proof.as_ref().unwrap().summary().complete {
            break;
        }
        m = send(&m, [Msg::Hint, Msg::Hint]);
    }
    let summary = screen(&m).proof.as_ref().unwrap().summary();
    assert!(summary.complete);
    assert!(message(&m).contains("proof complete: "), "{}", message(&m));
    assert!(board(&m).is_won());
    // A board solved in proof mode is a leaf, not a solve of the puzzle.
    assert!(screen(&m).finish.is_none());
    assert!(!screen(&m).record.solved);
}

/// The request that opens the course default as the pack's puzzle.
fn request() -> OpenRequest {
    let game = gridpuzzles::pack::find("tents/default")
        .unwrap()
        .load()
        .unwrap();
    OpenRequest {
        game,
        puzzle: PuzzleRef::saved("tents/default-2020", "tents/default-2020"),
    }
}

#[test]
fn the_proof_is_saved_with_the_progress_and_resumed_in_proof_mode() {
    let m = send(
        &default_tents(),
        [Msg::ProgressLoaded {
            request: request(),
            outcome: ProgressOutcome::Fresh,
        }],
    );
    let m = send(&m, [Msg::ToggleProof]);
    let m = send(&m, to(Pos::new(1, 1)));
    let m = send(&m, [Msg::Secondary]);
    let (m, effects) = update(&m, Msg::PickRule);
    assert!(effects.is_empty());
    let m = send(&m, name_rule("finish with grass")[1..].to_vec());
    // A square set since, waiting for its rule: saved too.
    let m = send(&m, to(Pos::new(1, 2)));
    let m = send(&m, [Msg::Secondary]);
    // Saving: the game kept aside and the proof's text.
    let (_, effects) = update(&m, Msg::Quit);
    let saved = effects
        .iter()
        .find_map(|e| match e {
            Effect::SaveProgress { progress, .. } => Some(progress.clone()),
            _ => None,
        })
        .expect("a save on quitting");
    let gridpuzzles::tui::saved::GameProgress::Tents(progress) = saved else {
        panic!("a Tents record");
    };
    let proof = progress.proof.expect("the proof is saved");
    assert!(proof.on);
    assert_eq!(proof.pending, "grass (1,2)");
    assert!(
        proof.text.contains("grass (1,1) by finish-with-grass"),
        "{}",
        proof.text
    );
    assert!(
        progress.history.done().is_empty(),
        "the play itself made no move"
    );

    // Opened again with that record: in proof mode, on the same tree.
    let resumed = Resumed {
        session: Session::Tents(Play::new(board(&default_tents()))),
        elapsed: Duration::from_secs(5),
        record: Record::default(),
        view: None,
        proof: Some(proof),
    };
    let again = send(
        &default_tents(),
        [Msg::ProgressLoaded {
            request: request(),
            outcome: ProgressOutcome::Resumed(Box::new(resumed)),
        }],
    );
    assert!(screen(&again).proof.is_some());
    assert_eq!(tree_texts(&again), tree_texts(&m));
    // The square waiting for a rule is back, still waiting.
    assert_eq!(board(&again), board(&m));
    assert_eq!(board(&again).piece(Pos::new(1, 2)), Square::Grass);
    let again = send(&again, name_rule("finish with grass"));
    assert_eq!(message(&again), "valid: Finish with grass sets 1 square");
}

#[test]
fn leaving_proof_mode_gives_the_game_back_and_keeps_the_proof() {
    let m = send(&default_tents(), [Msg::Secondary]);
    let m = send(&m, [Msg::ToggleProof]);
    assert_eq!(
        board(&m).piece(Pos::new(0, 0)),
        Square::Empty,
        "the proof starts empty"
    );
    let m = send(&m, to(Pos::new(1, 1)));
    let m = send(&m, [Msg::Secondary]);
    let m = send(&m, name_rule("finish with grass"));
    let m = send(&m, [Msg::ToggleProof]);
    assert!(screen(&m).proof.is_none());
    assert_eq!(
        board(&m).piece(Pos::new(0, 0)),
        Square::Grass,
        "the game is back"
    );
    let m = send(&m, [Msg::ToggleProof]);
    assert_eq!(tree_texts(&m).len(), 2, "the proof is back");
}

#[test]
fn a_decided_square_cannot_be_changed_on_the_board() {
    let m = send(&default_tents(), [Msg::ToggleProof]);
    let m = send(&m, to(Pos::new(1, 1)));
    let m = send(&m, [Msg::Secondary]);
    let m = send(&m, name_rule("finish with grass"));
    let m = send(&m, [Msg::Clear]);
    assert!(message(&m).contains("decided"), "{}", message(&m));
    assert_eq!(board(&m).piece(Pos::new(1, 1)), Square::Grass);
}

fn render(model: &Model, width: u16, height: u16) -> ratatui::backend::TestBackend {
    let mut terminal =
        ratatui::Terminal::new(ratatui::backend::TestBackend::new(width, height)).unwrap();
    terminal
        .draw(|frame| gridpuzzles::tui::view::view(model, frame))
        .unwrap();
    terminal.backend().clone()
}

#[test]
fn the_proof_tree_and_the_picker_are_drawn() {
    let m = send(&default_tents(), [Msg::ToggleProof]);
    let m = send(&m, to(Pos::new(2, 2)));
    let m = send(&m, name_rule("tent or grass"));
    let m = send(&m, name_rule("no tree for tent"));
    insta::assert_snapshot!("proof_tree", render(&m, 80, 24).to_string());
    let m = send(&m, [Msg::PickRule, Msg::Edit(Edit::Insert('f'))]);
    insta::assert_snapshot!("rule_picker", render(&m, 80, 24).to_string());
}

#[test]
fn with_earned_rules_a_derived_rule_is_locked_until_a_split_earns_it() {
    use gridpuzzles::deduce::{Deduce, RuleKind, Tier};
    use gridpuzzles::proof::ProofRules;
    let mut m = default_tents();
    m.stored.earn_rules = true;
    let m = send(&m, [Msg::ToggleProof]);
    let start = board(&m);
    let (rule, forced) = Tents::rules()
        .iter()
        .filter(|r| r.kind == RuleKind::Direct && r.tier != Tier::Easy)
        .flat_map(|r| {
            let forced = start.forced(r).unwrap_or_default();
            forced.into_iter().map(move |f| (*r, f))
        })
        .next()
        .expect("a derived rule concludes something on the course default");
    let locked = send(&m, name_rule(&rule.name.to_lowercase()));
    assert!(message(&locked).contains("locked"), "{}", message(&locked));
    assert_eq!(tree_texts(&locked).len(), 1, "nothing added");

    // Split on its square, go into the other value's branch, close it by the hints' steps.
    let m = send(&m, to(forced.pos));
    let mut m = send(&m, name_rule("tent or grass"));
    if forced.piece == Square::Tent {
        m = send(&m, [Msg::Tree(Direction::Down)]);
    }
    for _ in 0..100 {
        if m.stored.earned.iter().any(|e| e.ends_with(rule.id)) {
            break;
        }
        m = send(&m, [Msg::Hint, Msg::Hint]);
    }
    // Every locked derived rule that concludes the same square is earned with it.
    assert!(
        m.stored.earned.contains(&format!("tents/{}", rule.id)),
        "{:?}",
        m.stored.earned
    );
    assert!(message(&m).contains("earned: "), "{}", message(&m));
    let picker = send(&m, [Msg::PickRule]);
    let shown = render(&picker, 80, 24).to_string();
    assert!(!shown.contains(&format!("{}, locked", rule.id)), "{shown}");
}

/// The course's 2025 puzzle as Tatham's ID: under rule 4's matching variant, where links are.
fn matching_tents() -> Model {
    let game = gridpuzzles::games::game_id::read(
        gridpuzzles::games::tents::DEFAULT_2025_ID,
        Some(gridpuzzles::game::GameKind::Tents),
    )
    .expect("the 2025 ID reads");
    let mut m = Model::new(game, Settings::default());
    m.size = (80, 24);
    m
}

#[test]
fn the_link_key_links_a_tent_to_its_tree_and_tree_for_tent_justifies_it() {
    let m = send(&matching_tents(), [Msg::ToggleProof]);
    // A tent on (1,0) by a split; its only tree is (0,0), above it.
    let m = send(&m, to(Pos::new(1, 0)));
    let m = send(&m, name_rule("tent or grass"));
    assert_eq!(board(&m).piece(Pos::new(1, 0)), Square::Tent);
    let m = send(&m, [Msg::Link]);
    assert_eq!(
        message(&m),
        "link (1,0)-(0,0) waits for a rule (tree-for-tent, tent-for-tree)"
    );
    assert_eq!(
        board(&m).link_of(Pos::new(1, 0)).unwrap().tree,
        Pos::new(0, 0)
    );
    // The linked tent points at its tree, in emoji and in ASCII alike.
    let drawn = render(&m, 80, 24).to_string();
    assert!(drawn.contains("A^"), "{drawn}");
    // Tent for tree does not justify it: the tree still has an empty square beside it.
    let wrong = send(&m, name_rule("tent for tree"));
    assert!(
        message(&wrong).starts_with("invalid: Tent for tree: the tree at (0,0) still has"),
        "{}",
        message(&wrong)
    );
    let m = send(&m, name_rule("tree for tent"));
    assert_eq!(message(&m), "valid: Tree for tent makes 1 link");
    assert!(
        tree_texts(&m).contains(&"Tree for tent: link (1,0)-(0,0)".to_string()),
        "{:?}",
        tree_texts(&m)
    );
    // Saved with the progress as a proof line.
    let text = screen(&m).proof.as_ref().unwrap().text();
    assert!(text.contains("link (1,0)-(0,0) by tree-for-tent"), "{text}");
    // Undo takes the step back, then the link.
    let m = send(&m, [Msg::Undo, Msg::Undo]);
    assert!(board(&m).links().is_empty());
}

#[test]
fn the_link_key_says_why_not_under_the_local_rule_and_outside_proof_mode() {
    let m = send(&default_tents(), [Msg::Link]);
    assert!(message(&m).contains("proof mode"), "{}", message(&m));
    let m = send(&m, [Msg::ToggleProof]);
    // (0,4) holds a tree: nothing to link until a tent stands beside it.
    let m = send(&m, to(Pos::new(0, 3)));
    let m = send(&m, name_rule("tent or grass"));
    let m = send(&m, [Msg::Link]);
    assert!(message(&m).contains("matching"), "{}", message(&m));
    assert!(board(&m).links().is_empty());
}
