//! Who may hand out which permissions. Nobody grants what they do not hold, only an admin
//! makes or changes an admin, and nobody changes their own role: a sub-account with one
//! management button cannot climb to more.

use crate::auth::AuthContext;
use crate::error::{AppError, AppResult};
use crate::menu::MenuId;
use crate::messages::MsgKey;
use crate::ports::{RoleRecord, UserRecord};
use crate::withdrawals::review::PASS_MENU;

/// The caller holds every one of `menu_ids` (an admin holds all).
fn holds_all(ctx: &AuthContext, menu_ids: &[MenuId]) -> bool {
    ctx.is_admin || menu_ids.iter().all(|id| ctx.permissions.allows(*id))
}

/// A role's permissions, to be given to someone: an account's role or a role's new menus.
pub fn may_grant_role(ctx: &AuthContext, role: &RoleRecord) -> AppResult<()> {
    if role.is_admin && !ctx.is_admin {
        return Err(AppError::Refused(MsgKey::AdminOnlyGrant));
    }
    may_grant_menus(ctx, &role.menu_ids)
}

pub fn may_grant_menus(ctx: &AuthContext, menu_ids: &[MenuId]) -> AppResult<()> {
    if !holds_all(ctx, menu_ids) {
        return Err(AppError::Refused(MsgKey::GrantBeyondOwn));
    }
    Ok(())
}

/// A role or an account the caller is about to change: not one stronger than the caller, so
/// nobody strips or rearranges what they could not have given.
pub fn may_change_holder_of(ctx: &AuthContext, role: &RoleRecord) -> AppResult<()> {
    if role.is_admin && !ctx.is_admin {
        return Err(AppError::Refused(MsgKey::AdminOnlyGrant));
    }
    if !holds_all(ctx, &role.menu_ids) {
        return Err(AppError::Refused(MsgKey::OutranksCaller));
    }
    Ok(())
}

/// Neither the role the caller is in nor the caller's own account's role.
pub fn not_own_role(me: &UserRecord, role_id: i64) -> AppResult<()> {
    if me.role_id == role_id {
        return Err(AppError::Refused(MsgKey::OwnRoleLocked));
    }
    Ok(())
}

/// An account's role is changed by someone else.
pub fn not_own_account(ctx: &AuthContext, target: &UserRecord) -> AppResult<()> {
    if target.id == ctx.user_id {
        return Err(AppError::Refused(MsgKey::OwnRoleLocked));
    }
    Ok(())
}

/// Whether moving from `before` to `after` gives the withdrawal-pass permission anew (which
/// starts the reviewer's cooling-off).
pub fn gains_pass(before: Option<&RoleRecord>, after: &RoleRecord) -> bool {
    let passes = |r: &RoleRecord| r.is_admin || r.menu_ids.contains(&PASS_MENU);
    passes(after) && !before.is_some_and(passes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::menu::Permissions;

    fn ctx(is_admin: bool, menus: &[MenuId]) -> AuthContext {
        AuthContext {
            session_id: 1,
            user_id: 1,
            merchant_id: 1,
            email: "a@b.co".into(),
            is_admin,
            permissions: Permissions::new(menus.iter().copied()),
        }
    }

    fn role(is_admin: bool, menus: &[MenuId]) -> RoleRecord {
        RoleRecord {
            id: 9,
            merchant_id: 1,
            name: "r".into(),
            is_admin,
            menu_ids: menus.to_vec(),
            user_count: 0,
        }
    }

    #[test]
    fn only_held_menus_and_only_admins_grant_admin() {
        let clerk = ctx(false, &[7, 702, 70201, 1]);
        assert!(may_grant_role(&clerk, &role(false, &[1, 702])).is_ok());
        assert!(matches!(
            may_grant_role(&clerk, &role(false, &[1, 40301])),
            Err(AppError::Refused(MsgKey::GrantBeyondOwn))
        ));
        assert!(matches!(
            may_grant_role(&clerk, &role(true, &[])),
            Err(AppError::Refused(MsgKey::AdminOnlyGrant))
        ));
        assert!(may_grant_role(&ctx(true, &[]), &role(true, &[])).is_ok());
    }

    #[test]
    fn pass_is_gained_only_when_new() {
        let plain = role(false, &[1]);
        let passer = role(false, &[4, 40301]);
        assert!(gains_pass(None, &passer));
        assert!(gains_pass(Some(&plain), &role(true, &[])));
        assert!(!gains_pass(Some(&passer), &role(true, &[])));
        assert!(!gains_pass(None, &plain));
    }
}
