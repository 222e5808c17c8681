//! The signed-in user's session, its menus, and the authenticator offer (spec section 3).

use coffer_domain::auth::UserSession;
use coffer_domain::codes::StoredCode;
use coffer_domain::google::TotpOffer;
use coffer_domain::menu::{MenuItem, MenuTitles};
use serde::Serialize;

use super::{listed, time};

#[derive(Debug, Clone, Serialize)]
pub struct MenuTitlesView {
    pub en: String,
    #[serde(rename = "zh-CN")]
    pub zh_cn: String,
    #[serde(rename = "zh-HK")]
    pub zh_hk: String,
}

impl From<MenuTitles> for MenuTitlesView {
    fn from(t: MenuTitles) -> Self {
        MenuTitlesView {
            en: t.en,
            zh_cn: t.zh_cn,
            zh_hk: t.zh_hk,
        }
    }
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MenuItemView {
    pub menu_id: i64,
    pub parent_id: i64,
    pub path: String,
    /// "M" directory, "C" page, "F" button.
    pub menu_type: &'static str,
    pub menu_name_en: MenuTitlesView,
    pub icon: String,
    pub sort: i32,
}

impl From<MenuItem> for MenuItemView {
    fn from(m: MenuItem) -> Self {
        MenuItemView {
            menu_id: m.menu_id,
            parent_id: m.parent_id,
            path: m.path,
            menu_type: m.menu_type.as_str(),
            menu_name_en: m.menu_name_en.into(),
            icon: m.icon,
            sort: m.sort,
        }
    }
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RoleEntryView {
    pub menu_id: i64,
}

#[derive(Debug, Clone, Serialize)]
pub struct UserSessionView {
    pub id: i64,
    pub username: String,
    pub role: String,
    #[serde(rename = "sessionCode", skip_serializing_if = "Option::is_none")]
    pub session_code: Option<String>,
    #[serde(rename = "menuList")]
    pub menu_list: Vec<MenuItemView>,
    #[serde(rename = "roleList")]
    pub role_list: Vec<RoleEntryView>,
    pub useremail: String,
    pub usermobile: String,
    pub createtime: String,
    pub superadmin: bool,
    /// The user's role is the merchant's administrator role.
    #[serde(rename = "isAdmin")]
    pub is_admin: bool,
    #[serde(rename = "userStatus")]
    pub user_status: i32,
    #[serde(rename = "bindGoogle")]
    pub bind_google: bool,
}

impl From<UserSession> for UserSessionView {
    fn from(s: UserSession) -> Self {
        let role_list = s
            .menus
            .iter()
            .map(|m| RoleEntryView { menu_id: m.menu_id })
            .collect();
        UserSessionView {
            id: s.id,
            username: s.username,
            role: s.role,
            session_code: s.session_code,
            menu_list: listed(s.menus),
            role_list,
            useremail: s.email,
            usermobile: s.mobile,
            createtime: time(s.created_at),
            superadmin: s.superadmin,
            is_admin: s.is_admin,
            user_status: s.status.code(),
            bind_google: s.bind_google,
        }
    }
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TotpOfferView {
    pub secret: String,
    pub otpauth_uri: String,
    pub account: String,
    pub issuer: String,
}

impl From<TotpOffer> for TotpOfferView {
    fn from(o: TotpOffer) -> Self {
        TotpOfferView {
            secret: o.secret,
            otpauth_uri: o.otpauth_uri,
            account: o.account,
            issuer: o.issuer,
        }
    }
}
