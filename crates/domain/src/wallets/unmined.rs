//! What a hot wallet's signed transactions that are not in a block yet will still spend: the
//! node's balance does not show it, so a payout or a fee top-up that counted only the balance
//! could overdraw the wallet and fail on chain. Withdrawals and collection fee top-ups both
//! draw on a hot wallet (the fee wallet is one), so each counts the other's too.

use crate::amount::BaseUnits;
use crate::error::AppResult;
use crate::ports::{CollectionSteps, WithdrawalLeaseRepo};

/// Spent once mined, not yet out of the reported balance.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct UnminedSpend {
    /// Native coin: every fee, plus the amounts of native payouts and fee top-ups.
    pub native: BaseUnits,
    /// The amounts of payouts of the token asked about.
    pub token: BaseUnits,
}

/// `token_id`: the token whose payouts count in `token` (None: only the native coin).
pub async fn unmined_spend(
    withdrawals: &dyn WithdrawalLeaseRepo,
    collection_steps: &dyn CollectionSteps,
    chain_id: i64,
    address: &str,
    token_id: Option<i64>,
) -> AppResult<UnminedSpend> {
    let mut sum = UnminedSpend::default();
    for w in withdrawals.signed_unmined(chain_id, address).await? {
        sum.native = sum.native.saturating_add(w.fee.unwrap_or(BaseUnits::ZERO));
        match w.token_id {
            None => sum.native = sum.native.saturating_add(w.amount),
            Some(token) if Some(token) == token_id => sum.token = sum.token.saturating_add(w.amount),
            Some(_) => {}
        }
    }
    for step in collection_steps.unmined_from(chain_id, address).await? {
        sum.native = sum.native.saturating_add(step.fee_estimated);
        if step.token_id == 0 {
            sum.native = sum.native.saturating_add(step.amount);
        } else if Some(step.token_id) == token_id {
            sum.token = sum.token.saturating_add(step.amount);
        }
    }
    Ok(sum)
}
