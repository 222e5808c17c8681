//! What the order screens share on the wire, whatever the kind: the filter body, the asset
//! columns of a row, the summary and the drawer (times are written by `views::time`).

use chrono::{DateTime, Utc};
use coffer_domain::auth::AuthContext;
use coffer_domain::codes::CodeFilter;
use coffer_domain::orders::{AssetNames, Listed, OrderSummary};
use coffer_domain::ports::{OrderFilter, OrderKind, OrderOutcome, OrderSum};
use coffer_domain::AppError;
use serde::{Deserialize, Serialize};

use crate::bodies::{FilterText, PageQuery};
use crate::AppState;

/// An order's drawer: its row, and the callback attempts of its order number as `callbacks`.
pub(crate) async fn drawer(
    state: &AppState,
    ctx: &AuthContext,
    order_no: &str,
    row: impl Serialize,
) -> Result<serde_json::Value, AppError> {
    let attempts = crate::callbacks::order_attempts(state, ctx, order_no).await?;
    let mut value = serde_json::to_value(row).map_err(AppError::internal)?;
    value["callbacks"] = serde_json::to_value(attempts).map_err(AppError::internal)?;
    Ok(value)
}

/// The console's order filter (lists, summaries, one-click review).
#[derive(Deserialize, Default, Clone)]
#[serde(rename_all = "camelCase")]
pub struct FilterBody {
    start: Option<DateTime<Utc>>,
    end: Option<DateTime<Utc>>,
    chain_id: Option<i64>,
    /// An exchange's token in or out; every other kind's token.
    token_id: Option<i64>,
    /// One exchange pair (exchange lists only).
    pair_id: Option<i64>,
    status: Option<i32>,
    /// true: the deposits never credited (the console's "Not credited"); false: the others.
    uncredited: Option<bool>,
    address: Option<FilterText>,
    hash: Option<FilterText>,
    order_no: Option<FilterText>,
    merchant_order_no: Option<FilterText>,
    open_id: Option<FilterText>,
    /// The transaction list's kind (1 deposits, 2 withdrawals, 3 exchanges; none: deposits and
    /// withdrawals, or the screen's own kind).
    #[serde(rename = "type")]
    kind: Option<i32>,
}

impl FilterBody {
    /// The domain's filter; 10422 for a text over [`crate::bodies::MAX_FILTER_CHARS`].
    pub fn filter(self) -> Result<OrderFilter, AppError> {
        Ok(OrderFilter {
            start: self.start,
            end: self.end,
            chain_id: self.chain_id,
            token_id: self.token_id,
            pair_id: self.pair_id,
            status: self.status.map(CodeFilter::from_code),
            uncredited: self.uncredited,
            address: FilterText::optional(self.address)?,
            hash: FilterText::optional(self.hash)?,
            order_no: FilterText::optional(self.order_no)?,
            merchant_order_no: FilterText::optional(self.merchant_order_no)?,
            open_id: FilterText::optional(self.open_id)?,
        })
    }

    /// The chosen range (an export's file name).
    pub fn range(&self) -> (Option<DateTime<Utc>>, Option<DateTime<Utc>>) {
        (self.start, self.end)
    }

    /// The kinds the body's `type` selects: one, or deposits and withdrawals when it names none.
    pub fn kinds(&self) -> Result<Vec<OrderKind>, AppError> {
        match self.kind {
            None => Ok(vec![OrderKind::Deposit, OrderKind::Withdrawal]),
            Some(1) => Ok(vec![OrderKind::Deposit]),
            Some(2) => Ok(vec![OrderKind::Withdrawal]),
            Some(3) => Ok(vec![OrderKind::Exchange]),
            Some(_) => Err(AppError::Invalid(
                coffer_domain::messages::MsgKey::OrderTypeInvalid,
            )),
        }
    }
}

#[derive(Deserialize)]
pub struct PagedFilter {
    #[serde(flatten)]
    pub page: PageQuery,
    #[serde(flatten)]
    pub filter: FilterBody,
}

/// A row's chain and token columns (in their place among the row's fields).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AssetColumns {
    pub(crate) chain_id: i64,
    pub(crate) token_id: Option<i64>,
    pub(crate) chainname: String,
    pub(crate) chainsymbol: String,
    pub(crate) symbol: String,
    #[serde(rename = "symbol_price")]
    pub(crate) symbol_price: String,
    pub(crate) decimals: i32,
}

impl AssetColumns {
    pub fn new(chain_id: i64, token_id: Option<i64>, decimals: i32, asset: AssetNames) -> AssetColumns {
        AssetColumns {
            chain_id,
            token_id,
            chainname: asset.chain_name,
            chainsymbol: asset.chain_symbol,
            symbol: asset.symbol,
            symbol_price: asset.symbol_price,
            decimals,
        }
    }
}

/// An amount in the token's units (18 decimals when the stored count is out of range).
pub(crate) fn token_units(decimals: i32) -> u8 {
    u8::try_from(decimals).unwrap_or(18)
}

/// `count` and `totals`: every order the filter selects, whatever became of it (as before);
/// `outcomes`: the same split by outcome, so money that moved reads apart from the rest.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SummaryView {
    count: u64,
    totals: Vec<TokenTotalView>,
    outcomes: OutcomesView,
}

/// One entry per outcome, always all five (an outcome the filter misses counts 0).
#[derive(Serialize, Default)]
#[serde(rename_all = "camelCase")]
struct OutcomesView {
    complete: OutcomeView,
    pending: OutcomeView,
    rejected: OutcomeView,
    failed: OutcomeView,
    uncredited: OutcomeView,
}

#[derive(Serialize, Default)]
#[serde(rename_all = "camelCase")]
struct OutcomeView {
    count: u64,
    totals: Vec<TokenTotalView>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct TokenTotalView {
    chain_id: i64,
    token_id: Option<i64>,
    chainname: String,
    symbol: String,
    amount: String,
}

impl TokenTotalView {
    fn all(totals: Vec<Listed<OrderSum>>) -> Vec<TokenTotalView> {
        totals
            .into_iter()
            .map(|t| TokenTotalView {
                chain_id: t.order.chain_id,
                token_id: t.order.token_id,
                chainname: t.asset.chain_name,
                symbol: t.asset.symbol,
                amount: t.order.amount.to_decimal(token_units(t.order.decimals)),
            })
            .collect()
    }
}

impl From<OrderSummary> for SummaryView {
    fn from(s: OrderSummary) -> SummaryView {
        let mut outcomes = OutcomesView::default();
        for o in s.outcomes {
            let slot = match o.outcome {
                OrderOutcome::Complete => &mut outcomes.complete,
                OrderOutcome::Pending => &mut outcomes.pending,
                OrderOutcome::Rejected => &mut outcomes.rejected,
                OrderOutcome::Failed => &mut outcomes.failed,
                OrderOutcome::Uncredited => &mut outcomes.uncredited,
            };
            *slot = OutcomeView {
                count: o.tally.count,
                totals: TokenTotalView::all(o.tally.sums),
            };
        }
        SummaryView {
            count: s.all.count,
            totals: TokenTotalView::all(s.all.sums),
            outcomes,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use coffer_domain::ports::OrderStatus;

    #[test]
    fn a_status_code_keeps_its_integer_whether_or_not_a_state_has_it() {
        let filter = |status: i32| {
            let body: FilterBody = serde_json::from_value(serde_json::json!({ "status": status })).unwrap();
            body.filter().unwrap().status
        };
        assert_eq!(filter(8), Some(CodeFilter::Known(OrderStatus::Complete)));
        assert_eq!(filter(99), Some(CodeFilter::Unknown(99)));
    }
}
