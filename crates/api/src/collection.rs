//! Collect > Fund collection: what waits for collection per deposit address and token, and
//! "Collect now".

use axum::extract::State;
use coffer_domain::codes::StoredCode;
use coffer_domain::collection::service::{CollectNow, WaitingEntry};
use coffer_domain::menu::catalogue::{COLLECT_NOW, FUND_COLLECTION};
use coffer_domain::ports::{Paged, WaitingFilter};
use serde::{Deserialize, Serialize};

use crate::bodies::{FilterText, PageQuery};
use crate::envelope::{ok, ApiJson, ApiResult};
use crate::session::Allowed;
use crate::views::paged;
use crate::AppState;

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WaitingQuery {
    #[serde(flatten)]
    page: PageQuery,
    chain_id: Option<i64>,
    token_id: Option<i64>,
    address: Option<FilterText>,
}

/// One deposit address and token: amounts are decimal strings in the token's units.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct WaitingView {
    pub deposit_address_id: i64,
    pub address: String,
    pub chain_id: i64,
    pub chainname: String,
    pub token_id: i64,
    pub symbol: String,
    pub decimals: i32,
    /// Complete credited deposits, all time.
    pub credited: String,
    /// Taken by collections, all time.
    pub collected: String,
    pub waiting: String,
    /// Its token is enabled and it waits at least the minimum collection amount.
    pub due: bool,
    /// Its open collection, if any (states 3, 5, 6, 7).
    pub collection_id: Option<i64>,
    pub collection_status: Option<i32>,
}

impl From<WaitingEntry> for WaitingView {
    fn from(e: WaitingEntry) -> Self {
        let p = e.pair;
        let decimals = u8::try_from(p.decimals).unwrap_or(0);
        WaitingView {
            deposit_address_id: p.deposit_address_id,
            address: p.address,
            chain_id: p.chain_id,
            chainname: e.chain_name,
            token_id: p.token_id,
            symbol: e.symbol,
            decimals: p.decimals,
            credited: p.credited.to_decimal(decimals),
            collected: p.collected.to_decimal(decimals),
            waiting: p.waiting.to_decimal(decimals),
            due: e.due,
            collection_id: p.open.map(|(id, _)| id),
            collection_status: p.open.map(|(_, status)| status.code()),
        }
    }
}

pub async fn waiting_page(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<FUND_COLLECTION>,
    ApiJson(q): ApiJson<WaitingQuery>,
) -> ApiResult<Paged<WaitingView>> {
    let filter = WaitingFilter {
        chain_id: q.chain_id,
        token_id: q.token_id,
        address: FilterText::optional(q.address)?,
    };
    ok(paged(
        state.collection.waiting(&ctx, &filter, q.page.request()?).await?,
    ))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CollectNowBody {
    chain_id: i64,
    token_id: i64,
    /// The deposit addresses chosen (1 to 100); absent: every one that is due.
    deposit_address_ids: Option<Vec<i64>>,
    google_code: String,
}

/// The run opened and how many collections it opened (no run, null, when none).
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CollectNowView {
    pub run_id: Option<i64>,
    pub opened: u64,
}

/// Its operation log target is the body's chain and token (`chain C token T`), refused or not.
pub async fn collect_now(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<COLLECT_NOW>,
    ApiJson(b): ApiJson<CollectNowBody>,
) -> ApiResult<CollectNowView> {
    let request = CollectNow {
        chain_id: b.chain_id,
        token_id: b.token_id,
        addresses: b.deposit_address_ids,
        google_code: b.google_code,
    };
    let (run_id, opened) = state.collection.collect_now(&ctx, &request).await?;
    ok(CollectNowView { run_id, opened })
}
