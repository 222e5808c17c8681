//! Running totals a closed collection or a confirmed sweep adds to, each in the transaction of
//! that change: a pair's `collectable.collected`, the asset's `asset_collected` (Home) and a
//! cold address's `cold_collected` (the split's long-run shares).

use chrono::{DateTime, Utc};
use coffer_domain::amount::BaseUnits;
use coffer_domain::error::{AppError, AppResult};
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, DatabaseTransaction, EntityTrait, QueryFilter, QuerySelect, Set,
};

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

/// A table keeping one running total per key: its row is created at zero the first time, then
/// locked and added to, so concurrent closings add up instead of overwriting each other.
trait RunningTotal: EntityTrait {
    const ID: Self::Column;
    const TOTAL: Self::Column;
    const UPDATED_AT: Self::Column;
    fn id_and_total(row: &Self::Model) -> (i64, BaseUnits);
}

impl RunningTotal for cold_collected::Entity {
    const ID: Self::Column = cold_collected::Column::Id;
    const TOTAL: Self::Column = cold_collected::Column::Collected;
    const UPDATED_AT: Self::Column = cold_collected::Column::UpdatedAt;
    fn id_and_total(row: &cold_collected::Model) -> (i64, BaseUnits) {
        (row.id, row.collected.0)
    }
}

impl RunningTotal for asset_collected::Entity {
    const ID: Self::Column = asset_collected::Column::Id;
    const TOTAL: Self::Column = asset_collected::Column::Collected;
    const UPDATED_AT: Self::Column = asset_collected::Column::UpdatedAt;
    fn id_and_total(row: &asset_collected::Model) -> (i64, BaseUnits) {
        (row.id, row.collected.0)
    }
}

/// Adds `amount` to the total whose unique `key` columns `zero` (a row at zero) carries and
/// `this` selects.
async fn add_to_total<E: RunningTotal>(
    tx: &DatabaseTransaction,
    zero: E::ActiveModel,
    key: &[E::Column],
    this: Condition,
    amount: BaseUnits,
    now: DateTime<Utc>,
) -> AppResult<()>
where
    E::ActiveModel: ActiveModelTrait<Entity = E> + Send,
    E::Model: Send + Sync,
{
    E::insert(zero)
        .on_conflict(OnConflict::columns(key.iter().copied()).do_nothing().to_owned())
        .do_nothing()
        .exec(tx)
        .await?;
    let row = E::find()
        .filter(this)
        .lock_exclusive()
        .one(tx)
        .await?
        .ok_or_else(|| AppError::internal(format!("a {} row vanished", E::default().table_name())))?;
    let (id, total) = E::id_and_total(&row);
    E::update_many()
        .col_expr(E::TOTAL, Expr::value(Stored(total.saturating_add(amount))))
        .col_expr(E::UPDATED_AT, Expr::value(now))
        .filter(E::ID.eq(id))
        .exec(tx)
        .await?;
    Ok(())
}

/// Adds to what confirmed sweeps sent one cold address of an asset.
pub(super) async fn add_cold_collected(
    tx: &DatabaseTransaction,
    merchant_id: i64,
    asset_id: i64,
    address: &str,
    amount: BaseUnits,
    now: DateTime<Utc>,
) -> AppResult<()> {
    use cold_collected::Column as K;
    let zero = cold_collected::ActiveModel {
        merchant_id: Set(merchant_id),
        asset_id: Set(asset_id),
        address: Set(address.to_string()),
        collected: Set(Stored(BaseUnits::ZERO)),
        updated_at: Set(now),
        ..Default::default()
    };
    let this = Condition::all()
        .add(K::AssetId.eq(asset_id))
        .add(K::Address.eq(address));
    add_to_total::<cold_collected::Entity>(tx, zero, &[K::AssetId, K::Address], this, amount, now).await
}

/// Adds to what collections took of one (merchant, chain, token), creating its row at zero.
pub(super) async fn add_asset_collected(
    tx: &DatabaseTransaction,
    (merchant_id, chain_id, token_id): (i64, i64, i64),
    amount: BaseUnits,
    now: DateTime<Utc>,
) -> AppResult<()> {
    use asset_collected::Column as K;
    let zero = asset_collected::ActiveModel {
        merchant_id: Set(merchant_id),
        chain_id: Set(chain_id),
        token_id: Set(token_id),
        collected: Set(Stored(BaseUnits::ZERO)),
        updated_at: Set(now),
        ..Default::default()
    };
    let this = Condition::all()
        .add(K::MerchantId.eq(merchant_id))
        .add(K::ChainId.eq(chain_id))
        .add(K::TokenId.eq(token_id));
    let key = [K::MerchantId, K::ChainId, K::TokenId];
    add_to_total::<asset_collected::Entity>(tx, zero, &key, this, amount, now).await
}
