//! [`RoleRepo`]: a merchant's roles and the menus (permissions) each holds.

use coffer_domain::error::AppResult;
use coffer_domain::menu::{MenuId, MenuItem};
use coffer_domain::ports::{MerchantId, RoleRecord, RoleRepo};
use coffer_domain::AppError;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder,
    QuerySelect, Set,
};

use super::query::merchant_rows_oldest_first;
use crate::entities::{app_user, menu, role, role_menu};
use crate::Store;

impl Store {
    async fn role_record(&self, role: role::Model) -> AppResult<RoleRecord> {
        let db = self.connection();
        let menu_ids: Vec<MenuId> = if role.is_admin {
            menu::Entity::find()
                .select_only()
                .column(menu::Column::Id)
                .into_tuple()
                .all(db)
                .await
        } else {
            role_menu::Entity::find()
                .select_only()
                .column(role_menu::Column::MenuId)
                .filter(role_menu::Column::RoleId.eq(role.id))
                .into_tuple()
                .all(db)
                .await
        }?;
        let user_count = app_user::Entity::find()
            .filter(app_user::Column::RoleId.eq(role.id))
            .count(db)
            .await?;
        Ok(RoleRecord {
            id: role.id,
            merchant_id: role.merchant_id,
            name: role.name,
            is_admin: role.is_admin,
            menu_ids,
            user_count,
        })
    }
}

async fn replace_role_menus(db: &impl ConnectionTrait, role_id: i64, menu_ids: &[MenuId]) -> AppResult<()> {
    role_menu::Entity::delete_many()
        .filter(role_menu::Column::RoleId.eq(role_id))
        .exec(db)
        .await?;
    let mut unique: Vec<MenuId> = menu_ids.to_vec();
    unique.sort_unstable();
    unique.dedup();
    for menu_id in unique {
        role_menu::ActiveModel {
            role_id: Set(role_id),
            menu_id: Set(menu_id),
        }
        .insert(db)
        .await?;
    }
    Ok(())
}

#[async_trait::async_trait]
impl RoleRepo for Store {
    async fn list_roles(&self, merchant_id: MerchantId) -> AppResult<Vec<RoleRecord>> {
        let roles = merchant_rows_oldest_first::<role::Entity>(merchant_id)
            .all(self.connection())
            .await?;
        let mut out = Vec::with_capacity(roles.len());
        for r in roles {
            out.push(self.role_record(r).await?);
        }
        Ok(out)
    }

    async fn find_role(&self, id: i64) -> AppResult<Option<RoleRecord>> {
        match role::Entity::find_by_id(id).one(self.connection()).await? {
            Some(r) => Ok(Some(self.role_record(r).await?)),
            None => Ok(None),
        }
    }

    async fn create_role(&self, merchant_id: MerchantId, name: &str, menu_ids: &[MenuId]) -> AppResult<i64> {
        let txn = self.begin_write().await?;
        let id = crate::admin::insert_role(&txn, merchant_id, name, false).await?;
        replace_role_menus(&txn, id, menu_ids).await?;
        txn.commit().await?;
        Ok(id)
    }

    async fn update_role(&self, id: i64, name: &str, menu_ids: &[MenuId]) -> AppResult<()> {
        let txn = self.begin_write().await?;
        role::Entity::update(role::ActiveModel {
            id: Set(id),
            name: Set(name.to_string()),
            ..Default::default()
        })
        .exec(&txn)
        .await?;
        replace_role_menus(&txn, id, menu_ids).await?;
        txn.commit().await?;
        Ok(())
    }

    async fn delete_role(&self, id: i64) -> AppResult<()> {
        let in_use = app_user::Entity::find()
            .filter(app_user::Column::RoleId.eq(id))
            .count(self.connection())
            .await;
        if in_use? > 0 {
            return Err(AppError::RoleInUse);
        }
        role::Entity::delete_by_id(id).exec(self.connection()).await?;
        Ok(())
    }

    async fn all_menus(&self) -> AppResult<Vec<MenuItem>> {
        let menus = menu::Entity::find()
            .order_by_asc(menu::Column::Sort)
            .all(self.connection())
            .await?;
        Ok(menus.into_iter().map(crate::repos::users::menu_item).collect())
    }
}
