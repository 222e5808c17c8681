//! [`WalletRepo`]: assets, cold addresses and token requests here; addresses and hot wallets
//! in wallets.rs.

use chrono::{DateTime, Utc};
use coffer_domain::error::AppResult;
use coffer_domain::messages::MsgKey;
use coffer_domain::ports::{
    AddressFilter, ApplyStatus, AssetRecord, ColdAddress, ColdAddressRecord, CollectSettings,
    DepositAddressRecord, HotWalletRecord, MerchantId, NewDerived, PageRequest, Paged, RiskLimits,
    TokenRequestRecord, WalletRepo,
};
use coffer_domain::AppError;
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, Set};

use crate::entities::{cold_address, merchant_asset, token_request};
use crate::{db_error, fetch_page, Store};

fn asset(m: merchant_asset::Model) -> AssetRecord {
    AssetRecord {
        id: m.id,
        merchant_id: m.merchant_id,
        chain_id: m.chain_id,
        token_id: m.token_id,
        status: m.status,
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

fn request(m: token_request::Model) -> AppResult<TokenRequestRecord> {
    Ok(TokenRequestRecord {
        id: m.id,
        merchant_id: m.merchant_id,
        asset_id: m.asset_id,
        addresses: serde_json::from_str(&m.addresses).map_err(AppError::internal)?,
        apply_status: ApplyStatus::from_i32(m.apply_status),
        in_force: m.in_force,
        reason: m.reason,
        requested_by: m.requested_by,
        created_at: m.created_at,
        reviewed_at: m.reviewed_at,
    })
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
impl WalletRepo for Store {
    async fn deposit_address(
        &self,
        merchant_id: MerchantId,
        chain_id: i64,
        open_id: &str,
    ) -> AppResult<Option<DepositAddressRecord>> {
        self.find_deposit_address(merchant_id, chain_id, open_id).await
    }

    async fn insert_deposit_address(&self, row: NewDerived) -> AppResult<DepositAddressRecord> {
        self.insert_deposit(row).await
    }

    async fn deposit_addresses_at(
        &self,
        chain_id: i64,
        addresses: &[String],
    ) -> AppResult<Vec<DepositAddressRecord>> {
        self.deposits_at(chain_id, addresses).await
    }

    async fn page_deposit_addresses(
        &self,
        merchant_id: MerchantId,
        filter: &AddressFilter,
        page: PageRequest,
    ) -> AppResult<Paged<DepositAddressRecord>> {
        self.page_deposits(merchant_id, filter, page).await
    }

    async fn set_address_remark(&self, merchant_id: MerchantId, id: i64, remark: &str) -> AppResult<bool> {
        self.set_deposit_remark(merchant_id, id, remark).await
    }

    async fn page_hot_wallets(
        &self,
        merchant_id: MerchantId,
        chain_id: Option<i64>,
        page: PageRequest,
    ) -> AppResult<Paged<HotWalletRecord>> {
        self.page_hot(merchant_id, chain_id, page).await
    }

    async fn hot_wallets_on(
        &self,
        merchant_id: MerchantId,
        chain_id: i64,
    ) -> AppResult<Vec<HotWalletRecord>> {
        self.hot_on(merchant_id, chain_id).await
    }

    async fn insert_hot_wallet(&self, row: NewDerived, limit: u64) -> AppResult<Option<i64>> {
        self.insert_hot(row, limit).await
    }

    async fn set_hot_wallet_status(&self, merchant_id: MerchantId, id: i64, status: i32) -> AppResult<bool> {
        self.set_hot_status(merchant_id, id, status).await
    }

    async fn assets(&self, merchant_id: MerchantId, chain_id: Option<i64>) -> AppResult<Vec<AssetRecord>> {
        let mut query = merchant_asset::Entity::find()
            .filter(merchant_asset::Column::MerchantId.eq(merchant_id))
            .order_by_asc(merchant_asset::Column::Id);
        if let Some(chain_id) = chain_id {
            query = query.filter(merchant_asset::Column::ChainId.eq(chain_id));
        }
        let rows = query.all(self.connection()).await.map_err(db_error)?;
        Ok(rows.into_iter().map(asset).collect())
    }

    async fn asset(&self, merchant_id: MerchantId, id: i64) -> AppResult<Option<AssetRecord>> {
        let row = merchant_asset::Entity::find_by_id(id)
            .filter(merchant_asset::Column::MerchantId.eq(merchant_id))
            .one(self.connection())
            .await
            .map_err(db_error)?;
        Ok(row.map(asset))
    }

    async fn insert_asset(&self, a: &AssetRecord) -> AppResult<i64> {
        let mut model = merchant_asset::ActiveModel {
            merchant_id: Set(a.merchant_id),
            chain_id: Set(a.chain_id),
            token_id: Set(a.token_id),
            status: Set(a.status),
            created_at: Set(a.created_at),
            updated_at: Set(a.created_at),
            ..Default::default()
        };
        settings(a, &mut model);
        match model.insert(self.connection()).await {
            Ok(row) => Ok(row.id),
            Err(err) => match err.sql_err() {
                Some(sea_orm::SqlErr::UniqueConstraintViolation(_)) => {
                    Err(AppError::Invalid(MsgKey::TokenAdded))
                }
                _ => Err(db_error(err)),
            },
        }
    }

    async fn update_asset(&self, a: &AssetRecord) -> AppResult<bool> {
        let mut model = merchant_asset::ActiveModel {
            id: sea_orm::Unchanged(a.id),
            updated_at: Set(Utc::now()),
            ..Default::default()
        };
        settings(a, &mut model);
        let result = merchant_asset::Entity::update_many()
            .set(model)
            .filter(merchant_asset::Column::Id.eq(a.id))
            .filter(merchant_asset::Column::MerchantId.eq(a.merchant_id))
            .exec(self.connection())
            .await
            .map_err(db_error)?;
        Ok(result.rows_affected == 1)
    }

    async fn set_asset_status(&self, merchant_id: MerchantId, id: i64, status: i32) -> AppResult<bool> {
        let result = merchant_asset::Entity::update_many()
            .col_expr(merchant_asset::Column::Status, Expr::value(status))
            .filter(merchant_asset::Column::Id.eq(id))
            .filter(merchant_asset::Column::MerchantId.eq(merchant_id))
            .exec(self.connection())
            .await
            .map_err(db_error)?;
        Ok(result.rows_affected == 1)
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
        let (rows, total) = fetch_page(self, query, page).await?;
        Ok(Paged {
            list: rows.into_iter().map(cold).collect(),
            total,
        })
    }

    async fn cold_addresses_of(&self, asset_ids: &[i64]) -> AppResult<Vec<ColdAddressRecord>> {
        let rows = cold_address::Entity::find()
            .filter(cold_address::Column::AssetId.is_in(asset_ids.iter().copied()))
            .order_by_asc(cold_address::Column::Id)
            .all(self.connection())
            .await
            .map_err(db_error)?;
        Ok(rows.into_iter().map(cold).collect())
    }

    async fn insert_token_request(&self, r: &TokenRequestRecord) -> AppResult<i64> {
        let row = token_request::ActiveModel {
            merchant_id: Set(r.merchant_id),
            asset_id: Set(r.asset_id),
            addresses: Set(serde_json::to_string(&r.addresses).map_err(AppError::internal)?),
            apply_status: Set(r.apply_status as i32),
            in_force: Set(r.in_force),
            reason: Set(r.reason.clone()),
            requested_by: Set(r.requested_by),
            created_at: Set(r.created_at),
            reviewed_at: Set(r.reviewed_at),
            ..Default::default()
        }
        .insert(self.connection())
        .await
        .map_err(db_error)?;
        Ok(row.id)
    }

    async fn page_token_requests(
        &self,
        merchant_id: Option<MerchantId>,
        asset_id: Option<i64>,
        pending_only: bool,
        page: PageRequest,
    ) -> AppResult<Paged<TokenRequestRecord>> {
        let mut query = token_request::Entity::find().order_by_desc(token_request::Column::Id);
        if let Some(merchant_id) = merchant_id {
            query = query.filter(token_request::Column::MerchantId.eq(merchant_id));
        }
        if let Some(asset_id) = asset_id {
            query = query.filter(token_request::Column::AssetId.eq(asset_id));
        }
        if pending_only {
            query = query.filter(token_request::Column::ApplyStatus.eq(ApplyStatus::Pending as i32));
        }
        let (rows, total) = fetch_page(self, query, page).await?;
        Ok(Paged {
            list: rows.into_iter().map(request).collect::<AppResult<_>>()?,
            total,
        })
    }

    async fn token_request(&self, id: i64) -> AppResult<Option<TokenRequestRecord>> {
        let row = token_request::Entity::find_by_id(id)
            .one(self.connection())
            .await
            .map_err(db_error)?;
        row.map(request).transpose()
    }

    async fn approve_token_request(&self, id: i64, at: DateTime<Utc>) -> AppResult<bool> {
        let tx = self.begin_write().await?;
        // Only a pending request turns approved: a second approval finds nothing to update.
        let updated = token_request::Entity::update_many()
            .col_expr(
                token_request::Column::ApplyStatus,
                Expr::value(ApplyStatus::Approved as i32),
            )
            .col_expr(token_request::Column::ReviewedAt, Expr::value(at))
            .filter(token_request::Column::Id.eq(id))
            .filter(token_request::Column::ApplyStatus.eq(ApplyStatus::Pending as i32))
            .exec(&tx)
            .await
            .map_err(db_error)?;
        if updated.rows_affected != 1 {
            return Ok(false);
        }
        let r = token_request::Entity::find_by_id(id)
            .one(&tx)
            .await
            .map_err(db_error)?
            .ok_or_else(|| AppError::internal("request vanished"))?;
        token_request::Entity::update_many()
            .col_expr(token_request::Column::InForce, Expr::value(false))
            .filter(token_request::Column::AssetId.eq(r.asset_id))
            .exec(&tx)
            .await
            .map_err(db_error)?;
        token_request::Entity::update_many()
            .col_expr(token_request::Column::InForce, Expr::value(true))
            .filter(token_request::Column::Id.eq(id))
            .exec(&tx)
            .await
            .map_err(db_error)?;
        cold_address::Entity::delete_many()
            .filter(cold_address::Column::AssetId.eq(r.asset_id))
            .exec(&tx)
            .await
            .map_err(db_error)?;
        let addresses: Vec<ColdAddress> = serde_json::from_str(&r.addresses).map_err(AppError::internal)?;
        for entry in addresses {
            cold_address::ActiveModel {
                merchant_id: Set(r.merchant_id),
                asset_id: Set(r.asset_id),
                address: Set(entry.address),
                ratio: Set(entry.ratio),
                request_id: Set(r.id),
                created_at: Set(at),
                ..Default::default()
            }
            .insert(&tx)
            .await
            .map_err(db_error)?;
        }
        tx.commit().await.map_err(db_error)?;
        Ok(true)
    }

    async fn reject_token_request(&self, id: i64, reason: &str, at: DateTime<Utc>) -> AppResult<bool> {
        let updated = token_request::Entity::update_many()
            .col_expr(
                token_request::Column::ApplyStatus,
                Expr::value(ApplyStatus::Rejected as i32),
            )
            .col_expr(token_request::Column::Reason, Expr::value(reason))
            .col_expr(token_request::Column::ReviewedAt, Expr::value(at))
            .filter(token_request::Column::Id.eq(id))
            .filter(token_request::Column::ApplyStatus.eq(ApplyStatus::Pending as i32))
            .exec(self.connection())
            .await
            .map_err(db_error)?;
        Ok(updated.rows_affected == 1)
    }
}
