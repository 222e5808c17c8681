//! [`WithdrawalRepo`], second half: withdrawal lists, ids, totals, the daily sums the limits
//! need, and reviews.

use super::text_filter::contains_any_case;
use chrono::{DateTime, Utc};
use coffer_domain::amount::BaseUnits;
use coffer_domain::error::AppResult;
use coffer_domain::ports::{
    DepositTotals, MerchantId, PageRequest, Paged, ReviewRecord, WithdrawalFilter, WithdrawalRecord,
};
use sea_orm::sea_query::{Expr, Func};
use sea_orm::{ColumnTrait, Condition, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect};

use super::withdrawals::{state, withdrawal_record};
use crate::entities::{withdrawal, withdrawal_review};
use crate::{db_error, fetch_page, Store};

/// The merchant's withdrawals a filter selects (unordered).
fn withdrawal_query(merchant_id: MerchantId, f: &WithdrawalFilter) -> sea_orm::Select<withdrawal::Entity> {
    use withdrawal::Column as W;
    let mut q = withdrawal::Entity::find().filter(W::MerchantId.eq(merchant_id));
    if let Some(start) = f.start {
        q = q.filter(W::CreatedAt.gte(start));
    }
    if let Some(end) = f.end {
        q = q.filter(W::CreatedAt.lt(end));
    }
    if let Some(v) = f.chain_id {
        q = q.filter(W::ChainId.eq(v));
    }
    if let Some(v) = f.token_id {
        q = q.filter(W::TokenId.eq(v));
    }
    if let Some(v) = f.status {
        q = q.filter(W::Status.eq(v));
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
                .add(contains_any_case(W::ToAddress, &address))
                .add(contains_any_case(W::FromAddress, &address)),
        );
    }
    if let Some(hash) = text(&f.hash) {
        q = q.filter(Expr::expr(Func::lower(Expr::col(W::TxHash))).eq(hash.to_lowercase()));
    }
    if let Some(order_no) = text(&f.order_no) {
        q = q.filter(W::OrderNo.eq(order_no));
    }
    if let Some(merchant_order_no) = text(&f.merchant_order_no) {
        q = q.filter(W::MerchantOrderNo.eq(merchant_order_no));
    }
    if let Some(open_id) = text(&f.open_id) {
        q = q.filter(W::OpenId.eq(open_id));
    }
    q
}

async fn stream_sums(store: &Store, q: sea_orm::Select<withdrawal::Entity>) -> AppResult<DepositTotals> {
    use withdrawal::Column as C;
    super::deposit_queries::sum_amounts(store, q, [C::ChainId, C::TokenId, C::Decimals, C::Amount]).await
}

impl Store {
    pub(crate) async fn query_withdrawals(
        &self,
        merchant_id: MerchantId,
        filter: &WithdrawalFilter,
        page: PageRequest,
    ) -> AppResult<Paged<WithdrawalRecord>> {
        let q = withdrawal_query(merchant_id, filter).order_by_desc(withdrawal::Column::Id);
        let (rows, total) = fetch_page(self, q, page).await?;
        Ok(Paged {
            list: rows
                .into_iter()
                .map(withdrawal_record)
                .collect::<AppResult<_>>()?,
            total,
        })
    }

    /// Ids of what the filter selects in `status` (both must hold), oldest first, at most
    /// `limit`, and how many there are in all.
    pub(crate) async fn select_withdrawal_ids(
        &self,
        merchant_id: MerchantId,
        filter: &WithdrawalFilter,
        status: i32,
        limit: u64,
    ) -> AppResult<(Vec<i64>, u64)> {
        let q = withdrawal_query(merchant_id, filter).filter(withdrawal::Column::Status.eq(status));
        let total = q.clone().count(self.connection()).await.map_err(db_error)?;
        let ids = q
            .select_only()
            .column(withdrawal::Column::Id)
            .order_by_asc(withdrawal::Column::Id)
            .limit(limit)
            .into_tuple::<i64>()
            .all(self.connection())
            .await
            .map_err(db_error)?;
        Ok((ids, total))
    }

    pub(crate) async fn sum_withdrawals(
        &self,
        merchant_id: MerchantId,
        filter: &WithdrawalFilter,
    ) -> AppResult<DepositTotals> {
        stream_sums(self, withdrawal_query(merchant_id, filter)).await
    }

    /// How many withdrawals of one token (None: the native coin) were created at or after
    /// `since` and are not rejected or failed, and their exact sum.
    pub(crate) async fn sum_withdrawn_since(
        &self,
        merchant_id: MerchantId,
        chain_id: i64,
        token_id: Option<i64>,
        since: DateTime<Utc>,
    ) -> AppResult<(u64, BaseUnits)> {
        use withdrawal::Column as W;
        let token = match token_id {
            Some(id) => W::TokenId.eq(id),
            None => W::TokenId.is_null(),
        };
        let q = withdrawal::Entity::find()
            .filter(W::MerchantId.eq(merchant_id))
            .filter(W::ChainId.eq(chain_id))
            .filter(token)
            .filter(W::CreatedAt.gte(since))
            .filter(W::Status.is_not_in([state::REJECT, state::FAILED]));
        let totals = stream_sums(self, q).await?;
        let sum = totals.sums.first().map(|s| s.amount).unwrap_or(BaseUnits::ZERO);
        Ok((totals.count, sum))
    }

    pub(crate) async fn reviews_of(&self, merchant_id: MerchantId, id: i64) -> AppResult<Vec<ReviewRecord>> {
        let rows = withdrawal_review::Entity::find()
            .filter(withdrawal_review::Column::MerchantId.eq(merchant_id))
            .filter(withdrawal_review::Column::WithdrawalId.eq(id))
            .order_by_desc(withdrawal_review::Column::Id)
            .all(self.connection())
            .await
            .map_err(db_error)?;
        Ok(rows
            .into_iter()
            .map(|r| ReviewRecord {
                withdrawal_id: r.withdrawal_id,
                action: r.action,
                reviewer: r.reviewer,
                reviewer_email: r.reviewer_email,
                reason: r.reason,
                created_at: r.created_at,
            })
            .collect())
    }
}
