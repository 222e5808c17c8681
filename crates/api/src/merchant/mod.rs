//! The merchant API: server-to-server calls under `/merchant/v1`, each signed with the
//! merchant's RSA key (docs/merchant-api.md; the OpenAPI document at
//! `GET /merchant/v1/openapi.json`). Everything is scoped to the merchant of the API key.

mod exchange;
mod gate;
mod openapi;
mod openapi_exchange;
mod openapi_withdrawals;
// Callbacks
mod openapi_callbacks;
mod orders;
mod withdrawals;

use axum::extract::State;
use coffer_domain::ports::MerchantId;
use serde::{Deserialize, Serialize};

use crate::envelope::{ok, ApiResult};
use crate::AppState;

pub use exchange::{order as exchange_order, order_query as exchange_order_query, quote as exchange_quote};
pub use gate::MerchantCall;
pub use openapi::openapi_json;
pub use orders::{deposits, withdrawals};
pub use withdrawals::withdraw;

/// Unknown fields are refused, as on every merchant call: a misspelt field is an error.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct AddressRequest {
    chain_id: i64,
    open_id: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DepositAddress {
    chain_id: i64,
    open_id: String,
    address: String,
    createtime: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Pong {
    merchant_id: MerchantId,
}

/// An authenticated no-op: proves key, allow-list, clock and signing are right.
pub async fn ping(call: MerchantCall) -> ApiResult<Pong> {
    ok(Pong {
        merchant_id: call.merchant_id,
    })
}

/// The end user's deposit address on a chain: created on the first call, the same ever after.
pub async fn deposit_address(State(state): State<AppState>, call: MerchantCall) -> ApiResult<DepositAddress> {
    let b: AddressRequest = call.json()?;
    let record = state
        .wallets
        .deposit_address(call.merchant_id, b.chain_id, &b.open_id)
        .await?;
    ok(DepositAddress {
        chain_id: record.chain_id,
        open_id: record.open_id,
        address: record.address,
        createtime: record
            .created_at
            .to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
    })
}
