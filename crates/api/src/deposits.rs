//! Deposits (menus 301 / 401 / 402).

use axum::extract::State;
use coffer_domain::codes::StoredCode;
use coffer_domain::deposits::{DepositEntry, HashScanReport};
use coffer_domain::menu::catalogue::{
    DEPOSIT_LIST, DEPOSIT_ORDERS, DEPOSIT_PUSH, HASH_SCAN, TRANSACTION_LIST,
};
use coffer_domain::ports::{OrderKind, Paged};
use serde::{Deserialize, Serialize};

use crate::audit::Audited;
use crate::bodies::ById;
use crate::callbacks::push_event;
use crate::envelope::{ok, ApiJson, ApiResult};
use crate::orders::{drawer, token_units, AssetColumns, FilterBody, PagedFilter, SummaryView};
use crate::session::{Allowed, AllowedEither};
use crate::views::callbacks::AttemptResultView;
use crate::views::time;
use crate::AppState;

/// A deposit on the wire (console lists and drawer; the merchant API's rows are cut from it).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DepositView {
    pub(crate) id: i64,
    #[serde(rename = "type")]
    pub(crate) kind: i32,
    pub(crate) order_no: String,
    pub(crate) merchant_order_no: String,
    pub(crate) open_id: String,
    pub(crate) user_id: i64,
    #[serde(flatten)]
    pub(crate) asset: AssetColumns,
    pub(crate) hash: String,
    pub(crate) index: i64,
    pub(crate) from_address: String,
    pub(crate) to_address: String,
    pub(crate) amount: String,
    pub(crate) actual_amount: String,
    pub(crate) block_number: i64,
    pub(crate) confirmations: i64,
    pub(crate) required_confirmations: i32,
    pub(crate) status: i32,
    /// Never credited, whatever `status` says: why is `note`.
    pub(crate) uncredited: bool,
    pub(crate) note: String,
    pub(crate) callback_status: i32,
    pub(crate) callback_result: String,
    pub(crate) notify_status: i32,
    pub(crate) createtime: String,
    pub(crate) confirmtime: Option<String>,
    pub(crate) voidtime: Option<String>,
}

impl From<DepositEntry> for DepositView {
    fn from(e: DepositEntry) -> DepositView {
        let units = token_units(e.deposit.decimals);
        let actual_amount = e.actual_amount().to_decimal(units);
        let uncredited = e.uncredited();
        let d = e.deposit;
        DepositView {
            id: d.id,
            kind: OrderKind::Deposit.code(),
            order_no: d.order_no,
            merchant_order_no: String::new(),
            open_id: d.open_id,
            user_id: d.deposit_address_id,
            asset: AssetColumns::new(d.chain_id, d.token_id, d.decimals, e.asset),
            hash: d.tx_hash,
            index: d.tx_index,
            from_address: d.from_address,
            to_address: d.to_address,
            amount: d.amount.to_decimal(units),
            actual_amount,
            block_number: d.block_number,
            confirmations: e.confirmations,
            required_confirmations: d.required_confirmations,
            status: d.status.code(),
            uncredited,
            note: d.note,
            callback_status: d.callback_status.code(),
            callback_result: d.callback_result,
            notify_status: d.notify_status.code(),
            createtime: time(d.created_at),
            confirmtime: d.confirmed_at.map(time),
            voidtime: d.void_at.map(time),
        }
    }
}

#[derive(Serialize)]
pub struct HashScanView {
    result: &'static str,
    deposits: Vec<DepositView>,
}

impl From<HashScanReport> for HashScanView {
    fn from(r: HashScanReport) -> HashScanView {
        HashScanView {
            result: r.result,
            deposits: r.deposits.into_iter().map(DepositView::from).collect(),
        }
    }
}

pub async fn page(
    State(state): State<AppState>,
    AllowedEither(ctx): AllowedEither<DEPOSIT_ORDERS, DEPOSIT_LIST>,
    ApiJson(q): ApiJson<PagedFilter>,
) -> ApiResult<Paged<DepositView>> {
    let found = state
        .deposits
        .page(&ctx, &q.filter.filter()?, q.page.request()?)
        .await?;
    ok(found.map(DepositView::from))
}

pub async fn summary(
    State(state): State<AppState>,
    AllowedEither(ctx): AllowedEither<DEPOSIT_ORDERS, DEPOSIT_LIST>,
    ApiJson(f): ApiJson<FilterBody>,
) -> ApiResult<SummaryView> {
    ok(state.deposits.summary(&ctx, &f.filter()?).await?.into())
}

/// Also for the transaction list (402), whose rows open the same drawer.
pub async fn detail(
    State(state): State<AppState>,
    AllowedEither(ctx): AllowedEither<DEPOSIT_ORDERS, DEPOSIT_LIST, TRANSACTION_LIST>,
    ApiJson(b): ApiJson<ById>,
) -> ApiResult<serde_json::Value> {
    let deposit = DepositView::from(state.deposits.detail(&ctx, b.id).await?);
    let order_no = deposit.order_no.clone();
    ok(drawer(&state, &ctx, &order_no, deposit).await?)
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct HashScanBody {
    chain_id: i64,
    hash: String,
}

pub async fn hash_scan(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<HASH_SCAN>,
    ApiJson(b): ApiJson<HashScanBody>,
) -> ApiResult<HashScanView> {
    ok(state.deposits.scan_hash(&ctx, b.chain_id, &b.hash).await?.into())
}

pub async fn push(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<DEPOSIT_PUSH>,
    ApiJson(b): ApiJson<ById>,
) -> Audited<AttemptResultView> {
    let event_id = state.deposits.push(&ctx, b.id).await?;
    push_event(&state, &ctx, &event_id).await
}
