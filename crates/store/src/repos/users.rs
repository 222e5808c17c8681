use chrono::{DateTime, Utc};
use coffer_domain::error::AppResult;
use coffer_domain::identity::Email;
use coffer_domain::menu::{MenuItem, MenuTitles, MenuType};
use coffer_domain::ports::{LoginFailures, MerchantStatus, UserId, UserRecord, UserRepo};
use coffer_domain::AppError;
use coffer_domain::ADMIN_ROLE;
use sea_orm::sea_query::Expr;
use sea_orm::ActiveModelTrait;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set};

use crate::entities::{app_user, menu, merchant, role, role_menu, Stored};
use crate::Store;

pub(crate) fn menu_item(m: menu::Model) -> MenuItem {
    MenuItem {
        menu_id: m.id,
        parent_id: m.parent_id,
        path: m.path,
        // The catalogue only holds M, C and F; anything else is a corrupt row shown as a page.
        menu_type: MenuType::parse(&m.menu_type).unwrap_or(MenuType::C),
        menu_name_en: MenuTitles {
            en: m.title_en,
            zh_cn: m.title_zh_cn,
            zh_hk: m.title_zh_hk,
        },
        icon: m.icon,
        sort: m.sort,
    }
}

impl Store {
    pub(crate) async fn user_record(&self, user: app_user::Model) -> AppResult<UserRecord> {
        let db = self.connection();
        let role = role::Entity::find_by_id(user.role_id).one(db).await?;
        let merchant = merchant::Entity::find_by_id(user.merchant_id).one(db).await?;
        let role = role.ok_or_else(|| AppError::internal("user without role"))?;
        Ok(UserRecord {
            id: user.id,
            merchant_id: user.merchant_id,
            email: user.email,
            username: user.username,
            mobile: user.mobile,
            password_hash: user.password_hash,
            role_id: user.role_id,
            role_name: role.name,
            role_is_admin: role.is_admin,
            status: user.status.0,
            superadmin: user.superadmin,
            merchant_status: merchant.map_or(MerchantStatus::Disabled, |m| m.status.0),
            created_at: user.created_at,
            failed_logins: user.failed_logins,
            first_failed_at: user.first_failed_at,
            locked_until: user.locked_until,
            totp_secret: user.totp_secret,
            totp_pending: user.totp_pending,
            last_login_at: user.last_login_at,
        })
    }
}

#[async_trait::async_trait]
impl UserRepo for Store {
    async fn find_by_email(&self, email: &Email) -> AppResult<Option<UserRecord>> {
        let found = app_user::Entity::find()
            .filter(app_user::Column::Email.eq(email.as_str()))
            .one(self.connection())
            .await?;
        match found {
            Some(user) => Ok(Some(self.user_record(user).await?)),
            None => Ok(None),
        }
    }

    async fn find_by_id(&self, id: UserId) -> AppResult<Option<UserRecord>> {
        match app_user::Entity::find_by_id(id).one(self.connection()).await? {
            Some(user) => Ok(Some(self.user_record(user).await?)),
            None => Ok(None),
        }
    }

    async fn set_password_hash(&self, id: UserId, hash: &str) -> AppResult<()> {
        app_user::Entity::update(app_user::ActiveModel {
            id: Set(id),
            password_hash: Set(hash.to_string()),
            ..Default::default()
        })
        .exec(self.connection())
        .await?;
        Ok(())
    }

    async fn role_menus(&self, role_id: i64) -> AppResult<Vec<MenuItem>> {
        let db = self.connection();
        let role = role::Entity::find_by_id(role_id).one(db).await?;
        let Some(role) = role else { return Ok(Vec::new()) };
        let mut query = menu::Entity::find().order_by_asc(menu::Column::Sort);
        // An admin role holds every menu, including ones added after it was created.
        if !role.is_admin {
            let held: Vec<i64> = role_menu::Entity::find()
                .select_only()
                .column(role_menu::Column::MenuId)
                .filter(role_menu::Column::RoleId.eq(role.id))
                .into_tuple()
                .all(db)
                .await?;
            query = query.filter(menu::Column::Id.is_in(held));
        }
        let menus = query.all(db).await?;
        Ok(menus.into_iter().map(menu_item).collect())
    }

    async fn register_merchant(
        &self,
        email: &Email,
        password_hash: &str,
        at: DateTime<Utc>,
    ) -> AppResult<UserId> {
        let txn = self.begin_write().await?;
        let merchant = merchant::ActiveModel {
            name: Set(email.as_str().into()),
            status: Set(Stored(MerchantStatus::Pending)),
            time_zone: Set(8),
            multi_address_collect: Set(false),
            created_at: Set(at),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
        let role = crate::admin::insert_role(&txn, merchant.id, ADMIN_ROLE, true).await?;
        let username = email.as_str().split('@').next().unwrap_or_default().to_string();
        let user = crate::admin::NewUser {
            merchant_id: merchant.id,
            role_id: role,
            email,
            username: &username,
            password_hash: password_hash.to_string(),
            superadmin: true,
        };
        let id = crate::admin::insert_user(&txn, user).await?;
        txn.commit().await?;
        Ok(id)
    }

    async fn save_login_failures(&self, id: UserId, failures: LoginFailures) -> AppResult<()> {
        self.update_user_columns(
            id,
            app_user::ActiveModel {
                failed_logins: Set(failures.count),
                first_failed_at: Set(failures.first_at),
                locked_until: Set(failures.locked_until),
                ..Default::default()
            },
        )
        .await
    }

    async fn record_login_success(&self, id: UserId, at: DateTime<Utc>) -> AppResult<()> {
        self.update_user_columns(
            id,
            app_user::ActiveModel {
                failed_logins: Set(0),
                first_failed_at: Set(None),
                locked_until: Set(None),
                last_login_at: Set(Some(at)),
                ..Default::default()
            },
        )
        .await
    }

    async fn set_totp_pending(&self, id: UserId, sealed: Option<String>) -> AppResult<()> {
        self.update_user_columns(
            id,
            app_user::ActiveModel {
                totp_pending: Set(sealed),
                ..Default::default()
            },
        )
        .await
    }

    async fn set_totp_secret(&self, id: UserId, sealed: Option<String>) -> AppResult<()> {
        let changes = app_user::ActiveModel {
            totp_secret: Set(sealed),
            totp_pending: Set(None),
            ..Default::default()
        };
        self.update_user_columns(id, changes).await
    }

    async fn claim_totp_step(&self, id: UserId, step: i64) -> AppResult<bool> {
        // Conditional update: a step, or an earlier one, is accepted at most once.
        let result = app_user::Entity::update_many()
            .col_expr(app_user::Column::TotpLastStep, Expr::value(step))
            .filter(app_user::Column::Id.eq(id))
            .filter(app_user::Column::TotpLastStep.lt(step))
            .exec(self.connection())
            .await?;
        Ok(result.rows_affected == 1)
    }
}

impl Store {
    async fn update_user_columns(&self, id: UserId, mut changes: app_user::ActiveModel) -> AppResult<()> {
        changes.id = Set(id);
        app_user::Entity::update(changes).exec(self.connection()).await?;
        Ok(())
    }
}
