//! Proof mode's part of the update (docs/rules.md#proof-mode): entering and leaving it, the rule
//! picker, the tree keys, undo/redo and hints inside the proof, and the squares the player sets on
//! the board becoming the proof's pending squares.

use crate::progress::SavedProof;
use crate::tui::effect::Effect;
use crate::tui::model::{Message, Model, Overlay, PlayScreen};
use crate::tui::msg::{Direction, Msg};
use crate::tui::proof_mode::{self, Picker, ProofMode, ProofState};
use crate::tui::text_field::Edit;

/// Puts a saved proof back on a resumed screen: in proof mode when it was on.
pub fn resume(screen: &mut PlayScreen, saved: &SavedProof) {
    let Some(proof) = proof_mode::read_proof(&screen.session, &saved.text) else {
        return;
    };
    let proof = proof_mode::with_pending(&proof, &saved.pending);
    if saved.on {
        enter(screen, Some(proof));
    } else {
        screen.proof_kept = Some(proof);
    }
}

/// Proof mode on, with `kept` (a proof left earlier) or a new proof.
pub fn enter(screen: &mut PlayScreen, kept: Option<ProofState>) {
    let kept = kept.or_else(|| screen.proof_kept.take());
    let mode = ProofMode::enter(screen.session.clone(), kept);
    let board = mode.board();
    screen.proof = Some(mode);
    screen.put_session(board);
    screen.hint = None;
    screen.marks.clear();
    screen.drag = None;
}

/// Handles `msg` when it is proof mode's; `false` leaves it to the play screen (moves on the
/// board, which [`sync`] then turns into pending squares).
pub fn act(model: &mut Model, msg: &Msg, effects: &mut Vec<Effect>) -> bool {
    let Some(screen) = model.play_mut() else {
        return false;
    };
    if *msg == Msg::ToggleProof {
        toggle(model);
        return true;
    }
    let Some(mode) = screen.proof.clone() else {
        if *msg == Msg::Link {
            model.message = Some(Message::info(
                "links are made in proof mode (v), on Tents under the matching rule",
            ));
            return true;
        }
        return false;
    };
    match msg {
        Msg::PickRule => {
            screen.proof = Some(ProofMode {
                picker: Some(Picker::default()),
                ..mode
            });
            model.overlay = Overlay::Rules;
        }
        Msg::Link => {
            let cursor = screen.cursor;
            match mode.link(cursor) {
                Ok((proof, text)) => put(model, proof, Some(text)),
                Err(why) => model.message = Some(Message::warning(why)),
            }
        }
        Msg::Tree(direction) => {
            let delta = match direction {
                Direction::Up | Direction::Left => -1,
                Direction::Down | Direction::Right => 1,
            };
            match mode.step_in_tree(delta) {
                Ok(Some(proof)) => put(model, proof, None),
                Ok(None) => {}
                Err(why) => model.message = Some(Message::warning(why)),
            }
        }
        Msg::Undo => match mode.undo() {
            Some(proof) => put(model, proof, Some("undone".into())),
            None => model.message = Some(Message::info("nothing to undo in the proof")),
        },
        Msg::Redo => match mode.redo() {
            Some(proof) => put(model, proof, Some("redone".into())),
            None => model.message = Some(Message::info("nothing to redo in the proof")),
        },
        Msg::Reveal => {
            model.message = Some(Message::info(
                "proof mode reveals nothing: n shows the next step",
            ));
        }
        Msg::Hint => {
            hint(model, &mode);
            earn(model, effects);
        }
        // Once the board is solved, the play screen's own keys would open the next puzzle.
        Msg::Primary | Msg::NextPuzzle if screen.session.is_won() => {
            model.message = Some(Message::info(
                "a solved board in the proof: v leaves proof mode",
            ));
        }
        _ => return false,
    }
    true
}

/// The restart question answered yes in proof mode: the proof starts again (undoable).
/// `false` outside proof mode.
pub fn restart(model: &mut Model) -> bool {
    let Some(mode) = model.play().and_then(|s| s.proof.clone()) else {
        return false;
    };
    match mode.restart() {
        Some(proof) => put(
            model,
            proof,
            Some("proof restarted: z brings it back".into()),
        ),
        None => model.message = Some(Message::info("the proof is empty already")),
    }
    true
}

/// Enters or leaves proof mode; the proof left is kept to come back to.
fn toggle(model: &mut Model) {
    let Some(screen) = model.play_mut() else {
        return;
    };
    let text = match screen.proof.take() {
        Some(mode) => {
            screen.proof_kept = Some(mode.proof);
            screen.put_session(mode.aside);
            screen.hint = None;
            screen.marks.clear();
            "proof mode left; your proof is kept (v goes back to it)".to_string()
        }
        None => {
            let kept = screen.proof_kept.take();
            enter(screen, kept);
            "proof mode: set squares, then / names the rule; [ ] move in the proof tree; v leaves"
                .to_string()
        }
    };
    model.message = Some(Message::info(text));
}

/// The proof becomes `proof`: the board follows, and the message says `text`, or that the
/// proof is complete.
fn put(model: &mut Model, proof: ProofState, text: Option<String>) {
    let Some(screen) = model.play_mut() else {
        return;
    };
    let Some(mode) = screen.proof.as_mut() else {
        return;
    };
    mode.proof = proof;
    mode.hinted = None;
    let board = mode.board();
    let summary = mode.summary();
    screen.put_session(board);
    screen.hint = None;
    screen.marks.clear();
    let text = match text {
        Some(text) if summary.complete => Some(format!("{text}; {}", summary.complete_text())),
        None if summary.complete => Some(summary.complete_text()),
        other => other,
    };
    if let Some(text) = text {
        let warning = text.starts_with("invalid");
        model.message = Some(if warning {
            Message::warning(text)
        } else {
            Message::info(text)
        });
    }
}

/// The hint key: the next step shown, and taken when it is pressed again.
fn hint(model: &mut Model, mode: &ProofMode) {
    let Some(hint) = mode.hint() else {
        let text = if mode.summary().complete {
            mode.summary().complete_text()
        } else {
            "no step left here: this branch is done (see the proof tree)".into()
        };
        model.message = Some(Message::info(text));
        return;
    };
    if mode.hinted.as_deref() == Some(hint.0.as_str()) {
        match mode.take_hint() {
            Ok((proof, text)) => put(model, proof, Some(text)),
            Err(why) => model.message = Some(Message::warning(why)),
        }
        return;
    }
    let (text, squares) = hint;
    if let Some(screen) = model.play_mut()
        && let Some(m) = screen.proof.as_mut()
    {
        m.hinted = Some(text.clone());
    }
    model.message = Some(Message::info(text));
    super::play::show_squares(model, &squares, &[]);
}

/// With earned rules on, after a step: the derived rules whose conclusion the merge just made
/// carried back unlock (kept in the settings), and the message says so.
fn earn(model: &mut Model, effects: &mut Vec<Effect>) {
    if !model.stored.earn_rules {
        return;
    }
    let Some(screen) = model.play() else {
        return;
    };
    let Some(mode) = &screen.proof else {
        return;
    };
    let kind = screen.session.kind();
    let earned: Vec<_> = mode
        .earned_by_merge()
        .into_iter()
        .filter(|rule| proof_mode::is_locked(kind, rule, &model.stored))
        .collect();
    if earned.is_empty() {
        return;
    }
    for rule in &earned {
        model.stored.earned.push(proof_mode::earned_key(kind, rule));
    }
    effects.push(Effect::SaveSettings(model.stored.clone()));
    let names: Vec<&str> = earned.iter().map(|r| r.name).collect();
    let text = format!("earned: {} (unlocked)", names.join(", "));
    model.message = Some(match model.message.take() {
        Some(m) => Message {
            text: format!("{}; {text}", m.text),
            ..m
        },
        None => Message::info(text),
    });
}

/// After the play screen handled a move: the squares now different from the proof's position
/// become its pending squares, or the move is taken back with why.
pub fn sync(before: &Model, next: &mut Model) {
    let (Some(was), Some(screen)) = (before.play(), next.play_mut()) else {
        return;
    };
    let Some(mode) = screen.proof.clone() else {
        return;
    };
    if was.proof.is_none() || was.session == screen.session {
        return;
    }
    match mode.moved(&screen.session) {
        Ok(Some(proof)) => {
            screen.proof = Some(ProofMode {
                proof,
                hinted: None,
                ..mode
            });
        }
        Ok(None) => {}
        Err(why) => {
            screen.put_session(was.session.clone());
            next.message = Some(Message::warning(why));
        }
    }
}

/// A key in the rule picker: typing filters, Up/Down select, Enter names the rule, Esc closes.
pub fn picker(model: &mut Model, msg: Msg, effects: &mut Vec<Effect>) {
    let settings = model.stored.clone();
    let Some(screen) = model.play_mut() else {
        model.overlay = Overlay::None;
        return;
    };
    let cursor = screen.cursor;
    let kind = screen.session.kind();
    let Some(mode) = screen.proof.as_mut() else {
        model.overlay = Overlay::None;
        return;
    };
    let mut picker = mode.picker.clone().unwrap_or_default();
    let shown = |p: &Picker| proof_mode::shown_choices(kind, cursor, p.field.text(), &settings);
    match msg {
        Msg::Edit(edit) => {
            picker.field = picker.field.edited(edit);
            picker.selected = 0;
        }
        Msg::Type(c) => {
            picker.field = picker.field.edited(Edit::Insert(c));
            picker.selected = 0;
        }
        Msg::Paste(text) => {
            picker.field = picker.field.pasted(&text);
            picker.selected = 0;
        }
        Msg::Move(Direction::Up) => picker.selected = picker.selected.saturating_sub(1),
        Msg::Move(Direction::Down) => {
            let n = shown(&picker).len();
            picker.selected = (picker.selected + 1).min(n.saturating_sub(1));
        }
        Msg::Confirm(false) => {
            mode.picker = None;
            model.overlay = Overlay::None;
            return;
        }
        Msg::Confirm(true) => {
            let Some(choice) = shown(&picker).into_iter().nth(picker.selected) else {
                model.message = Some(Message::info("no rule matches what you typed"));
                return;
            };
            if choice.locked {
                let text = format!("{} is {}", choice.name, proof_mode::LOCKED);
                model.message = Some(Message::warning(text));
                return;
            }
            mode.picker = None;
            let chosen = mode.clone();
            model.overlay = Overlay::None;
            match chosen.choose(choice.action, cursor) {
                Ok((proof, text)) => {
                    put(model, proof, Some(text));
                    earn(model, effects);
                }
                Err(why) => model.message = Some(Message::warning(why)),
            }
            return;
        }
        _ => {}
    }
    mode.picker = Some(picker);
}
