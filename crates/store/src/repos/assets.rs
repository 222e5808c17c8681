//! [`AssetRepo`]: the tokens a merchant enabled, their collection and risk settings, and
//! their cold addresses (set by approved token requests, token_requests.rs).

use chrono::{DateTime, Utc};
use coffer_domain::error::AppResult;
use coffer_domain::messages::MsgKey;
use coffer_domain::ports::AssetStatus;
use coffer_domain::ports::{
    AssetRecord, AssetRepo, ColdAddressRecord, CollectSettings, MerchantId, PageRequest, Paged, RiskLimits,
};
use coffer_domain::AppError;
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, Set};

use super::config_version;
use super::query::{all_as, find_owned, merchant_rows_oldest_first, page_as};
use crate::entities::{cold_address, merchant_asset, Stored};
use crate::Store;

fn asset(m: merchant_asset::Model) -> AssetRecord {
    AssetRecord {
        id: m.id,
        merchant_id: m.merchant_id,
        chain_id: m.chain_id,
        token_id: m.token_id,
        status: m.status.0,
        payment_address: m.payment_address,
        collect: CollectSettings {
            auto_collect: m.auto_collect,
            collect_type: m.collect_type,
            start_time: m.start_time,
            interval_hours: m.interval_hours,
            min_collect_amount: m.min_collect_amount,
            min_split_amount: m.min_split_amount,
        },
        risk: RiskLimits {
            min_review_amount: m.min_review_amount,
            max_daily_count: m.max_daily_count,
            daily_limit: m.daily_limit,
        },
        created_at: m.created_at,
    }
}

fn cold(m: cold_address::Model) -> ColdAddressRecord {
    ColdAddressRecord {
        id: m.id,
        asset_id: m.asset_id,
        address: m.address,
        ratio: m.ratio,
        created_at: m.created_at,
    }
}

fn settings(a: &AssetRecord, model: &mut merchant_asset::ActiveModel) {
    model.payment_address = Set(a.payment_address.clone());
    model.auto_collect = Set(a.collect.auto_collect);
    model.collect_type = Set(a.collect.collect_type);
    model.start_time = Set(a.collect.start_time.clone());
    model.interval_hours = Set(a.collect.interval_hours);
    model.min_collect_amount = Set(a.collect.min_collect_amount.clone());
    model.min_split_amount = Set(a.collect.min_split_amount.clone());
    model.min_review_amount = Set(a.risk.min_review_amount.clone());
    model.max_daily_count = Set(a.risk.max_daily_count);
    model.daily_limit = Set(a.risk.daily_limit.clone());
}

#[async_trait::async_trait]
impl AssetRepo for Store {
    async fn assets(&self, merchant_id: MerchantId, chain_id: Option<i64>) -> AppResult<Vec<AssetRecord>> {
        let mut query = merchant_rows_oldest_first::<merchant_asset::Entity>(merchant_id);
        if let Some(chain_id) = chain_id {
            query = query.filter(merchant_asset::Column::ChainId.eq(chain_id));
        }
        all_as(self, query, asset).await
    }

    async fn asset(&self, merchant_id: MerchantId, id: i64) -> AppResult<Option<AssetRecord>> {
        let row = find_owned::<merchant_asset::Entity>(self, merchant_id, id).await?;
        Ok(row.map(asset))
    }

    async fn insert_asset(&self, a: &AssetRecord) -> AppResult<i64> {
        let mut model = merchant_asset::ActiveModel {
            merchant_id: Set(a.merchant_id),
            chain_id: Set(a.chain_id),
            token_id: Set(a.token_id),
            status: Set(Stored(a.status)),
            created_at: Set(a.created_at),
            updated_at: Set(a.created_at),
            ..Default::default()
        };
        settings(a, &mut model);
        // The merchant's chains in the home config follow its tokens.
        let tx = self.begin_write().await?;
        let id = match model.insert(&tx).await {
            Ok(row) => row.id,
            Err(err) => match err.sql_err() {
                Some(sea_orm::SqlErr::UniqueConstraintViolation(_)) => {
                    return Err(AppError::Invalid(MsgKey::TokenAdded))
                }
                _ => return Err(err.into()),
            },
        };
        config_version::bump(&tx, a.merchant_id).await?;
        tx.commit().await?;
        Ok(id)
    }

    async fn update_asset(&self, a: &AssetRecord, now: DateTime<Utc>) -> AppResult<bool> {
        let mut model = merchant_asset::ActiveModel {
            id: sea_orm::Unchanged(a.id),
            updated_at: Set(now),
            ..Default::default()
        };
        settings(a, &mut model);
        let result = merchant_asset::Entity::update_many()
            .set(model)
            .filter(merchant_asset::Column::Id.eq(a.id))
            .filter(merchant_asset::Column::MerchantId.eq(a.merchant_id))
            .exec(self.connection())
            .await?;
        Ok(result.rows_affected == 1)
    }

    async fn set_asset_status(
        &self,
        merchant_id: MerchantId,
        id: i64,
        status: AssetStatus,
    ) -> AppResult<bool> {
        let tx = self.begin_write().await?;
        let changed = merchant_asset::Entity::update_many()
            .col_expr(merchant_asset::Column::Status, Expr::value(Stored(status)))
            .filter(merchant_asset::Column::Id.eq(id))
            .filter(merchant_asset::Column::MerchantId.eq(merchant_id))
            .exec(&tx)
            .await?
            .rows_affected
            == 1;
        if changed {
            config_version::bump(&tx, merchant_id).await?;
        }
        tx.commit().await?;
        Ok(changed)
    }

    async fn page_cold_addresses(
        &self,
        merchant_id: MerchantId,
        asset_id: Option<i64>,
        page: PageRequest,
    ) -> AppResult<Paged<ColdAddressRecord>> {
        let mut query = cold_address::Entity::find()
            .filter(cold_address::Column::MerchantId.eq(merchant_id))
            .order_by_asc(cold_address::Column::AssetId)
            .order_by_asc(cold_address::Column::Id);
        if let Some(asset_id) = asset_id {
            query = query.filter(cold_address::Column::AssetId.eq(asset_id));
        }
        page_as(self, query, page, cold).await
    }

    async fn cold_addresses_of(&self, asset_ids: &[i64]) -> AppResult<Vec<ColdAddressRecord>> {
        let query = cold_address::Entity::find()
            .filter(cold_address::Column::AssetId.is_in(asset_ids.iter().copied()))
            .order_by_asc(cold_address::Column::Id);
        all_as(self, query, cold).await
    }
}
