//! The portable core (rules, notation, evaluation, search, the JS API) must run the
//! same in wasm and natively, deterministically: it never reads a clock, the
//! environment, the file system or a thread, and never prints. Only the binaries under
//! `src/bin` may (the engine session in `src/engine/` and its UCI codec in `src/uci/` are part of the core: their clock is
//! injected). A forgotten debugging switch that read an environment variable once per
//! node once cost the search a quarter of its speed; this test keeps such look-ups out.
//!
//! The same scan keeps the core's layering: no dependency cycles among the rules
//! modules (`Variant` is a leaf; errors keep data and `notation` writes them), and no
//! equality test on the rule set outside the rule sets' own files.

use std::fs;
use std::path::{Path, PathBuf};

/// What the core must not use, with the reason shown when it does.
const FORBIDDEN: &[(&str, &str)] = &[
    ("std::env", "reads the environment"),
    ("env::var", "reads the environment"),
    ("Instant", "reads a clock (inject a clock instead)"),
    ("SystemTime", "reads a clock (inject a clock instead)"),
    ("std::fs", "touches the file system"),
    ("std::thread", "starts or sleeps a thread"),
    ("println!", "prints"),
    ("eprintln!", "prints"),
    ("print!(", "prints"),
    ("dbg!(", "prints"),
];

/// Files of the native layer, which may do all of the above.
fn is_native_layer(path: &Path, src: &Path) -> bool {
    let relative = path.strip_prefix(src).expect("under src");
    relative.starts_with("bin")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("readable source folder") {
        let path = entry.expect("readable entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The `src` folder and every Rust file under it, in order.
fn source_files() -> (PathBuf, Vec<PathBuf>) {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files.sort();
    (src, files)
}

/// The code of a line without its `//` comment (a rough cut: good enough for source
/// where `//` inside a string literal does not precede a forbidden name).
fn code_of(line: &str) -> &str {
    line.find("//").map_or(line, |at| &line[..at])
}

fn violations_in(path: &Path, text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let code = code_of(line);
        for (name, reason) in FORBIDDEN {
            if code.contains(name) {
                found.push(format!(
                    "{}:{}: `{name}` {reason}: {}",
                    path.display(),
                    number + 1,
                    line.trim()
                ));
            }
        }
    }
    found
}

#[test]
fn the_core_reads_no_clock_environment_or_file_and_never_prints() {
    let (src, files) = source_files();
    let core: Vec<_> = files
        .iter()
        .filter(|path| !is_native_layer(path, &src))
        .collect();
    assert!(
        core.iter().any(|p| p.ends_with("search/mod.rs")),
        "the scan must cover the search"
    );
    let violations: Vec<String> = core
        .iter()
        .flat_map(|path| violations_in(path, &fs::read_to_string(path).expect("readable")))
        .collect();
    assert!(violations.is_empty(), "{}", violations.join("\n"));
}

#[test]
fn the_scan_catches_an_environment_look_up_and_ignores_comments() {
    let path = Path::new("src/search/example.rs");
    let code = "let on = std::env::var(\"DEBUG\").is_ok();\n// Instant is fine in a comment\n";
    let found = violations_in(path, code);
    assert_eq!(found.len(), 2, "{found:?}");
    assert!(found.iter().all(|v| v.contains(":1:")));
    assert!(violations_in(path, "let t = clock.now(); // not Instant::now()").is_empty());
}

// ---------------------------------------------------------------------------
// Layers: the rules core has no dependency cycles, and rule-set knowledge stays in
// the rule sets (moved here from tests/layers.rs to share `rust_files`).
// ---------------------------------------------------------------------------

/// The layers, lowest first: a module may use its own layer and the ones before it.
const LAYERS: &[&[&str]] = &[
    &["types", "shown"],
    &["bitboard"],
    &["attacks", "zobrist"],
    &["board"],
    &["moves"],
    &["setup"],
    &["accepted"],
    &["variant"],
    &["game", "clock"],
    &["movegen", "record"],
    &["variants"],
    &["notation"],
];

fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|layer| layer.contains(&module))
}

/// The module a source file belongs to (`src/variants/chess.rs` -> `variants`).
fn module_of(path: &Path, src: &Path) -> Option<String> {
    let relative = path.strip_prefix(src).ok()?;
    let first = relative.components().next()?.as_os_str().to_str()?;
    Some(first.trim_end_matches(".rs").to_string())
}

/// The `crate::<module>` names a line's code uses (comments, doc comments and doc
/// examples, which say `alfiere::`, are not code of the module).
fn crate_modules(line: &str) -> Vec<String> {
    let code = code_of(line);
    code.match_indices("crate::")
        .filter_map(|(at, _)| {
            let rest = &code[at + "crate::".len()..];
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            (!name.is_empty()).then_some(name)
        })
        .collect()
}

/// Items re-exported at the crate root, by the module that defines them.
fn root_item_module(name: &str) -> Option<&'static str> {
    match name {
        "Bitboard" => Some("bitboard"),
        "AcceptedProblems" | "ProblemKind" | "UnknownProblemKind" => Some("accepted"),
        "Board" | "BoardId" | "PlacedPiece" | "Placement" => Some("board"),
        "EndReason" | "Position" | "IllegalActionError" | "Outcome" | "Phase" | "TurnState" => {
            Some("game")
        }
        "Action" | "ActionList" => Some("moves"),
        "ExtraState" | "Hand" | "PositionError" | "PositionProblem" | "Setup" => Some("setup"),
        "ByColor" | "ByRole" | "CastlingSide" | "Color" | "File" | "Piece" | "Rank" | "Role"
        | "Square" => Some("types"),
        "Variant" | "UnknownVariantError" | "rule_set_registry" | "__variant_enum" => {
            Some("variant")
        }
        "Alice"
        | "Avalanche"
        | "Billiards"
        | "Chess"
        | "ChessGi"
        | "RacingKings"
        | "with_variant"
        | "__with_variant_arms" => Some("variants"),
        "Record" | "RecordError" => Some("record"),
        "TimeControl" | "TimeControlError" => Some("clock"),
        _ => None,
    }
}

#[test]
fn the_rules_core_has_no_dependency_cycles() {
    let (src, files) = source_files();
    let mut checked = 0;
    let mut violations = Vec::new();
    for path in &files {
        let Some(module) = module_of(path, &src) else {
            continue;
        };
        let Some(own) = layer_of(&module) else {
            continue;
        };
        checked += 1;
        let text = fs::read_to_string(path).expect("readable source file");
        for (number, line) in text.lines().enumerate() {
            for used in crate_modules(line) {
                let used = root_item_module(&used).map_or(used.clone(), str::to_string);
                if used == module {
                    continue;
                }
                let allowed = layer_of(&used).is_some_and(|layer| layer <= own);
                if !allowed {
                    violations.push(format!(
                        "{}:{}: `{module}` uses `{used}`: {}",
                        path.display(),
                        number + 1,
                        line.trim()
                    ));
                }
            }
        }
    }
    assert!(checked > 20, "{checked} files checked");
    assert!(violations.is_empty(), "{}", violations.join("\n"));
}

/// Rule-set knowledge lives in the rule set's own type (its `Position` constants, or
/// its `impl EngineRules` in `search/rule_sets.rs`), never in an equality test on the
/// rule set, which a new rule set would silently fall through.
#[test]
fn no_rule_set_equality_tests_outside_the_rule_sets() {
    let (src, files) = source_files();
    let mut found = Vec::new();
    for path in &files {
        if path.starts_with(src.join("variants")) {
            continue;
        }
        let text = fs::read_to_string(path).expect("readable source file");
        for (number, line) in text.lines().enumerate() {
            let code = code_of(line);
            if code.contains("VARIANT ==") || code.contains("VARIANT !=") {
                found.push(format!(
                    "{}:{}: {}",
                    path.display(),
                    number + 1,
                    line.trim()
                ));
            }
        }
    }
    assert!(files.len() > 50, "{} files", files.len());
    assert!(found.is_empty(), "{}", found.join("\n"));
}
