//! How readable one colour is on another: the WCAG 2 contrast ratio worked out from relative
//! luminance, and the families of the 16 ANSI colours (a colour and its bright variant), whose
//! shades the terminal's palette decides and which so cannot be trusted to stay apart.

use ratatui::style::Color;

use super::depth::{named_index, rgb_of};

/// The WCAG 2 relative luminance of an sRGB colour: 0 for black, 1 for white.
pub fn relative_luminance((r, g, b): (u8, u8, u8)) -> f64 {
    let linear = |c: u8| {
        let c = f64::from(c) / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}

/// The WCAG 2 contrast ratio of two colours, from 1 (the same) to 21 (black and white). Named
/// and indexed colours are taken as xterm draws them; `None` when either is `Reset`, the
/// terminal's own colour, which nothing here knows.
pub fn contrast_ratio(a: Color, b: Color) -> Option<f64> {
    let (a, b) = (
        relative_luminance(rgb_of(a)?),
        relative_luminance(rgb_of(b)?),
    );
    let (light, dark) = if a > b { (a, b) } else { (b, a) };
    Some((light + 0.05) / (dark + 0.05))
}

/// A colour of the 16 ANSI colours and its bright variant: black with dark gray, red with light
/// red, …, gray with white. Terminals choose the shades, often close within a family.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// Black and dark gray (bright black).
    Black,
    /// Red and light red.
    Red,
    /// Green and light green.
    Green,
    /// Yellow and light yellow.
    Yellow,
    /// Blue and light blue.
    Blue,
    /// Magenta and light magenta.
    Magenta,
    /// Cyan and light cyan.
    Cyan,
    /// Gray (white) and white (bright white).
    White,
}

/// The family of one of the 16 ANSI colours (named, or indexed below 16); `None` for any other.
pub fn family(color: Color) -> Option<Family> {
    let index = match color {
        Color::Indexed(i) if i < 16 => i,
        Color::Indexed(_) | Color::Rgb(..) | Color::Reset => return None,
        named => named_index(named)?,
    };
    const FAMILIES: [Family; 8] = [
        Family::Black,
        Family::Red,
        Family::Green,
        Family::Yellow,
        Family::Blue,
        Family::Magenta,
        Family::Cyan,
        Family::White,
    ];
    Some(FAMILIES[usize::from(index % 8)])
}

/// Whether text in `fg` could vanish into `bg`: the same colour, or two of the 16 of one family.
pub fn blends_in(fg: Color, bg: Color) -> bool {
    fg == bg || family(fg).is_some_and(|f| family(bg) == Some(f))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contrast_follows_wcag() {
        let black = Color::Rgb(0, 0, 0);
        let white = Color::Rgb(255, 255, 255);
        let ratio = contrast_ratio(black, white).unwrap();
        assert!((ratio - 21.0).abs() < 1e-9, "{ratio}");
        assert_eq!(contrast_ratio(white, white), Some(1.0));
        // #767676 on white is the well-known 4.54:1.
        let grey = contrast_ratio(Color::Rgb(0x76, 0x76, 0x76), white).unwrap();
        assert!((grey - 4.54).abs() < 0.01, "{grey}");
        assert_eq!(contrast_ratio(Color::Reset, white), None);
        // Named colours are xterm's: its white is #ffffff.
        assert_eq!(contrast_ratio(Color::White, white), Some(1.0));
    }

    #[test]
    fn families_pair_each_colour_with_its_bright_one() {
        assert_eq!(family(Color::Black), family(Color::DarkGray));
        assert_eq!(family(Color::Gray), family(Color::White));
        assert_eq!(family(Color::Yellow), family(Color::LightYellow));
        assert_eq!(family(Color::Indexed(11)), Some(Family::Yellow));
        assert_ne!(family(Color::Yellow), family(Color::Red));
        assert_eq!(family(Color::Rgb(1, 2, 3)), None);
        assert_eq!(family(Color::Indexed(16)), None);
        assert!(blends_in(Color::LightYellow, Color::Yellow));
        assert!(blends_in(Color::Rgb(1, 2, 3), Color::Rgb(1, 2, 3)));
        assert!(!blends_in(Color::Black, Color::Yellow));
    }
}
