//! [`OrderTimeline`]: the transaction list's keyset pages over the order tables. Each kind
//! reads its first `size + 1` rows after the cursor along `(merchant_id, created_at)`; the
//! rows merge here, in Rust.

use std::cmp::Ordering;
use std::future::Future;

use coffer_domain::error::AppResult;
use coffer_domain::exchange::orders::ExchangeOrderRecord;
use coffer_domain::ports::{
    DepositRecord, MerchantId, OrderFilter, OrderKind, OrderTimeline, TimelineKey, TimelineOrder,
    TimelinePage, WithdrawalRecord,
};
use futures::future::OptionFuture;
use sea_orm::{ColumnTrait, Condition, QueryFilter, QueryOrder, QuerySelect};

use super::order_queries::{count_orders, filtered, OrderTable};
use crate::Store;

/// The kind's rows that come after `after` in the timeline (created time, kind, id, all
/// descending), newest first, at most `limit`.
async fn rows_after<T: OrderTable>(
    store: &Store,
    merchant_id: MerchantId,
    filter: &OrderFilter,
    kind: OrderKind,
    after: Option<TimelineKey>,
    limit: u64,
) -> AppResult<Vec<T>> {
    let c = T::COLUMNS;
    // With a cursor the range ends at the cursor: one upper bound on the time, or SQLite's
    // index range ends at the filter's end and skips every row already read, batch after batch.
    let mut filter = filter.clone();
    if let (Some(key), Some(end)) = (after, filter.end) {
        if key.created_at < end {
            filter.end = None;
        }
    }
    let mut q = filtered::<T>(merchant_id, &filter);
    if let Some(key) = after {
        let at = key.created_at;
        q = q.filter(match kind.cmp(&key.kind) {
            // At the cursor's instant this kind sorts after the cursor's row: that instant's
            // rows are still to come.
            Ordering::Less => Condition::all().add(c.created_at.lte(at)),
            // The bound on the time alone lets the index start its range at the cursor.
            Ordering::Equal => Condition::all().add(c.created_at.lte(at)).add(
                Condition::any()
                    .add(c.created_at.lt(at))
                    .add(Condition::all().add(c.created_at.eq(at)).add(c.id.lt(key.id))),
            ),
            // ... sorts before it: they were all shown.
            Ordering::Greater => Condition::all().add(c.created_at.lt(at)),
        });
    }
    let rows = q
        .order_by_desc(c.created_at)
        .order_by_desc(c.id)
        .limit(limit)
        .all(store.connection())
        .await?;
    Ok(rows.into_iter().map(T::from).collect())
}

/// The reads of the kinds asked for, run at once (each on a connection of its own).
async fn each_kind<D: Future, W: Future, X: Future>(
    kinds: &[OrderKind],
    deposits: D,
    withdrawals: W,
    exchanges: X,
) -> (Option<D::Output>, Option<W::Output>, Option<X::Output>) {
    let wanted = |kind| kinds.contains(&kind);
    futures::join!(
        OptionFuture::from(wanted(OrderKind::Deposit).then_some(deposits)),
        OptionFuture::from(wanted(OrderKind::Withdrawal).then_some(withdrawals)),
        OptionFuture::from(wanted(OrderKind::Exchange).then_some(exchanges)),
    )
}

/// A kind's rows (None: not asked for) as timeline rows.
fn rows_of<T>(read: Option<AppResult<Vec<T>>>, row: fn(T) -> TimelineOrder) -> AppResult<Vec<TimelineOrder>> {
    Ok(read.transpose()?.into_iter().flatten().map(row).collect())
}

#[async_trait::async_trait]
impl OrderTimeline for Store {
    async fn page_after(
        &self,
        merchant_id: MerchantId,
        filter: &OrderFilter,
        kinds: &[OrderKind],
        after: Option<TimelineKey>,
        size: u64,
    ) -> AppResult<TimelinePage> {
        // One more than the page: whether a next page exists.
        let limit = size + 1;
        let (deposits, withdrawals, exchanges) = each_kind(
            kinds,
            rows_after::<DepositRecord>(self, merchant_id, filter, OrderKind::Deposit, after, limit),
            rows_after::<WithdrawalRecord>(self, merchant_id, filter, OrderKind::Withdrawal, after, limit),
            rows_after::<ExchangeOrderRecord>(self, merchant_id, filter, OrderKind::Exchange, after, limit),
        )
        .await;
        let rows = [
            rows_of(deposits, TimelineOrder::Deposit)?,
            rows_of(withdrawals, TimelineOrder::Withdrawal)?,
            rows_of(exchanges, TimelineOrder::Exchange)?,
        ]
        .concat();
        Ok(TimelinePage::merge(
            rows,
            usize::try_from(size).unwrap_or(usize::MAX),
        ))
    }

    async fn count(
        &self,
        merchant_id: MerchantId,
        filter: &OrderFilter,
        kinds: &[OrderKind],
    ) -> AppResult<u64> {
        let (deposits, withdrawals, exchanges) = each_kind(
            kinds,
            count_orders::<DepositRecord>(self, merchant_id, filter),
            count_orders::<WithdrawalRecord>(self, merchant_id, filter),
            count_orders::<ExchangeOrderRecord>(self, merchant_id, filter),
        )
        .await;
        Ok(deposits.transpose()?.unwrap_or(0)
            + withdrawals.transpose()?.unwrap_or(0)
            + exchanges.transpose()?.unwrap_or(0))
    }
}
