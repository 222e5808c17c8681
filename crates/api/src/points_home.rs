//! Home's points card (menu 1): both balances as Points list shows them, each with its
//! low-balance threshold and whether it is below it, and the bill due.

use axum::extract::State;
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

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct HomePointsView {
    balances: Vec<StandingView>,
    /// The oldest unpaid bill, or null (always null until monthly bills exist).
    bill_due: Option<serde_json::Value>,
}

pub async fn home_points(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<HOME>,
) -> ApiResult<HomePointsView> {
    let standing = state.points.standing(ctx.merchant_id).await?;
    ok(HomePointsView {
        balances: standing
            .into_iter()
            .map(|s| StandingView {
                balance: BalanceView::new(s.asset, s.balance),
                threshold: points_text(s.threshold),
                low: s.low,
            })
            .collect(),
        bill_due: None,
    })
}
