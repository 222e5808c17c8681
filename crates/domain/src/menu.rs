//! Menus and permissions. A role is a set of menu ids; an action is allowed only when the
//! caller's role holds the action's menu id.

use std::collections::BTreeSet;

pub mod catalogue;
#[cfg(test)]
mod copies;

pub type MenuId = i64;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MenuType {
    /// A directory (a group of pages).
    M,
    /// A page.
    C,
    /// A permission button or flag.
    F,
}

impl MenuType {
    pub fn parse(s: &str) -> Option<MenuType> {
        match s {
            "M" => Some(MenuType::M),
            "C" => Some(MenuType::C),
            "F" => Some(MenuType::F),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            MenuType::M => "M",
            MenuType::C => "C",
            MenuType::F => "F",
        }
    }
}

#[derive(Debug, Clone)]
pub struct MenuTitles {
    pub en: String,
    pub zh_cn: String,
    pub zh_hk: String,
}

#[derive(Debug, Clone)]
pub struct MenuItem {
    pub menu_id: MenuId,
    pub parent_id: MenuId,
    pub path: String,
    pub menu_type: MenuType,
    pub menu_name_en: MenuTitles,
    pub icon: String,
    pub sort: i32,
}

/// What a signed-in user may do.
#[derive(Debug, Clone, Default)]
pub struct Permissions {
    menu_ids: BTreeSet<MenuId>,
}

impl Permissions {
    pub fn new(menu_ids: impl IntoIterator<Item = MenuId>) -> Self {
        Permissions {
            menu_ids: menu_ids.into_iter().collect(),
        }
    }

    pub fn allows(&self, menu_id: MenuId) -> bool {
        self.menu_ids.contains(&menu_id)
    }

    pub fn menu_ids(&self) -> impl Iterator<Item = MenuId> + '_ {
        self.menu_ids.iter().copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn permissions_allow_only_held_menu_ids() {
        let p = Permissions::new([1, 3, 301]);
        assert!(p.allows(301));
        assert!(!p.allows(302));
        assert!(!p.allows(catalogue::TOKEN_DETAIL));
    }
}
