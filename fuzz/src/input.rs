//! The fuzzer's bytes read as a stream of choices.

use alfiere::Variant;

/// A cursor over the fuzzer's input.
pub struct Input<'a> {
    data: &'a [u8],
    at: usize,
}

impl<'a> Input<'a> {
    pub fn new(data: &'a [u8]) -> Input<'a> {
        Input { data, at: 0 }
    }

    /// The next byte, or `None` at the end.
    pub fn byte(&mut self) -> Option<u8> {
        let b = self.data.get(self.at).copied();
        self.at += usize::from(b.is_some());
        b
    }

    /// An index below `n` (`n > 0`): one byte, or two when `n` exceeds 256.
    pub fn below(&mut self, n: usize) -> Option<usize> {
        let low = usize::from(self.byte()?);
        let value = if n > 256 {
            low | usize::from(self.byte().unwrap_or(0)) << 8
        } else {
            low
        };
        Some(value % n.max(1))
    }

    /// A rule set (one byte; the first one when the input is empty).
    pub fn variant(&mut self) -> Variant {
        let i = usize::from(self.byte().unwrap_or(0));
        Variant::ALL[i % Variant::ALL.len()]
    }

    /// The rest of the input as text (invalid UTF-8 replaced, as the UCI binary does).
    pub fn rest_text(&mut self) -> String {
        let rest = &self.data[self.at.min(self.data.len())..];
        self.at = self.data.len();
        String::from_utf8_lossy(rest).into_owned()
    }
}
