//! Stake 2.0's resource arithmetic, as java-tron computes it (EnergyProcessor, ResourceProcessor):
//! a stake's share of the network's daily energy, the usage that recovers linearly over a 24-hour
//! window counted in 3-second slots, and the window that merging two usages leaves.
//!
//! The formulas are the TRON documentation's (developers.tron.network/docs/resource-model,
//! "Energy": energy = staked TRX / total staked TRX for energy x 180 000 000 000, recovering
//! over 24 hours); java-tron computes some of them in doubles, the double in exact integers, so
//! a figure may differ from a node's by one unit where the double rounds.

/// 1 TRX in sun.
pub const TRX: u64 = 1_000_000;
/// The energy the whole network shares a day (`getTotalEnergyLimit`, proposal #71's value).
pub const TOTAL_ENERGY_LIMIT: u64 = 180_000_000_000;
/// Staked TRX for energy on the rest of the network, whole TRX: with it a stake gets mainnet's
/// share (about 9.5 energy a day per TRX, late 2026).
pub const BACKGROUND_ENERGY_WEIGHT: u64 = 19_000_000_000;
/// The bandwidth the network shares a day, and the rest of the network's stake for it.
pub const TOTAL_NET_LIMIT: u64 = 43_200_000_000;
pub const BACKGROUND_NET_WEIGHT: u64 = 26_000_000_000;
/// 24 hours in 3-second slots: the window usage recovers over.
pub const WINDOW_SLOTS: u64 = 28_800;
/// java-tron's fixed-point precision of averaged usage.
const PRECISION: u64 = 1_000_000;
/// Block time between slots.
pub const SLOT_MS: u64 = 3_000;

fn div_ceil(n: u128, d: u128) -> u128 {
    n.div_ceil(d)
}

/// The daily energy (or bandwidth) of `stake_sun` staked (own and acquired), `EnergyLimit`
/// (`NetLimit`): whole TRX times the network's limit over its weight, floored; nothing under 1 TRX or on a network nobody stakes.
pub fn share(stake_sun: u64, total_limit: u64, total_weight: u64) -> u64 {
    if stake_sun < TRX || total_weight == 0 {
        return 0;
    }
    (u128::from(stake_sun / TRX) * u128::from(total_limit) / u128::from(total_weight)) as u64
}

/// The stake (sun) that yields `energy` a day: ceil(energy x weight / limit) whole TRX.
pub fn stake_for_energy(energy: u64, total_limit: u64, total_weight: u64) -> u64 {
    let trx = div_ceil(
        u128::from(energy) * u128::from(total_weight),
        u128::from(total_limit.max(1)),
    );
    (trx * u128::from(TRX)) as u64
}

/// The stake (sun) that `usage` energy occupies: usage x TRX x weight / limit, floored.
pub fn stake_of_usage(usage: u64, total_limit: u64, total_weight: u64) -> u64 {
    (u128::from(usage) * u128::from(TRX) * u128::from(total_weight) / u128::from(total_limit.max(1))) as u64
}

/// The averaged usage left of `last_usage` (consumed at slot `last`) at slot `now`, over
/// `window` slots: it falls linearly to 0 once the window has passed.
fn decayed_average(last_usage: u64, last: u64, now: u64, window: u64) -> u128 {
    let window = u128::from(window.max(1));
    let average = div_ceil(u128::from(last_usage) * u128::from(PRECISION), window);
    if now <= last {
        return average;
    }
    let delta = u128::from(now - last);
    if delta >= window {
        return 0;
    }
    // Math.round(average * (window - delta) / window), half up.
    (2 * average * (window - delta) + window) / (2 * window)
}

/// `recovery`: what is left at slot `now` of `last_usage` consumed at `last` over `window`.
pub fn recovered(last_usage: u64, last: u64, now: u64, window: u64) -> u64 {
    (decayed_average(last_usage, last, now, window) * u128::from(window.max(1)) / u128::from(PRECISION))
        as u64
}

/// `increase` with the account's window (Stake 2.0): `usage` more at `now` on top of what is
/// left of `last_usage`; returns the new usage and the window it now recovers over (the
/// usage-weighted mean of what was left of the old window and a full new one).
pub fn increase(last_usage: u64, usage: u64, last: u64, now: u64, window: u64) -> (u64, u64) {
    let old_window = window.max(1);
    let remain_average = decayed_average(last_usage, last, now, old_window);
    let average = div_ceil(
        u128::from(usage) * u128::from(PRECISION),
        u128::from(WINDOW_SLOTS),
    );
    let new_usage = ((remain_average * u128::from(old_window) + average * u128::from(WINDOW_SLOTS))
        / u128::from(PRECISION)) as u64;
    let remain = (remain_average * u128::from(old_window) / u128::from(PRECISION)) as u64;
    if remain == 0 || new_usage == 0 {
        return (new_usage, WINDOW_SLOTS);
    }
    let remain_window = old_window.saturating_sub(now.saturating_sub(last));
    let merged = (u128::from(remain_window) * u128::from(remain)
        + u128::from(WINDOW_SLOTS) * u128::from(usage))
        / u128::from(new_usage);
    (new_usage, merged as u64)
}

/// A resource's use: `usage` as of `slot`, recovering over `window` slots.
#[derive(Clone, Copy, Debug)]
pub struct Usage {
    pub usage: u64,
    pub slot: u64,
    pub window: u64,
}

impl Default for Usage {
    fn default() -> Usage {
        Usage {
            usage: 0,
            slot: 0,
            window: WINDOW_SLOTS,
        }
    }
}

impl Usage {
    /// What is still used at `slot`.
    pub fn at(&self, slot: u64) -> u64 {
        recovered(self.usage, self.slot, slot, self.window)
    }

    /// Uses `amount` more at `slot`.
    pub fn add(&mut self, amount: u64, slot: u64) {
        let (usage, window) = increase(self.usage, amount, self.slot, slot, self.window);
        *self = Usage { usage, slot, window };
    }

    /// Sets what is used at `slot`, recovering over a whole day from then (an undelegate moving
    /// use between accounts; java-tron also merges the two windows).
    pub fn set(&mut self, usage: u64, slot: u64) {
        *self = Usage {
            usage,
            slot,
            window: WINDOW_SLOTS,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// developers.tron.network/docs/resource-model ("How to Get Energy"): energy = staked TRX /
    /// total staked TRX for energy x 180 000 000 000. At mainnet's weight (about 19 billion TRX)
    /// one staked TRX gives about 9.5 energy a day, so a 64 285-energy USDT transfer a day needs
    /// about 6 800 TRX (design note "Own stake").
    #[test]
    fn a_stake_gets_its_share_of_the_daily_energy() {
        let weight = BACKGROUND_ENERGY_WEIGHT;
        assert_eq!(share(TRX, TOTAL_ENERGY_LIMIT, weight), 9);
        assert_eq!(share(1_000 * TRX, TOTAL_ENERGY_LIMIT, weight), 9_473);
        assert_eq!(share(6_786 * TRX, TOTAL_ENERGY_LIMIT, weight), 64_288);
        // Fractions of a TRX give nothing; under 1 TRX, nothing at all.
        assert_eq!(share(1_999_999, TOTAL_ENERGY_LIMIT, weight), 9);
        assert_eq!(share(999_999, TOTAL_ENERGY_LIMIT, weight), 0);
        // The documentation's shape: 100 TRX of 10 billion staked get 1 800 energy.
        assert_eq!(share(100 * TRX, TOTAL_ENERGY_LIMIT, 10_000_000_000), 1_800);
    }

    /// Delegations are sized in staked sun: ceil(energy x TotalEnergyWeight / TotalEnergyLimit)
    /// TRX (design note, "delegation (Stake 2.0)"), and that stake yields at least the energy.
    #[test]
    fn a_delegation_is_sized_in_staked_trx_rounded_up() {
        let weight = BACKGROUND_ENERGY_WEIGHT;
        let stake = stake_for_energy(64_285, TOTAL_ENERGY_LIMIT, weight);
        assert_eq!(stake, 6_786 * TRX);
        assert!(share(stake, TOTAL_ENERGY_LIMIT, weight) >= 64_285);
        assert!(share(stake - TRX, TOTAL_ENERGY_LIMIT, weight) < 64_285);
        assert_eq!(
            stake_for_energy(130_285, TOTAL_ENERGY_LIMIT, weight),
            13_753 * TRX
        );
    }

    /// Used energy recovers linearly over 24 hours (28 800 slots of 3 s): half of it after 12
    /// hours, all of it after 24.
    #[test]
    fn used_energy_recovers_linearly_over_a_day() {
        let used = 64_285;
        assert_eq!(recovered(used, 100, 100, WINDOW_SLOTS), used);
        assert_eq!(recovered(used, 100, 100 + WINDOW_SLOTS / 2, WINDOW_SLOTS), 32_142);
        assert_eq!(recovered(used, 100, 100 + WINDOW_SLOTS / 4, WINDOW_SLOTS), 48_213);
        assert_eq!(recovered(used, 100, 100 + WINDOW_SLOTS - 1, WINDOW_SLOTS), 2);
        assert_eq!(recovered(used, 100, 100 + WINDOW_SLOTS, WINDOW_SLOTS), 0);
    }

    /// A second use merges with what is left of the first: usage adds up and the window becomes
    /// the usage-weighted mean of the old window's remainder and a full day.
    #[test]
    fn a_second_use_merges_its_window() {
        let (usage, window) = increase(0, 10_000, 0, 500, WINDOW_SLOTS);
        assert_eq!((usage, window), (10_000, WINDOW_SLOTS));
        let half = WINDOW_SLOTS / 2;
        let (usage, window) = increase(10_000, 10_000, 0, half, WINDOW_SLOTS);
        assert_eq!(usage, 15_000);
        assert_eq!(window, (half * 5_000 + WINDOW_SLOTS * 10_000) / 15_000);
        // What is left then recovers over the merged window.
        assert_eq!(recovered(usage, half, half + window, window), 0);
    }
}
