//! `POST /merchant/v1/deposits` and `POST /merchant/v1/withdrawals`: the merchant's server asks
//! for its orders (by order number, transaction hash, OpenID, chain, status or time), e.g. to
//! reconcile after missing a callback. The same records and states as the callbacks announce.
//! One handler shape for every kind: the kind's query body, its service query, its wire rows.

use axum::extract::State;
use chrono::{DateTime, Utc};
use coffer_domain::codes::CodeFilter;
use coffer_domain::ports::{OrderFilter, PageRequest, Paged};
use serde::{Deserialize, Serialize};

use super::MerchantCall;
use crate::bodies::{FilterText, PageQuery};
use crate::deposits::DepositView;
use crate::envelope::{ok, ApiError, ApiResult};
use crate::withdrawals::WithdrawalView;
use crate::AppState;

/// A kind's query body: the page, the filter fields every kind has, and the kind's own after
/// the order number (the order serde's error messages list them in). Unknown fields are
/// refused: a misspelt filter must not silently return every order.
macro_rules! order_query {
    ($name:ident { $($own:ident: $ty:ty),* $(,)? }) => {
        #[derive(Deserialize)]
        #[serde(rename_all = "camelCase", deny_unknown_fields)]
        struct $name {
            page: Option<u64>,
            page_size: Option<u64>,
            order_no: Option<FilterText>,
            $($own: $ty,)*
            hash: Option<FilterText>,
            open_id: Option<FilterText>,
            chain_id: Option<i64>,
            token_id: Option<i64>,
            status: Option<i32>,
            start: Option<DateTime<Utc>>,
            end: Option<DateTime<Utc>>,
        }

        impl $name {
            fn page_and_filter(self) -> Result<(PageRequest, OrderFilter), ApiError> {
                let page = PageQuery {
                    page: self.page,
                    page_size: self.page_size,
                }
                .request()?;
                let filter = OrderFilter {
                    order_no: FilterText::optional(self.order_no)?,
                    $($own: FilterText::optional(self.$own)?,)*
                    hash: FilterText::optional(self.hash)?,
                    open_id: FilterText::optional(self.open_id)?,
                    chain_id: self.chain_id,
                    token_id: self.token_id,
                    status: self.status.map(CodeFilter::from_code),
                    start: self.start,
                    end: self.end,
                    ..OrderFilter::default()
                };
                Ok((page, filter))
            }
        }
    };
}

order_query!(DepositQuery {});
order_query!(WithdrawalQuery {
    merchant_order_no: Option<FilterText>,
});

pub async fn deposits(
    State(state): State<AppState>,
    call: MerchantCall,
) -> ApiResult<Paged<MerchantDeposit>> {
    let (page, filter) = call.json::<DepositQuery>()?.page_and_filter()?;
    let found = state.deposits.query(call.merchant_id, &filter, page).await?;
    ok(found.map(|d| MerchantDeposit::from(DepositView::from(d))))
}

pub async fn withdrawals(
    State(state): State<AppState>,
    call: MerchantCall,
) -> ApiResult<Paged<WithdrawalView>> {
    let (page, filter) = call.json::<WithdrawalQuery>()?.page_and_filter()?;
    let found = state
        .withdrawals
        .query_orders(call.merchant_id, &filter, page)
        .await?;
    ok(found.map(WithdrawalView::from))
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
            chain_id: d.asset.chain_id,
            chainname: d.asset.chainname,
            token_id: d.asset.token_id,
            symbol: d.asset.symbol,
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
