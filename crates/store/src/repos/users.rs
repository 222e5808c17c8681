use coffer_domain::error::AppResult;
use coffer_domain::identity::Email;
use coffer_domain::menu::{MenuItem, MenuTitles, MenuType};
use coffer_domain::ports::{UserId, UserRecord, UserRepo};
use coffer_domain::AppError;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set};

use crate::entities::{app_user, menu, merchant, role, role_menu};
use crate::{db_error, Store};

fn menu_item(m: menu::Model) -> MenuItem {
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
    async fn user_record(&self, user: app_user::Model) -> AppResult<UserRecord> {
        let db = self.connection();
        let role = role::Entity::find_by_id(user.role_id)
            .one(db)
            .await
            .map_err(db_error)?;
        let merchant = merchant::Entity::find_by_id(user.merchant_id)
            .one(db)
            .await
            .map_err(db_error)?;
        let role_name = role
            .map(|r| r.name)
            .ok_or_else(|| AppError::internal("user without role"))?;
        Ok(UserRecord {
            id: user.id,
            merchant_id: user.merchant_id,
            email: user.email,
            username: user.username,
            mobile: user.mobile,
            password_hash: user.password_hash,
            role_id: user.role_id,
            role_name,
            status: user.status,
            superadmin: user.superadmin,
            google_bound: user.google_bound,
            merchant_active: merchant.is_some_and(|m| m.status == 1),
            created_at: user.created_at,
        })
    }
}

#[async_trait::async_trait]
impl UserRepo for Store {
    async fn find_by_email(&self, email: &Email) -> AppResult<Option<UserRecord>> {
        let found = app_user::Entity::find()
            .filter(app_user::Column::Email.eq(email.as_str()))
            .one(self.connection())
            .await
            .map_err(db_error)?;
        match found {
            Some(user) => Ok(Some(self.user_record(user).await?)),
            None => Ok(None),
        }
    }

    async fn find_by_id(&self, id: UserId) -> AppResult<Option<UserRecord>> {
        match app_user::Entity::find_by_id(id)
            .one(self.connection())
            .await
            .map_err(db_error)?
        {
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
        .await
        .map_err(db_error)?;
        Ok(())
    }

    async fn role_menus(&self, role_id: i64) -> AppResult<Vec<MenuItem>> {
        let db = self.connection();
        let role = role::Entity::find_by_id(role_id)
            .one(db)
            .await
            .map_err(db_error)?;
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
                .await
                .map_err(db_error)?;
            query = query.filter(menu::Column::Id.is_in(held));
        }
        let menus = query.all(db).await.map_err(db_error)?;
        Ok(menus.into_iter().map(menu_item).collect())
    }
}
