//! The network files: `--init` read and turned back into floats, the trained
//! network rounded, checked by reading it back, and written to `--out`.

use crate::model::Params;
use crate::quantise;
use crate::sample::Sample;
use crate::Failure;
use alfiere::eval::nnue::{FeatureSet, Network};
use std::path::Path;

/// Fails before hours of training rather than after: `out` can be a file in an
/// existing directory.
pub fn check_out(out: &Path) -> Result<(), Failure> {
    let dir = match out.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    if out.is_dir() || !dir.is_dir() {
        return Err(Failure::input(format!(
            "--out {}: not a file in an existing directory",
            out.display()
        )));
    }
    Ok(())
}

/// The float model of the network file at `path`, to train a network of `layout` from:
/// a network of `layout`, or one of the 768 piece-square features alone, with which
/// every layout begins (an orthodox network starts a Chess-Gi, Billiards, Avalanche,
/// Marseillais, Progressive or Alice one, the rows after the first 768 at zero; or a
/// Racing Kings one, whose Black view differs, so it is a start and not the same
/// judgement). Any other kind's later rows mean something else (hands, the turn,
/// board B) and are refused.
pub fn read(path: &Path, layout: FeatureSet) -> Result<Params, Failure> {
    let refuse = |e: &dyn std::fmt::Display| Failure::input(format!("{}: {e}", path.display()));
    let bytes = std::fs::read(path).map_err(|e| refuse(&e))?;
    let network = Network::from_bytes(&bytes).map_err(|e| refuse(&e))?;
    let from = network.feature_set;
    if from != layout && from.inputs() != 768 {
        return Err(refuse(&format!(
            "a network of kind {} cannot start one of kind {}",
            network.feature_set.name(),
            layout.name()
        )));
    }
    quantise::dequantise(&network).map_err(|e| refuse(&e))
}

/// Quantises `params` to `layout` (see [`quantise::quantise`] for `calibration`), checks that
/// the file reads back as the same network, and writes it to `out`.
pub fn write(
    params: &Params,
    layout: FeatureSet,
    calibration: &[Sample],
    out: &Path,
) -> Result<(Network, Vec<u8>), Failure> {
    let network = quantise::quantise(params, layout, calibration);
    let bytes = network.to_bytes();
    match Network::from_bytes(&bytes) {
        Ok(back) if back == network => {}
        Ok(_) => {
            return Err(Failure::output(
                "the exported network reads back differently".to_string(),
            ))
        }
        Err(e) => {
            return Err(Failure::output(format!(
                "the exported network does not read back: {e}"
            )))
        }
    }
    std::fs::write(out, &bytes).map_err(|e| Failure::output(format!("{}: {e}", out.display())))?;
    Ok((network, bytes))
}
