//! Sub-accounts, roles and merchant settings, always within the caller's merchant. What one
//! may grant is decided in [`grants`]; accounts join by invitation ([`invite`]).

pub mod cooling;
pub mod grants;
pub mod invite;
pub mod names;

use std::sync::Arc;

use crate::auth::{AuthContext, AuthService};
use crate::codes::StoredCode;
use crate::error::{AppError, AppResult};
use crate::identity;
use crate::menu::{MenuId, MenuItem};
use crate::messages::MsgKey;
use crate::ports::{AccountStatus, PageRequest, Paged, Ports, RoleRecord, UserRecord};

/// An account's editable fields; `google_code` is checked when the role changes.
pub struct AccountEdit<'a> {
    pub id: i64,
    pub username: &'a str,
    pub role_id: i64,
    pub status: i32,
    pub google_code: &'a str,
}

pub struct AccessService {
    pub ports: Ports,
    /// The authenticator check, and the codes and mail of invitations.
    pub auth: Arc<AuthService>,
}

impl AccessService {
    pub async fn page_accounts(
        &self,
        ctx: &AuthContext,
        email: Option<&str>,
        page: PageRequest,
    ) -> AppResult<Paged<UserRecord>> {
        let email = email.map(str::trim).filter(|e| !e.is_empty());
        self.ports.access.page_users(ctx.merchant_id, email, page).await
    }

    /// Returns the account as it was before the change (for the operation log).
    pub async fn edit_account(&self, ctx: &AuthContext, edit: AccountEdit<'_>) -> AppResult<UserRecord> {
        let username = names::nickname(edit.username)?;
        let target = self.own_user(ctx, edit.id).await?;
        // An invited account stays invited until the invitee sets a password; others are
        // enabled or disabled.
        let invited = target.status == AccountStatus::Invited;
        let status = match AccountStatus::from_code(edit.status) {
            Some(chosen @ (AccountStatus::Disabled | AccountStatus::Enabled)) if !invited => chosen,
            _ if invited => AccountStatus::Invited,
            _ => return Err(AppError::Invalid(MsgKey::NoSuchRecord)),
        };
        let role = self.own_role(ctx, edit.role_id).await?;
        let role_changes = target.role_id != role.id;
        let access_changes = role_changes || target.status != status;
        if access_changes {
            let current = self.own_role(ctx, target.role_id).await?;
            if role_changes {
                grants::not_own_account(ctx, &target)?;
                grants::may_grant_role(ctx, &role)?;
            }
            grants::may_change_holder_of(ctx, &current)?;
            if target.id == ctx.user_id {
                return Err(AppError::ForbiddenSelf);
            }
            let stays_admin = role.is_admin && status != AccountStatus::Disabled;
            if !stays_admin {
                self.keep_an_admin(&target).await?;
            }
            if role_changes {
                self.auth.require_google(ctx, edit.google_code).await?;
                if grants::gains_pass(Some(&current), &role) {
                    self.ports
                        .access
                        .mark_pass_granted(target.id, self.ports.clock.now())
                        .await?;
                }
            }
        }
        self.ports
            .access
            .update_user(target.id, &username, role.id, status)
            .await?;
        if access_changes {
            self.ports.sessions.delete_user_sessions(target.id).await?;
        }
        Ok(target)
    }

    /// Returns the account's e-mail (for the operation log).
    pub async fn reset_account_password(
        &self,
        ctx: &AuthContext,
        id: i64,
        password: &str,
        verify: &str,
    ) -> AppResult<String> {
        identity::check_password_policy(password)?;
        if password != verify {
            return Err(AppError::Invalid(MsgKey::TwoPasswordInconsistent));
        }
        let target = self.own_user(ctx, id).await?;
        // Setting a stronger account's password would be a way into its permissions.
        grants::may_change_holder_of(ctx, &self.own_role(ctx, target.role_id).await?)?;
        self.ports
            .users
            .set_password_hash(target.id, &identity::hash_password(password)?)
            .await?;
        self.ports.sessions.delete_user_sessions(target.id).await?;
        Ok(target.email)
    }

    /// Returns the deleted account (for the operation log).
    pub async fn delete_account(&self, ctx: &AuthContext, id: i64) -> AppResult<UserRecord> {
        let target = self.own_user(ctx, id).await?;
        if target.id == ctx.user_id {
            return Err(AppError::ForbiddenSelf);
        }
        grants::may_change_holder_of(ctx, &self.own_role(ctx, target.role_id).await?)?;
        self.keep_an_admin(&target).await?;
        self.ports.sessions.delete_user_sessions(id).await?;
        self.ports.access.delete_user(id).await?;
        Ok(target)
    }

    pub async fn roles(&self, ctx: &AuthContext) -> AppResult<Paged<RoleRecord>> {
        let list = self.ports.roles.list_roles(ctx.merchant_id).await?;
        Ok(Paged {
            total: list.len() as u64,
            list,
        })
    }

    pub async fn menus(&self) -> AppResult<Vec<MenuItem>> {
        self.ports.roles.all_menus().await
    }

    /// Roles to choose from when adding or editing an account (menu 702, not 703).
    pub async fn role_options(&self, ctx: &AuthContext) -> AppResult<Vec<RoleRecord>> {
        self.ports.roles.list_roles(ctx.merchant_id).await
    }

    pub async fn add_role(
        &self,
        ctx: &AuthContext,
        name: &str,
        menu_ids: &[MenuId],
        google_code: &str,
    ) -> AppResult<i64> {
        let name = self.role_fields(ctx, None, name, menu_ids).await?;
        grants::may_grant_menus(ctx, menu_ids)?;
        self.auth.require_google(ctx, google_code).await?;
        self.ports
            .roles
            .create_role(ctx.merchant_id, &name, menu_ids)
            .await
    }

    /// Returns the role as it was before the change (for the operation log).
    pub async fn edit_role(
        &self,
        ctx: &AuthContext,
        id: i64,
        name: &str,
        menu_ids: &[MenuId],
        google_code: &str,
    ) -> AppResult<RoleRecord> {
        let role = self.own_role(ctx, id).await?;
        if role.is_admin {
            return Err(AppError::RoleInUse);
        }
        let name = self.role_fields(ctx, Some(id), name, menu_ids).await?;
        grants::not_own_role(&self.me(ctx).await?, role.id)?;
        grants::may_change_holder_of(ctx, &role)?;
        grants::may_grant_menus(ctx, menu_ids)?;
        self.auth.require_google(ctx, google_code).await?;
        let widened = RoleRecord {
            menu_ids: menu_ids.to_vec(),
            ..role.clone()
        };
        // Marked first: a crash in between starts a cooling-off for nothing, never skips one.
        if grants::gains_pass(Some(&role), &widened) {
            self.ports
                .access
                .mark_role_pass_granted(role.id, self.ports.clock.now())
                .await?;
        }
        self.ports.roles.update_role(id, &name, menu_ids).await?;
        Ok(role)
    }

    pub async fn delete_role(&self, ctx: &AuthContext, id: i64) -> AppResult<RoleRecord> {
        let role = self.own_role(ctx, id).await?;
        if role.is_admin || role.user_count > 0 {
            return Err(AppError::RoleInUse);
        }
        self.ports.roles.delete_role(id).await?;
        Ok(role)
    }

    /// The merchant's time zone (display and day boundaries); admins only.
    pub async fn set_time_zone(&self, ctx: &AuthContext, time_zone: i64) -> AppResult<()> {
        if !ctx.is_admin {
            return Err(AppError::Forbidden);
        }
        if !(-11..=13).contains(&time_zone) {
            return Err(AppError::Invalid(MsgKey::TimeZoneRange));
        }
        self.ports
            .config
            .set_time_zone(ctx.merchant_id, time_zone as i32)
            .await
    }

    /// A role name is unique within the merchant (case-insensitive) and reads unlike the
    /// others and "admin" (no look-alike in another script), so no role can pass itself off as
    /// another, the administrator role above all.
    async fn role_fields(
        &self,
        ctx: &AuthContext,
        id: Option<i64>,
        name: &str,
        menu_ids: &[MenuId],
    ) -> AppResult<String> {
        let name = names::role_name(name)?;
        let roles = self.ports.roles.list_roles(ctx.merchant_id).await?;
        let others: Vec<&str> = roles
            .iter()
            .filter(|r| Some(r.id) != id)
            .map(|r| r.name.as_str())
            .collect();
        if others
            .iter()
            .any(|other| other.to_lowercase() == name.to_lowercase())
        {
            return Err(AppError::Invalid(MsgKey::RoleNameTaken));
        }
        let mut compared = others.into_iter().chain([crate::ADMIN_ROLE]);
        if compared.any(|other| names::look_alike(&name, other)) {
            return Err(AppError::Invalid(MsgKey::RoleNameLookAlike));
        }
        let known = self.ports.roles.all_menus().await?;
        if menu_ids.iter().any(|id| !known.iter().any(|m| m.menu_id == *id)) {
            return Err(AppError::Invalid(MsgKey::UnknownMenu));
        }
        Ok(name)
    }

    /// The caller's own account.
    async fn me(&self, ctx: &AuthContext) -> AppResult<UserRecord> {
        self.ports
            .users
            .find_by_id(ctx.user_id)
            .await?
            .ok_or(AppError::SessionExpired)
    }

    /// Another merchant's record answers exactly as a missing one.
    async fn own_user(&self, ctx: &AuthContext, id: i64) -> AppResult<UserRecord> {
        match self.ports.users.find_by_id(id).await? {
            Some(user) if user.merchant_id == ctx.merchant_id => Ok(user),
            _ => Err(AppError::Invalid(MsgKey::NoSuchRecord)),
        }
    }

    async fn own_role(&self, ctx: &AuthContext, id: i64) -> AppResult<RoleRecord> {
        match self.ports.roles.find_role(id).await? {
            Some(role) if role.merchant_id == ctx.merchant_id => Ok(role),
            _ => Err(AppError::Invalid(MsgKey::NoSuchRecord)),
        }
    }

    /// Refuses to take away the merchant's last enabled admin.
    async fn keep_an_admin(&self, target: &UserRecord) -> AppResult<()> {
        let target_is_admin = target.role_is_admin && target.status == AccountStatus::Enabled;
        if target_is_admin && self.ports.access.count_enabled_admins(target.merchant_id).await? <= 1 {
            return Err(AppError::ForbiddenSelf);
        }
        Ok(())
    }
}
