//! The portable core (rules, notation, evaluation, search, the JS API) must run the
//! same in wasm and natively, deterministically: it never reads a clock, the
//! environment, the file system or a thread, and never prints. Only the binaries under
//! `src/bin` may (the UCI session in `src/uci/` is part of the core: its clock is
//! injected). A forgotten debugging switch
//! that read an environment variable once per node once cost the search a quarter of
//! its speed; this test keeps such look-ups out.

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
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files.sort();
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
