//! The home overview's parts that are computed rather than read: what is held per asset, and
//! how far each chain's scanner is behind the chain's tip.

use chrono::{DateTime, Utc};
use std::collections::{BTreeMap, BTreeSet};

use super::figures::{is_complete, Asset, Tally};
use crate::amount::BaseUnits;
use crate::config::ChainNode;
use crate::orders::AssetNames;
use crate::ports::{AssetCollected, BalanceReading, Holder, RollupBucket};

/// What the merchant holds of one asset.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Holding {
    pub asset: Asset,
    pub names: AssetNames,
    pub decimals: i32,
    /// The latest readings of its hot wallets summed (zero when none was read).
    pub hot_wallets: BaseUnits,
    /// The oldest of those readings (None before the first).
    pub hot_wallets_read_at: Option<DateTime<Utc>>,
    /// Credited, complete deposits less what collections took from the deposit addresses.
    pub deposit_addresses: BaseUnits,
    /// The latest readings of its cold addresses summed; None when none was read.
    pub cold: Option<BaseUnits>,
    pub cold_read_at: Option<DateTime<Utc>>,
}

/// Readings of one holder kind: the sum and the oldest reading time.
fn read_sum<'a>(readings: impl Iterator<Item = &'a BalanceReading>) -> Option<(BaseUnits, DateTime<Utc>)> {
    readings.fold(None, |acc, r| match acc {
        None => Some((r.amount, r.read_at)),
        Some((sum, oldest)) => Some((sum.saturating_add(r.amount), oldest.min(r.read_at))),
    })
}

/// The asset's decimals as the catalogue has them (a token's, or the native coin's).
fn catalogue_decimals(nodes: &[ChainNode], asset: Asset) -> Option<i32> {
    let chain = nodes.iter().find(|c| c.chainid == asset.chain_id)?;
    match asset.token_id {
        None => Some(chain.decimals),
        Some(id) => chain.tokens.iter().find(|t| t.tokenid == id).map(|t| t.decimals),
    }
}

/// One holding per enabled token, and per native coin that has a reading or a complete
/// credited deposit, sorted by chain then token. `deposits` are the merchant's deposit totals
/// over all time, `collected` what collections took of them.
pub fn holdings(
    enabled_tokens: &[Asset],
    readings: &[BalanceReading],
    deposits: &[RollupBucket],
    collected: &[AssetCollected],
    nodes: &[ChainNode],
) -> Vec<Holding> {
    let received: BTreeMap<Asset, _> = Tally::of(deposits.iter().filter(|b| is_complete(b)), nodes)
        .totals
        .into_iter()
        .map(|f| (f.asset, f))
        .collect();
    let reading_asset = |r: &BalanceReading| Asset {
        chain_id: r.chain_id,
        token_id: r.token_id,
    };
    let taken = |asset: Asset| {
        collected
            .iter()
            .find(|c| c.chain_id == asset.chain_id && c.token_id == asset.token_id)
            .map_or(BaseUnits::ZERO, |c| c.collected)
    };
    let mut assets: BTreeSet<Asset> = enabled_tokens.iter().copied().collect();
    assets.extend(
        readings
            .iter()
            .map(reading_asset)
            .filter(|a| a.token_id.is_none()),
    );
    assets.extend(received.keys().copied().filter(|a| a.token_id.is_none()));
    assets
        .into_iter()
        .map(|asset| {
            let of = |holder: Holder| {
                read_sum(
                    readings
                        .iter()
                        .filter(move |r| r.holder == holder && reading_asset(r) == asset),
                )
            };
            let hot = of(Holder::HotWallet);
            let cold = of(Holder::Cold);
            let deposits = received.get(&asset);
            let decimals = catalogue_decimals(nodes, asset)
                .or(deposits.map(|d| d.decimals))
                .or(readings
                    .iter()
                    .find(|r| reading_asset(r) == asset)
                    .map(|r| r.decimals))
                .unwrap_or(18);
            Holding {
                asset,
                names: AssetNames::of(nodes, asset.chain_id, asset.token_id),
                decimals,
                hot_wallets: hot.map(|h| h.0).unwrap_or(BaseUnits::ZERO),
                hot_wallets_read_at: hot.map(|h| h.1),
                deposit_addresses: deposits
                    .map(|d| d.amount)
                    .unwrap_or(BaseUnits::ZERO)
                    .checked_sub(taken(asset))
                    .unwrap_or(BaseUnits::ZERO),
                cold: cold.map(|c| c.0),
                cold_read_at: cold.map(|c| c.1),
            }
        })
        .collect()
}

/// How far one chain's scanner is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChainLag {
    pub chain_id: i64,
    pub chain_name: String,
    /// The last block scanned (None before the first).
    pub scanned_height: Option<u64>,
    /// The chain's tip as the scanner last saw it.
    pub tip_height: Option<u64>,
    /// When the scanner last moved.
    pub scanned_at: Option<DateTime<Utc>>,
}

impl ChainLag {
    /// Blocks between the tip and the last scanned one (None while either is unknown).
    pub fn lag_blocks(&self) -> Option<u64> {
        Some(self.tip_height?.saturating_sub(self.scanned_height?))
    }
}
