//! [`RollupAudit`]: every bucket and all-time total recomputed from the order rows (streamed,
//! a few columns at a time) and compared with the stored ones, or written anew (`coffer admin
//! rollup verify` / `rebuild`).

use chrono::{DateTime, Utc};
use coffer_domain::amount::BaseUnits;
use coffer_domain::deposits::rules::is_credited;
use coffer_domain::error::AppResult;
use coffer_domain::ports::{
    OrderKind, OrderStatus, RollupAudit, RollupBucket, RollupDifference, RollupKey, ALL_TIME,
};
use futures::TryStreamExt;
use sea_orm::{
    ActiveValue, ConnectionTrait, EntityTrait, PaginatorTrait, QueryOrder, QuerySelect, Set, StreamTrait,
};
use std::collections::BTreeMap;

use super::rollup_shift::{hour_of, FigureTable, RollupEntry};
use crate::entities::{deposit, exchange_order, order_rollup, order_total, withdrawal, Stored};
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
    drop(withdrawals);
    // Exchanges are few beside deposits: their whole rows, counted as their writes count them.
    let mut exchanges = exchange_order::Entity::find().stream(db).await?;
    while let Some(row) = exchanges.try_next().await? {
        let e = RollupEntry::of_exchange(&row);
        count(&mut buckets, e.key, e.decimals, e.amount, e.fee);
    }
    Ok(buckets)
}

/// The buckets summed over their hours: the all-time totals they make.
fn all_time(buckets: &Buckets) -> Buckets {
    let mut totals = Buckets::new();
    for bucket in buckets.values() {
        let key = RollupKey {
            hour: ALL_TIME,
            ..bucket.key
        };
        let total = totals.entry(key).or_insert(RollupBucket {
            key,
            decimals: bucket.decimals,
            count: 0,
            amount: BaseUnits::ZERO,
            fee: BaseUnits::ZERO,
        });
        total.count += bucket.count;
        total.amount = total.amount.saturating_add(bucket.amount);
        total.fee = total.fee.saturating_add(bucket.fee);
    }
    totals
}

/// The stored name of a kind read back.
fn kind_of(name: &str, id: i64) -> AppResult<OrderKind> {
    match name {
        "deposit" => Ok(OrderKind::Deposit),
        "withdrawal" => Ok(OrderKind::Withdrawal),
        "exchange" => Ok(OrderKind::Exchange),
        other => Err(coffer_domain::AppError::internal(format!(
            "order bucket {id} of an unknown kind {other:?}"
        ))),
    }
}

/// Every stored row of a figure table (the hourly buckets or the all-time totals), as buckets.
async fn stored<T: FigureTable, C: ConnectionTrait + StreamTrait>(db: &C) -> AppResult<Buckets> {
    let [id, ..] = T::figure_columns();
    let mut rows = T::find().order_by_asc(id).stream(db).await?;
    let mut buckets = Buckets::new();
    while let Some(row) = rows.try_next().await? {
        let (row_id, ..) = T::figures(&row);
        let bucket = T::bucket(kind_of(T::stored_kind(&row), row_id)?, row);
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
        let total = order_total::Entity::find()
            .select_only()
            .column(order_total::Column::Id);
        // Buckets without totals: written before the totals existed (the same upgrade).
        if bucket.into_tuple::<i64>().one(db).await?.is_some()
            && total.into_tuple::<i64>().one(db).await?.is_some()
        {
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
        tracing::info!(
            buckets,
            "order buckets and totals filled from the existing orders"
        );
        Ok(())
    }

    /// How many buckets are stored (what `coffer admin rollup verify` reports when they agree).
    pub async fn rollup_bucket_count(&self) -> AppResult<u64> {
        Ok(order_rollup::Entity::find().count(self.connection()).await?)
    }
}

/// Where `stored` and `recomputed` differ, by key.
fn differ(mut stored: Buckets, recomputed: Buckets) -> Vec<RollupDifference> {
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
    differences
}

#[async_trait::async_trait]
impl RollupAudit for Store {
    async fn verify_rollup(&self) -> AppResult<Vec<RollupDifference>> {
        let db = self.connection();
        let recomputed = recompute(db).await?;
        let totals = all_time(&recomputed);
        let mut differences = differ(stored::<order_rollup::Entity, _>(db).await?, recomputed);
        differences.extend(differ(stored::<order_total::Entity, _>(db).await?, totals));
        Ok(differences)
    }

    async fn rebuild_rollup(&self) -> AppResult<u64> {
        let tx = self.begin_write().await?;
        order_rollup::Entity::delete_many().exec(&tx).await?;
        order_total::Entity::delete_many().exec(&tx).await?;
        let buckets = recompute(&tx).await?;
        let totals = all_time(&buckets);
        let count = buckets.len() as u64;
        let hourly = buckets.into_values().map(|b| {
            let mut row = <order_rollup::Entity as FigureTable>::empty(&b.key, b.decimals);
            figures(&mut row.order_count, &mut row.amount, &mut row.fee, &b);
            row
        });
        for batch in hourly.collect::<Vec<_>>().chunks(INSERT_BATCH) {
            order_rollup::Entity::insert_many(batch.to_vec())
                .exec(&tx)
                .await?;
        }
        let all_time = totals.into_values().map(|b| {
            let mut row = <order_total::Entity as FigureTable>::empty(&b.key, b.decimals);
            figures(&mut row.order_count, &mut row.amount, &mut row.fee, &b);
            row
        });
        for batch in all_time.collect::<Vec<_>>().chunks(INSERT_BATCH) {
            order_total::Entity::insert_many(batch.to_vec()).exec(&tx).await?;
        }
        tx.commit().await?;
        Ok(count)
    }
}

/// A new row's figures: the bucket's.
fn figures(
    count: &mut ActiveValue<i64>,
    amount: &mut ActiveValue<Stored<BaseUnits>>,
    fee: &mut ActiveValue<Stored<BaseUnits>>,
    bucket: &RollupBucket,
) {
    *count = Set(i64::try_from(bucket.count).unwrap_or(i64::MAX));
    *amount = Set(Stored(bucket.amount));
    *fee = Set(Stored(bucket.fee));
}
