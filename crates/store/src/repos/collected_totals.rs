//! Running totals a closed collection or a confirmed sweep adds to, each in the transaction of
//! that change: a pair's `collectable.collected`, the asset's `asset_collected` (Home) and a
//! cold address's `cold_collected` (the split's long-run shares).

use chrono::{DateTime, Utc};
use coffer_domain::amount::BaseUnits;
use coffer_domain::error::{AppError, AppResult};
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{ColumnTrait, DatabaseTransaction, EntityTrait, QueryFilter, QuerySelect, Set};

use super::collectable::{waiting, waiting_key};
use crate::entities::{asset_collected, cold_collected, collectable, Stored};

pub(super) async fn add_collected(
    tx: &DatabaseTransaction,
    pair: i64,
    moved: BaseUnits,
    now: DateTime<Utc>,
) -> AppResult<()> {
    let row = collectable::Entity::find_by_id(pair)
        .lock_exclusive()
        .one(tx)
        .await?
        .ok_or_else(|| AppError::internal("a collection's collectable row is missing"))?;
    let collected = row.collected.0.saturating_add(moved);
    collectable::Entity::update_many()
        .col_expr(collectable::Column::Collected, Expr::value(Stored(collected)))
        .col_expr(
            collectable::Column::WaitingKey,
            Expr::value(waiting_key(waiting(row.credited.0, collected))),
        )
        .col_expr(collectable::Column::UpdatedAt, Expr::value(now))
        .filter(collectable::Column::Id.eq(pair))
        .exec(tx)
        .await?;
    Ok(())
}

pub(super) async fn add_cold_collected(
    tx: &DatabaseTransaction,
    merchant_id: i64,
    asset_id: i64,
    address: &str,
    amount: BaseUnits,
    now: DateTime<Utc>,
) -> AppResult<()> {
    use cold_collected::Column as K;
    cold_collected::Entity::insert(cold_collected::ActiveModel {
        merchant_id: Set(merchant_id),
        asset_id: Set(asset_id),
        address: Set(address.to_string()),
        collected: Set(Stored(BaseUnits::ZERO)),
        updated_at: Set(now),
        ..Default::default()
    })
    .on_conflict(
        OnConflict::columns([K::AssetId, K::Address])
            .do_nothing()
            .to_owned(),
    )
    .do_nothing()
    .exec(tx)
    .await?;
    let row = cold_collected::Entity::find()
        .filter(K::AssetId.eq(asset_id))
        .filter(K::Address.eq(address))
        .lock_exclusive()
        .one(tx)
        .await?
        .ok_or_else(|| AppError::internal("a cold_collected row vanished"))?;
    cold_collected::Entity::update_many()
        .col_expr(
            K::Collected,
            Expr::value(Stored(row.collected.0.saturating_add(amount))),
        )
        .col_expr(K::UpdatedAt, Expr::value(now))
        .filter(K::Id.eq(row.id))
        .exec(tx)
        .await?;
    Ok(())
}

/// Adds to what collections took of one (merchant, chain, token), creating its row at zero.
pub(super) async fn add_asset_collected(
    tx: &DatabaseTransaction,
    (merchant_id, chain_id, token_id): (i64, i64, i64),
    amount: BaseUnits,
    now: DateTime<Utc>,
) -> AppResult<()> {
    use asset_collected::Column as K;
    asset_collected::Entity::insert(asset_collected::ActiveModel {
        merchant_id: Set(merchant_id),
        chain_id: Set(chain_id),
        token_id: Set(token_id),
        collected: Set(Stored(BaseUnits::ZERO)),
        updated_at: Set(now),
        ..Default::default()
    })
    .on_conflict(
        OnConflict::columns([K::MerchantId, K::ChainId, K::TokenId])
            .do_nothing()
            .to_owned(),
    )
    .do_nothing()
    .exec(tx)
    .await?;
    let row = asset_collected::Entity::find()
        .filter(K::MerchantId.eq(merchant_id))
        .filter(K::ChainId.eq(chain_id))
        .filter(K::TokenId.eq(token_id))
        .lock_exclusive()
        .one(tx)
        .await?
        .ok_or_else(|| AppError::internal("an asset_collected row vanished"))?;
    asset_collected::Entity::update_many()
        .col_expr(
            K::Collected,
            Expr::value(Stored(row.collected.0.saturating_add(amount))),
        )
        .col_expr(K::UpdatedAt, Expr::value(now))
        .filter(K::Id.eq(row.id))
        .exec(tx)
        .await?;
    Ok(())
}
