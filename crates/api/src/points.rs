//! Points list (menu 11): the merchant's USDT and TRX points and the ledger of their
//! transfers (the export is `points_export.rs`). Amounts are exact decimal strings of at most
//! 6 decimals; the console rounds them down for display.

use axum::extract::State;
use chrono::{DateTime, Utc};
use coffer_domain::codes::StoredCode;
use coffer_domain::menu::catalogue::POINTS;
use coffer_domain::messages::MsgKey;
use coffer_domain::points::recharge_address::RechargeAddress;
use coffer_domain::points::statement::StatementEntry;
use coffer_domain::points::{points_text, Balance, Cause, PointAsset};
use coffer_domain::ports::{Paged, TransferFilter};
use coffer_domain::AppError;
use serde::{Deserialize, Serialize};

use crate::bodies::PageQuery;
use crate::envelope::{ok, ApiJson, ApiResult};
use crate::session::Allowed;
use crate::views::{paged, time};
use crate::AppState;

/// One asset's points.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BalanceView {
    /// 1 USDT points, 2 TRX points.
    asset: i32,
    /// Posted less what holds reserve.
    available: String,
    /// What open fee holds reserve.
    held: String,
    posted: String,
    /// How far below zero the operator lets the points go.
    credit_limit: String,
}

impl BalanceView {
    pub(crate) fn new(asset: PointAsset, b: Balance) -> BalanceView {
        BalanceView {
            asset: asset.code(),
            available: points_text(b.available()),
            held: points_text(b.debits_pending),
            posted: points_text(b.posted()),
            credit_limit: points_text(b.credit_limit),
        }
    }
}

pub async fn balance(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<POINTS>,
) -> ApiResult<Vec<BalanceView>> {
    let all = state.points.balances(ctx.merchant_id).await?;
    ok(all
        .into_iter()
        .map(|(asset, b)| BalanceView::new(asset, b))
        .collect())
}

/// The ledger's filter (the list and its export): a time range, as every console list has,
/// and optionally one asset and one cause.
#[derive(Deserialize, Default, Clone)]
#[serde(rename_all = "camelCase")]
pub struct PointsFilterBody {
    start: Option<DateTime<Utc>>,
    end: Option<DateTime<Utc>>,
    asset: Option<i32>,
    cause: Option<i32>,
}

impl PointsFilterBody {
    /// The domain's filter; 10422 for an asset or a cause the ledger does not name.
    pub fn filter(self) -> Result<TransferFilter, AppError> {
        let invalid = || AppError::Invalid(MsgKey::PointsFilterInvalid);
        let asset = match self.asset {
            None => None,
            Some(c) => Some(PointAsset::from_code(c).ok_or_else(invalid)?),
        };
        let cause = match self.cause {
            None => None,
            Some(c) => Some(Cause::from_code(c).ok_or_else(invalid)?),
        };
        Ok(TransferFilter {
            asset,
            cause,
            start: self.start,
            end: self.end,
        })
    }

    /// The chosen range (the export's file name).
    pub fn range(&self) -> (Option<DateTime<Utc>>, Option<DateTime<Utc>>) {
        (self.start, self.end)
    }
}

#[derive(Deserialize)]
pub struct PointsQuery {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(flatten)]
    filter: PointsFilterBody,
}

/// A transfer as the merchant's ledger shows it.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TransferView {
    id: i64,
    create_time: String,
    /// 1 USDT points, 2 TRX points.
    asset: i32,
    /// Why the points moved (`Cause`): 1 recharge, 2 recharge reversed, 3 collection fee,
    /// 4 withdrawal fee, 5 energy fee, 6 bill overpayment, 7 adjustment.
    cause: i32,
    /// 1 single, 2 hold, 3 post, 4 void, 5 expiry.
    kind: i32,
    /// Signed from the merchant's side: negative takes from the available points (a charge,
    /// a hold), positive gives to them (a recharge, a grant, a hold released).
    amount: String,
    /// The available points right after it.
    available_after: String,
    /// What caused it: `collection:12`, `withdrawal:34`, `grant:T-1`.
    reference: String,
    chain: Option<String>,
    tx_hash: Option<String>,
    /// The explorer's prefix for the hash ("" when none).
    txurl: String,
}

impl From<StatementEntry> for TransferView {
    fn from(e: StatementEntry) -> TransferView {
        let t = e.transfer;
        TransferView {
            id: t.id,
            create_time: time(t.created_at),
            asset: t.asset.code(),
            cause: t.cause.code(),
            kind: t.kind.code(),
            amount: points_text(e.amount),
            available_after: points_text(t.available_after),
            reference: t.origin.reference,
            chain: t.origin.chain,
            tx_hash: t.origin.tx_hash,
            txurl: e.txurl,
        }
    }
}

pub async fn page(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<POINTS>,
    ApiJson(q): ApiJson<PointsQuery>,
) -> ApiResult<Paged<TransferView>> {
    let filter = q.filter.filter()?;
    ok(paged(
        state
            .points
            .page(ctx.merchant_id, &filter, q.page.request()?)
            .await?,
    ))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RechargeBody {
    chain_id: i64,
}

/// Where the merchant pays to recharge USDT points on a chain, and the rules of crediting.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RechargeView {
    chain_id: i64,
    chain_name: String,
    address: String,
    /// The token to pay in ("USDT"), worth one point each.
    token: &'static str,
    /// The chain's native coin, also taken ("TRX" on TRON chains: TRX points), or null.
    coin: Option<&'static str>,
    /// A payment is credited only when greater than this many tokens (or coins) ("1").
    minimum: &'static str,
    /// Blocks on top of the payment's own before it is credited.
    confirmations: u32,
}

/// The merchant's own recharge address on a chain: made on the first ask, the same after.
pub async fn recharge(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<POINTS>,
    ApiJson(body): ApiJson<RechargeBody>,
) -> ApiResult<RechargeView> {
    let found = state.recharge.address(ctx.merchant_id, body.chain_id).await?;
    ok(RechargeView::from(found))
}

impl From<RechargeAddress> for RechargeView {
    fn from(found: RechargeAddress) -> RechargeView {
        RechargeView {
            chain_id: found.chain_id,
            chain_name: found.chain_name,
            address: found.address,
            token: found.token,
            coin: found.coin,
            minimum: found.minimum,
            confirmations: found.confirmations,
        }
    }
}
