//! User text quoted back in a message (an unknown command, option or rule set): cut to
//! a length and escaped as Rust's `escape_debug` escapes ASCII (`\n`, `\r`, `\t`, `\0`,
//! `\\`, `\'`, `\"`), with every other control or invisible formatting character
//! (bidirectional overrides, zero-width marks) written as `\u{...}`. So a quoted line
//! stays one line (UCI answers are one line each) and cannot reorder the text around
//! it. Written here rather than with `escape_debug`, whose tables of printable
//! characters cost the wasm module about a kilobyte gzipped.

/// The first `max_chars` characters of `text`, escaped.
pub fn shown(text: &str, max_chars: usize) -> String {
    let mut out = String::with_capacity(text.len().min(max_chars.saturating_mul(4)));
    for c in text.chars().take(max_chars) {
        match c {
            '\0' => out.push_str("\\0"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\n' => out.push_str("\\n"),
            '\\' | '\'' | '"' => {
                out.push('\\');
                out.push(c);
            }
            c if c.is_control() || is_invisible_format(c) => {
                out.push_str(&format!("\\u{{{:x}}}", u32::from(c)));
            }
            c => out.push(c),
        }
    }
    out
}

/// Formatting characters that change how the text around them reads without being
/// seen: zero-width marks, bidirectional embeddings, overrides and isolates, the
/// byte-order mark, and the line and paragraph separators.
fn is_invisible_format(c: char) -> bool {
    matches!(
        c,
        '\u{00ad}'
            | '\u{061c}'
            | '\u{180e}'
            | '\u{200b}'..='\u{200f}'
            | '\u{2028}'..='\u{202e}'
            | '\u{2060}'..='\u{206f}'
            | '\u{feff}'
            | '\u{fff9}'..='\u{fffb}'
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii_is_escaped_as_escape_debug_escapes_it() {
        for text in [
            "go",
            "a\tb\r\nc",
            "NUL\0",
            "back\\slash 'q' \"dq\"",
            "\u{7f}\u{1b}[2J",
        ] {
            assert_eq!(shown(text, 64), text.escape_debug().to_string(), "{text:?}");
        }
    }

    #[test]
    fn invisible_formatting_is_escaped_and_the_rest_kept() {
        assert_eq!(shown("a\u{202e}b\u{200b}c", 64), "a\\u{202e}b\\u{200b}c");
        assert_eq!(shown("é♞ 象棋", 64), "é♞ 象棋");
        assert_eq!(shown("abcdef", 3), "abc");
        assert_eq!(shown("no limit", usize::MAX), "no limit");
        assert!(!shown("x\u{2028}y\u{85}z", 64).contains(['\u{2028}', '\u{85}']));
    }
}
