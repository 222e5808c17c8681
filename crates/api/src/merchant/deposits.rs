//! `POST /merchant/v1/deposits`: the merchant's server asks for its deposit orders (by order
//! number, transaction hash, OpenID, chain, status or time), e.g. to reconcile after missing a
//! callback. The same records and states as the callbacks announce.

use axum::extract::State;
use chrono::{DateTime, Utc};
use coffer_domain::deposits::DepositView;
use coffer_domain::ports::{DepositFilter, Paged};
use serde::{Deserialize, Serialize};

use super::MerchantCall;
use crate::envelope::{ok, ApiResult};
use crate::personal::PageQuery;
use crate::AppState;

/// Unknown fields are refused: a misspelt filter must not silently return every order.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct DepositQuery {
    page: Option<u64>,
    page_size: Option<u64>,
    order_no: Option<String>,
    hash: Option<String>,
    open_id: Option<String>,
    chain_id: Option<i64>,
    token_id: Option<i64>,
    status: Option<i32>,
    start: Option<DateTime<Utc>>,
    end: Option<DateTime<Utc>>,
}

/// A deposit as the merchant's server sees it: the callback's fields plus its progress.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MerchantDeposit {
    order_no: String,
    open_id: String,
    chain_id: i64,
    chainname: String,
    token_id: Option<i64>,
    symbol: String,
    hash: String,
    index: i64,
    from_address: String,
    to_address: String,
    amount: String,
    actual_amount: String,
    status: i32,
    note: String,
    block_number: i64,
    confirmations: i64,
    required_confirmations: i32,
    createtime: String,
    confirmtime: Option<String>,
    voidtime: Option<String>,
}

impl From<DepositView> for MerchantDeposit {
    fn from(d: DepositView) -> Self {
        MerchantDeposit {
            order_no: d.order_no,
            open_id: d.open_id,
            chain_id: d.chain_id,
            chainname: d.chainname,
            token_id: d.token_id,
            symbol: d.symbol,
            hash: d.hash,
            index: d.index,
            from_address: d.from_address,
            to_address: d.to_address,
            amount: d.amount,
            actual_amount: d.actual_amount,
            status: d.status,
            note: d.note,
            block_number: d.block_number,
            confirmations: d.confirmations,
            required_confirmations: d.required_confirmations,
            createtime: d.createtime,
            confirmtime: d.confirmtime,
            voidtime: d.voidtime,
        }
    }
}

pub async fn deposits(
    State(state): State<AppState>,
    call: MerchantCall,
) -> ApiResult<Paged<MerchantDeposit>> {
    let q: DepositQuery = call.json()?;
    let page = PageQuery {
        page: q.page,
        page_size: q.page_size,
    }
    .request()?;
    let filter = DepositFilter {
        start: q.start,
        end: q.end,
        chain_id: q.chain_id,
        token_id: q.token_id,
        status: q.status,
        address: None,
        hash: q.hash,
        order_no: q.order_no,
        open_id: q.open_id,
    };
    let found = state.deposits.query(call.merchant_id, &filter, page).await?;
    ok(Paged {
        list: found.list.into_iter().map(MerchantDeposit::from).collect(),
        total: found.total,
    })
}
