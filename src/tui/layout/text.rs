//! Text fitted to a width: wrapped at word boundaries or cut with an ellipsis. The layout counts
//! the lines a message takes with these, and the view draws the same lines.

/// Greedy word wrap to `width` columns: words go whole onto the next line when they do not fit,
/// and a word longer than a line (a path) is split across lines, never cut.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut lines = Vec::new();
    let mut line = String::new();
    let mut len = 0;
    for word in text.split_whitespace() {
        let mut word: Vec<char> = word.chars().collect();
        if len > 0 && len + 1 + word.len() > width {
            lines.push(std::mem::take(&mut line));
            len = 0;
        }
        if len > 0 {
            line.push(' ');
            len += 1;
        }
        while len + word.len() > width {
            let rest = word.split_off(width - len);
            line.extend(word);
            lines.push(std::mem::take(&mut line));
            len = 0;
            word = rest;
        }
        len += word.len();
        line.extend(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// `text` cut to `width` characters, its last one an ellipsis when something was cut.
pub fn fit_with_ellipsis(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        return text.to_string();
    }
    let mut cut: String = text.chars().take(width.saturating_sub(1)).collect();
    if width > 0 {
        cut.push('…');
    }
    cut
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapping_keeps_every_word_and_splits_only_overlong_ones() {
        let text = "Row 1 has no tents, so its free squares are grass";
        let lines = wrap(text, 16);
        assert_eq!(
            lines,
            ["Row 1 has no", "tents, so its", "free squares are", "grass"]
        );
        assert_eq!(lines.join(" "), text);
        assert_eq!(wrap("abcdefghij", 4), ["abcd", "efgh", "ij"]);
        assert_eq!(wrap("to /a/long/path", 8), ["to", "/a/long/", "path"]);
        assert!(wrap("", 10).is_empty());
    }

    #[test]
    fn cut_text_ends_with_an_ellipsis() {
        assert_eq!(fit_with_ellipsis("tent (3,4)", 20), "tent (3,4)");
        assert_eq!(
            fit_with_ellipsis("fill row 12 with grass", 10),
            "fill row …"
        );
        assert_eq!(fit_with_ellipsis("abc", 0), "");
    }
}
