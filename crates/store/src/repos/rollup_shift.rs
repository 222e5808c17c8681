//! [`shift`]: how an order's change moves it between the hourly buckets (`order_rollup`) and
//! the all-time totals (`order_total`), in the transaction of the change itself (deposits.rs,
//! withdrawals.rs, exchange_orders.rs, exchange_work.rs); [`Shifts`] gathers the changes of many orders in one transaction. rollup_audit.rs recomputes both from the rows.

use chrono::{DateTime, Utc};
use coffer_domain::amount::BaseUnits;
use coffer_domain::deposits::rules::is_credited;
use coffer_domain::error::{AppError, AppResult};
use coffer_domain::ports::{OrderKind, RollupBucket, RollupKey, ALL_TIME};
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, DatabaseTransaction, EntityTrait, IntoActiveModel, QueryFilter,
    QuerySelect, Set,
};
use std::collections::BTreeMap;

use super::rollup::{kind_name, token_column};
use crate::entities::{deposit, exchange_order, order_rollup, order_total, withdrawal, Stored};

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

    /// An exchange counts in its token in: what was paid (what was quoted until then). Its fee
    /// is in points, not in the token: none here.
    pub(crate) fn of_exchange(m: &exchange_order::Model) -> RollupEntry {
        RollupEntry {
            key: RollupKey {
                merchant_id: m.merchant_id,
                kind: OrderKind::Exchange,
                hour: hour_of(m.created_at),
                chain_id: m.chain_id,
                token_id: m.token_id,
                status: m.status.0,
                credited: true,
            },
            decimals: m.decimals,
            amount: m.amount.0,
            fee: BaseUnits::ZERO,
        }
    }
}

/// How one bucket changes in a shift: orders in and out, and the sums they bring and take.
#[derive(Default)]
struct Change {
    decimals: i32,
    count: i64,
    added: (BaseUnits, BaseUnits),
    removed: (BaseUnits, BaseUnits),
}

fn plus(sum: (BaseUnits, BaseUnits), e: &RollupEntry) -> (BaseUnits, BaseUnits) {
    (sum.0.saturating_add(e.amount), sum.1.saturating_add(e.fee))
}

/// Moves an order between buckets inside the transaction of the change: `before` (None: the
/// order is new) leaves its bucket and total, `after` joins its bucket and total. Call it in
/// every write that creates an order or changes its kind, hour, asset, status, credit state,
/// amount or fee (or gather several in [`Shifts`]).
pub(crate) async fn shift(
    tx: &DatabaseTransaction,
    before: Option<RollupEntry>,
    after: Option<RollupEntry>,
) -> AppResult<()> {
    let mut shifts = Shifts::default();
    shifts.add(before, after);
    shifts.apply(tx).await
}

/// The shifts of several orders' changes in one transaction, applied together before it
/// commits: one lock and one write per bucket however many orders moved (a block's
/// deposits, the completions of a scan step), instead of three statements per bucket per order.
#[derive(Default)]
pub(crate) struct Shifts {
    hourly: BTreeMap<RollupKey, Change>,
    totals: BTreeMap<RollupKey, Change>,
}

impl Shifts {
    /// One order's move: `before` (None: new) to `after`.
    pub(crate) fn add(&mut self, before: Option<RollupEntry>, after: Option<RollupEntry>) {
        if before == after {
            return;
        }
        for (entry, sign) in [(before, -1), (after, 1)] {
            let Some(e) = entry else { continue };
            let all_time = RollupKey {
                hour: ALL_TIME,
                ..e.key
            };
            for (changes, key) in [(&mut self.hourly, e.key), (&mut self.totals, all_time)] {
                let change = changes.entry(key).or_default();
                change.decimals = e.decimals;
                change.count += sign;
                if sign < 0 {
                    change.removed = plus(change.removed, &e);
                } else {
                    change.added = plus(change.added, &e);
                }
            }
        }
    }

    /// Writes them. Ordered by key: two transactions lock the rows they share in the same
    /// order, so they wait for each other instead of deadlocking (hourly buckets first, then
    /// totals).
    pub(crate) async fn apply(self, tx: &DatabaseTransaction) -> AppResult<()> {
        for (key, change) in self.hourly {
            apply::<order_rollup::Entity>(tx, &key, change).await?;
        }
        for (key, change) in self.totals {
            apply::<order_total::Entity>(tx, &key, change).await?;
        }
        Ok(())
    }
}

/// A table of order figures the writes keep, keyed by [`RollupKey`] (with or without its hour).
pub(crate) trait FigureTable: EntityTrait<Model: IntoActiveModel<Self::ActiveModel>> {
    /// The row of `key`.
    fn key_filter(key: &RollupKey) -> Condition;
    /// The unique key's columns.
    fn key_columns() -> Vec<Self::Column>;
    /// An empty row for `key`.
    fn empty(key: &RollupKey, decimals: i32) -> Self::ActiveModel;
    /// (id, count, amount, fee) of a row.
    fn figures(row: &Self::Model) -> (i64, i64, BaseUnits, BaseUnits);
    /// The columns (id, count, amount, fee).
    fn figure_columns() -> [Self::Column; 4];
    /// A stored row as a bucket of `kind` (the all-time totals are at `ALL_TIME`).
    fn bucket(kind: OrderKind, row: Self::Model) -> RollupBucket;
    /// The order kind's stored name in a row.
    fn stored_kind(row: &Self::Model) -> &str;
}

/// The hour of a figure table's row: its own, or `ALL_TIME` for the totals.
macro_rules! row_hour {
    ($row:ident) => {
        ALL_TIME
    };
    ($row:ident, $field:ident) => {
        $row.$field
    };
}

/// The two figure tables: the hourly one (`order_rollup`, keyed by its hour too) and the
/// running totals (`order_total`) share every other key column and every figure.
macro_rules! figure_table {
    ($table:ident $(, $hour:ident => $hour_field:ident)?) => {
        impl FigureTable for $table::Entity {
            fn key_filter(key: &RollupKey) -> Condition {
                use $table::Column as C;
                Condition::all()
                    .add(C::MerchantId.eq(key.merchant_id))
                    .add(C::OrderKind.eq(kind_name(key.kind)))
                    $(.add(C::$hour.eq(key.hour)))?
                    .add(C::ChainId.eq(key.chain_id))
                    .add(C::TokenId.eq(token_column(key.token_id)))
                    .add(C::Status.eq(Stored(key.status)))
                    .add(C::Credited.eq(key.credited))
            }
            fn key_columns() -> Vec<$table::Column> {
                use $table::Column as C;
                vec![C::MerchantId, C::OrderKind, $(C::$hour,)? C::ChainId, C::TokenId, C::Status, C::Credited]
            }
            fn empty(key: &RollupKey, decimals: i32) -> $table::ActiveModel {
                $table::ActiveModel {
                    merchant_id: Set(key.merchant_id),
                    order_kind: Set(kind_name(key.kind).to_string()),
                    $($hour_field: Set(key.hour),)?
                    chain_id: Set(key.chain_id),
                    token_id: Set(token_column(key.token_id)),
                    status: Set(Stored(key.status)),
                    credited: Set(key.credited),
                    decimals: Set(decimals),
                    order_count: Set(0),
                    amount: Set(Stored(BaseUnits::ZERO)),
                    fee: Set(Stored(BaseUnits::ZERO)),
                    ..Default::default()
                }
            }
            fn figures(row: &$table::Model) -> (i64, i64, BaseUnits, BaseUnits) {
                (row.id, row.order_count, row.amount.0, row.fee.0)
            }
            fn figure_columns() -> [$table::Column; 4] {
                use $table::Column as C;
                [C::Id, C::OrderCount, C::Amount, C::Fee]
            }
            fn stored_kind(row: &$table::Model) -> &str {
                &row.order_kind
            }
            fn bucket(kind: OrderKind, row: $table::Model) -> RollupBucket {
                RollupBucket {
                    key: RollupKey {
                        merchant_id: row.merchant_id,
                        kind,
                        hour: row_hour!(row $(, $hour_field)?),
                        chain_id: row.chain_id,
                        token_id: (row.token_id != 0).then_some(row.token_id),
                        status: row.status.0,
                        credited: row.credited,
                    },
                    decimals: row.decimals,
                    // Never negative: a row is deleted when its last order leaves it.
                    count: u64::try_from(row.order_count).unwrap_or(0),
                    amount: row.amount.0,
                    fee: row.fee.0,
                }
            }
        }
    };
}

figure_table!(order_rollup, HourStart => hour_start);
figure_table!(order_total);

async fn apply<T: FigureTable>(tx: &DatabaseTransaction, key: &RollupKey, change: Change) -> AppResult<()>
where
    T::ActiveModel: ActiveModelTrait<Entity = T> + Send,
{
    let [id_column, count_column, amount_column, fee_column] = T::figure_columns();
    let (id, stored_count, stored_amount, stored_fee) =
        T::figures(&locked_row::<T>(tx, key, change.decimals).await?);
    let count = stored_count + change.count;
    if count <= 0 {
        if count < 0 {
            out_of_step(key, "count");
        }
        T::delete_many().filter(id_column.eq(id)).exec(tx).await?;
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
    let amount = moved(stored_amount, change.added.0, change.removed.0, "amount");
    let fee = moved(stored_fee, change.added.1, change.removed.1, "fee");
    T::update_many()
        .col_expr(count_column, Expr::value(count))
        .col_expr(amount_column, Expr::value(Stored(amount)))
        .col_expr(fee_column, Expr::value(Stored(fee)))
        .filter(id_column.eq(id))
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

/// A bucket that was deleted (its last order left) between our insert and our lock is
/// inserted again; more misses than this is a fault, not a race.
const LOCK_ATTEMPTS: usize = 5;

/// The row of `key`, created empty if missing, locked until the transaction ends: the sums
/// are read, added in Rust and written back, so two writers must not both read the same
/// figures. PostgreSQL locks the row (FOR UPDATE); on SQLite the write transaction
/// (`Store::begin_write`) already excludes every other writer and sea-query leaves the clause
/// out.
async fn locked_row<T: FigureTable>(
    tx: &DatabaseTransaction,
    key: &RollupKey,
    decimals: i32,
) -> AppResult<T::Model>
where
    T::ActiveModel: ActiveModelTrait<Entity = T> + Send,
{
    for _ in 0..LOCK_ATTEMPTS {
        T::insert(T::empty(key, decimals))
            .on_conflict(OnConflict::columns(T::key_columns()).do_nothing().to_owned())
            .do_nothing()
            .exec(tx)
            .await?;
        let locked = T::find()
            .filter(T::key_filter(key))
            .lock_exclusive()
            .one(tx)
            .await?;
        if let Some(row) = locked {
            return Ok(row);
        }
    }
    Err(AppError::internal("an order bucket vanished while being locked"))
}
