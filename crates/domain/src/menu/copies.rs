//! The copies of the catalogue that cannot import it, rendered from it and compared with the
//! files: the table of docs/menus.md and the console's ids and paths. A test fails when one
//! drifts; COFFER_BLESS=1 writes them instead.

use super::catalogue::{MenuEntry, FINANCIAL_GROUP, GENERAL_GROUP, MENUS, ROOT, TOKEN_DETAIL};
use super::{MenuId, MenuType};
use std::path::PathBuf;

const GENERATED: &str = "// Generated from crates/domain/src/menu/catalogue.rs by \
                         `COFFER_BLESS=1 cargo test -p coffer-domain menu`: do not edit.\n";
const TABLE_BEGIN: &str = "<!-- The table is generated from crates/domain/src/menu/catalogue.rs. -->\n";
const TABLE_END: &str = "<!-- End of the generated table. -->\n";

fn repo_file(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..").join(path)
}

/// Fails unless the file at `path` reads `expected` (written first under COFFER_BLESS=1).
fn check(path: &str, expected: &str) {
    let file = repo_file(path);
    if std::env::var_os("COFFER_BLESS").is_some() {
        std::fs::write(&file, expected).unwrap();
    }
    let actual = std::fs::read_to_string(&file).unwrap_or_default();
    assert!(
        actual == expected,
        "{path} differs from the menu catalogue; rerun with COFFER_BLESS=1 to rewrite it \
         and review the diff. Expected:\n{expected}"
    );
}

/// TOKEN_ADD -> tokenAdd.
fn console_key(name: &str) -> String {
    let mut key = String::new();
    for (i, word) in name.split('_').enumerate() {
        let word = word.to_ascii_lowercase();
        match i {
            0 => key.push_str(&word),
            _ => {
                key.push_str(&word[..1].to_ascii_uppercase());
                key.push_str(&word[1..]);
            }
        }
    }
    key
}

fn ts_object(name: &str, entries: impl Iterator<Item = (String, String)>) -> String {
    let mut out = format!("export const {name} = {{\n");
    for (key, value) in entries {
        out.push_str(&format!("  {key}: '{value}',\n"));
    }
    out + "} as const;\n"
}

fn ts_ids(ids: &[MenuId]) -> String {
    let ids: Vec<String> = ids.iter().map(|id| format!("'{id}'")).collect();
    format!("[{}]", ids.join(", "))
}

fn entry(id: MenuId) -> &'static MenuEntry {
    MENUS.iter().find(|m| m.id == id).unwrap()
}

fn permissions_ts() -> String {
    let buttons = MENUS
        .iter()
        .filter(|m| m.kind == MenuType::F && m.path.is_empty());
    let pages = MENUS
        .iter()
        .filter(|m| m.kind != MenuType::M && !m.path.is_empty());
    let key_and_id = |m: &MenuEntry| (console_key(m.name), m.id.to_string());
    format!(
        "{GENERATED}\n\
         // Permission buttons (menu type F) of docs/menus.md. A button shows iff roleList holds its id.\n\
         {}\n\
         /** Pages (and the flag granting the token-detail page), for screens that reuse a page's calls or link to it. */\n\
         {}",
        ts_object("PERMISSIONS", buttons.map(key_and_id)),
        ts_object("PAGES", pages.map(key_and_id)),
    )
}

fn catalogue_ts() -> String {
    let paths = MENUS.iter().filter(|m| !m.path.is_empty());
    let detail = entry(TOKEN_DETAIL);
    let [en, zh_cn, zh_hk] = detail.titles;
    format!(
        "{GENERATED}\n\
         // Every path of the menu catalogue (docs/menus.md). The server decides which of them a\n\
         // user gets; the console only needs the full list to tell \"a Coffer screen your role lacks\"\n\
         // (404 page) from \"a path that does not exist at all\" (redirect to /, spec section 2).\n\
         {}\n\
         export const CATALOGUE_PATHS: readonly string[] = Object.values(PATHS);\n\
         \n\
         /** Permission flag that grants the token-detail page (spec section 2). */\n\
         export const TOKEN_DETAIL_FLAG = '{}';\n\
         export const TOKEN_DETAIL_PATH = '{}';\n\
         export const TOKEN_DETAIL_TITLES = {{ en: '{en}', 'zh-CN': '{zh_cn}', 'zh-HK': '{zh_hk}' }};\n\
         \n\
         /** Sidebar groups by top-level menu id (spec section 2, Layout); everything else is \"system\". */\n\
         export const GENERAL_GROUP_IDS: readonly string[] = {};\n\
         export const FINANCIAL_GROUP_IDS: readonly string[] = {};\n",
        ts_object(
            "PATHS",
            paths.map(|m| (console_key(m.name), m.path.to_string()))
        ),
        detail.id,
        detail.path,
        ts_ids(GENERAL_GROUP),
        ts_ids(FINANCIAL_GROUP),
    )
}

/// docs/menus.md with its table rendered from the catalogue; the prose around it is kept.
fn menus_md(current: &str) -> String {
    let mut table = String::from(
        "| id | parent | type | path | icon | en | zh-CN | zh-HK |\n\
         | --- | --- | --- | --- | --- | --- | --- | --- |\n",
    );
    for m in MENUS {
        let [en, zh_cn, zh_hk] = m.titles;
        let id = m.id.to_string();
        let parent = m.parent.to_string();
        for cell in [&*id, &parent, m.kind.as_str(), m.path, m.icon, en, zh_cn, zh_hk] {
            table.push_str(if cell.is_empty() { "|" } else { "| " });
            table.push_str(cell);
            table.push(' ');
        }
        table.push_str("|\n");
    }
    let (before, rest) = current.split_once(TABLE_BEGIN).expect("the table's start marker");
    let (_, after) = rest.split_once(TABLE_END).expect("the table's end marker");
    format!("{before}{TABLE_BEGIN}{table}{TABLE_END}{after}")
}

#[test]
fn menu_catalogue_is_consistent() {
    let mut ids = std::collections::BTreeSet::new();
    for m in MENUS {
        assert!(ids.insert(m.id), "menu id {} declared twice", m.id);
        assert!(m.parent == ROOT || MENUS.iter().any(|p| p.id == m.parent));
        assert!(
            !m.path.is_empty() || m.kind == MenuType::F,
            "only a button has no path"
        );
    }
    for id in GENERAL_GROUP.iter().chain(FINANCIAL_GROUP) {
        assert_eq!(entry(*id).parent, ROOT, "a sidebar group holds top-level entries");
    }
}

#[test]
fn menu_titles_are_spaced_natively() {
    for m in MENUS {
        for title in &m.titles[1..] {
            let faults = crate::messages::chinese_spacing_faults(title);
            assert!(faults.is_empty(), "{}: {faults:?} in {title}", m.name);
        }
    }
}

#[test]
fn menu_catalogue_copies_are_current() {
    check("web/src/router/permissions.ts", &permissions_ts());
    check("web/src/router/catalogue.ts", &catalogue_ts());
    let doc = std::fs::read_to_string(repo_file("docs/menus.md")).unwrap();
    check("docs/menus.md", &menus_md(&doc));
}
