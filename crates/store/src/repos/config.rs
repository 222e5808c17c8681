use coffer_domain::config::{ChainNode, ConfigVersion, MerchantSettings};
use coffer_domain::error::AppResult;
use coffer_domain::ports::{ConfigRepo, MerchantId};
use coffer_domain::AppError;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};
use std::collections::BTreeMap;

use super::config_version;
use super::query::set_column;
use crate::entities::{merchant, merchant_asset, public_config};
use crate::Store;

#[async_trait::async_trait]
impl ConfigRepo for Store {
    async fn public_values(&self, keys: &[String]) -> AppResult<BTreeMap<String, String>> {
        let rows = public_config::Entity::find()
            .filter(public_config::Column::Key.is_in(keys.iter().cloned()))
            .all(self.connection())
            .await?;
        Ok(rows.into_iter().map(|r| (r.key, r.value)).collect())
    }

    async fn chain_nodes(&self) -> AppResult<Vec<ChainNode>> {
        Ok(crate::catalogue::chain_nodes(self.connection()).await?)
    }

    async fn merchant_settings(&self, merchant_id: MerchantId) -> AppResult<MerchantSettings> {
        let m = merchant::Entity::find_by_id(merchant_id)
            .one(self.connection())
            .await?
            .ok_or_else(|| AppError::internal(format!("merchant {merchant_id} missing")))?;
        let assets = merchant_asset::Entity::find()
            .filter(merchant_asset::Column::MerchantId.eq(merchant_id))
            .filter(merchant_asset::Column::Status.eq(1))
            .all(self.connection())
            .await?;
        let mut enabled_chain_ids: Vec<i64> = assets.iter().map(|a| a.chain_id).collect();
        enabled_chain_ids.sort_unstable();
        enabled_chain_ids.dedup();
        Ok(MerchantSettings {
            time_zone: m.time_zone,
            multi_address_collect: m.multi_address_collect,
            // A chain is the merchant's when it has an enabled token on it.
            enabled_chain_ids,
        })
    }

    async fn set_time_zone(&self, merchant_id: MerchantId, time_zone: i32) -> AppResult<()> {
        use merchant::Column as M;
        let tx = self.begin_write().await?;
        set_column(&tx, M::TimeZone, M::Id, merchant_id, time_zone).await?;
        config_version::bump(&tx, merchant_id).await?;
        tx.commit().await?;
        Ok(())
    }

    async fn config_version(&self, merchant_id: MerchantId) -> AppResult<ConfigVersion> {
        Ok(config_version::read(self.connection(), merchant_id).await?)
    }

    async fn ping(&self) -> AppResult<()> {
        self.connection().execute_unprepared("SELECT 1").await?;
        Ok(())
    }
}
