//! Collect > Collection transactions' totals: what the collections a filter selects add up to,
//! per chain and token (the list's one-line summary).

use axum::extract::State;
use coffer_domain::collection::records::CollectionTotal;
use coffer_domain::menu::catalogue::COLLECT_TRANSACTIONS;
use serde::Serialize;

use crate::collection_records::{decimal, CollectionsFilterBody};
use crate::envelope::{ok, ApiJson, ApiResult};
use crate::session::Allowed;
use crate::AppState;

/// One chain and token: how many collections, how many collected and what they moved (the
/// token's units), and the network fees paid (the chain's native coin).
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CollectionTotalView {
    pub chain_id: i64,
    pub chainname: String,
    pub token_id: i64,
    pub symbol: String,
    pub count: u64,
    pub collected_count: u64,
    pub collected: String,
    pub native_symbol: String,
    pub fee_paid: String,
}

impl From<CollectionTotal> for CollectionTotalView {
    fn from(total: CollectionTotal) -> Self {
        let sum = total.sum;
        CollectionTotalView {
            chain_id: sum.chain_id,
            chainname: total.chain_name,
            token_id: sum.token_id,
            symbol: total.symbol,
            count: sum.count,
            collected_count: sum.collected_count,
            collected: decimal(sum.collected, sum.decimals),
            native_symbol: total.native_symbol,
            fee_paid: decimal(sum.fee_paid, total.native_decimals),
        }
    }
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CollectionSummaryView {
    /// Every collection the filter selects, whatever its state.
    pub count: u64,
    pub totals: Vec<CollectionTotalView>,
}

pub async fn summary(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<COLLECT_TRANSACTIONS>,
    ApiJson(body): ApiJson<CollectionsFilterBody>,
) -> ApiResult<CollectionSummaryView> {
    let filter = body.filter()?;
    let totals: Vec<CollectionTotalView> = state
        .collection
        .summary(&ctx, &filter)
        .await?
        .into_iter()
        .map(Into::into)
        .collect();
    ok(CollectionSummaryView {
        count: totals.iter().map(|total| total.count).sum(),
        totals,
    })
}
