//! The search margins as UCI options. In a `tune` build (`cargo test --features tune
//! --test tune`, which `npm test` runs) each margin is listed, set within its range,
//! refused outside it, and changes what the search does; in a normal build none of
//! that exists.

mod common;

use alfiere::search::params::TUNABLES;
use alfiere::uci::UciSession;
use common::uci_session::send;

#[cfg(not(feature = "tune"))]
#[test]
fn a_normal_build_has_no_tune_options() {
    let mut s = UciSession::new();
    let out = send(&mut s, "uci");
    assert!(!out.iter().any(|l| l.contains("Tune")), "{out:#?}");
    for margin in TUNABLES {
        let out = send(
            &mut s,
            &format!(
                "setoption name Tune {} value {}",
                margin.name, margin.default
            ),
        );
        assert!(
            out.len() == 1 && out[0].contains("unknown option"),
            "{out:#?}"
        );
    }
}

#[cfg(feature = "tune")]
mod tune_build {
    use super::*;
    use alfiere::search::tunable::Tunable;
    use common::uci_session::{last_depth_info, run_search};

    /// The nodes of a fixed-depth search of each position, in order: what a margin
    /// changes if it is wired into the search.
    fn nodes_searched(s: &mut UciSession) -> Vec<u64> {
        const POSITIONS: [&str; 4] = [
            "startpos moves e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6",
            "fen r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 9",
            "fen 2r3k1/pp3ppp/4p3/3nP3/1b1P4/2N2N2/PP3PPP/2R3K1 b - - 0 24",
            "fen 8/5pk1/6p1/3R4/5P2/4r1PK/8/8 w - - 0 45",
        ];
        POSITIONS
            .iter()
            .map(|position| {
                send(s, "ucinewgame");
                send(s, &format!("position {position}"));
                assert!(send(s, "go depth 9").is_empty());
                let out = run_search(s);
                let words: Vec<&str> = last_depth_info(&out).split_whitespace().collect();
                let at = words.iter().position(|w| *w == "nodes").unwrap();
                words[at + 1].parse().unwrap()
            })
            .collect()
    }

    fn set(s: &mut UciSession, margin: &Tunable, value: i32) -> Vec<String> {
        send(
            s,
            &format!("setoption name Tune {} value {value}", margin.name),
        )
    }

    /// One test, as the margins are process-wide: tests side by side would see each
    /// other's values.
    #[test]
    fn each_margin_is_an_option_that_changes_the_search() {
        let mut s = UciSession::new();
        let out = send(&mut s, "uci");
        for margin in TUNABLES {
            let line = format!(
                "option name Tune {} type spin default {} min {} max {}",
                margin.name, margin.default, margin.min, margin.max
            );
            assert!(out.contains(&line), "{line}: {out:#?}");
        }

        // Out of range or not a number: refused, value kept.
        let margin = TUNABLES[0];
        for bad in [
            format!("{}", margin.min - 1),
            format!("{}", margin.max + 1),
            "x".to_string(),
            String::new(),
        ] {
            let out = send(
                &mut s,
                &format!("setoption name Tune {} value {bad}", margin.name),
            );
            assert!(
                out.len() == 1 && out[0].contains("needs a whole number"),
                "{bad:?}: {out:#?}"
            );
        }
        assert_eq!(margin.get(), margin.default);
        assert!(
            send(&mut s, "setoption name Tune NoSuchMargin value 1")[0].contains("unknown option")
        );

        let baseline = nodes_searched(&mut s);
        for margin in TUNABLES {
            let mut changed = false;
            for value in [margin.min, margin.max] {
                assert!(set(&mut s, margin, value).is_empty());
                assert_eq!(margin.get(), value);
                changed |= nodes_searched(&mut s) != baseline;
            }
            assert!(set(&mut s, margin, margin.default).is_empty());
            assert!(changed, "Tune {} changes no search", margin.name);
        }
        assert_eq!(nodes_searched(&mut s), baseline, "defaults restored");
    }
}
