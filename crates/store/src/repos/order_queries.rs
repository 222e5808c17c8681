//! [`OrderQueries`] for every kind of order: one filter, one page, one total, one id list,
//! each written once over the columns the order tables share ([`OrderTable`]). A page's count
//! and the totals come from the hourly buckets (rollup.rs) when the filter selects whole
//! buckets, from the rows otherwise: the same figures either way.

use super::text_filter::contains_any_case;
use coffer_domain::error::AppResult;
use coffer_domain::exchange::orders::ExchangeOrderRecord;
use coffer_domain::ports::{
    DepositRecord, MerchantId, OrderFilter, OrderKind, OrderQueries, OrderStatus, OrderTotals, PageRequest,
    Paged, WithdrawalRecord,
};
use sea_orm::sea_query::{Expr, Func};
use sea_orm::{
    ColumnTrait, Condition, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Select,
};
use std::collections::BTreeMap;

use super::order_sums::{sum_amounts, sum_buckets};
use super::rollup::{bucket_count, filtered_buckets};
use crate::entities::{deposit, exchange_order, withdrawal, Stored};
use crate::Store;

/// The columns the lists filter, sort and sum on, by meaning.
pub(crate) struct OrderColumns<C> {
    pub id: C,
    pub merchant_id: C,
    pub created_at: C,
    pub chain_id: C,
    pub token_id: C,
    pub decimals: C,
    /// A decimal integer in TEXT.
    pub amount: C,
    pub status: C,
    pub from_address: C,
    pub to_address: C,
    pub tx_hash: C,
    pub order_no: C,
    /// None: the kind has none, and a filter on it selects as if it were not given.
    pub merchant_order_no: Option<C>,
    pub open_id: C,
    /// Why a deposit is never credited ("": it is); None: the kind is always creditable.
    pub note: Option<C>,
    /// The side an exchange pays out; None: the kind moves one token one way.
    pub payout: Option<PayoutColumns<C>>,
}

/// An exchange's second side: what it pays out, where, by which transaction, and its pair. A
/// token, address or hash filter selects an exchange by either side; the buckets know only its
/// token in, so such a filter is answered from the rows.
pub(crate) struct PayoutColumns<C> {
    pub token_id: C,
    pub address: C,
    pub tx_hash: C,
    pub pair_id: C,
}

/// A table of orders and the record its rows become.
pub(crate) trait OrderTable:
    From<<Self::Entity as EntityTrait>::Model> + Send + Sync + 'static
{
    type Entity: EntityTrait<Model: Send + Sync>;
    const KIND: OrderKind;
    const COLUMNS: OrderColumns<<Self::Entity as EntityTrait>::Column>;
    /// (merchant, id) of a record.
    fn owner_and_id(&self) -> (MerchantId, i64);
}

/// The columns of an order entity whose shared columns have the shared names.
macro_rules! order_columns {
    ($entity:ident, merchant_order_no: $merchant_order_no:expr, note: $note:expr, payout: $payout:expr) => {{
        use $entity::Column as C;
        OrderColumns {
            id: C::Id,
            merchant_id: C::MerchantId,
            created_at: C::CreatedAt,
            chain_id: C::ChainId,
            token_id: C::TokenId,
            decimals: C::Decimals,
            amount: C::Amount,
            status: C::Status,
            from_address: C::FromAddress,
            to_address: C::ToAddress,
            tx_hash: C::TxHash,
            order_no: C::OrderNo,
            merchant_order_no: $merchant_order_no,
            open_id: C::OpenId,
            note: $note,
            payout: $payout,
        }
    }};
}

impl OrderTable for DepositRecord {
    type Entity = deposit::Entity;
    const KIND: OrderKind = OrderKind::Deposit;
    const COLUMNS: OrderColumns<deposit::Column> =
        order_columns!(deposit, merchant_order_no: None, note: Some(deposit::Column::Note), payout: None);
    fn owner_and_id(&self) -> (MerchantId, i64) {
        (self.merchant_id, self.id)
    }
}

impl OrderTable for WithdrawalRecord {
    type Entity = withdrawal::Entity;
    const KIND: OrderKind = OrderKind::Withdrawal;
    const COLUMNS: OrderColumns<withdrawal::Column> = order_columns!(
        withdrawal,
        merchant_order_no: Some(withdrawal::Column::MerchantOrderNo),
        note: None,
        payout: None
    );
    fn owner_and_id(&self) -> (MerchantId, i64) {
        (self.merchant_id, self.id)
    }
}

impl OrderTable for ExchangeOrderRecord {
    type Entity = exchange_order::Entity;
    const KIND: OrderKind = OrderKind::Exchange;
    const COLUMNS: OrderColumns<exchange_order::Column> = order_columns!(
        exchange_order,
        merchant_order_no: Some(exchange_order::Column::MerchantOrderNo),
        note: None,
        payout: Some(PayoutColumns {
            token_id: exchange_order::Column::TokenOut,
            address: exchange_order::Column::PayoutAddress,
            tx_hash: exchange_order::Column::OutHash,
            pair_id: exchange_order::Column::PairId,
        })
    );
    fn owner_and_id(&self) -> (MerchantId, i64) {
        (self.order.merchant_id, self.id)
    }
}

/// A text filter as given: trimmed, None when empty.
fn text(v: &Option<String>) -> Option<String> {
    v.as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_string)
}

/// Whether the buckets answer the filter exactly: it names no text the buckets do not keep
/// (address, hash, order numbers, end user), and its time range starts and ends on whole UTC
/// hours (a bucket is all of one hour's orders).
pub(crate) fn selects_whole_buckets<T: OrderTable>(f: &OrderFilter) -> bool {
    let whole_hour = |at: &Option<chrono::DateTime<chrono::Utc>>| {
        at.is_none_or(|at| at.timestamp().rem_euclid(3600) == 0 && at.timestamp_subsec_nanos() == 0)
    };
    let merchant_order_no = T::COLUMNS.merchant_order_no.and(text(&f.merchant_order_no));
    // Token 0 is how a bucket names the native coin, which the rows name by NULL: a filter
    // on token 0 selects no row, and must not select the native coin's buckets.
    let native_alias = f.token_id == Some(0);
    // The buckets know an exchange by its token in alone, and nothing of its pair.
    let payout_side = T::COLUMNS.payout.is_some() && (f.token_id.is_some() || f.pair_id.is_some());
    !native_alias
        && !payout_side
        && whole_hour(&f.start)
        && whole_hour(&f.end)
        && [&f.address, &f.hash, &f.order_no, &f.open_id]
            .into_iter()
            .all(|v| text(v).is_none())
        && merchant_order_no.is_none()
}

/// How many of the merchant's orders a filter selects: from the buckets when they answer it
/// exactly, else from the rows.
pub(crate) async fn count_orders<T: OrderTable>(
    store: &Store,
    merchant_id: MerchantId,
    filter: &OrderFilter,
) -> AppResult<u64> {
    if selects_whole_buckets::<T>(filter) {
        return bucket_count(store, filtered_buckets(merchant_id, T::KIND, filter)).await;
    }
    Ok(filtered::<T>(merchant_id, filter)
        .count(store.connection())
        .await?)
}

/// A page of the merchant's orders the filter selects, newest first, on the (merchant, created
/// time, id) index: the page's ids are found in the index alone however deep the page is, then
/// only its own rows are read.
async fn page_rows<T: OrderTable>(
    store: &Store,
    merchant_id: MerchantId,
    filter: &OrderFilter,
    page: PageRequest,
) -> AppResult<Vec<T>> {
    let c = T::COLUMNS;
    let ids: Vec<i64> = filtered::<T>(merchant_id, filter)
        .select_only()
        .column(c.id)
        .order_by_desc(c.created_at)
        .order_by_desc(c.id)
        .offset(page.offset())
        .limit(page.size)
        .into_tuple()
        .all(store.connection())
        .await?;
    // By primary key alone, put in the ids' order here: with the merchant or an order in the
    // SQL, SQLite walks the merchant's whole time index to skip the sort.
    let mut rows: BTreeMap<i64, T> = T::Entity::find()
        .filter(c.id.is_in(ids.iter().copied()))
        .all(store.connection())
        .await?
        .into_iter()
        .map(T::from)
        .filter(|row| row.owner_and_id().0 == merchant_id)
        .map(|row| (row.owner_and_id().1, row))
        .collect();
    Ok(ids.iter().filter_map(|id| rows.remove(id)).collect())
}

/// The merchant's orders a filter selects (unordered).
pub(crate) fn filtered<T: OrderTable>(merchant_id: MerchantId, f: &OrderFilter) -> Select<T::Entity> {
    let c = T::COLUMNS;
    let mut q = T::Entity::find().filter(c.merchant_id.eq(merchant_id));
    if let Some(start) = f.start {
        q = q.filter(c.created_at.gte(start));
    }
    if let Some(end) = f.end {
        q = q.filter(c.created_at.lt(end));
    }
    if let Some(v) = f.chain_id {
        q = q.filter(c.chain_id.eq(v));
    }
    match (f.token_id, &c.payout) {
        (Some(v), Some(payout)) => {
            q = q.filter(Condition::any().add(c.token_id.eq(v)).add(payout.token_id.eq(v)));
        }
        (Some(v), None) => q = q.filter(c.token_id.eq(v)),
        (None, _) => {}
    }
    if let (Some(v), Some(payout)) = (f.pair_id, &c.payout) {
        q = q.filter(payout.pair_id.eq(v));
    }
    if let Some(v) = f.status {
        // An unknown code keeps its integer: it selects nothing, as it always has.
        q = q.filter(c.status.eq(v.code()));
    }
    if let Some(uncredited) = f.uncredited {
        // The rule of `deposits::rules::is_credited`, as the buckets' `credited` keeps it.
        match (c.note, uncredited) {
            (Some(note), true) => q = q.filter(note.ne("")),
            (Some(note), false) => q = q.filter(note.eq("")),
            // A kind without a note is always creditable: none of it is uncredited.
            (None, true) => q = q.filter(c.id.is_null()),
            (None, false) => {}
        }
    }
    if let Some(address) = text(&f.address) {
        // Either side, any case (SQLite and PostgreSQL differ on LIKE's case; lower both).
        let mut sides = Condition::any()
            .add(contains_any_case(c.to_address, &address))
            .add(contains_any_case(c.from_address, &address));
        if let Some(payout) = &c.payout {
            sides = sides.add(contains_any_case(payout.address, &address));
        }
        q = q.filter(sides);
    }
    if let Some(hash) = text(&f.hash) {
        let is_hash = |column| Expr::expr(Func::lower(Expr::col(column))).eq(hash.to_lowercase());
        let mut hashes = Condition::any().add(is_hash(c.tx_hash));
        if let Some(payout) = &c.payout {
            hashes = hashes.add(is_hash(payout.tx_hash));
        }
        q = q.filter(hashes);
    }
    if let Some(order_no) = text(&f.order_no) {
        q = q.filter(c.order_no.eq(order_no));
    }
    if let (Some(column), Some(merchant_order_no)) = (c.merchant_order_no, text(&f.merchant_order_no)) {
        q = q.filter(column.eq(merchant_order_no));
    }
    if let Some(open_id) = text(&f.open_id) {
        q = q.filter(c.open_id.eq(open_id));
    }
    q
}

#[async_trait::async_trait]
impl<T: OrderTable> OrderQueries<T> for Store {
    async fn page_orders(
        &self,
        merchant_id: MerchantId,
        filter: &OrderFilter,
        page: PageRequest,
    ) -> AppResult<Paged<T>> {
        // The count and the page are independent reads: at once, each on a connection.
        let (total, list) = futures::try_join!(
            count_orders::<T>(self, merchant_id, filter),
            page_rows::<T>(self, merchant_id, filter, page),
        )?;
        Ok(Paged { list, total })
    }

    async fn order_totals(&self, merchant_id: MerchantId, filter: &OrderFilter) -> AppResult<OrderTotals> {
        if selects_whole_buckets::<T>(filter) {
            return sum_buckets(self, filtered_buckets(merchant_id, T::KIND, filter)).await;
        }
        sum_amounts::<T>(self, filtered::<T>(merchant_id, filter)).await
    }

    async fn order_ids(
        &self,
        merchant_id: MerchantId,
        filter: &OrderFilter,
        status: OrderStatus,
        limit: u64,
    ) -> AppResult<(Vec<i64>, u64)> {
        let c = T::COLUMNS;
        let q = filtered::<T>(merchant_id, filter).filter(c.status.eq(Stored(status)));
        let total = q.clone().count(self.connection()).await?;
        let ids = q
            .select_only()
            .column(c.id)
            .order_by_asc(c.id)
            .limit(limit)
            .into_tuple::<i64>()
            .all(self.connection())
            .await?;
        Ok((ids, total))
    }

    async fn orders_by_ids(&self, merchant_id: MerchantId, ids: &[i64]) -> AppResult<Vec<T>> {
        let c = T::COLUMNS;
        let rows = T::Entity::find()
            .filter(c.merchant_id.eq(merchant_id))
            .filter(c.id.is_in(ids.iter().copied()))
            .all(self.connection())
            .await?;
        Ok(rows.into_iter().map(T::from).collect())
    }
}
