//! `POST /merchant/v1/withdraw`: a payout request, idempotent on `merchantOrderNo` (the
//! withdrawal orders are queried in orders.rs).

use axum::extract::State;
use coffer_domain::withdrawals::request::{Requester, WithdrawRequest};
use serde::Deserialize;

use super::MerchantCall;
use crate::envelope::{ok, ApiResult};
use crate::withdrawals::WithdrawalView;
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
        .await?
        .into())
}
