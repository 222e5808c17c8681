//! Figures summed from the hourly order buckets: per asset tallies, the daily series and the
//! data reports. Pure functions over buckets already read, so every rule here is tested
//! without a database.

use chrono::NaiveDate;
use std::collections::BTreeMap;

use super::days::{local_date, DayRange};
use crate::amount::BaseUnits;
use crate::config::ChainNode;
use crate::orders::AssetNames;
use crate::ports::{CollectionFeeHour, OrderStatus, RollupBucket};

/// A chain's token, or its native coin (`token_id` None); orders as the lists sort.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Asset {
    pub chain_id: i64,
    pub token_id: Option<i64>,
}

impl Asset {
    pub fn of(bucket: &RollupBucket) -> Asset {
        Asset {
            chain_id: bucket.key.chain_id,
            token_id: bucket.key.token_id,
        }
    }
}

/// How many orders of one asset, and the exact sums of their amounts (the asset's base
/// units) and network fees (the chain's native coin's base units), the asset named; on the
/// Payment report also the collections of the asset that paid a network fee, and that fee.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AssetFigures {
    pub asset: Asset,
    pub names: AssetNames,
    pub decimals: i32,
    pub count: u64,
    pub amount: BaseUnits,
    pub fee: BaseUnits,
    pub collections: u64,
    /// In the chain's native coin's base units.
    pub collection_fee: BaseUnits,
}

impl AssetFigures {
    fn empty(asset: Asset, decimals: i32, nodes: &[ChainNode]) -> AssetFigures {
        AssetFigures {
            asset,
            names: AssetNames::of(nodes, asset.chain_id, asset.token_id),
            decimals,
            count: 0,
            amount: BaseUnits::ZERO,
            fee: BaseUnits::ZERO,
            collections: 0,
            collection_fee: BaseUnits::ZERO,
        }
    }

    fn add(&mut self, bucket: &RollupBucket) {
        self.count += bucket.count;
        // Orders are bounded at the door far below 2^256: a sum cannot overflow.
        self.amount = self.amount.saturating_add(bucket.amount);
        self.fee = self.fee.saturating_add(bucket.fee);
    }

    fn add_collections(&mut self, hour: &CollectionFeeHour) {
        self.collections += hour.count;
        self.collection_fee = self.collection_fee.saturating_add(hour.fee);
    }

    /// Another figure of the same asset added to this one (a total of rows).
    fn merge(&mut self, other: &AssetFigures) {
        self.count += other.count;
        self.amount = self.amount.saturating_add(other.amount);
        self.fee = self.fee.saturating_add(other.fee);
        self.collections += other.collections;
        self.collection_fee = self.collection_fee.saturating_add(other.collection_fee);
    }
}

/// Count and per-asset figures of some orders (totals sorted by chain, then token).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Tally {
    pub count: u64,
    pub totals: Vec<AssetFigures>,
}

impl Tally {
    /// The tally of `buckets` (all of them: filter before).
    pub fn of<'a>(buckets: impl IntoIterator<Item = &'a RollupBucket>, nodes: &[ChainNode]) -> Tally {
        let per_asset = per_asset(buckets, nodes);
        Tally {
            count: per_asset.values().map(|f| f.count).sum(),
            totals: per_asset.into_values().collect(),
        }
    }
}

fn per_asset<'a>(
    buckets: impl IntoIterator<Item = &'a RollupBucket>,
    nodes: &[ChainNode],
) -> BTreeMap<Asset, AssetFigures> {
    let mut found: BTreeMap<Asset, AssetFigures> = BTreeMap::new();
    for bucket in buckets {
        let asset = Asset::of(bucket);
        found
            .entry(asset)
            .or_insert_with(|| AssetFigures::empty(asset, bucket.decimals, nodes))
            .add(bucket);
    }
    found
}

/// Money that moved: a complete (or partially complete) order that is credited. Pending,
/// rejected, failed and void orders, and deposits never credited (dust), are not figures.
pub fn is_complete(bucket: &RollupBucket) -> bool {
    COMPLETE.contains(&bucket.key.status) && bucket.key.credited
}

/// The statuses of an order the figures count (with credited, [`is_complete`]): a read of
/// buckets for figures asks for these only.
pub const COMPLETE: [OrderStatus; 2] = [OrderStatus::Complete, OrderStatus::PartiallyComplete];

/// The complete buckets of each merchant date, in the range only.
fn complete_by_date<'a>(
    range: &DayRange,
    buckets: &'a [RollupBucket],
) -> BTreeMap<NaiveDate, Vec<&'a RollupBucket>> {
    let mut by_date: BTreeMap<NaiveDate, Vec<&RollupBucket>> = BTreeMap::new();
    for bucket in buckets
        .iter()
        .filter(|b| is_complete(b) && range.contains(b.key.hour))
    {
        by_date
            .entry(local_date(bucket.key.hour, range.time_zone))
            .or_default()
            .push(bucket);
    }
    by_date
}

/// One merchant date of the daily series.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DayFigures {
    pub date: NaiveDate,
    pub deposits: Tally,
    pub withdrawals: Tally,
}

/// Every date of the range, oldest first, with its complete deposits and withdrawals (a date
/// without orders counts zero).
pub fn daily_series(
    range: &DayRange,
    deposits: &[RollupBucket],
    withdrawals: &[RollupBucket],
    nodes: &[ChainNode],
) -> Vec<DayFigures> {
    let mut deposits = complete_by_date(range, deposits);
    let mut withdrawals = complete_by_date(range, withdrawals);
    range
        .dates()
        .map(|date| DayFigures {
            date,
            deposits: Tally::of(deposits.remove(&date).unwrap_or_default(), nodes),
            withdrawals: Tally::of(withdrawals.remove(&date).unwrap_or_default(), nodes),
        })
        .collect()
}

/// Which report: money out or money in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReportKind {
    /// Menu 601: complete withdrawals with their network fees, and the network fees of the
    /// collections (sweeps and their fee top-ups).
    Payment,
    /// Menu 602: complete credited deposits; the merchant pays no network fee on them.
    Receipt,
}

impl ReportKind {
    /// The name in export file names.
    pub fn name(self) -> &'static str {
        match self {
            ReportKind::Payment => "payment",
            ReportKind::Receipt => "receipt",
        }
    }
}

/// One merchant date and asset with at least one order or collection fee.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReportRow {
    pub date: NaiveDate,
    pub figures: AssetFigures,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    pub range: DayRange,
    /// Newest date first, then chain, then token.
    pub rows: Vec<ReportRow>,
    /// One per asset of the rows, by chain then token.
    pub totals: Vec<AssetFigures>,
}

/// The report of `buckets` (the report kind's orders) and `collections` (the fees of the
/// collections created in the range; the Payment report's) over the range, each counted on the
/// merchant date of the hour it was created in.
pub fn report(
    kind: ReportKind,
    range: DayRange,
    buckets: &[RollupBucket],
    collections: &[CollectionFeeHour],
    nodes: &[ChainNode],
) -> Report {
    let mut by_date: BTreeMap<NaiveDate, BTreeMap<Asset, AssetFigures>> = complete_by_date(&range, buckets)
        .into_iter()
        .map(|(date, day)| (date, per_asset(day, nodes)))
        .collect();
    for hour in collections.iter().filter(|h| range.contains(h.hour)) {
        let asset = Asset {
            chain_id: hour.chain_id,
            token_id: hour.token_id,
        };
        by_date
            .entry(local_date(hour.hour, range.time_zone))
            .or_default()
            .entry(asset)
            .or_insert_with(|| AssetFigures::empty(asset, hour.decimals, nodes))
            .add_collections(hour);
    }
    let mut rows = Vec::new();
    let mut totals: BTreeMap<Asset, AssetFigures> = BTreeMap::new();
    for (date, day) in by_date.into_iter().rev() {
        for figures in day.into_values() {
            totals
                .entry(figures.asset)
                .and_modify(|total| total.merge(&figures))
                .or_insert_with(|| figures.clone());
            rows.push(ReportRow { date, figures });
        }
    }
    let mut totals: Vec<AssetFigures> = totals.into_values().collect();
    if kind == ReportKind::Receipt {
        for figures in rows.iter_mut().map(|r| &mut r.figures).chain(totals.iter_mut()) {
            figures.fee = BaseUnits::ZERO;
        }
    }
    Report { range, rows, totals }
}
