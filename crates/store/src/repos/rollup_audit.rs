//! [`RollupAudit`]: every bucket recomputed from the order rows (streamed, a few columns at a
//! time) and compared with the stored ones, or written anew (`coffer admin rollup verify` /
//! `rebuild`).

use chrono::{DateTime, Utc};
use coffer_domain::amount::BaseUnits;
use coffer_domain::deposits::rules::is_credited;
use coffer_domain::error::AppResult;
use coffer_domain::ports::{OrderKind, OrderStatus, RollupAudit, RollupBucket, RollupDifference, RollupKey};
use futures::TryStreamExt;
use sea_orm::{ConnectionTrait, EntityTrait, PaginatorTrait, QueryOrder, QuerySelect, Set, StreamTrait};
use std::collections::BTreeMap;

use super::rollup::{bucket_of, hour_of, kind_name, token_column};
use crate::entities::{deposit, order_rollup, withdrawal, Stored};
use crate::Store;

type Buckets = BTreeMap<RollupKey, RollupBucket>;

/// Buckets inserted per statement when rebuilding (12 values each, far below every
/// database's limit on bound values).
const INSERT_BATCH: usize = 500;

/// Adds one order to the bucket of `key`.
fn count(buckets: &mut Buckets, key: RollupKey, decimals: i32, amount: BaseUnits, fee: BaseUnits) {
    let bucket = buckets.entry(key).or_insert(RollupBucket {
        key,
        decimals,
        count: 0,
        amount: BaseUnits::ZERO,
        fee: BaseUnits::ZERO,
    });
    bucket.count += 1;
    // The writes saturate the same way (rollup.rs).
    bucket.amount = bucket.amount.saturating_add(amount);
    bucket.fee = bucket.fee.saturating_add(fee);
}

/// Every bucket as the order rows make it.
async fn recompute<C: ConnectionTrait + StreamTrait>(db: &C) -> AppResult<Buckets> {
    use deposit::Column as D;
    use withdrawal::Column as W;
    let mut buckets = Buckets::new();
    let mut deposits = deposit::Entity::find()
        .select_only()
        .columns([
            D::MerchantId,
            D::CreatedAt,
            D::ChainId,
            D::TokenId,
            D::Status,
            D::Note,
        ])
        .columns([D::Decimals, D::Amount])
        .into_tuple::<(
            i64,
            DateTime<Utc>,
            i64,
            Option<i64>,
            Stored<OrderStatus>,
            String,
            i32,
            Stored<BaseUnits>,
        )>()
        .stream(db)
        .await?;
    while let Some((
        merchant_id,
        created_at,
        chain_id,
        token_id,
        Stored(status),
        note,
        decimals,
        Stored(amount),
    )) = deposits.try_next().await?
    {
        let key = RollupKey {
            merchant_id,
            kind: OrderKind::Deposit,
            hour: hour_of(created_at),
            chain_id,
            token_id,
            status,
            credited: is_credited(&note),
        };
        count(&mut buckets, key, decimals, amount, BaseUnits::ZERO);
    }
    drop(deposits);
    let mut withdrawals = withdrawal::Entity::find()
        .select_only()
        .columns([W::MerchantId, W::CreatedAt, W::ChainId, W::TokenId, W::Status])
        .columns([W::Decimals, W::Amount, W::Fee])
        .into_tuple::<(
            i64,
            DateTime<Utc>,
            i64,
            Option<i64>,
            Stored<OrderStatus>,
            i32,
            Stored<BaseUnits>,
            Option<Stored<BaseUnits>>,
        )>()
        .stream(db)
        .await?;
    while let Some((
        merchant_id,
        created_at,
        chain_id,
        token_id,
        Stored(status),
        decimals,
        Stored(amount),
        fee,
    )) = withdrawals.try_next().await?
    {
        let key = RollupKey {
            merchant_id,
            kind: OrderKind::Withdrawal,
            hour: hour_of(created_at),
            chain_id,
            token_id,
            status,
            credited: true,
        };
        let fee = fee.map_or(BaseUnits::ZERO, |fee| fee.0);
        count(&mut buckets, key, decimals, amount, fee);
    }
    Ok(buckets)
}

/// Every stored bucket.
async fn stored<C: ConnectionTrait + StreamTrait>(db: &C) -> AppResult<Buckets> {
    let mut rows = order_rollup::Entity::find()
        .order_by_asc(order_rollup::Column::Id)
        .stream(db)
        .await?;
    let mut buckets = Buckets::new();
    while let Some(row) = rows.try_next().await? {
        let kind = match row.order_kind.as_str() {
            "deposit" => OrderKind::Deposit,
            "withdrawal" => OrderKind::Withdrawal,
            other => {
                return Err(coffer_domain::AppError::internal(format!(
                    "order bucket {} of an unknown kind {other:?}",
                    row.id
                )))
            }
        };
        let bucket = bucket_of(kind, row);
        buckets.insert(bucket.key, bucket);
    }
    Ok(buckets)
}

/// The same figures: the count and both sums (decimals are the asset's, not counted).
fn agree(a: &RollupBucket, b: &RollupBucket) -> bool {
    (a.count, a.amount, a.fee) == (b.count, b.amount, b.fee)
}

impl Store {
    /// Fills the buckets of the orders written before buckets existed (an upgrade): only when
    /// no bucket is stored and some order is, so after every migration it costs two one-row
    /// reads. Several processes starting at once: the one that commits second fails on the
    /// buckets' unique key and starts again.
    pub(crate) async fn fill_rollup_if_empty(&self) -> AppResult<()> {
        let db = self.connection();
        let bucket = order_rollup::Entity::find()
            .select_only()
            .column(order_rollup::Column::Id);
        if bucket.into_tuple::<i64>().one(db).await?.is_some() {
            return Ok(());
        }
        let deposit = deposit::Entity::find().select_only().column(deposit::Column::Id);
        let withdrawal = withdrawal::Entity::find()
            .select_only()
            .column(withdrawal::Column::Id);
        if deposit.into_tuple::<i64>().one(db).await?.is_none()
            && withdrawal.into_tuple::<i64>().one(db).await?.is_none()
        {
            return Ok(());
        }
        let buckets = self.rebuild_rollup().await?;
        tracing::info!(buckets, "order buckets filled from the existing orders");
        Ok(())
    }

    /// How many buckets are stored (what `coffer admin rollup verify` reports when they agree).
    pub async fn rollup_bucket_count(&self) -> AppResult<u64> {
        Ok(order_rollup::Entity::find().count(self.connection()).await?)
    }
}

#[async_trait::async_trait]
impl RollupAudit for Store {
    async fn verify_rollup(&self) -> AppResult<Vec<RollupDifference>> {
        let mut stored = stored(self.connection()).await?;
        let recomputed = recompute(self.connection()).await?;
        let mut differences = Vec::new();
        for (key, bucket) in recomputed {
            let kept = stored.remove(&key);
            if kept.as_ref().is_some_and(|kept| agree(kept, &bucket)) {
                continue;
            }
            differences.push(RollupDifference {
                key,
                stored: kept,
                recomputed: Some(bucket),
            });
        }
        differences.extend(stored.into_iter().map(|(key, bucket)| RollupDifference {
            key,
            stored: Some(bucket),
            recomputed: None,
        }));
        differences.sort_by_key(|d| d.key);
        Ok(differences)
    }

    async fn rebuild_rollup(&self) -> AppResult<u64> {
        let tx = self.begin_write().await?;
        order_rollup::Entity::delete_many().exec(&tx).await?;
        let buckets = recompute(&tx).await?;
        let total = buckets.len() as u64;
        let rows: Vec<order_rollup::ActiveModel> = buckets
            .into_values()
            .map(|b| order_rollup::ActiveModel {
                merchant_id: Set(b.key.merchant_id),
                order_kind: Set(kind_name(b.key.kind).to_string()),
                hour_start: Set(b.key.hour),
                chain_id: Set(b.key.chain_id),
                token_id: Set(token_column(b.key.token_id)),
                status: Set(Stored(b.key.status)),
                credited: Set(b.key.credited),
                decimals: Set(b.decimals),
                order_count: Set(i64::try_from(b.count).unwrap_or(i64::MAX)),
                amount: Set(Stored(b.amount)),
                fee: Set(Stored(b.fee)),
                ..Default::default()
            })
            .collect();
        for batch in rows.chunks(INSERT_BATCH) {
            order_rollup::Entity::insert_many(batch.to_vec())
                .exec(&tx)
                .await?;
        }
        tx.commit().await?;
        Ok(total)
    }
}
