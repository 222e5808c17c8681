//! [`TokenRequestRepo`]: a merchant's requests to set an asset's cold addresses, and their
//! review; approval puts the addresses in force.

use chrono::{DateTime, Utc};
use coffer_domain::error::AppResult;
use coffer_domain::ports::{
    ApplyStatus, ColdAddress, MerchantId, PageRequest, Paged, TokenRequestRecord, TokenRequestRepo,
};
use coffer_domain::AppError;
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, Set};

use super::query::set_column;
use crate::entities::{cold_address, token_request, Stored};
use crate::{fetch_page, Store};

fn request(m: token_request::Model) -> AppResult<TokenRequestRecord> {
    Ok(TokenRequestRecord {
        id: m.id,
        merchant_id: m.merchant_id,
        asset_id: m.asset_id,
        addresses: serde_json::from_str(&m.addresses).map_err(AppError::internal)?,
        apply_status: m.apply_status.0,
        in_force: m.in_force,
        reason: m.reason,
        requested_by: m.requested_by,
        created_at: m.created_at,
        reviewed_at: m.reviewed_at,
    })
}

#[async_trait::async_trait]
impl TokenRequestRepo for Store {
    async fn insert_token_request(&self, r: &TokenRequestRecord) -> AppResult<i64> {
        let row = token_request::ActiveModel {
            merchant_id: Set(r.merchant_id),
            asset_id: Set(r.asset_id),
            addresses: Set(serde_json::to_string(&r.addresses).map_err(AppError::internal)?),
            apply_status: Set(Stored(r.apply_status)),
            in_force: Set(r.in_force),
            reason: Set(r.reason.clone()),
            requested_by: Set(r.requested_by),
            created_at: Set(r.created_at),
            reviewed_at: Set(r.reviewed_at),
            ..Default::default()
        }
        .insert(self.connection())
        .await?;
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
            query = query.filter(token_request::Column::ApplyStatus.eq(Stored(ApplyStatus::Pending)));
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
            .await?;
        row.map(request).transpose()
    }

    async fn approve_token_request(&self, id: i64, at: DateTime<Utc>) -> AppResult<bool> {
        let tx = self.begin_write().await?;
        // Only a pending request turns approved: a second approval finds nothing to update.
        let updated = token_request::Entity::update_many()
            .col_expr(
                token_request::Column::ApplyStatus,
                Expr::value(Stored(ApplyStatus::Approved)),
            )
            .col_expr(token_request::Column::ReviewedAt, Expr::value(at))
            .filter(token_request::Column::Id.eq(id))
            .filter(token_request::Column::ApplyStatus.eq(Stored(ApplyStatus::Pending)))
            .exec(&tx)
            .await?;
        if updated.rows_affected != 1 {
            return Ok(false);
        }
        let r = token_request::Entity::find_by_id(id)
            .one(&tx)
            .await?
            .ok_or_else(|| AppError::internal("request vanished"))?;
        // The approved request is the one in force for its asset.
        use token_request::Column as T;
        set_column(&tx, T::InForce, T::AssetId, r.asset_id, false).await?;
        set_column(&tx, T::InForce, T::Id, id, true).await?;
        cold_address::Entity::delete_many()
            .filter(cold_address::Column::AssetId.eq(r.asset_id))
            .exec(&tx)
            .await?;
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
            .await?;
        }
        tx.commit().await?;
        Ok(true)
    }

    async fn reject_token_request(&self, id: i64, reason: &str, at: DateTime<Utc>) -> AppResult<bool> {
        let updated = token_request::Entity::update_many()
            .col_expr(
                token_request::Column::ApplyStatus,
                Expr::value(Stored(ApplyStatus::Rejected)),
            )
            .col_expr(token_request::Column::Reason, Expr::value(reason))
            .col_expr(token_request::Column::ReviewedAt, Expr::value(at))
            .filter(token_request::Column::Id.eq(id))
            .filter(token_request::Column::ApplyStatus.eq(Stored(ApplyStatus::Pending)))
            .exec(self.connection())
            .await?;
        Ok(updated.rows_affected == 1)
    }
}
