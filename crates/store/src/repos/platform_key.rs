//! [`PlatformKeyRepo`]: the sealed key that signs callbacks.

use chrono::Utc;
use coffer_domain::error::AppResult;
use coffer_domain::ports::PlatformKeyRepo;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder, Set};

use super::query::insert_once;
use crate::entities::platform_key;
use crate::Store;

#[async_trait::async_trait]
impl PlatformKeyRepo for Store {
    async fn platform_key(&self) -> AppResult<Option<(String, String, String)>> {
        let row = platform_key::Entity::find()
            .filter(platform_key::Column::Active.eq(true))
            .order_by_desc(platform_key::Column::Id)
            .one(self.connection())
            .await?;
        Ok(row.map(|k| (k.kid, k.sealed_private, k.public_pem)))
    }

    async fn insert_platform_key(
        &self,
        kid: &str,
        sealed_private: &str,
        public_pem: &str,
    ) -> AppResult<bool> {
        let key = platform_key::ActiveModel {
            id: Set(1),
            kid: Set(kid.to_string()),
            sealed_private: Set(sealed_private.to_string()),
            public_pem: Set(public_pem.to_string()),
            active: Set(true),
            created_at: Set(Utc::now()),
        };
        Ok(insert_once(self.connection(), key, [platform_key::Column::Id]).await?)
    }
}
