//! [`AccessRepo`]: a merchant's team accounts, their invitations and when each gained the
//! withdrawal-pass permission (roles are roles.rs).

use super::text_filter::contains_text;
use chrono::{DateTime, Utc};
use coffer_domain::error::AppResult;
use coffer_domain::menu::MenuId;
use coffer_domain::ports::AccountStatus;
use coffer_domain::ports::{AccessRepo, MerchantId, NewAccount, PageRequest, Paged, UserId, UserRecord};
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Set};

use crate::admin::{insert_user, NewUser};
use crate::entities::{app_user, role, role_menu, Stored};
use crate::{fetch_page, Store};

#[async_trait::async_trait]
impl AccessRepo for Store {
    async fn page_users(
        &self,
        merchant_id: MerchantId,
        email_contains: Option<&str>,
        page: PageRequest,
    ) -> AppResult<Paged<UserRecord>> {
        let mut query = app_user::Entity::find().filter(app_user::Column::MerchantId.eq(merchant_id));
        if let Some(text) = email_contains {
            query = query.filter(contains_text(app_user::Column::Email, &text.to_ascii_lowercase()));
        }
        let (rows, total) = fetch_page(self, query.order_by_asc(app_user::Column::Id), page).await?;
        let mut list = Vec::with_capacity(rows.len());
        for row in rows {
            list.push(self.user_record(row).await?);
        }
        Ok(Paged { list, total })
    }

    async fn create_user(&self, account: NewAccount<'_>) -> AppResult<UserId> {
        let txn = self.begin_write().await?;
        let user = NewUser {
            merchant_id: account.merchant_id,
            role_id: account.role_id,
            email: account.email,
            username: account.username,
            password_hash: account.password_hash.to_string(),
            superadmin: false,
        };
        let id = insert_user(&txn, user).await?;
        app_user::Entity::update_many()
            .col_expr(app_user::Column::Status, Stored(account.status).into())
            .col_expr(app_user::Column::PassGrantedAt, account.pass_granted_at.into())
            .filter(app_user::Column::Id.eq(id))
            .exec(&txn)
            .await?;
        txn.commit().await?;
        Ok(id)
    }

    async fn update_user(
        &self,
        id: UserId,
        username: &str,
        role_id: i64,
        status: AccountStatus,
    ) -> AppResult<()> {
        app_user::Entity::update(app_user::ActiveModel {
            id: Set(id),
            username: Set(username.to_string()),
            role_id: Set(role_id),
            status: Set(Stored(status)),
            ..Default::default()
        })
        .exec(self.connection())
        .await?;
        Ok(())
    }

    async fn delete_user(&self, id: UserId) -> AppResult<()> {
        app_user::Entity::delete_by_id(id).exec(self.connection()).await?;
        Ok(())
    }

    async fn count_enabled_admins(&self, merchant_id: MerchantId) -> AppResult<u64> {
        enabled_admins(self, merchant_id)
            .await?
            .count(self.connection())
            .await
            .map_err(Into::into)
    }

    async fn enabled_users_with_menu(
        &self,
        merchant_id: MerchantId,
        menu_id: MenuId,
    ) -> AppResult<Vec<UserId>> {
        let db = self.connection();
        let roles: Vec<(i64, bool)> = role::Entity::find()
            .select_only()
            .column(role::Column::Id)
            .column(role::Column::IsAdmin)
            .filter(role::Column::MerchantId.eq(merchant_id))
            .into_tuple()
            .all(db)
            .await?;
        let holding: Vec<i64> = role_menu::Entity::find()
            .select_only()
            .column(role_menu::Column::RoleId)
            .filter(role_menu::Column::MenuId.eq(menu_id))
            .filter(role_menu::Column::RoleId.is_in(roles.iter().map(|r| r.0)))
            .into_tuple()
            .all(db)
            .await?;
        let allowed = roles
            .iter()
            .filter(|(id, admin)| *admin || holding.contains(id))
            .map(|(id, _)| *id);
        app_user::Entity::find()
            .select_only()
            .column(app_user::Column::Id)
            .filter(app_user::Column::MerchantId.eq(merchant_id))
            .filter(app_user::Column::Status.eq(1))
            .filter(app_user::Column::RoleId.is_in(allowed))
            .into_tuple()
            .all(db)
            .await
            .map_err(Into::into)
    }

    async fn pass_granted_at(&self, id: UserId) -> AppResult<Option<DateTime<Utc>>> {
        let user = app_user::Entity::find_by_id(id).one(self.connection()).await?;
        Ok(user.and_then(|u| u.pass_granted_at))
    }

    async fn mark_pass_granted(&self, id: UserId, at: DateTime<Utc>) -> AppResult<()> {
        self.grant_pass(app_user::Column::Id.eq(id), at).await
    }

    async fn mark_role_pass_granted(&self, role_id: i64, at: DateTime<Utc>) -> AppResult<()> {
        self.grant_pass(app_user::Column::RoleId.eq(role_id), at).await
    }

    async fn accept_invitation(&self, id: UserId, password_hash: &str) -> AppResult<bool> {
        let done = app_user::Entity::update_many()
            .col_expr(app_user::Column::PasswordHash, password_hash.into())
            .col_expr(app_user::Column::Status, Stored(AccountStatus::Enabled).into())
            .filter(app_user::Column::Id.eq(id))
            .filter(app_user::Column::Status.eq(Stored(AccountStatus::Invited)))
            .exec(self.connection())
            .await?;
        Ok(done.rows_affected == 1)
    }
}

impl Store {
    /// Notes that the users `which` selects were granted the pass at `at`.
    async fn grant_pass(&self, which: sea_orm::sea_query::SimpleExpr, at: DateTime<Utc>) -> AppResult<()> {
        app_user::Entity::update_many()
            .col_expr(app_user::Column::PassGrantedAt, Some(at).into())
            .filter(which)
            .exec(self.connection())
            .await?;
        Ok(())
    }
}

/// The merchant's enabled users whose role is its admin role (the last-admin rule, the
/// low-balance notice's recipients).
pub(crate) async fn enabled_admins(
    store: &Store,
    merchant_id: MerchantId,
) -> AppResult<sea_orm::Select<app_user::Entity>> {
    let admin_roles: Vec<i64> = role::Entity::find()
        .select_only()
        .column(role::Column::Id)
        .filter(role::Column::MerchantId.eq(merchant_id))
        .filter(role::Column::IsAdmin.eq(true))
        .into_tuple()
        .all(store.connection())
        .await?;
    Ok(app_user::Entity::find()
        .filter(app_user::Column::MerchantId.eq(merchant_id))
        .filter(app_user::Column::Status.eq(Stored(AccountStatus::Enabled)))
        .filter(app_user::Column::RoleId.is_in(admin_roles)))
}
