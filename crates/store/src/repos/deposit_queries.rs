//! Deposit lists and totals for the console and the merchant API.

use super::text_filter::contains_any_case;
use coffer_domain::amount::BaseUnits;
use coffer_domain::error::{AppError, AppResult};
use coffer_domain::ports::{
    DepositFilter, DepositRecord, DepositSum, DepositTotals, MerchantId, PageRequest, Paged,
};
use futures::TryStreamExt;
use sea_orm::sea_query::{Expr, Func};
use sea_orm::{ColumnTrait, Condition, EntityTrait, QueryFilter, QueryOrder, QuerySelect};
use std::collections::BTreeMap;

use super::deposits::record;
use crate::entities::deposit;
use crate::{db_error, fetch_page, Store};

fn deposit_query(merchant_id: MerchantId, f: &DepositFilter) -> sea_orm::Select<deposit::Entity> {
    let mut q = deposit::Entity::find()
        .filter(deposit::Column::MerchantId.eq(merchant_id))
        .order_by_desc(deposit::Column::Id);
    if let Some(start) = f.start {
        q = q.filter(deposit::Column::CreatedAt.gte(start));
    }
    if let Some(end) = f.end {
        q = q.filter(deposit::Column::CreatedAt.lt(end));
    }
    if let Some(v) = f.chain_id {
        q = q.filter(deposit::Column::ChainId.eq(v));
    }
    if let Some(v) = f.token_id {
        q = q.filter(deposit::Column::TokenId.eq(v));
    }
    if let Some(v) = f.status {
        q = q.filter(deposit::Column::Status.eq(v));
    }
    let text = |v: &Option<String>| {
        v.as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_string)
    };
    if let Some(address) = text(&f.address) {
        // Either side, any case (SQLite and PostgreSQL differ on LIKE's case; lower both).
        q = q.filter(
            Condition::any()
                .add(contains_any_case(deposit::Column::ToAddress, &address))
                .add(contains_any_case(deposit::Column::FromAddress, &address)),
        );
    }
    if let Some(hash) = text(&f.hash) {
        q = q.filter(Expr::expr(Func::lower(Expr::col(deposit::Column::TxHash))).eq(hash.to_lowercase()));
    }
    if let Some(order_no) = text(&f.order_no) {
        q = q.filter(deposit::Column::OrderNo.eq(order_no));
    }
    if let Some(open_id) = text(&f.open_id) {
        q = q.filter(deposit::Column::OpenId.eq(open_id));
    }
    q
}

impl Store {
    pub(crate) async fn query_deposits(
        &self,
        merchant_id: MerchantId,
        filter: &DepositFilter,
        page: PageRequest,
    ) -> AppResult<Paged<DepositRecord>> {
        let (rows, total) = fetch_page(self, deposit_query(merchant_id, filter), page).await?;
        Ok(Paged {
            list: rows.into_iter().map(record).collect::<AppResult<_>>()?,
            total,
        })
    }

    /// Amounts are exact decimal integers in TEXT (up to 78 digits), which SQL cannot sum
    /// exactly on every database: the rows stream through here, four columns at a time.
    pub(crate) async fn sum_deposits(
        &self,
        merchant_id: MerchantId,
        filter: &DepositFilter,
    ) -> AppResult<DepositTotals> {
        use deposit::Column as C;
        sum_amounts(
            self,
            deposit_query(merchant_id, filter),
            [C::ChainId, C::TokenId, C::Decimals, C::Amount],
        )
        .await
    }
}

/// Count and exact per-(chain, token) sums of a query's rows, streamed: `columns` are the
/// chain id, token id, decimals and amount (decimal integer TEXT) columns, in that order.
pub(crate) async fn sum_amounts<E: EntityTrait>(
    store: &Store,
    query: sea_orm::Select<E>,
    columns: [E::Column; 4],
) -> AppResult<DepositTotals> {
    let [chain, token, decimals, amount] = columns;
    let mut rows = query
        .select_only()
        .column(chain)
        .column(token)
        .column(decimals)
        .column(amount)
        .into_tuple::<(i64, Option<i64>, i32, String)>()
        .stream(store.connection())
        .await
        .map_err(db_error)?;
    let mut count = 0u64;
    let mut sums: BTreeMap<(i64, Option<i64>), (i32, BaseUnits)> = BTreeMap::new();
    while let Some((chain_id, token_id, decimals, amount)) = rows.try_next().await.map_err(db_error)? {
        let amount: BaseUnits = amount
            .parse()
            .map_err(|_| AppError::internal(format!("stored amount {amount:?} is not an integer")))?;
        let entry = sums
            .entry((chain_id, token_id))
            .or_insert((decimals, BaseUnits::ZERO));
        // Saturates: orders are bounded, only chain-observed amounts could get there, and a
        // total must never stop a worker or a list.
        entry.1 = entry.1.saturating_add(amount);
        count += 1;
    }
    Ok(DepositTotals {
        count,
        sums: sums
            .into_iter()
            .map(|((chain_id, token_id), (decimals, amount))| DepositSum {
                chain_id,
                token_id,
                decimals,
                amount,
            })
            .collect(),
    })
}
