//! What the operation log calls each audited route. Every line of the audited routing table
//! (`lib.rs`) names its action: the catalogue's button it performs (its titles are the menu
//! catalogue's, the single source), or one of the few calls no button stands for (the personal
//! centre, the callback test). Entries are stored by path and named when read, so older entries
//! are named too; a path no longer routed is shown as it was stored.

use coffer_domain::menu::catalogue::{MENUS, WITHDRAW_REVIEW_AGAIN};
use coffer_domain::menu::{MenuId, MenuTitles};

use crate::views::session::MenuTitlesView;

/// An audited call's action.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AuditAction {
    /// The catalogue's button (or page) whose permission the call needs.
    Button(MenuId),
    Named(NamedAction),
}

/// Calls no catalogue entry stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NamedAction {
    PasswordEdit,
    GoogleOffer,
    GoogleBind,
    GoogleUnbind,
    TimeZoneSet,
    CallbackTest,
}

impl NamedAction {
    /// A change to the caller's own account: the caller is its target.
    pub fn is_own(self) -> bool {
        !matches!(self, NamedAction::CallbackTest)
    }

    /// en, zh-CN, zh-HK.
    fn titles(self) -> [&'static str; 3] {
        match self {
            NamedAction::PasswordEdit => ["Change password", "修改密码", "修改密碼"],
            NamedAction::GoogleOffer => ["Get authenticator key", "获取谷歌验证密钥", "獲取谷歌驗證密鑰"],
            NamedAction::GoogleBind => ["Bind Google authenticator", "绑定谷歌验证器", "綁定谷歌驗證器"],
            NamedAction::GoogleUnbind => ["Unbind Google authenticator", "解绑谷歌验证器", "解綁谷歌驗證器"],
            NamedAction::TimeZoneSet => ["Set time zone", "设置时区", "設置時區"],
            NamedAction::CallbackTest => ["Send test callback", "发送测试回调", "發送測試回調"],
        }
    }
}

impl AuditAction {
    fn titles(self) -> Option<[&'static str; 3]> {
        match self {
            AuditAction::Button(id) => MENUS.iter().find(|m| m.id == id).map(|m| m.titles),
            AuditAction::Named(named) => Some(named.titles()),
        }
    }
}

/// The action of an audited route (its path as routed, e.g. `/api/partner/account/add`).
pub fn action_of(path: &str) -> Option<AuditAction> {
    crate::AUDITED_ACTIONS
        .iter()
        .find(|(routed, _)| *routed == path)
        .map(|(_, action)| *action)
}

/// en, zh-CN, zh-HK.
type Titles = [&'static str; 3];

/// A body field's value that decides a call's name.
#[derive(Debug, Clone, Copy)]
enum Decided {
    Number(i64),
    Flag(bool),
}

/// A decided call's name: its own words, or a catalogue button's.
#[derive(Debug, Clone, Copy)]
enum DecidedName {
    Words(Titles),
    Button(MenuId),
}

impl DecidedName {
    fn titles(self) -> Option<Titles> {
        match self {
            DecidedName::Words(titles) => Some(titles),
            DecidedName::Button(id) => AuditAction::Button(id).titles(),
        }
    }
}

const WITHDRAW_CHECK: &str = "/api/partner/withdraw/check";
const SET_COLLECT: &str = "/api/partner/energy/setCollect";
const SET_ENERGY_PAY: &str = "/api/partner/energy/setEnergyPay";
const SET_TRX_COLLECT: &str = "/api/partner/energy/setTrxCollect";

/// Calls named by what their (masked) body decided, not only by their button: the log says
/// "Reject withdrawal" and "Turn on “Collect with energy”" (the switch's words on the Energy
/// screen). (path, body field, its value, the name.)
const DECISIONS: [(&str, &str, Decided, DecidedName); 9] = [
    (
        WITHDRAW_CHECK,
        "action",
        Decided::Number(1),
        DecidedName::Words(["Pass withdrawal", "通过提现", "通過提現"]),
    ),
    (
        WITHDRAW_CHECK,
        "action",
        Decided::Number(2),
        DecidedName::Words(["Reject withdrawal", "驳回提现", "駁回提現"]),
    ),
    (
        WITHDRAW_CHECK,
        "action",
        Decided::Number(3),
        DecidedName::Button(WITHDRAW_REVIEW_AGAIN),
    ),
    (
        SET_COLLECT,
        "enabled",
        Decided::Flag(true),
        DecidedName::Words([
            "Turn on “Collect with energy”",
            "开启“使用能量归集”",
            "開啟「使用能量歸集」",
        ]),
    ),
    (
        SET_COLLECT,
        "enabled",
        Decided::Flag(false),
        DecidedName::Words([
            "Turn off “Collect with energy”",
            "关闭“使用能量归集”",
            "關閉「使用能量歸集」",
        ]),
    ),
    (
        SET_ENERGY_PAY,
        "enabled",
        Decided::Flag(true),
        DecidedName::Words([
            "Turn on “Pay energy with TRX points”",
            "开启“用 TRX 点数支付能量”",
            "開啟「用 TRX 點數支付能量」",
        ]),
    ),
    (
        SET_ENERGY_PAY,
        "enabled",
        Decided::Flag(false),
        DecidedName::Words([
            "Turn off “Pay energy with TRX points”",
            "关闭“用 TRX 点数支付能量”",
            "關閉「用 TRX 點數支付能量」",
        ]),
    ),
    (
        SET_TRX_COLLECT,
        "enabled",
        Decided::Flag(true),
        DecidedName::Words([
            "Turn on “Collect the remaining TRX”",
            "开启“归集剩余 TRX”",
            "開啟「歸集剩餘 TRX」",
        ]),
    ),
    (
        SET_TRX_COLLECT,
        "enabled",
        Decided::Flag(false),
        DecidedName::Words([
            "Turn off “Collect the remaining TRX”",
            "关闭“归集剩余 TRX”",
            "關閉「歸集剩餘 TRX」",
        ]),
    ),
];

/// The name the body of a call to `path` decided, if it is one of [`DECISIONS`].
fn decided_titles(path: &str, after: &str) -> Option<Titles> {
    if !DECISIONS.iter().any(|(p, ..)| *p == path) {
        return None;
    }
    let body: serde_json::Value = serde_json::from_str(after).ok()?;
    DECISIONS
        .iter()
        .filter(|(p, ..)| *p == path)
        .find(|(_, field, value, _)| match (value, body.get(*field)) {
            (Decided::Number(n), Some(v)) => v.as_i64() == Some(*n),
            (Decided::Flag(b), Some(v)) => v.as_bool() == Some(*b),
            (_, None) => false,
        })
        .and_then(|(.., name)| name.titles())
}

/// The action's name in the three languages, for an entry's stored path and body (a review
/// named by its decision, a switch by the way it was turned); `None` for a path no longer
/// routed.
pub fn action_titles(path: &str, after: &str) -> Option<MenuTitlesView> {
    let decided = decided_titles(path, after);
    let [en, zh_cn, zh_hk] = match decided {
        Some(titles) => titles,
        None => action_of(path)?.titles()?,
    };
    Some(
        MenuTitles {
            en: en.into(),
            zh_cn: zh_cn.into(),
            zh_hk: zh_hk.into(),
        }
        .into(),
    )
}

/// The audited paths whose action's name, in any language, contains `text` (any case): a
/// reader filters by the names the console shows.
pub fn paths_named(text: &str) -> Vec<String> {
    let wanted = text.trim().to_lowercase();
    if wanted.is_empty() {
        return Vec::new();
    }
    crate::AUDITED_ACTIONS
        .iter()
        .filter(|(path, action)| {
            // The button's name, or any name a body can decide for the path.
            let decided = DECISIONS
                .iter()
                .filter(|(p, ..)| p == path)
                .filter_map(|(.., name)| name.titles());
            action
                .titles()
                .into_iter()
                .chain(decided)
                .any(|titles| titles.iter().any(|t| t.to_lowercase().contains(&wanted)))
        })
        .map(|(path, _)| path.to_string())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::AUDITED_ACTIONS;
    use std::collections::HashSet;

    #[test]
    fn every_audited_route_has_a_named_action_once() {
        let mut seen = HashSet::new();
        for (path, action) in AUDITED_ACTIONS {
            assert!(seen.insert(*path), "{path} is listed twice");
            assert!(
                action.titles().is_some(),
                "{path}: {action:?} is not in the catalogue"
            );
        }
    }

    #[test]
    fn names_come_from_the_catalogue_and_unknown_paths_have_none() {
        let titles = action_titles("/api/partner/account/add", "").unwrap();
        assert_eq!(
            (titles.en.as_str(), titles.zh_cn.as_str()),
            ("Add account", "新增账户")
        );
        assert_eq!(
            action_titles("/api/partner/password/edit", "").unwrap().zh_hk,
            "修改密碼"
        );
        assert!(action_titles("/api/partner/retired/call", "").is_none());
    }

    #[test]
    fn a_review_is_named_by_its_decision() {
        let named = |after: &str| action_titles(WITHDRAW_CHECK, after).unwrap().en;
        assert_eq!(
            named(r#"{"ids":[4],"action":1,"googleCode":"***"}"#),
            "Pass withdrawal"
        );
        assert_eq!(
            named(r#"{"ids":[4],"action":2,"reason":"x"}"#),
            "Reject withdrawal"
        );
        assert_eq!(named(r#"{"ids":[4],"action":3}"#), "Review withdrawal again");
        // A body it cannot read: the button's name.
        assert_eq!(named("not json"), "Pass or reject withdrawal");
        let zh = action_titles(WITHDRAW_CHECK, r#"{"action":2}"#).unwrap();
        assert_eq!((zh.zh_cn.as_str(), zh.zh_hk.as_str()), ("驳回提现", "駁回提現"));
    }

    #[test]
    fn a_switch_is_named_by_the_way_it_was_turned() {
        let named = |path: &str, after: &str| action_titles(path, after).unwrap();
        let on = named(
            "/api/partner/energy/setEnergyPay",
            r#"{"enabled":true,"googleCode":"***"}"#,
        );
        assert_eq!(on.en, "Turn on “Pay energy with TRX points”");
        assert_eq!(on.zh_cn, "开启“用 TRX 点数支付能量”");
        let off = named("/api/partner/energy/setTrxCollect", r#"{"enabled":false}"#);
        assert_eq!(
            (off.en.as_str(), off.zh_hk.as_str()),
            ("Turn off “Collect the remaining TRX”", "關閉「歸集剩餘 TRX」")
        );
        // A refused call whose body had no switch position: the button's name.
        assert_eq!(
            named("/api/partner/energy/setCollect", r#"{"googleCode":"***"}"#).en,
            "Smart collection"
        );
    }

    #[test]
    fn names_select_their_paths_in_any_language_and_case() {
        let paths = paths_named("delete ACCOUNT");
        assert_eq!(paths, vec!["/api/partner/account/delete"]);
        let mut password = paths_named("修改密碼");
        password.sort();
        assert_eq!(
            password,
            vec!["/admin/user/password/edit", "/api/partner/password/edit"]
        );
        // A name a body decides finds its path too (the log shows it, so a reader types it).
        assert_eq!(paths_named("pass withdrawal"), vec![WITHDRAW_CHECK]);
        assert_eq!(paths_named("用 TRX 点数支付能量"), vec![SET_ENERGY_PAY]);
        assert!(paths_named("  ").is_empty());
        assert!(paths_named("no such action").is_empty());
    }
}
