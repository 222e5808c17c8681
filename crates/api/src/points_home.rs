//! Home's points card (menu 1): both balances as Points list shows them, each with its
//! low-balance threshold and whether it is below it, and the bill due.

use axum::extract::State;
use coffer_domain::codes::StoredCode;
use coffer_domain::menu::catalogue::HOME;
use coffer_domain::points::points_text;
use serde::Serialize;

use crate::envelope::{ok, ApiResult};
use crate::points::BalanceView;
use crate::session::Allowed;
use crate::AppState;

/// One asset's points with its threshold.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct StandingView {
    #[serde(flatten)]
    balance: BalanceView,
    /// Below this many available points the asset is low ("0": never).
    threshold: String,
    low: bool,
}

/// The merchant's oldest bill not paid yet.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BillDueView {
    id: i64,
    /// The month, in the billing zone.
    period: String,
    amount: String,
    due: String,
    /// 1 to be paid, 2 confirming.
    status: i32,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct HomePointsView {
    balances: Vec<StandingView>,
    /// The oldest unpaid bill, or null.
    bill_due: Option<BillDueView>,
}

pub async fn home_points(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<HOME>,
) -> ApiResult<HomePointsView> {
    let standing = state.points.standing(ctx.merchant_id).await?;
    let bill_due = state.bills.ports.bills.oldest_unpaid(ctx.merchant_id).await?;
    ok(HomePointsView {
        balances: standing
            .into_iter()
            .map(|s| StandingView {
                balance: BalanceView::new(s.asset, s.balance),
                threshold: points_text(s.threshold),
                low: s.low,
            })
            .collect(),
        bill_due: bill_due.map(|b| BillDueView {
            id: b.id,
            due: points_text(b.due()),
            amount: points_text(b.amount),
            period: b.period.label,
            status: b.status.code(),
        }),
    })
}
