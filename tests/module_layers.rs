//! The modules of `src/` form layers: no import cycle at any level of the tree (the
//! top-level modules among themselves, and the files of each folder among
//! themselves), and the evaluation never reaches into the search (the search builds
//! on the evaluation, never the reverse).
//!
//! The graph is drawn from the code's own paths: every `crate::…` and `super::…` path
//! (in `use` items and inline, `use` groups included), and `use child::…` of a module's
//! own children, in every file under `src/` except the binaries of `src/bin`, which use
//! the library as `alfiere::`. Comments and string literals are not code; `$crate::`
//! inside a macro's body is the caller's path, not the defining file's. A path to a
//! re-exported name (`crate::Chess`, `crate::eval::Geometry`) counts as a path to the
//! module that defines it. A file's paths to its own ancestors or descendants are the
//! tree itself, not arrows between rooms.
//!
//! An arrow from `a/x.rs` to `b/y.rs` is drawn at the level where the two paths part:
//! `eval/rules.rs` -> `search/rule_sets.rs` is the arrow `eval` -> `search` among the
//! top-level modules, `notation/pgn.rs` -> `notation/pgn_line.rs` is `pgn` -> `pgn_line`
//! among the files of `notation/`.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// A module's path from the crate root (`["eval", "rules"]`; the root is empty).
type ModPath = Vec<String>;

/// A `pub use` of a module: the module, the name it gives, the path it names.
type Reexport = (ModPath, String, Vec<String>);

/// One use of another module: where it is written and what it names.
#[derive(Debug, Clone)]
struct Use {
    file: String,
    line: usize,
    from: ModPath,
    /// The path as written, made absolute (`super` and `crate` resolved).
    path: Vec<String>,
}

// ---------------------------------------------------------------------------
// Reading the source: comments and literals out, then tokens.
// ---------------------------------------------------------------------------

/// `text` with comments, string and character literals blanked (newlines kept, so
/// line numbers stay).
fn code_only(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let blank = |c: char| if c == '\n' { '\n' } else { ' ' };
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                out.push(' ');
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    out.push_str("  ");
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    out.push_str("  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    out.push(blank(chars[i]));
                    i += 1;
                }
            }
        } else if c == 'r'
            && (next == Some('"') || next == Some('#'))
            && (i == 0 || !is_ident_char(chars[i - 1]))
        {
            // A raw string: r"…", r#"…"#.
            let mut hashes = 0;
            let mut j = i + 1;
            while chars.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if chars.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            j += 1;
            let closing: String = std::iter::once('"')
                .chain(std::iter::repeat_n('#', hashes))
                .collect();
            while j < chars.len() && !chars[j..].starts_with(&closing.chars().collect::<Vec<_>>()) {
                j += 1;
            }
            let end = (j + closing.len()).min(chars.len());
            out.extend(chars[i..end].iter().map(|&c| blank(c)));
            i = end;
        } else if c == '"' {
            let mut j = i + 1;
            while j < chars.len() && chars[j] != '"' {
                j += if chars[j] == '\\' { 2 } else { 1 };
            }
            let end = (j + 1).min(chars.len());
            out.extend(chars[i..end].iter().map(|&c| blank(c)));
            i = end;
        } else if c == '\'' {
            // A character literal ('x', '\n', '\u{..}'), or a lifetime ('a), left as is.
            let end = if next == Some('\\') {
                (i + 2..chars.len())
                    .find(|&j| chars[j] == '\'')
                    .map(|j| j + 1)
            } else if chars.get(i + 2) == Some(&'\'') {
                Some(i + 3)
            } else {
                None
            };
            match end {
                Some(end) => {
                    out.extend(chars[i..end].iter().map(|&c| blank(c)));
                    i = end;
                }
                None => {
                    out.push(c);
                    i += 1;
                }
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn is_ident_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

#[derive(Debug, Clone, PartialEq)]
struct Token {
    text: String,
    line: usize,
}

/// Identifiers, `::`, and single punctuation characters.
fn tokens(code: &str) -> Vec<Token> {
    let mut out = Vec::new();
    for (number, line) in code.lines().enumerate() {
        let chars: Vec<char> = line.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            if c.is_whitespace() {
                i += 1;
            } else if is_ident_char(c) {
                let start = i;
                while i < chars.len() && is_ident_char(chars[i]) {
                    i += 1;
                }
                out.push(Token {
                    text: chars[start..i].iter().collect(),
                    line: number + 1,
                });
            } else if c == ':' && chars.get(i + 1) == Some(&':') {
                out.push(Token {
                    text: "::".into(),
                    line: number + 1,
                });
                i += 2;
            } else {
                out.push(Token {
                    text: c.to_string(),
                    line: number + 1,
                });
                i += 1;
            }
        }
    }
    out
}

fn is_ident(token: &Token) -> bool {
    token
        .text
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
}

// ---------------------------------------------------------------------------
// Paths: every `crate::`/`super::`/`use child::` path of a file, made absolute.
// ---------------------------------------------------------------------------

/// The paths of a `use` tree or an inline path starting at `tokens[at]`, each with
/// its segments as written (`{a, b::c}` groups expanded); returns them and where the
/// path ends.
fn read_path(tokens: &[Token], mut at: usize, prefix: Vec<String>) -> (Vec<Vec<String>>, usize) {
    let mut segments = prefix;
    loop {
        let Some(token) = tokens.get(at) else {
            return (vec![segments], at);
        };
        if token.text == "{" {
            let mut all = Vec::new();
            at += 1;
            while tokens.get(at).is_some_and(|t| t.text != "}") {
                if tokens[at].text == "," {
                    at += 1;
                    continue;
                }
                let (paths, end) = read_path(tokens, at, segments.clone());
                all.extend(paths);
                at = end.max(at + 1);
                // Skip a rename (`x as y`) up to the next item of the group.
                while tokens
                    .get(at)
                    .is_some_and(|t| t.text != "," && t.text != "}")
                {
                    at += 1;
                }
            }
            return (all, at + 1);
        }
        if !is_ident(token) {
            return (vec![segments], at);
        }
        if token.text != "self" || segments.is_empty() {
            segments.push(token.text.clone());
        }
        at += 1;
        if tokens.get(at).is_some_and(|t| t.text == "::") {
            at += 1;
        } else {
            return (vec![segments], at);
        }
    }
}

/// `path` as written in module `here`, made absolute; `None` for an outside crate.
fn absolute(here: &[String], path: &[String], children: &BTreeSet<String>) -> Option<Vec<String>> {
    let mut base: Vec<String> = here.to_vec();
    let mut rest = path;
    match rest.first().map(String::as_str) {
        Some("crate") => {
            base.clear();
            rest = &rest[1..];
        }
        Some("super") => {
            while rest.first().is_some_and(|s| s == "super") {
                base.pop()?;
                rest = &rest[1..];
            }
        }
        Some("self") => rest = &rest[1..],
        Some(first) if children.contains(first) => {}
        _ => return None,
    }
    base.extend(rest.iter().cloned());
    Some(base)
}

/// The module path of a source file (`src/eval/mod.rs` -> `eval`).
fn module_of_file(relative: &Path) -> ModPath {
    let mut parts: Vec<String> = relative
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    let last = parts.pop().expect("a file name");
    let stem = last.trim_end_matches(".rs");
    if stem != "mod" && stem != "lib" {
        parts.push(stem.to_string());
    }
    parts
}

/// The paths one file uses, made absolute, with `pub use` re-exports it makes
/// (`(module, name)` -> the path it names).
fn uses_in(
    file: &str,
    module: &[String],
    text: &str,
    children: &BTreeSet<String>,
) -> (Vec<Use>, Vec<Reexport>) {
    let tokens = tokens(&code_only(text));
    let mut uses = Vec::new();
    let mut reexports = Vec::new();
    // The inline modules (`mod tests { … }`) open at each brace depth.
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    while i < tokens.len() {
        let text = tokens[i].text.as_str();
        let here: ModPath = module
            .iter()
            .cloned()
            .chain(inline.iter().map(|(name, _)| name.clone()))
            .collect();
        match text {
            "{" => depth += 1,
            "}" => {
                depth = depth.saturating_sub(1);
                if inline.last().is_some_and(|(_, d)| *d == depth) {
                    inline.pop();
                }
            }
            "mod"
                if tokens.get(i + 1).is_some_and(is_ident)
                    && tokens.get(i + 2).is_some_and(|t| t.text == "{") =>
            {
                inline.push((tokens[i + 1].text.clone(), depth));
                depth += 1;
                i += 3;
                continue;
            }
            _ => {}
        }
        let after_colons = i > 0 && tokens[i - 1].text == "::";
        let after_dollar = i > 0 && tokens[i - 1].text == "$";
        let starts_path = (text == "crate" || text == "super")
            && !after_colons
            && !after_dollar
            && tokens.get(i + 1).is_some_and(|t| t.text == "::");
        let is_use = text == "use";
        if starts_path || is_use {
            let start = if is_use { i + 1 } else { i };
            let (paths, end) = read_path(&tokens, start, Vec::new());
            let public =
                is_use && i > 0 && (tokens[i - 1].text == "pub" || tokens[i - 1].text == ")");
            let own_children = if inline.is_empty() {
                children.clone()
            } else {
                BTreeSet::new()
            };
            for path in paths {
                let Some(absolute) = absolute(&here, &path, &own_children) else {
                    continue;
                };
                if public {
                    if let Some(name) = absolute.last() {
                        let name = if tokens.get(end).is_some_and(|t| t.text == "as") {
                            tokens.get(end + 1).map_or(name.clone(), |t| t.text.clone())
                        } else {
                            name.clone()
                        };
                        reexports.push((here.clone(), name, absolute.clone()));
                    }
                }
                uses.push(Use {
                    file: file.to_string(),
                    line: tokens[i].line,
                    from: module.to_vec(),
                    path: absolute,
                });
            }
            i = end.max(i + 1);
            continue;
        }
        i += 1;
    }
    (uses, reexports)
}

/// `#[macro_export]` macros, which live at the crate root whatever file defines them.
fn exported_macros(text: &str) -> Vec<String> {
    let tokens = tokens(&code_only(text));
    let mut names = Vec::new();
    for (i, token) in tokens.iter().enumerate() {
        if token.text == "macro_export" {
            if let Some(at) = tokens[i..].iter().position(|t| t.text == "macro_rules") {
                if let Some(name) = tokens.get(i + at + 2) {
                    names.push(name.text.clone());
                }
            }
        }
    }
    names
}

// ---------------------------------------------------------------------------
// The graph.
// ---------------------------------------------------------------------------

/// The modules and the uses of a crate's sources.
struct Crate {
    modules: BTreeSet<ModPath>,
    uses: Vec<Use>,
    /// `(module, name)` -> the path a `pub use` there names.
    reexports: BTreeMap<(ModPath, String), Vec<String>>,
}

impl Crate {
    /// Reads `(path relative to src, text)` pairs.
    fn read(files: &[(PathBuf, String)]) -> Crate {
        let modules: BTreeSet<ModPath> =
            files.iter().map(|(path, _)| module_of_file(path)).collect();
        let mut uses = Vec::new();
        let mut reexports = BTreeMap::new();
        for (path, text) in files {
            let module = module_of_file(path);
            let children: BTreeSet<String> = modules
                .iter()
                .filter(|m| m.len() == module.len() + 1 && m.starts_with(&module))
                .map(|m| m.last().expect("a child").clone())
                .collect();
            let (found, exports) = uses_in(&path.display().to_string(), &module, text, &children);
            uses.extend(found);
            for (at, name, target) in exports {
                reexports.insert((at, name), target);
            }
            for name in exported_macros(text) {
                let mut target = module.clone();
                target.push(name.clone());
                reexports.insert((Vec::new(), name), target);
            }
        }
        Crate {
            modules,
            uses,
            reexports,
        }
    }

    /// The module that defines what `path` names: its longest prefix that is a
    /// module, followed through re-exports.
    fn target(&self, path: &[String]) -> ModPath {
        let mut path = path.to_vec();
        for _ in 0..8 {
            let length = (0..=path.len())
                .rev()
                .find(|&n| self.modules.contains(&path[..n]))
                .unwrap_or(0);
            let module = path[..length].to_vec();
            let Some(name) = path.get(length) else {
                return module;
            };
            match self.reexports.get(&(module.clone(), name.clone())) {
                Some(target) if target != &path[..=length] => {
                    let mut next = target.clone();
                    next.extend(path[length + 1..].iter().cloned());
                    path = next;
                }
                _ => return module,
            }
        }
        path
    }

    /// Every arrow `(scope, from, to)` with the uses that draw it: `from` and `to` are
    /// two children of the module `scope`.
    fn arrows(&self) -> BTreeMap<(ModPath, String, String), Vec<&Use>> {
        let mut arrows: BTreeMap<_, Vec<&Use>> = BTreeMap::new();
        for used in &self.uses {
            let to = self.target(&used.path);
            let from = &used.from;
            let common = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
            if common == from.len() || common == to.len() {
                continue; // an ancestor or a descendant: the tree itself
            }
            arrows
                .entry((
                    from[..common].to_vec(),
                    from[common].clone(),
                    to[common].clone(),
                ))
                .or_default()
                .push(used);
        }
        arrows
    }

    /// The import cycles, each as its arrows with one use that draws each.
    fn cycles(&self) -> Vec<String> {
        let arrows = self.arrows();
        let mut by_scope: BTreeMap<ModPath, BTreeMap<String, BTreeSet<String>>> = BTreeMap::new();
        for (scope, from, to) in arrows.keys() {
            by_scope
                .entry(scope.clone())
                .or_default()
                .entry(from.clone())
                .or_default()
                .insert(to.clone());
        }
        let mut found = Vec::new();
        for (scope, graph) in &by_scope {
            for component in strongly_connected(graph) {
                let folder = if scope.is_empty() {
                    "src/".to_string()
                } else {
                    format!("src/{}/", scope.join("/"))
                };
                let mut lines = vec![format!(
                    "a cycle among the modules of {folder}: {}",
                    component.iter().cloned().collect::<Vec<_>>().join(", ")
                )];
                for from in &component {
                    for to in graph.get(from).into_iter().flatten() {
                        if component.contains(to) {
                            let first = arrows[&(scope.clone(), from.clone(), to.clone())][0];
                            lines.push(format!(
                                "  {from} -> {to} ({}:{}: {})",
                                first.file,
                                first.line,
                                first.path.join("::")
                            ));
                        }
                    }
                }
                found.push(lines.join("\n"));
            }
        }
        found
    }
}

/// The strongly connected components of more than one node (Tarjan's algorithm).
fn strongly_connected(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<BTreeSet<String>> {
    struct State<'g> {
        graph: &'g BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'g str, usize>,
        low: BTreeMap<&'g str, usize>,
        stack: Vec<&'g str>,
        on_stack: BTreeSet<&'g str>,
        found: Vec<BTreeSet<String>>,
    }
    fn visit<'g>(state: &mut State<'g>, node: &'g str) {
        let n = state.index.len();
        state.index.insert(node, n);
        state.low.insert(node, n);
        state.stack.push(node);
        state.on_stack.insert(node);
        for next in state.graph.get(node).into_iter().flatten() {
            let next = next.as_str();
            if !state.index.contains_key(next) {
                visit(state, next);
                let low = state.low[node].min(state.low[next]);
                state.low.insert(node, low);
            } else if state.on_stack.contains(next) {
                let low = state.low[node].min(state.index[next]);
                state.low.insert(node, low);
            }
        }
        if state.low[node] == state.index[node] {
            let mut component = BTreeSet::new();
            while let Some(top) = state.stack.pop() {
                state.on_stack.remove(top);
                component.insert(top.to_string());
                if top == node {
                    break;
                }
            }
            if component.len() > 1 {
                state.found.push(component);
            }
        }
    }
    let mut state = State {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for node in graph.keys() {
        if !state.index.contains_key(node.as_str()) {
            visit(&mut state, node);
        }
    }
    state.found
}

// ---------------------------------------------------------------------------
// The sources of this crate.
// ---------------------------------------------------------------------------

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

/// The library's sources (not the binaries of `src/bin`), relative to `src/`: this
/// checkout's, or those of the `src` folder `MODULE_LAYERS_SRC` names (to run the check
/// on another tree, e.g. an older commit's `git archive`).
fn library() -> Crate {
    let src = std::env::var_os("MODULE_LAYERS_SRC").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        PathBuf::from,
    );
    let mut paths = Vec::new();
    rust_files(&src, &mut paths);
    paths.sort();
    let files: Vec<(PathBuf, String)> = paths
        .into_iter()
        .map(|path| {
            let text = fs::read_to_string(&path).expect("readable source file");
            (
                path.strip_prefix(&src).expect("under src").to_path_buf(),
                text,
            )
        })
        .filter(|(relative, _)| !relative.starts_with("bin"))
        .collect();
    Crate::read(&files)
}

#[test]
fn src_has_no_import_cycle_at_any_level() {
    let library = library();
    let arrows = library.arrows();
    assert!(
        arrows.len() > 100,
        "the scan must see the crate's arrows: {} found",
        arrows.len()
    );
    let root_arrow =
        |from: &str, to: &str| arrows.contains_key(&(Vec::new(), from.to_string(), to.to_string()));
    assert!(
        root_arrow("search", "eval"),
        "the scan must see search -> eval"
    );
    let cycles = library.cycles();
    assert!(cycles.is_empty(), "{}", cycles.join("\n"));
}

#[test]
fn the_evaluation_never_uses_the_search() {
    let library = library();
    let found: Vec<String> = library
        .uses
        .iter()
        .filter(|used| used.from.first().is_some_and(|m| m == "eval"))
        .filter(|used| {
            library
                .target(&used.path)
                .first()
                .is_some_and(|m| m == "search")
        })
        .map(|used| format!("{}:{}: {}", used.file, used.line, used.path.join("::")))
        .collect();
    assert!(
        found.is_empty(),
        "eval/ uses search/:\n{}",
        found.join("\n")
    );
}

// ---------------------------------------------------------------------------
// The scan itself, on made-up sources.
// ---------------------------------------------------------------------------

fn made_up(files: &[(&str, &str)]) -> Crate {
    let files: Vec<(PathBuf, String)> = files
        .iter()
        .map(|(path, text)| (PathBuf::from(path), text.to_string()))
        .collect();
    Crate::read(&files)
}

#[test]
fn the_scan_finds_a_cycle_through_groups_super_and_re_exports() {
    let source = made_up(&[
        ("lib.rs", "pub mod a;\npub mod b;\npub use a::Thing;\n"),
        ("a/mod.rs", "mod x;\nmod y;\npub use x::Thing;\n"),
        ("a/x.rs", "use super::y::Other;\npub struct Thing;\n"),
        ("a/y.rs", "pub struct Other;\nfn f() { let _ = super::x::Thing; }\n"),
        (
            "b.rs",
            "use crate::{Thing, a::{self}};\n// crate::nothing::here\nconst S: &str = \"crate::b::x\";\n",
        ),
    ]);
    let cycles = source.cycles();
    assert_eq!(cycles.len(), 1, "{cycles:?}");
    assert!(cycles[0].contains("src/a/: x, y"), "{}", cycles[0]);
    let arrows = source.arrows();
    // `crate::Thing` is `a::x::Thing`, re-exported twice.
    assert!(arrows.contains_key(&(vec![], "b".into(), "a".into())));
    assert_eq!(arrows.len(), 3, "{:?}", arrows.keys().collect::<Vec<_>>());
}

#[test]
fn the_scan_finds_a_cycle_among_top_level_modules_and_ignores_the_tree() {
    let source = made_up(&[
        ("lib.rs", "pub mod eval;\npub mod search;\n"),
        ("eval/mod.rs", "mod rules;\npub fn f() { rules::g() }\n"),
        (
            "eval/rules.rs",
            "pub fn g() { <G as crate::search::tables::Rules>::EVAL; super::f() }\n",
        ),
        ("search/mod.rs", "pub mod tables;\n"),
        (
            "search/tables.rs",
            "use crate::eval;\n#[cfg(test)]\nmod tests {\n    use super::super::tables;\n}\n",
        ),
    ]);
    let cycles = source.cycles();
    assert_eq!(cycles.len(), 1, "{cycles:?}");
    assert!(cycles[0].contains("src/: eval, search"), "{}", cycles[0]);
    assert!(cycles[0].contains("eval/rules.rs:1"), "{}", cycles[0]);
}

#[test]
fn the_scan_reads_macro_bodies_as_the_callers_and_literals_as_text() {
    let source = made_up(&[
        ("lib.rs", "pub mod a;\npub mod b;\n"),
        (
            "a.rs",
            "#[macro_export]\nmacro_rules! m { () => { $crate::b::f() } }\nconst C: char = '\"'; fn g<'a>() {}\n",
        ),
        ("b.rs", "pub fn f() { crate::m!() }\nconst R: &str = r#\"crate::a\"#;\n"),
    ]);
    let arrows = source.arrows();
    assert_eq!(
        arrows.keys().collect::<Vec<_>>(),
        vec![&(vec![], "b".to_string(), "a".to_string())]
    );
}
