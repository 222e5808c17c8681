//! `POST /merchant/v1/withdraw` (a payout request, idempotent on `merchantOrderNo`) and
//! `POST /merchant/v1/withdrawals` (the merchant's withdrawal orders).

use axum::extract::State;
use chrono::{DateTime, Utc};
use coffer_domain::ports::{Paged, WithdrawalFilter};
use coffer_domain::withdrawals::request::{Requester, WithdrawRequest};
use coffer_domain::withdrawals::WithdrawalView;
use serde::Deserialize;

use super::MerchantCall;
use crate::envelope::{ok, ApiResult};
use crate::personal::PageQuery;
use crate::AppState;

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct WithdrawBody {
    /// Required here: it is what makes a retried request the same withdrawal.
    merchant_order_no: String,
    chain_id: i64,
    token_id: Option<i64>,
    to_address: String,
    amount: String,
    open_id: Option<String>,
    security_code: Option<String>,
    remark: Option<String>,
}

pub async fn withdraw(State(state): State<AppState>, call: MerchantCall) -> ApiResult<WithdrawalView> {
    let b: WithdrawBody = call.json()?;
    if b.merchant_order_no.trim().is_empty() {
        return Err(coffer_domain::AppError::Invalid(
            coffer_domain::messages::MsgKey::MerchantOrderNoInvalid,
        )
        .into());
    }
    let request = WithdrawRequest {
        chain_id: b.chain_id,
        token_id: b.token_id,
        to_address: b.to_address,
        amount: b.amount,
        merchant_order_no: Some(b.merchant_order_no),
        open_id: b.open_id,
        security_code: b.security_code,
        remark: b.remark,
        from_address: None,
    };
    ok(state
        .withdrawals
        .request(call.merchant_id, Requester::MerchantApi, &request)
        .await?)
}

/// Unknown fields are refused: a misspelt filter must not silently return every order.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct WithdrawalQuery {
    page: Option<u64>,
    page_size: Option<u64>,
    order_no: Option<String>,
    merchant_order_no: Option<String>,
    hash: Option<String>,
    open_id: Option<String>,
    chain_id: Option<i64>,
    token_id: Option<i64>,
    status: Option<i32>,
    start: Option<DateTime<Utc>>,
    end: Option<DateTime<Utc>>,
}

pub async fn withdrawals(
    State(state): State<AppState>,
    call: MerchantCall,
) -> ApiResult<Paged<WithdrawalView>> {
    let q: WithdrawalQuery = call.json()?;
    let page = PageQuery {
        page: q.page,
        page_size: q.page_size,
    }
    .request()?;
    let filter = WithdrawalFilter {
        start: q.start,
        end: q.end,
        chain_id: q.chain_id,
        token_id: q.token_id,
        status: q.status,
        address: None,
        hash: q.hash,
        order_no: q.order_no,
        merchant_order_no: q.merchant_order_no,
        open_id: q.open_id,
    };
    ok(state
        .withdrawals
        .query_orders(call.merchant_id, &filter, page)
        .await?)
}
