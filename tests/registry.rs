//! What is generated from the rule-set registry for the other layers, checked to be
//! current: the page's "How to play" text (`www/app/variant-help.js`, from each rule
//! set's `Position::HELP`). After changing a rule set's help, or adding a rule set,
//! rewrite it with `ALFIERE_WRITE_GENERATED=1 cargo test --test registry`.
//!
//! The TypeScript union of ids needs no file: the wasm build makes it from the
//! registry (`VARIANT_ID_TS`).

use alfiere::variants::VARIANT_ID_TS;
use alfiere::Variant;
use std::path::Path;

/// A JavaScript string literal in single quotes.
fn js_string(text: &str) -> String {
    let mut out = String::from("'");
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\'' => out.push_str("\\'"),
            '\n' => out.push_str("\\n"),
            c => out.push(c),
        }
    }
    out.push('\'');
    out
}

/// The module `www/app/variant-help.js`, from the registry.
fn variant_help_module() -> String {
    let mut out = String::from(
        "// Generated from the rule-set registry (each rule set's `HELP` in src/variants/) by\n\
         // `ALFIERE_WRITE_GENERATED=1 cargo test --test registry`; do not edit.\n\
         // One paragraph per rule set for the \"How to play\" panel.\n\n\
         export const VARIANT_HELP = {\n",
    );
    for variant in Variant::ALL {
        let id = variant.id();
        let key = if id.chars().all(|c| c.is_ascii_alphanumeric()) {
            id.to_string()
        } else {
            js_string(id)
        };
        out.push_str(&format!("  {key}: {},\n", js_string(variant.help())));
    }
    out.push_str("};\n");
    out
}

#[test]
fn the_page_help_is_generated_from_the_registry() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("www/app/variant-help.js");
    let wanted = variant_help_module();
    if std::env::var_os("ALFIERE_WRITE_GENERATED").is_some() {
        std::fs::write(&path, &wanted).unwrap();
    }
    let found = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        found == wanted,
        "{} is not what the registry makes: run ALFIERE_WRITE_GENERATED=1 cargo test --test registry",
        path.display()
    );
}

#[test]
fn every_rule_set_has_help_a_name_and_a_typescript_id() {
    for variant in Variant::ALL {
        assert!(variant.help().len() > 10, "{variant}");
        assert!(!variant.name().is_empty(), "{variant}");
        assert!(
            VARIANT_ID_TS.contains(&format!("'{}'", variant.id())),
            "{VARIANT_ID_TS}"
        );
        assert_eq!(Variant::from_name(variant.id()), Some(variant));
        assert_eq!(Variant::from_name(variant.name()), Some(variant));
    }
}
