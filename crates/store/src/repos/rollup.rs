//! [`OrderRollup`]: the hourly order buckets and the all-time totals (see the `order_rollup`
//! and `order_total` migrations), read here and written by `shift` (rollup_shift.rs) in the
//! transactions of the order changes themselves; rollup_audit.rs checks them against the rows.

use chrono::{DateTime, Utc};
use coffer_domain::error::AppResult;
use coffer_domain::ports::{
    MerchantId, OrderFilter, OrderKind, OrderRollup, OrderStatus, RollupBucket, RollupQuery,
};
use sea_orm::sea_query::{Alias, Expr, Func};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Select};

use super::rollup_shift::FigureTable;
use crate::entities::{order_rollup, order_total, Stored};
use crate::Store;

/// The stored name of a kind (the outbox's `order_kind` names: never renamed).
pub(crate) fn kind_name(kind: OrderKind) -> &'static str {
    match kind {
        OrderKind::Deposit => "deposit",
        OrderKind::Withdrawal => "withdrawal",
        OrderKind::Exchange => "exchange",
    }
}

/// The stored token id: 0 is the native coin (a key column cannot be NULL everywhere).
pub(crate) fn token_column(token_id: Option<i64>) -> i64 {
    token_id.unwrap_or(0)
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
        if let Some(statuses) = &query.statuses {
            q = q.filter(R::Status.is_in(statuses.iter().map(|s| Stored(*s))));
        }
        let rows = q
            .order_by_asc(R::HourStart)
            .order_by_asc(R::Id)
            .all(self.connection())
            .await?;
        Ok(rows
            .into_iter()
            .map(|m| order_rollup::Entity::bucket(query.kind, m))
            .collect())
    }

    async fn totals(&self, merchant_id: MerchantId, kind: OrderKind) -> AppResult<Vec<RollupBucket>> {
        use order_total::Column as T;
        let rows = order_total::Entity::find()
            .filter(T::MerchantId.eq(merchant_id))
            .filter(T::OrderKind.eq(kind_name(kind)))
            .order_by_asc(T::Id)
            .all(self.connection())
            .await?;
        Ok(rows
            .into_iter()
            .map(|m| order_total::Entity::bucket(kind, m))
            .collect())
    }

    async fn oldest_hour(
        &self,
        merchant_id: MerchantId,
        kind: OrderKind,
        status: OrderStatus,
    ) -> AppResult<Option<DateTime<Utc>>> {
        use order_rollup::Column as R;
        let first = order_rollup::Entity::find()
            .filter(R::MerchantId.eq(merchant_id))
            .filter(R::OrderKind.eq(kind_name(kind)))
            .filter(R::Status.eq(Stored(status)))
            .filter(R::OrderCount.gt(0))
            .order_by_asc(R::HourStart)
            .one(self.connection())
            .await?;
        Ok(first.map(|m| m.hour_start))
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
    if let Some(uncredited) = f.uncredited {
        q = q.filter(R::Credited.eq(!uncredited));
    }
    q
}

/// How many orders the buckets hold: summed by the database (a count is an integer, exact
/// everywhere; PostgreSQL's SUM of BIGINT is NUMERIC, cast back).
pub(crate) async fn bucket_count(store: &Store, buckets: Select<order_rollup::Entity>) -> AppResult<u64> {
    let sum = Func::cast_as(
        Func::coalesce([
            Func::sum(Expr::col(order_rollup::Column::OrderCount)).into(),
            Expr::val(0i64).into(),
        ]),
        Alias::new("BIGINT"),
    );
    let total = buckets
        .select_only()
        .expr(sum)
        .into_tuple::<i64>()
        .one(store.connection())
        .await?
        .unwrap_or(0);
    Ok(u64::try_from(total).unwrap_or(0))
}
