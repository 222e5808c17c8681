//! What a collection does when its sweep is about to be signed, from what the chain says at
//! that moment (../shared/design/collection.md, traps 1, 2 and 6). Pure: the caller reads the
//! balances and the fee quotes live, this decides.
//!
//! 1. [`sweepable`]: the amount is the token's chain balance, compared with what was credited
//!    and not yet collected ("waiting"). Less than waiting is balance drift: the collection
//!    fails and an alarm is raised (a leaked key looks like this); more is swept too. Of the
//!    extra, deposits seen and still confirming ("pending") are theirs (they are collected when
//!    credited); the rest is recorded as unattributed. Below the asset's minimum nothing moves.
//! 2. The parts come from `split::destinations`, each quoted by the chain (a TRON transfer to a
//!    cold address holding none of the token costs about twice the energy).
//! 3. [`funding`]: the fee of every part, against the merchant's cap (above it the collection
//!    waits, it does not fail) and the native coin the address holds. Short of it, a top-up of
//!    the exact need plus [`TOP_UP_MARGIN_BPS`] minus what the address holds, so the fee moving
//!    between the top-up and the sweep does not cost a second top-up, and little native coin is
//!    left behind (what is left pays the next sweep, or leaves with [`native_leftover`]).

use crate::amount::BaseUnits;
use crate::ports::StepRecord;

/// The top-up's margin over the quoted need, in ten-thousandths: 5%.
pub const TOP_UP_MARGIN_BPS: u64 = 500;

/// Why a collection stops or closes without a sweep.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotSwept {
    /// The address holds less than its credited, not yet collected deposits: failed, alarm.
    BalanceDrift { waiting: BaseUnits, balance: BaseUnits },
    /// What the address holds is below the asset's minimum (a deposit was voided since the
    /// plan): not collected.
    BelowMinimum { balance: BaseUnits },
}

/// The token amount a sweep takes, and how much of it the deposits account for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sweepable {
    /// The whole chain balance.
    pub amount: BaseUnits,
    /// Credited and confirming deposits it collects (added to what the pair collected).
    pub attributed: BaseUnits,
    /// Arrived without a deposit (dust, a transfer from a hot wallet): swept with the rest and
    /// recorded apart.
    pub unattributed: BaseUnits,
}

/// Step 1 (see the module).
pub fn sweepable(
    waiting: BaseUnits,
    pending: BaseUnits,
    balance: BaseUnits,
    minimum: BaseUnits,
) -> Result<Sweepable, NotSwept> {
    let Some(extra) = balance.checked_sub(waiting) else {
        return Err(NotSwept::BalanceDrift { waiting, balance });
    };
    if balance.is_zero() || balance < minimum {
        return Err(NotSwept::BelowMinimum { balance });
    }
    let unattributed = extra.checked_sub(pending).unwrap_or(BaseUnits::ZERO);
    Ok(Sweepable {
        amount: balance,
        attributed: balance.checked_sub(unattributed).unwrap_or(BaseUnits::ZERO),
        unattributed,
    })
}

/// How the sweep's fee is paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Funding {
    /// The address holds enough native coin: sign the sweep.
    Ready { fee: BaseUnits },
    /// Send this much native coin from the fee wallet first, then wait for its receipt.
    TopUp { fee: BaseUnits, amount: BaseUnits },
    /// The collection would cost `total` (what it spent so far and this sweep), above the
    /// merchant's cap for the chain: wait and quote again later.
    AboveCap { total: BaseUnits, cap: BaseUnits },
}

/// What a collection's transactions cost so far (the fees the chain recorded: a top-up, an
/// activation, a reverted sweep part), counted against the cap with what it will still cost.
pub fn spent(steps: &[StepRecord]) -> BaseUnits {
    steps
        .iter()
        .filter_map(|s| s.fee_paid)
        .fold(BaseUnits::ZERO, |sum, f| sum.saturating_add(f))
}

/// Whether a collection that spent `spent` and will still spend `more` stays within `cap` (the
/// most a whole collection may cost, every transaction and activation included): the total
/// above the cap, or None.
pub fn over_cap(spent: BaseUnits, more: BaseUnits, cap: Option<BaseUnits>) -> Option<(BaseUnits, BaseUnits)> {
    let total = spent.saturating_add(more);
    cap.filter(|cap| total > *cap).map(|cap| (total, cap))
}

/// Step 3 (see the module): `part_fees` are the quotes of the sweep's transfers, `native` what
/// the deposit address holds of the chain's coin, `spent` what the collection already cost and
/// `cap` the merchant's maximum for a whole collection. A top-up's own fee is counted by the
/// top-up, once it is quoted.
pub fn funding(
    part_fees: &[BaseUnits],
    native: BaseUnits,
    spent: BaseUnits,
    cap: Option<BaseUnits>,
) -> Funding {
    let fee = part_fees
        .iter()
        .fold(BaseUnits::ZERO, |sum, f| sum.saturating_add(*f));
    if let Some((total, cap)) = over_cap(spent, fee, cap) {
        return Funding::AboveCap { total, cap };
    }
    if native >= fee {
        return Funding::Ready { fee };
    }
    let amount = with_margin(fee).checked_sub(native).unwrap_or(BaseUnits::ZERO);
    Funding::TopUp { fee, amount }
}

/// `fee` plus the margin, rounded up.
pub fn with_margin(fee: BaseUnits) -> BaseUnits {
    let scaled = fee
        .0
        .saturating_mul(ruint::aliases::U256::from(10_000 + TOP_UP_MARGIN_BPS));
    let whole = scaled.div_ceil(ruint::aliases::U256::from(10_000u64));
    BaseUnits(whole)
}

/// The native coin a deposit address may send to the cold address once no token is left in it
/// (trap 2: sweeping it earlier takes the fee a token sweep needs): all of it but the
/// transfer's own fee; None when a token remains or the coin does not pay for its move.
pub fn native_leftover(native: BaseUnits, transfer_fee: BaseUnits, token_remains: bool) -> Option<BaseUnits> {
    if token_remains {
        return None;
    }
    native.checked_sub(transfer_fee).filter(|rest| !rest.is_zero())
}

#[cfg(test)]
mod tests;
