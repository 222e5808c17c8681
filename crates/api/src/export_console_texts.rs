//! The exports write the console's texts: every label and column title of the exports equals
//! the console's text of the same key in `web/src/locales/{en,zh-CN,zh-HK}`.

use std::collections::HashMap;
use std::path::PathBuf;

use coffer_domain::Locale;

use crate::export_columns::all_titles;
use crate::export_labels::{all_labels, Label};

/// `key: 'text',` lines of one language's locale files (one-line texts only).
fn console_texts(language: &str) -> HashMap<String, String> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../web/src/locales")
        .join(language);
    let mut texts = HashMap::new();
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let source = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        for line in source.lines() {
            let Some((key, value)) = line.trim().split_once(": ") else {
                continue;
            };
            let value = value.trim_end_matches(',');
            let quoted = value.len() >= 2
                && (value.starts_with('\'') && value.ends_with('\'')
                    || value.starts_with('"') && value.ends_with('"'));
            if key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') && quoted {
                let text = value[1..value.len() - 1]
                    .replace("\\'", "'")
                    .replace("\\\"", "\"");
                texts.insert(key.to_string(), text);
            }
        }
    }
    texts
}

#[test]
fn every_export_text_is_the_consoles_text_of_its_key() {
    let labels: Vec<Label> = all_labels()
        .into_iter()
        .chain(all_titles())
        .chain(crate::collection_export::all_labels())
        .chain(crate::points_export::all_labels())
        .collect();
    assert!(labels.len() > 60, "the tables and titles are all here");
    for (language, locale) in [
        ("en", Locale::EnUs),
        ("zh-CN", Locale::ZhCn),
        ("zh-HK", Locale::ZhHk),
    ] {
        let console = console_texts(language);
        for label in &labels {
            assert_eq!(
                console.get(label.key).map(String::as_str),
                Some(label.text(locale)),
                "{language} {}",
                label.key
            );
        }
    }
}
