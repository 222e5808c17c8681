//! Collect > Collection transactions (the collections and their steps) and the collection fee
//! settings per chain (fee wallet and cap) shown on Fund collection.

use axum::extract::State;
use chrono::{DateTime, Utc};
use coffer_domain::amount::BaseUnits;
use coffer_domain::codes::StoredCode;
use coffer_domain::collection::fees::{ChainFees, SaveFees};
use coffer_domain::collection::records::CollectionEntry;
use coffer_domain::collection::state::CollectionStatus;
use coffer_domain::error::AppError;
use coffer_domain::menu::catalogue::{COLLECT_FEES, COLLECT_TRANSACTIONS, FUND_COLLECTION};
use coffer_domain::messages::MsgKey;
use coffer_domain::ports::{CollectionFilter, Paged, StepRecord};
use serde::{Deserialize, Serialize};

use crate::audit::{done_on, Audited};
use crate::bodies::{FilterText, PageQuery};
use crate::envelope::{ok, ApiJson, ApiResult};
use crate::session::Allowed;
use crate::views::paged;
use crate::AppState;

pub(crate) fn decimal(v: BaseUnits, decimals: i32) -> String {
    v.to_decimal(u8::try_from(decimals).unwrap_or(18))
}

fn opt(v: Option<BaseUnits>, decimals: i32) -> Option<String> {
    v.map(|v| decimal(v, decimals))
}

/// Collection transactions' filter (the list and its export); each part optional.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CollectionsFilterBody {
    chain_id: Option<i64>,
    token_id: Option<i64>,
    status: Option<i32>,
    address: Option<FilterText>,
    run_id: Option<i64>,
    start: Option<DateTime<Utc>>,
    end: Option<DateTime<Utc>>,
}

impl CollectionsFilterBody {
    /// 10422 for a status the spec does not name or an address filter too long.
    pub fn filter(self) -> Result<CollectionFilter, AppError> {
        let status = match self.status {
            None => None,
            Some(code) => {
                Some(CollectionStatus::from_code(code).ok_or(AppError::Invalid(MsgKey::InvalidStatus))?)
            }
        };
        Ok(CollectionFilter {
            chain_id: self.chain_id,
            token_id: self.token_id,
            status,
            address: FilterText::optional(self.address)?,
            run_id: self.run_id,
            start: self.start,
            end: self.end,
        })
    }
}

#[derive(Deserialize)]
pub struct CollectionsQuery {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(flatten)]
    filter: CollectionsFilterBody,
}

/// A collection: token amounts in the token's units, fees in the chain's native coin.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CollectionView {
    pub id: i64,
    pub run_id: Option<i64>,
    /// 1 scheduled, 2 on deposit, 3 manual.
    pub trigger: i32,
    pub chain_id: i64,
    pub chainname: String,
    pub token_id: i64,
    pub symbol: String,
    pub address: String,
    pub status: i32,
    pub reason: String,
    pub waiting: String,
    pub amount: Option<String>,
    pub attributed: Option<String>,
    pub unattributed: Option<String>,
    pub native_symbol: String,
    pub fee_estimated: Option<String>,
    pub fee_paid: Option<String>,
    /// What the sweep would have burned without energy (native coin), set when it is signed.
    pub burn_fee: Option<String>,
    /// Smart collection: the energy its sweep ran on (0: given up, it burned; null: not tried).
    pub energy: Option<u64>,
    /// The TRX points held for that energy.
    pub energy_points: Option<String>,
    pub txurl: String,
    pub created_at: String,
    pub updated_at: String,
    pub finished_at: Option<String>,
}

impl From<CollectionEntry> for CollectionView {
    fn from(e: CollectionEntry) -> Self {
        let r = e.record;
        let (d, n) = (r.decimals, e.native_decimals);
        CollectionView {
            id: r.id,
            run_id: r.run_id,
            trigger: r.trigger.code(),
            chain_id: r.chain_id,
            chainname: e.chain_name,
            token_id: r.token_id,
            symbol: e.symbol,
            address: r.address,
            status: r.status.code(),
            reason: r.reason,
            waiting: decimal(r.waiting, d),
            amount: opt(r.amount, d),
            attributed: opt(r.attributed, d),
            unattributed: opt(r.unattributed, d),
            native_symbol: e.native_symbol,
            fee_estimated: opt(r.fee_estimated, n),
            burn_fee: opt(r.burn_fee, n),
            energy: r.energy,
            energy_points: r.energy_points.map(coffer_domain::points::points_text),
            fee_paid: opt(r.fee_paid, n),
            txurl: e.txurl,
            created_at: r.created_at.to_rfc3339(),
            updated_at: r.updated_at.to_rfc3339(),
            finished_at: r.finished_at.map(|t| t.to_rfc3339()),
        }
    }
}

pub async fn collections_page(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<COLLECT_TRANSACTIONS>,
    ApiJson(q): ApiJson<CollectionsQuery>,
) -> ApiResult<Paged<CollectionView>> {
    let filter = q.filter.filter()?;
    ok(paged(
        state
            .collection
            .collections(&ctx, &filter, q.page.request()?)
            .await?,
    ))
}

#[derive(Deserialize)]
pub struct IdBody {
    id: i64,
}

/// An on-chain step: 1 fee top-up, 2 activation, 3 sweep part; states 1 signed, 2 broadcast,
/// 3 seen, 4 confirmed, 5 dead.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct StepView {
    pub kind: i32,
    pub part: i32,
    pub from_address: String,
    pub to_address: String,
    /// In the token's units for a sweep part, in the native coin for a top-up.
    pub amount: String,
    pub fee_estimated: String,
    pub fee_paid: Option<String>,
    pub hash: String,
    pub state: i32,
    pub block_number: Option<i64>,
    pub reason: String,
    pub created_at: String,
    pub broadcast_at: Option<String>,
    pub confirmed_at: Option<String>,
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CollectionDetailView {
    #[serde(flatten)]
    pub collection: CollectionView,
    pub steps: Vec<StepView>,
}

fn step_view(s: StepRecord, token_decimals: i32, native_decimals: i32) -> StepView {
    let amount_decimals = if s.token_id == 0 {
        native_decimals
    } else {
        token_decimals
    };
    StepView {
        kind: s.kind.code(),
        part: s.part,
        from_address: s.from_address,
        to_address: s.to_address,
        amount: decimal(s.amount, amount_decimals),
        fee_estimated: decimal(s.fee_estimated, native_decimals),
        fee_paid: opt(s.fee_paid, native_decimals),
        hash: s.tx_hash,
        state: s.state.code(),
        block_number: s.block_number,
        reason: s.reason,
        created_at: s.created_at.to_rfc3339(),
        broadcast_at: s.broadcast_at.map(|t| t.to_rfc3339()),
        confirmed_at: s.confirmed_at.map(|t| t.to_rfc3339()),
    }
}

pub async fn collection_detail(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<COLLECT_TRANSACTIONS>,
    ApiJson(b): ApiJson<IdBody>,
) -> ApiResult<CollectionDetailView> {
    let (entry, steps) = state.collection.collection_detail(&ctx, b.id).await?;
    let (d, n) = (entry.record.decimals, entry.native_decimals);
    ok(CollectionDetailView {
        steps: steps.into_iter().map(|s| step_view(s, d, n)).collect(),
        collection: entry.into(),
    })
}

/// One chain's fee settings: the cap in the native coin ("" when none).
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ChainFeesView {
    pub chain_id: i64,
    pub chainname: String,
    pub symbol: String,
    pub fee_wallet_id: Option<i64>,
    pub fee_wallet_address: Option<String>,
    /// 0 normal, 1 paused.
    pub fee_wallet_status: Option<i32>,
    pub max_fee: String,
}

impl From<ChainFees> for ChainFeesView {
    fn from(c: ChainFees) -> Self {
        let wallet = c.settings.fee_wallet;
        ChainFeesView {
            chain_id: c.chain_id,
            chainname: c.chain_name,
            symbol: c.symbol,
            fee_wallet_id: wallet.as_ref().map(|w| w.id),
            fee_wallet_address: wallet.as_ref().map(|w| w.address.clone()),
            fee_wallet_status: wallet.as_ref().map(|w| w.status.code()),
            max_fee: opt(c.settings.max_fee, c.decimals).unwrap_or_default(),
        }
    }
}

pub async fn fees(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<FUND_COLLECTION>,
) -> ApiResult<Vec<ChainFeesView>> {
    ok(state
        .collection
        .fees(&ctx)
        .await?
        .into_iter()
        .map(Into::into)
        .collect())
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SaveFeesBody {
    chain_id: i64,
    fee_wallet_id: Option<i64>,
    #[serde(default)]
    max_fee: String,
    google_code: String,
}

pub async fn save_fees(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<COLLECT_FEES>,
    ApiJson(b): ApiJson<SaveFeesBody>,
) -> Audited {
    let request = SaveFees {
        chain_id: b.chain_id,
        fee_wallet_id: b.fee_wallet_id,
        max_fee: b.max_fee,
        google_code: b.google_code,
    };
    let chain = state.collection.save_fees(&ctx, &request).await?;
    done_on(chain, ())
}
