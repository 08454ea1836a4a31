//! The player's choice about the play screen's side panel, kept in the model and followed by
//! the layout.

/// Whether the side panel (history and hint) is drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum PanelChoice {
    /// When there is room beside (or below) the whole board.
    #[default]
    Auto,
    /// Always, the board giving up columns for it.
    Shown,
    /// Never.
    Hidden,
}
