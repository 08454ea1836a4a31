//! End to end: proof mode (docs/rules.md#proof-mode) in the real binary at 80x24 on
//! `tents/default`, driven by key presses in a pseudo-terminal. A grass justified by "Finish with
//! grass" shows valid, a wrong rule invalid with its reason; a split on a square opens two branches
//! in the tree panel and a contradiction closes one; the proof completes and the board says so;
//! quitting and reopening resumes the proof. Every wait polls against a generous deadline.

#![cfg(target_os = "linux")]

use crate::pty;

use gridpuzzles::grid::Pos;
use pty::{ENTER, Player, temp_home};

/// Opens the rule picker, types `rule` and names the first match.
fn name_rule(player: &mut Player, rule: &str) {
    player.send("/");
    player.wait_for_text("Name the rule");
    player.send(rule);
    player.wait_for_text(&format!("> {rule}"));
    player.send(ENTER);
    player.wait_for("the picker closed", |s| {
        !s.contents().contains("Name the rule")
    });
}

#[test]
fn a_proof_is_checked_step_by_step_completes_and_resumes() {
    let home = temp_home();
    let args = ["play", "--proof", "tents/default"];
    let mut player = Player::start_sized(&args, home.path(), 24, 80);
    player.wait_for_text("Proof: 1 open");

    // Row 1 needs no tent: grass on (1,1) by Finish with grass is valid.
    let keys = player.walk_to(Pos::new(1, 1)) + "-";
    player.send(&keys);
    name_rule(&mut player, "finish with grass");
    player.wait_for_text("valid: Finish with grass sets 1 square");
    player.wait_for_text("1 Finish with grass: grass (1,1)");

    // Row 0 still needs its tents: the same rule on (0,2) is invalid, with the reason.
    let keys = player.walk_to(Pos::new(0, 2)) + "-";
    player.send(&keys);
    name_rule(&mut player, "finish with grass");
    player.wait_for_text("invalid: Finish with grass: row 0 still needs 3 tents");
    player.wait_for_text("Proof: 1 open, 1 invalid");
    player.send("zz");
    player.wait_for_text("Proof: 1 open, 0 invalid");

    // A split on (2,2) opens two branches; no tree is beside a tent there.
    let keys = player.walk_to(Pos::new(2, 2));
    player.send(&keys);
    name_rule(&mut player, "tent or grass");
    player.wait_for_text("branch 1/2");
    player.wait_for_text("branch 2/2");
    player.wait_for_text("Proof: 2 open");
    name_rule(&mut player, "no tree for tent");
    player.wait_for_text("branch 1/2 (closed)");
    player.wait_for_text("merge");
    player.wait_for_text("Proof: 1 open");

    // The rest by hints taken as steps, until the proof is complete.
    for _ in 0..40 {
        if player.text().contains("Proof: complete") {
            break;
        }
        player.send("n");
        player.wait_for_text("proof hint:");
        player.send("n");
        player.wait_for("the hint taken", |s| !s.contents().contains("proof hint:"));
    }
    player.wait_for_text("Proof: complete");
    player.wait_for_text("proof complete");
    assert_eq!(player.quit_with("q"), 0);
    player.assert_restored();

    // Reopened (without --proof): the proof comes back, complete, in proof mode.
    let mut again = Player::start_sized(&["play", "tents/default"], home.path(), 24, 80);
    again.wait_for_text("Proof: complete");
    again.wait_for_text("1 Finish with grass: grass (1,1)");
    assert_eq!(again.quit_with("q"), 0);
}

#[test]
fn a_tent_is_linked_to_its_tree_with_the_link_key_and_justified() {
    let home = temp_home();
    // The course's 2025 puzzle by Tatham's ID: under the matching rule, where links are.
    let id = gridpuzzles::games::tents::DEFAULT_2025_ID;
    let mut player = Player::start_sized(&["play", "--proof", id], home.path(), 24, 80);
    player.wait_for_text("Proof: 1 open");
    // A tent on (1,0) by a split, then `L`: linked to the tree above it, drawn as an arrow.
    let keys = player.walk_to(Pos::new(1, 0));
    player.send(&keys);
    name_rule(&mut player, "tent or grass");
    player.wait_for_text("branch 1/2");
    player.send("L");
    player.wait_for_text("link (1,0)-(0,0) waits for a rule");
    player.wait_for_text("A^");
    name_rule(&mut player, "tree for tent");
    player.wait_for_text("valid: Tree for tent makes 1 link");
    player.wait_for_text("2 Tree for tent: link (1,0)-(0,0)");
    assert_eq!(player.quit_with("q"), 0);
    player.assert_restored();
}
