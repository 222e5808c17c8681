//! [`OrderRollup`]: the hourly order buckets (see the `order_rollup` migration), read here and
//! written by [`shift`] in the transactions of the order changes themselves (deposits.rs,
//! withdrawals.rs); rollup_audit.rs checks them against the rows.

use chrono::{DateTime, Utc};
use coffer_domain::amount::BaseUnits;
use coffer_domain::deposits::rules::is_credited;
use coffer_domain::error::{AppError, AppResult};
use coffer_domain::ports::{
    MerchantId, OrderFilter, OrderKind, OrderRollup, RollupBucket, RollupKey, RollupQuery,
};
use futures::TryStreamExt;
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{
    ColumnTrait, Condition, DatabaseTransaction, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Select,
    Set,
};
use std::collections::BTreeMap;

use crate::entities::{deposit, order_rollup, withdrawal, Stored};
use crate::Store;

/// The stored name of a kind (the outbox's `order_kind` names: never renamed).
pub(crate) fn kind_name(kind: OrderKind) -> &'static str {
    match kind {
        OrderKind::Deposit => "deposit",
        OrderKind::Withdrawal => "withdrawal",
    }
}

pub(crate) fn bucket_of(kind: OrderKind, m: order_rollup::Model) -> RollupBucket {
    RollupBucket {
        key: RollupKey {
            merchant_id: m.merchant_id,
            kind,
            hour: m.hour_start,
            chain_id: m.chain_id,
            token_id: (m.token_id != 0).then_some(m.token_id),
            status: m.status.0,
            credited: m.credited,
        },
        decimals: m.decimals,
        // Never negative: a bucket is deleted when its last order leaves it.
        count: u64::try_from(m.order_count).unwrap_or(0),
        amount: m.amount.0,
        fee: m.fee.0,
    }
}

#[async_trait::async_trait]
impl OrderRollup for Store {
    async fn buckets(&self, query: &RollupQuery) -> AppResult<Vec<RollupBucket>> {
        use order_rollup::Column as R;
        let mut q = order_rollup::Entity::find()
            .filter(R::MerchantId.eq(query.merchant_id))
            .filter(R::OrderKind.eq(kind_name(query.kind)))
            .filter(R::HourStart.gte(query.start))
            .filter(R::HourStart.lt(query.end));
        if let Some(chain_id) = query.chain_id {
            q = q.filter(R::ChainId.eq(chain_id));
        }
        if let Some(token_id) = query.token_id {
            q = q.filter(R::TokenId.eq(token_id));
        }
        let rows = q
            .order_by_asc(R::HourStart)
            .order_by_asc(R::Id)
            .all(self.connection())
            .await?;
        Ok(rows.into_iter().map(|m| bucket_of(query.kind, m)).collect())
    }
}

/// The merchant's buckets of the kind a filter selects (order_queries.rs decides when they answer it exactly).
pub(crate) fn filtered_buckets(
    merchant_id: MerchantId,
    kind: OrderKind,
    f: &OrderFilter,
) -> Select<order_rollup::Entity> {
    use order_rollup::Column as R;
    let mut q = order_rollup::Entity::find()
        .filter(R::MerchantId.eq(merchant_id))
        .filter(R::OrderKind.eq(kind_name(kind)));
    if let Some(start) = f.start {
        q = q.filter(R::HourStart.gte(start));
    }
    if let Some(end) = f.end {
        q = q.filter(R::HourStart.lt(end));
    }
    if let Some(v) = f.chain_id {
        q = q.filter(R::ChainId.eq(v));
    }
    if let Some(v) = f.token_id {
        q = q.filter(R::TokenId.eq(v));
    }
    if let Some(v) = f.status {
        q = q.filter(R::Status.eq(v.code()));
    }
    q
}

/// How many orders the buckets hold (summed here: a SQL SUM of BIGINT is NUMERIC on
/// PostgreSQL).
pub(crate) async fn bucket_count(store: &Store, buckets: Select<order_rollup::Entity>) -> AppResult<u64> {
    let mut counts = buckets
        .select_only()
        .column(order_rollup::Column::OrderCount)
        .into_tuple::<i64>()
        .stream(store.connection())
        .await?;
    let mut total = 0u64;
    while let Some(count) = counts.try_next().await? {
        total += u64::try_from(count).unwrap_or(0);
    }
    Ok(total)
}

/// What one order contributes to its bucket.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct RollupEntry {
    pub key: RollupKey,
    pub decimals: i32,
    pub amount: BaseUnits,
    pub fee: BaseUnits,
}

/// The first instant of the UTC hour of `at`.
pub(crate) fn hour_of(at: DateTime<Utc>) -> DateTime<Utc> {
    let seconds = at.timestamp();
    DateTime::from_timestamp(seconds - seconds.rem_euclid(3600), 0).unwrap_or(at)
}

impl RollupEntry {
    pub(crate) fn of_deposit(m: &deposit::Model) -> RollupEntry {
        RollupEntry {
            key: RollupKey {
                merchant_id: m.merchant_id,
                kind: OrderKind::Deposit,
                hour: hour_of(m.created_at),
                chain_id: m.chain_id,
                token_id: m.token_id,
                status: m.status.0,
                credited: is_credited(&m.note),
            },
            decimals: m.decimals,
            amount: m.amount.0,
            fee: BaseUnits::ZERO,
        }
    }

    pub(crate) fn of_withdrawal(m: &withdrawal::Model) -> RollupEntry {
        RollupEntry {
            key: RollupKey {
                merchant_id: m.merchant_id,
                kind: OrderKind::Withdrawal,
                hour: hour_of(m.created_at),
                chain_id: m.chain_id,
                token_id: m.token_id,
                status: m.status.0,
                credited: true,
            },
            decimals: m.decimals,
            amount: m.amount.0,
            fee: m.fee.map_or(BaseUnits::ZERO, |fee| fee.0),
        }
    }
}

/// How one bucket changes in a shift.
#[derive(Default)]
struct Change {
    decimals: i32,
    count: i64,
    added: (BaseUnits, BaseUnits),
    removed: (BaseUnits, BaseUnits),
}

/// Moves an order between buckets inside the transaction of the change: `before` (None: the
/// order is new) leaves its bucket, `after` joins its bucket. Call it in every write that
/// creates an order or changes its kind, hour, asset, status, credit state, amount or fee.
pub(crate) async fn shift(
    tx: &DatabaseTransaction,
    before: Option<RollupEntry>,
    after: Option<RollupEntry>,
) -> AppResult<()> {
    if before == after {
        return Ok(());
    }
    // Ordered by key: two transactions lock the buckets they share in the same order, so
    // they wait for each other instead of deadlocking.
    let mut changes: BTreeMap<RollupKey, Change> = BTreeMap::new();
    if let Some(e) = before {
        let change = changes.entry(e.key).or_default();
        change.decimals = e.decimals;
        change.count -= 1;
        change.removed = (e.amount, e.fee);
    }
    if let Some(e) = after {
        let change = changes.entry(e.key).or_default();
        change.decimals = e.decimals;
        change.count += 1;
        change.added = (e.amount, e.fee);
    }
    for (key, change) in changes {
        apply(tx, &key, change).await?;
    }
    Ok(())
}

async fn apply(tx: &DatabaseTransaction, key: &RollupKey, change: Change) -> AppResult<()> {
    use order_rollup::Column as R;
    let bucket = locked_bucket(tx, key, change.decimals).await?;
    let count = bucket.order_count + change.count;
    if count <= 0 {
        if count < 0 {
            out_of_step(key, "count");
        }
        order_rollup::Entity::delete_by_id(bucket.id).exec(tx).await?;
        return Ok(());
    }
    // The sums never go below zero: a bucket out of step with its rows (rows written outside
    // the service) must not stop an order's change; `coffer admin rollup verify` reports it.
    let moved = |stored: BaseUnits, added: BaseUnits, removed: BaseUnits, what: &str| {
        stored
            .saturating_add(added)
            .checked_sub(removed)
            .unwrap_or_else(|| {
                out_of_step(key, what);
                BaseUnits::ZERO
            })
    };
    let amount = moved(bucket.amount.0, change.added.0, change.removed.0, "amount");
    let fee = moved(bucket.fee.0, change.added.1, change.removed.1, "fee");
    order_rollup::Entity::update_many()
        .col_expr(R::OrderCount, Expr::value(count))
        .col_expr(R::Amount, Expr::value(Stored(amount)))
        .col_expr(R::Fee, Expr::value(Stored(fee)))
        .filter(R::Id.eq(bucket.id))
        .exec(tx)
        .await?;
    Ok(())
}

fn out_of_step(key: &RollupKey, what: &str) {
    tracing::error!(
        ?key,
        what,
        "order bucket below zero: out of step with the orders (run `coffer admin rollup verify`)"
    );
}

/// A bucket's filter on its whole key.
fn key_filter(key: &RollupKey) -> Condition {
    use order_rollup::Column as R;
    Condition::all()
        .add(R::MerchantId.eq(key.merchant_id))
        .add(R::OrderKind.eq(kind_name(key.kind)))
        .add(R::HourStart.eq(key.hour))
        .add(R::ChainId.eq(key.chain_id))
        .add(R::TokenId.eq(token_column(key.token_id)))
        .add(R::Status.eq(Stored(key.status)))
        .add(R::Credited.eq(key.credited))
}

/// The stored token id: 0 is the native coin (a key column cannot be NULL everywhere).
pub(crate) fn token_column(token_id: Option<i64>) -> i64 {
    token_id.unwrap_or(0)
}

/// A bucket that was deleted (its last order left) between our insert and our lock is
/// inserted again; more misses than this is a fault, not a race.
const LOCK_ATTEMPTS: usize = 5;

/// The bucket of `key`, created empty if missing, locked until the transaction ends: the
/// sums are read, added in Rust and written back, so two writers must not both read the
/// same figures. PostgreSQL locks the row (FOR UPDATE); on SQLite the write transaction
/// (`Store::begin_write`) already excludes every other writer and sea-query leaves the
/// clause out.
async fn locked_bucket(
    tx: &DatabaseTransaction,
    key: &RollupKey,
    decimals: i32,
) -> AppResult<order_rollup::Model> {
    use order_rollup::Column as R;
    for _ in 0..LOCK_ATTEMPTS {
        let empty = order_rollup::ActiveModel {
            merchant_id: Set(key.merchant_id),
            order_kind: Set(kind_name(key.kind).to_string()),
            hour_start: Set(key.hour),
            chain_id: Set(key.chain_id),
            token_id: Set(token_column(key.token_id)),
            status: Set(Stored(key.status)),
            credited: Set(key.credited),
            decimals: Set(decimals),
            order_count: Set(0),
            amount: Set(Stored(BaseUnits::ZERO)),
            fee: Set(Stored(BaseUnits::ZERO)),
            ..Default::default()
        };
        order_rollup::Entity::insert(empty)
            .on_conflict(
                OnConflict::columns([
                    R::MerchantId,
                    R::OrderKind,
                    R::HourStart,
                    R::ChainId,
                    R::TokenId,
                    R::Status,
                    R::Credited,
                ])
                .do_nothing()
                .to_owned(),
            )
            .do_nothing()
            .exec(tx)
            .await?;
        let locked = order_rollup::Entity::find()
            .filter(key_filter(key))
            .lock_exclusive()
            .one(tx)
            .await?;
        if let Some(bucket) = locked {
            return Ok(bucket);
        }
    }
    Err(AppError::internal("an order bucket vanished while being locked"))
}
