//! Service list (menu 10), the Bills tab: the merchant's monthly bills, where they are paid,
//! and "I have paid" (button 1001). Amounts are exact decimal strings of points.

use axum::extract::State;
use chrono::{DateTime, Utc};
use coffer_domain::bills::{Bill, BillLine, BillPayment, BillStatus};
use coffer_domain::codes::StoredCode;
use coffer_domain::config::ChainNode;
use coffer_domain::menu::catalogue::{BILL_PAY, SERVICE};
use coffer_domain::messages::MsgKey;
use coffer_domain::points::points_text;
use coffer_domain::ports::Paged;
use coffer_domain::AppError;
use serde::{Deserialize, Serialize};

use crate::bodies::PageQuery;
use crate::envelope::{ok, ApiJson, ApiResult};
use crate::session::Allowed;
use crate::AppState;

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LineView {
    /// 1 collection fee, 2 payment fee, 3 energy, 4 monthly fee.
    service: i32,
    rate_id: Option<i64>,
    /// The row's terms as they were when the bill was issued.
    rate: String,
    /// Charges counted (the monthly fee: days its row was in force).
    count: i64,
    /// What the charges were on, per token ("1520.25 USDT"); null for the monthly fee.
    volume: Option<String>,
    amount: String,
}

impl From<BillLine> for LineView {
    fn from(l: BillLine) -> LineView {
        LineView {
            service: l.service.code(),
            rate_id: l.rate_id,
            rate: l.rate_text,
            count: l.charges,
            volume: l.volume,
            amount: points_text(l.amount),
        }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PaymentView {
    chain_id: i64,
    chain_name: String,
    hash: String,
    /// 1 confirming, 2 accepted, 3 not accepted.
    status: i32,
    /// Points it paid, once accepted.
    amount: Option<String>,
    /// Why it was not accepted, or what the check waits for ("2 of 3 confirmations").
    reason: Option<String>,
    submitted_at: DateTime<Utc>,
    explorer_url: Option<String>,
}

fn payment_view(p: BillPayment, nodes: &[ChainNode]) -> PaymentView {
    let node = nodes.iter().find(|n| n.chainid == p.chain_id);
    PaymentView {
        chain_id: p.chain_id,
        chain_name: node.map_or_else(|| p.chain_id.to_string(), |n| n.chainname.clone()),
        explorer_url: node
            .filter(|n| !n.txurl.is_empty())
            .map(|n| format!("{}{}", n.txurl, p.tx_hash)),
        hash: p.tx_hash,
        status: p.status.code(),
        amount: p.amount.map(points_text),
        reason: p.reason,
        submitted_at: p.submitted_at,
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BillView {
    id: i64,
    /// The month, "2026-10", in the billing zone.
    period: String,
    period_start: DateTime<Utc>,
    period_end: DateTime<Utc>,
    /// The billing zone: whole hours east of UTC.
    time_zone: i32,
    amount: String,
    paid: String,
    due: String,
    /// 1 to be paid, 2 confirming, 3 has paid.
    status: i32,
    /// Why the last payment was not accepted, or what it fell short by.
    reason: Option<String>,
    payment: Option<PaymentView>,
    lines: Vec<LineView>,
    issued_at: DateTime<Utc>,
    paid_at: Option<DateTime<Utc>>,
}

pub fn bill_view(b: Bill, nodes: &[ChainNode]) -> BillView {
    BillView {
        id: b.id,
        due: points_text(b.due()),
        period: b.period.label,
        period_start: b.period.start,
        period_end: b.period.end,
        time_zone: b.period.time_zone,
        amount: points_text(b.amount),
        paid: points_text(b.paid),
        status: b.status.code(),
        reason: b.reason,
        payment: b.payment.map(|p| payment_view(p, nodes)),
        lines: b.lines.into_iter().map(LineView::from).collect(),
        issued_at: b.issued_at,
        paid_at: b.paid_at,
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BillsQuery {
    #[serde(flatten)]
    page: PageQuery,
    status: Option<i32>,
}

pub async fn page(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<SERVICE>,
    ApiJson(q): ApiJson<BillsQuery>,
) -> ApiResult<Paged<BillView>> {
    let status = match q.status {
        None => None,
        Some(code) => Some(BillStatus::from_code(code).ok_or(AppError::Invalid(MsgKey::InvalidStatus))?),
    };
    let found = state
        .bills
        .bills(ctx.merchant_id, status, q.page.request()?)
        .await?;
    let nodes = state.bills.ports.config.chain_nodes().await?;
    ok(found.map(|b| bill_view(b, &nodes)))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BillingAddressView {
    chain_id: i64,
    chain_name: String,
    address: String,
    token: &'static str,
    confirmations: u32,
}

/// Where bills are paid: none until the operator has designated the platform merchant.
pub async fn addresses(
    State(state): State<AppState>,
    Allowed(_): Allowed<SERVICE>,
) -> ApiResult<Vec<BillingAddressView>> {
    let found = state.bills.billing_addresses().await?;
    ok(found
        .into_iter()
        .map(|a| BillingAddressView {
            chain_id: a.chain_id,
            chain_name: a.chain_name,
            address: a.address,
            token: a.token,
            confirmations: a.confirmations,
        })
        .collect())
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PaidBody {
    bill_id: i64,
    chain_id: i64,
    hash: String,
}

/// "I have paid": the bill goes to confirming while the transaction is checked.
pub async fn paid(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<BILL_PAY>,
    ApiJson(body): ApiJson<PaidBody>,
) -> ApiResult<BillView> {
    if body.hash.len() > 100 {
        return Err(AppError::Invalid(MsgKey::TxHashInvalid).into());
    }
    let bill = state
        .bills
        .submit(
            ctx.merchant_id,
            Some(ctx.user_id),
            body.bill_id,
            body.chain_id,
            &body.hash,
        )
        .await?;
    let nodes = state.bills.ports.config.chain_nodes().await?;
    ok(bill_view(bill, &nodes))
}
