//! A quantised network and its file: (inputs → [`HIDDEN`]) × 2 → 1, a squared clipped
//! ReLU between, integers throughout.
//!
//! The file (little-endian) is: the magic `ALFNNUE\0`, a format version, the
//! [`FeatureSet`] id, the number of inputs and of hidden units, the quantisation
//! factors `QA` and `QB` and the output scale; the feature weights (input-major), the
//! feature biases, the output weights (the side to act's half first), the output bias
//! (i32); and a 64-bit FNV-1a checksum of everything before it. Reading checks every
//! field, the length, the checksum and that no accumulator can overflow, so a missing,
//! truncated or corrupt file is a [`NetworkError`], never a wrong score.

use super::features::FeatureSet;
use std::fmt;

/// Hidden units per point of view. 256: on the same 5.8 million positions a network
/// of 256 played about 100 Elo better than one of 128 (docs/nnue.md, round 2), for
/// a slower evaluation (the speed tables there).
pub const HIDDEN: usize = 256;
/// Accumulator values are the float activations times `QA`; a clipped activation is
/// at most `QA`.
pub const QA: i32 = 255;
/// Output weights are the float weights times `QB`. Trained output weights are
/// small (about 0.1): at 64 their rounding cost 5-7 cp on average and up to 35;
/// 256 halves that, and a term (at most QA² × 32767) still fits an i32.
pub const QB: i32 = 256;
/// The float output times `SCALE` is centipawns.
pub const SCALE: i32 = 400;
/// The file format this build reads and writes.
pub const FORMAT_VERSION: u32 = 1;
const MAGIC: &[u8; 8] = b"ALFNNUE\0";

/// Why a network file was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NetworkError {
    /// Not a network file (wrong magic).
    NotANetwork,
    /// A format version this build does not read.
    Version(u32),
    /// A layout other than this build's (feature set, inputs, hidden units or factors).
    Shape(String),
    /// Shorter or longer than its header says.
    Length { expected: usize, found: usize },
    /// The checksum does not match the contents.
    Checksum,
    /// Weights large enough to overflow an accumulator.
    OutOfRange,
}

impl fmt::Display for NetworkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetworkError::NotANetwork => write!(f, "not an alfiere network file"),
            NetworkError::Version(v) => write!(
                f,
                "network format version {v}; this build reads version {FORMAT_VERSION}"
            ),
            NetworkError::Shape(what) => write!(f, "network layout not supported: {what}"),
            NetworkError::Length { expected, found } => write!(
                f,
                "network file is {found} bytes, {expected} expected (truncated or padded)"
            ),
            NetworkError::Checksum => write!(f, "network file checksum mismatch (corrupt)"),
            NetworkError::OutOfRange => {
                write!(
                    f,
                    "network weights out of range (accumulators would overflow)"
                )
            }
        }
    }
}

impl std::error::Error for NetworkError {}

/// A quantised network.
#[derive(Clone, PartialEq, Eq)]
pub struct Network {
    pub feature_set: FeatureSet,
    /// `inputs × HIDDEN`, one row of `HIDDEN` per input.
    pub feature_weights: Vec<i16>,
    pub feature_bias: [i16; HIDDEN],
    /// The side to act's half, then the other side's.
    pub output_weights: [i16; 2 * HIDDEN],
    pub output_bias: i32,
}

impl fmt::Debug for Network {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Network({:?}, {HIDDEN} hidden, checksum {:016x})",
            self.feature_set,
            fnv1a(&self.body_bytes())
        )
    }
}

/// 64-bit FNV-1a.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

const HEADER_WORDS: usize = 7;

impl Network {
    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = self.body_bytes();
        let sum = fnv1a(&bytes);
        bytes.extend_from_slice(&sum.to_le_bytes());
        bytes
    }

    fn body_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(file_len(self.feature_set.inputs()));
        out.extend_from_slice(MAGIC);
        for word in [
            FORMAT_VERSION,
            self.feature_set.id(),
            self.feature_set.inputs() as u32,
            HIDDEN as u32,
            QA as u32,
            QB as u32,
            SCALE as u32,
        ] {
            out.extend_from_slice(&word.to_le_bytes());
        }
        let weights = self
            .feature_weights
            .iter()
            .chain(&self.feature_bias)
            .chain(&self.output_weights);
        for w in weights {
            out.extend_from_slice(&w.to_le_bytes());
        }
        out.extend_from_slice(&self.output_bias.to_le_bytes());
        out
    }

    /// Reads a network file.
    ///
    /// # Errors
    /// [`NetworkError`] for anything but a whole, intact file of this build's layout.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetworkError> {
        if bytes.len() < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
            return Err(NetworkError::NotANetwork);
        }
        let Some(header_bytes) = bytes.get(MAGIC.len()..MAGIC.len() + 4 * HEADER_WORDS) else {
            return Err(NetworkError::Length {
                expected: MAGIC.len() + 4 * HEADER_WORDS,
                found: bytes.len(),
            });
        };
        let mut header = [0u32; HEADER_WORDS];
        for (word, b) in header.iter_mut().zip(header_bytes.chunks_exact(4)) {
            *word = u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
        }
        if header[0] != FORMAT_VERSION {
            return Err(NetworkError::Version(header[0]));
        }
        let feature_set = FeatureSet::from_id(header[1])
            .ok_or_else(|| NetworkError::Shape(format!("feature set {}", header[1])))?;
        let expected_shape = [
            feature_set.inputs() as u32,
            HIDDEN as u32,
            QA as u32,
            QB as u32,
            SCALE as u32,
        ];
        if header[2..] != expected_shape {
            let list = |words: &[u32]| {
                let words: Vec<String> = words.iter().map(u32::to_string).collect();
                words.join(", ")
            };
            return Err(NetworkError::Shape(format!(
                "inputs, hidden, QA, QB, scale are {}; this build has {}",
                list(&header[2..]),
                list(&expected_shape)
            )));
        }
        let expected = file_len(feature_set.inputs());
        if bytes.len() != expected {
            return Err(NetworkError::Length {
                expected,
                found: bytes.len(),
            });
        }
        let (body, sum) = bytes.split_at(expected - 8);
        let stored = sum
            .iter()
            .rev()
            .fold(0u64, |acc, &b| (acc << 8) | u64::from(b));
        if fnv1a(body) != stored {
            return Err(NetworkError::Checksum);
        }
        // Plain loops over the words: the iterator adapters cost the wasm more.
        let words = &body[MAGIC.len() + 4 * HEADER_WORDS..];
        let (weights, rest) = words.split_at(2 * feature_set.inputs() * HIDDEN);
        let mut feature_weights = Vec::with_capacity(weights.len() / 2);
        for b in weights.chunks_exact(2) {
            feature_weights.push(i16::from_le_bytes([b[0], b[1]]));
        }
        let mut feature_bias = [0; HIDDEN];
        let mut output_weights = [0; 2 * HIDDEN];
        for (slot, b) in feature_bias
            .iter_mut()
            .chain(output_weights.iter_mut())
            .zip(rest.chunks_exact(2))
        {
            *slot = i16::from_le_bytes([b[0], b[1]]);
        }
        let tail = &body[body.len() - 4..];
        let output_bias = i32::from_le_bytes([tail[0], tail[1], tail[2], tail[3]]);
        let network = Network {
            feature_set,
            feature_weights,
            feature_bias,
            output_weights,
            output_bias,
        };
        if !network.accumulators_fit() {
            return Err(NetworkError::OutOfRange);
        }
        Ok(network)
    }

    /// Whether no accumulator can leave the range of an i16: a bias plus the
    /// [`FeatureSet::max_active`] largest columns of its unit.
    fn accumulators_fit(&self) -> bool {
        let largest = self
            .feature_weights
            .iter()
            .map(|w| i32::from(*w).abs())
            .max()
            .unwrap_or(0);
        let active = self.feature_set.max_active() as i32;
        self.feature_bias
            .iter()
            .all(|b| i32::from(*b).abs() + active * largest <= i32::from(i16::MAX))
    }
}

/// The length of a file for `inputs` inputs.
const fn file_len(inputs: usize) -> usize {
    MAGIC.len() + 4 * HEADER_WORDS + 2 * (inputs * HIDDEN + HIDDEN + 2 * HIDDEN) + 4 + 8
}

#[cfg(test)]
mod tests {
    use super::*;

    fn small_network(seed: u64) -> Network {
        let mut x = seed;
        let mut next = move || {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((x >> 33) % 401) as i16 - 200
        };
        let inputs = FeatureSet::PieceSquare.inputs();
        let mut feature_bias = [0; HIDDEN];
        feature_bias.iter_mut().for_each(|b| *b = next());
        let mut output_weights = [0; 2 * HIDDEN];
        output_weights.iter_mut().for_each(|w| *w = next() / 4);
        Network {
            feature_set: FeatureSet::PieceSquare,
            feature_weights: (0..inputs * HIDDEN).map(|_| next()).collect(),
            feature_bias,
            output_weights,
            output_bias: 1234,
        }
    }

    #[test]
    fn a_file_reads_back_as_written() {
        let net = small_network(7);
        assert_eq!(Network::from_bytes(&net.to_bytes()), Ok(net));
    }

    #[test]
    fn damaged_files_are_refused_with_a_reason() {
        let bytes = small_network(9).to_bytes();
        assert_eq!(
            Network::from_bytes(b"nonsense"),
            Err(NetworkError::NotANetwork)
        );
        assert_eq!(Network::from_bytes(&[]), Err(NetworkError::NotANetwork));
        assert!(matches!(
            Network::from_bytes(&bytes[..bytes.len() - 1]),
            Err(NetworkError::Length { .. })
        ));
        assert!(matches!(
            Network::from_bytes(&bytes[..20]),
            Err(NetworkError::Length { .. })
        ));
        let mut flipped = bytes.clone();
        flipped[1000] ^= 1;
        assert_eq!(Network::from_bytes(&flipped), Err(NetworkError::Checksum));
        let mut version = bytes.clone();
        version[8] = 9;
        assert_eq!(Network::from_bytes(&version), Err(NetworkError::Version(9)));
        let mut hidden = bytes;
        hidden[8 + 12] = 7;
        assert!(matches!(
            Network::from_bytes(&hidden),
            Err(NetworkError::Shape(_))
        ));
    }

    #[test]
    fn weights_that_could_overflow_are_refused() {
        let mut net = small_network(3);
        net.feature_weights[5] = 2000;
        assert_eq!(
            Network::from_bytes(&net.to_bytes()),
            Err(NetworkError::OutOfRange)
        );
    }
}
