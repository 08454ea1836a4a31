//! The won banner: shown in the message area while the position is solved.

use crate::clock::clock;
use crate::tui::keys::{Bound, PLAY};
use crate::tui::model::Finish;
use crate::tui::msg::Msg;

/// How the puzzle was finished, in a few words: `solved in 3:12`, for the board's title.
pub fn headline(finish: Option<Finish>) -> String {
    match finish {
        Some(Finish::Solved(d)) => format!("solved in {}", clock(d)),
        Some(Finish::Helped(d)) => format!("solved with hints in {}", clock(d)),
        Some(Finish::Revealed) => "solution revealed".to_string(),
        None => "solved".to_string(),
    }
}

/// How the puzzle was finished, in one word: `solved` or `revealed`.
pub fn word(finish: Option<Finish>) -> &'static str {
    match finish {
        Some(Finish::Revealed) => "revealed",
        _ => "solved",
    }
}

/// The banner's text for how the puzzle was finished, naming the default keys; `next` says
/// whether an unsolved pack puzzle of the game is left for Enter to open.
pub fn banner_text(finish: Option<Finish>, next: bool) -> String {
    banner_with_keys(finish, next, &Bound::defaults(PLAY))
}

/// [`banner_text`] naming the play keys `keys`.
pub fn banner_with_keys(finish: Option<Finish>, next: bool, keys: &Bound) -> String {
    let headline = match finish {
        Some(Finish::Solved(d)) => format!("Solved in {}!", clock(d)),
        Some(Finish::Helped(d)) => format!("Solved with hints in {}.", clock(d)),
        Some(Finish::Revealed) => "Solution revealed.".to_string(),
        None => "Solved!".to_string(),
    };
    let key = |msg| keys.key_name(&msg);
    let next = if next {
        format!("  {} next puzzle", key(Msg::Primary))
    } else {
        String::new()
    };
    format!(
        "{headline}{next}  {} undo  {} restart  {} quit",
        key(Msg::Undo),
        key(Msg::Restart),
        key(Msg::Quit)
    )
}
