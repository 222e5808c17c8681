//! [`WithdrawalRepo`]: the daily sums the limits need, and reviews.

use chrono::{DateTime, Utc};
use coffer_domain::amount::BaseUnits;
use coffer_domain::error::AppResult;
use coffer_domain::ports::OrderStatus;
use coffer_domain::ports::{MerchantId, ReviewRecord, WithdrawalRecord};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};

use super::order_queries::sum_amounts;
use crate::entities::{withdrawal, withdrawal_review, Stored};
use crate::Store;

impl Store {
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
            .filter(W::Status.is_not_in([Stored(OrderStatus::Rejected), Stored(OrderStatus::Failed)]));
        let totals = sum_amounts::<WithdrawalRecord>(self, q).await?;
        let sum = totals.sums.first().map(|s| s.amount).unwrap_or(BaseUnits::ZERO);
        Ok((totals.count, sum))
    }

    pub(crate) async fn reviews_of(&self, merchant_id: MerchantId, id: i64) -> AppResult<Vec<ReviewRecord>> {
        let rows = withdrawal_review::Entity::find()
            .filter(withdrawal_review::Column::MerchantId.eq(merchant_id))
            .filter(withdrawal_review::Column::WithdrawalId.eq(id))
            .order_by_desc(withdrawal_review::Column::Id)
            .all(self.connection())
            .await?;
        Ok(rows
            .into_iter()
            .map(|r| ReviewRecord {
                withdrawal_id: r.withdrawal_id,
                action: r.action.0,
                reviewer: r.reviewer,
                reviewer_email: r.reviewer_email,
                reason: r.reason,
                created_at: r.created_at,
            })
            .collect())
    }
}
