//! Where a sweep goes among the asset's cold addresses (spec 9: "an order above the minimum
//! split amount is split by address ratio"). Exact base units, no floats:
//!
//! - **Above the minimum split amount** each address gets `floor(amount × ratio)`; the few base
//!   units this leaves (fewer than the number of addresses) go one each to the addresses with
//!   the largest fractional remainders, earlier addresses first on a tie (the largest remainder
//!   method). The parts add up to the sweep; no part is off its exact share by one unit or more.
//! - **At or below it** the whole sweep goes to the address furthest below its target share of
//!   everything collected for the asset so far, this sweep included (the first on a tie): one
//!   transfer instead of five for a small sweep, and over many sweeps each address stays within
//!   one sweep of its share.
//!
//! A part of zero is no transfer: it is left out.

use ruint::aliases::{U256, U512};

use crate::amount::BaseUnits;
use crate::wallets::rules::RATIO_ONE;

/// An effective cold address with its ratio and what collection has sent it for this asset.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ColdShare {
    pub address: String,
    /// Ten-thousandths (`wallets::rules::parse_ratio`); the ratios of an asset total 10,000.
    pub ratio: u64,
    /// Swept to this address for the asset so far (what decides the small sweeps).
    pub collected: BaseUnits,
}

/// One transfer of a sweep.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Part {
    pub address: String,
    pub amount: BaseUnits,
}

/// Cold addresses that cannot take a sweep: the caller checks this before planning.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SplitError {
    #[error("the asset has no effective cold address")]
    NoColdAddress,
    #[error("the cold addresses' ratios do not total 1")]
    RatiosNotWhole,
}

/// The transfers of one sweep of `amount` (see the module's rules).
pub fn destinations(
    amount: BaseUnits,
    min_split: BaseUnits,
    cold: &[ColdShare],
) -> Result<Vec<Part>, SplitError> {
    check(cold)?;
    if amount > min_split {
        Ok(split_by_ratio(amount, cold))
    } else {
        let to = furthest_below_share(amount, cold);
        Ok(part(&cold[to].address, amount).into_iter().collect())
    }
}

fn check(cold: &[ColdShare]) -> Result<(), SplitError> {
    if cold.is_empty() {
        return Err(SplitError::NoColdAddress);
    }
    let total = cold.iter().try_fold(0u64, |sum, c| sum.checked_add(c.ratio));
    if total != Some(RATIO_ONE) || cold.iter().any(|c| c.ratio == 0) {
        return Err(SplitError::RatiosNotWhole);
    }
    Ok(())
}

fn part(address: &str, amount: BaseUnits) -> Option<Part> {
    (!amount.is_zero()).then(|| Part {
        address: address.to_string(),
        amount,
    })
}

/// The largest remainder method: `amount = q × ONE + m`, so `amount × ratio / ONE` is
/// `q × ratio + m × ratio / ONE` (no product can overflow) with remainder `m × ratio mod ONE`.
fn split_by_ratio(amount: BaseUnits, cold: &[ColdShare]) -> Vec<Part> {
    let one = U256::from(RATIO_ONE);
    let (q, m) = (amount.0 / one, amount.0 % one);
    let mut shares: Vec<(U256, U256)> = cold
        .iter()
        .map(|c| {
            let ratio = U256::from(c.ratio);
            (q * ratio + m * ratio / one, m * ratio % one)
        })
        .collect();
    let handed_out = shares.iter().fold(U256::ZERO, |sum, (floor, _)| sum + *floor);
    // Fewer than the number of addresses: the fractions total a whole number below it.
    let left = (amount.0 - handed_out).to::<usize>();
    let mut order: Vec<usize> = (0..cold.len()).collect();
    order.sort_by(|&a, &b| shares[b].1.cmp(&shares[a].1).then(a.cmp(&b)));
    for &i in order.iter().take(left) {
        shares[i].0 += U256::from(1u8);
    }
    cold.iter()
        .zip(shares)
        .filter_map(|(c, (amount, _))| part(&c.address, BaseUnits(amount)))
        .collect()
}

/// The index of the address with the largest deficit `total × ratio / ONE − collected`, where
/// `total` is everything collected plus this sweep; compared as `total × ratio − collected × ONE`
/// in 512 bits (exact, never overflows).
fn furthest_below_share(amount: BaseUnits, cold: &[ColdShare]) -> usize {
    let wide = |v: U256| U512::from(v);
    let total = cold
        .iter()
        .fold(wide(amount.0), |sum, c| sum + wide(c.collected.0));
    let one = U512::from(RATIO_ONE);
    // deficit_a > deficit_b  <=>  total × r_a + c_b × ONE > total × r_b + c_a × ONE
    let mut best = 0;
    for i in 1..cold.len() {
        let (a, b) = (&cold[i], &cold[best]);
        let left = total * U512::from(a.ratio) + wide(b.collected.0) * one;
        let right = total * U512::from(b.ratio) + wide(a.collected.0) * one;
        if left > right {
            best = i;
        }
    }
    best
}

#[cfg(test)]
mod tests;
