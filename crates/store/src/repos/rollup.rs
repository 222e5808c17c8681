//! [`OrderRollup`]: reading the hourly order buckets (see the `order_rollup` migration). The
//! buckets are written in the transactions of the order changes themselves.

use coffer_domain::error::AppResult;
use coffer_domain::ports::{OrderKind, OrderRollup, RollupBucket, RollupKey, RollupQuery};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};

use crate::entities::order_rollup;
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
