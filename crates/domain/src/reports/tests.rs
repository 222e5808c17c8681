//! The figures from buckets: merchant days at both ends of the time zones, zeros, complete
//! orders only, exact sums, the report's order and the holdings.

use chrono::{DateTime, NaiveDate, TimeZone, Utc};

use super::figures::{daily_series, report, Asset, ReportKind};
use super::home::{holdings, ChainLag};
use super::DayRange;
use crate::amount::BaseUnits;
use crate::config::{ChainNode, TokenInfo};
use crate::ports::{
    AssetCollected, BalanceReading, CollectionFeeHour, Holder, OrderKind, OrderStatus, RollupBucket,
    RollupKey,
};

const CHAIN: i64 = 1337;
const USDT: Option<i64> = Some(1);

fn nodes() -> Vec<ChainNode> {
    vec![ChainNode {
        chainid: CHAIN,
        chainname: "Devchain".into(),
        symbol: "DEV".into(),
        txurl: String::new(),
        decimals: 18,
        family: "dev".into(),
        tokens: vec![TokenInfo {
            tokenid: 1,
            symbol: "USDT".into(),
            price: "1".into(),
            decimals: 6,
            contract: String::new(),
        }],
    }]
}

fn hour(y: i32, m: u32, d: u32, h: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(y, m, d, h, 0, 0).unwrap()
}

fn date(text: &str) -> NaiveDate {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
}

fn bucket(
    at: DateTime<Utc>,
    token_id: Option<i64>,
    status: OrderStatus,
    count: u64,
    amount: u128,
) -> RollupBucket {
    RollupBucket {
        key: RollupKey {
            merchant_id: 1,
            kind: OrderKind::Deposit,
            hour: at,
            chain_id: CHAIN,
            token_id,
            status,
            credited: true,
        },
        decimals: if token_id.is_some() { 6 } else { 18 },
        count,
        amount: BaseUnits::from_u128(amount),
        fee: BaseUnits::from_u128(amount / 100),
    }
}

fn range(start: &str, end: &str, tz: i32) -> DayRange {
    DayRange::parse(Some(start), Some(end), tz).unwrap()
}

#[test]
fn orders_just_before_and_after_utc_midnight_land_on_the_merchants_dates() {
    let buckets = [
        bucket(hour(2026, 11, 23, 10), USDT, OrderStatus::Complete, 1, 1_000_000),
        bucket(hour(2026, 11, 23, 11), USDT, OrderStatus::Complete, 2, 2_500_000),
        bucket(hour(2026, 11, 24, 0), USDT, OrderStatus::Complete, 4, 4_000_000),
    ];
    // UTC+13: 10:00 UTC on the 23rd is 23:00 the 23rd; 11:00 is midnight the 24th.
    let east = daily_series(&range("2026-11-23", "2026-11-24", 13), &buckets, &[], &nodes());
    let counts: Vec<(NaiveDate, u64)> = east.iter().map(|d| (d.date, d.deposits.count)).collect();
    assert_eq!(counts, vec![(date("2026-11-23"), 1), (date("2026-11-24"), 6)]);
    // UTC-11: 10:00 UTC on the 23rd is 23:00 the 22nd (outside); 11:00 is midnight the 23rd
    // and 00:00 UTC the 24th is 13:00 the 23rd.
    let west = daily_series(&range("2026-11-23", "2026-11-24", -11), &buckets, &[], &nodes());
    let counts: Vec<(NaiveDate, u64)> = west.iter().map(|d| (d.date, d.deposits.count)).collect();
    assert_eq!(counts, vec![(date("2026-11-23"), 6), (date("2026-11-24"), 0)]);
    let west_22 = daily_series(&range("2026-11-22", "2026-11-22", -11), &buckets, &[], &nodes());
    assert_eq!(west_22[0].deposits.count, 1);
}

#[test]
fn every_date_is_present_with_zeros_and_only_complete_credited_orders_count() {
    let mut dust = bucket(hour(2026, 11, 20, 5), USDT, OrderStatus::Complete, 9, 9);
    dust.key.credited = false;
    let buckets = [
        bucket(hour(2026, 11, 20, 5), USDT, OrderStatus::Complete, 1, 1_000_001),
        bucket(hour(2026, 11, 20, 6), USDT, OrderStatus::PartiallyComplete, 1, 2),
        bucket(hour(2026, 11, 20, 7), USDT, OrderStatus::Confirming, 5, 5_000_000),
        bucket(hour(2026, 11, 20, 8), USDT, OrderStatus::Void, 5, 5_000_000),
        dust,
    ];
    let series = daily_series(&range("2026-11-18", "2026-11-22", 0), &buckets, &[], &nodes());
    assert_eq!(series.len(), 5);
    assert!(series
        .iter()
        .all(|d| d.withdrawals.count == 0 && d.withdrawals.totals.is_empty()));
    let day = &series[2];
    assert_eq!(day.date, date("2026-11-20"));
    assert_eq!(day.deposits.count, 2);
    assert_eq!(day.deposits.totals.len(), 1);
    assert_eq!(day.deposits.totals[0].amount, BaseUnits::from_u128(1_000_003));
    assert_eq!(day.deposits.totals[0].names.symbol, "USDT");
    for empty in [&series[0], &series[1], &series[3], &series[4]] {
        assert_eq!((empty.deposits.count, empty.deposits.totals.len()), (0, 0));
    }
}

#[test]
fn sums_stay_exact_beyond_what_a_float_holds() {
    // 2^60 + 1 and 2^60 + 3 base units: a double would round both.
    let big = 1u128 << 60;
    let buckets = [
        bucket(hour(2026, 11, 20, 1), None, OrderStatus::Complete, 1, big + 1),
        bucket(hour(2026, 11, 20, 2), None, OrderStatus::Complete, 1, big + 3),
    ];
    let series = daily_series(&range("2026-11-20", "2026-11-20", 0), &buckets, &[], &nodes());
    assert_eq!(
        series[0].deposits.totals[0].amount,
        BaseUnits::from_u128(2 * big + 4)
    );
    assert_eq!(series[0].deposits.totals[0].names.symbol, "DEV");
}

#[test]
fn a_report_lists_newest_dates_first_then_assets_with_totals_per_asset() {
    let buckets = [
        bucket(hour(2026, 11, 18, 3), USDT, OrderStatus::Complete, 2, 30_500_000),
        bucket(hour(2026, 11, 18, 4), None, OrderStatus::Complete, 1, 10),
        bucket(hour(2026, 11, 19, 3), USDT, OrderStatus::Complete, 1, 500_000),
        bucket(hour(2026, 11, 19, 4), USDT, OrderStatus::Rejected, 7, 1),
        // Outside the range (the 25th at UTC).
        bucket(hour(2026, 11, 25, 0), USDT, OrderStatus::Complete, 1, 1),
    ];
    let payment = report(
        ReportKind::Payment,
        range("2026-11-18", "2026-11-24", 0),
        &buckets,
        &[],
        &nodes(),
    );
    let rows: Vec<(NaiveDate, Option<i64>, u64)> = payment
        .rows
        .iter()
        .map(|r| (r.date, r.figures.asset.token_id, r.figures.count))
        .collect();
    assert_eq!(
        rows,
        vec![
            (date("2026-11-19"), USDT, 1),
            (date("2026-11-18"), None, 1),
            (date("2026-11-18"), USDT, 2),
        ]
    );
    let usdt = &payment.totals[1];
    assert_eq!((usdt.asset.token_id, usdt.count), (USDT, 3));
    assert_eq!(usdt.amount, BaseUnits::from_u128(31_000_000));
    assert_eq!(usdt.fee, BaseUnits::from_u128(305_000 + 5_000));
    // Money in: the merchant paid no fee.
    let receipt = report(
        ReportKind::Receipt,
        range("2026-11-18", "2026-11-24", 0),
        &buckets,
        &[],
        &nodes(),
    );
    assert!(receipt.rows.iter().all(|r| r.figures.fee.is_zero()));
    assert!(receipt.totals.iter().all(|t| t.fee.is_zero()));
}

fn collected(at: DateTime<Utc>, token_id: Option<i64>, count: u64, fee: u128) -> CollectionFeeHour {
    CollectionFeeHour {
        hour: at,
        chain_id: CHAIN,
        token_id,
        decimals: if token_id.is_some() { 6 } else { 18 },
        count,
        fee: BaseUnits::from_u128(fee),
    }
}

#[test]
fn the_payment_report_adds_the_collections_fees_on_the_merchants_days() {
    // UTC-11: 10:00 UTC on the 19th is still the 18th there, 11:00 UTC is the 19th.
    let buckets = [bucket(
        hour(2026, 11, 19, 10),
        USDT,
        OrderStatus::Complete,
        2,
        3_000_000,
    )];
    let big = 1u128 << 70;
    let collections = [
        collected(hour(2026, 11, 19, 10), USDT, 3, big + 1),
        collected(hour(2026, 11, 19, 11), USDT, 1, 7),
        // Native coin collections only, on the 19th there.
        collected(hour(2026, 11, 20, 2), None, 2, 5),
        // Outside the range (the 25th there).
        collected(hour(2026, 11, 25, 12), USDT, 9, 9),
    ];
    let payment = report(
        ReportKind::Payment,
        range("2026-11-18", "2026-11-24", -11),
        &buckets,
        &collections,
        &nodes(),
    );
    let rows: Vec<(NaiveDate, Option<i64>, u64, u64, BaseUnits)> = payment
        .rows
        .iter()
        .map(|r| {
            let f = &r.figures;
            (r.date, f.asset.token_id, f.count, f.collections, f.collection_fee)
        })
        .collect();
    assert_eq!(
        rows,
        vec![
            (date("2026-11-19"), None, 0, 2, BaseUnits::from_u128(5)),
            (date("2026-11-19"), USDT, 0, 1, BaseUnits::from_u128(7)),
            (date("2026-11-18"), USDT, 2, 3, BaseUnits::from_u128(big + 1)),
        ]
    );
    let native = &payment.rows[0].figures;
    assert_eq!((native.decimals, native.names.symbol.as_str()), (18, "DEV"));
    let usdt = &payment.totals[1];
    assert_eq!((usdt.asset.token_id, usdt.count, usdt.collections), (USDT, 2, 4));
    assert_eq!(usdt.collection_fee, BaseUnits::from_u128(big + 8));
    assert_eq!(usdt.amount, BaseUnits::from_u128(3_000_000));
    assert_eq!(payment.totals[0].collection_fee, BaseUnits::from_u128(5));
}

fn reading(token_id: Option<i64>, holder: Holder, amount: u128, at: DateTime<Utc>) -> BalanceReading {
    BalanceReading {
        merchant_id: 1,
        chain_id: CHAIN,
        address: format!("0x{amount}"),
        token_id,
        holder,
        decimals: if token_id.is_some() { 6 } else { 18 },
        amount: BaseUnits::from_u128(amount),
        read_at: at,
    }
}

#[test]
fn holdings_sum_the_latest_readings_with_their_oldest_time_and_the_credited_deposits() {
    let usdt = Asset {
        chain_id: CHAIN,
        token_id: USDT,
    };
    let readings = [
        reading(USDT, Holder::HotWallet, 100, hour(2026, 11, 24, 3)),
        reading(USDT, Holder::HotWallet, 20, hour(2026, 11, 24, 1)),
        reading(None, Holder::Cold, 7, hour(2026, 11, 24, 2)),
    ];
    let deposits = [
        bucket(hour(2025, 1, 1, 0), USDT, OrderStatus::Complete, 1, 30),
        bucket(hour(2026, 1, 1, 0), USDT, OrderStatus::Confirming, 1, 99),
    ];
    let found = holdings(&[usdt], &readings, &deposits, &[], &nodes());
    assert_eq!(found.len(), 2, "the enabled token and the native coin held");
    let (native, token) = (&found[0], &found[1]);
    assert_eq!(native.asset.token_id, None);
    assert_eq!(native.hot_wallets, BaseUnits::ZERO);
    assert_eq!(native.hot_wallets_read_at, None);
    assert_eq!(native.cold, Some(BaseUnits::from_u128(7)));
    assert_eq!(native.decimals, 18);
    assert_eq!(token.hot_wallets, BaseUnits::from_u128(120));
    assert_eq!(token.hot_wallets_read_at, Some(hour(2026, 11, 24, 1)));
    assert_eq!(token.deposit_addresses, BaseUnits::from_u128(30));
    assert_eq!((token.cold, token.cold_read_at), (None, None));
    assert_eq!((token.decimals, token.names.symbol.as_str()), (6, "USDT"));
    // Nothing enabled, nothing read, nothing received: nothing held.
    assert!(holdings(&[], &[], &[], &[], &nodes()).is_empty());
}

#[test]
fn what_collections_took_is_no_longer_in_the_deposit_addresses() {
    let usdt = Asset {
        chain_id: CHAIN,
        token_id: USDT,
    };
    let deposits = [
        bucket(hour(2025, 1, 1, 0), USDT, OrderStatus::Complete, 2, 30),
        bucket(hour(2025, 1, 1, 0), None, OrderStatus::Complete, 1, 5),
    ];
    let taken = |token_id, collected| AssetCollected {
        chain_id: CHAIN,
        token_id,
        collected: BaseUnits::from_u128(collected),
    };
    let found = holdings(&[usdt], &[], &deposits, &[taken(USDT, 12)], &nodes());
    let (native, token) = (&found[0], &found[1]);
    assert_eq!(token.deposit_addresses, BaseUnits::from_u128(18));
    assert_eq!(
        native.deposit_addresses,
        BaseUnits::from_u128(5),
        "another asset's collection"
    );
    // Never below zero.
    let found = holdings(&[usdt], &[], &deposits, &[taken(None, 9)], &nodes());
    assert_eq!(found[0].deposit_addresses, BaseUnits::ZERO);
}

#[test]
fn the_lag_is_known_only_with_both_heights() {
    let lag = |scanned, tip| ChainLag {
        chain_id: CHAIN,
        chain_name: "Devchain".into(),
        scanned_height: scanned,
        tip_height: tip,
        scanned_at: None,
    };
    assert_eq!(lag(Some(1234), Some(1240)).lag_blocks(), Some(6));
    assert_eq!(lag(Some(1240), Some(1238)).lag_blocks(), Some(0));
    assert_eq!(lag(None, Some(1240)).lag_blocks(), None);
    assert_eq!(lag(Some(1), None).lag_blocks(), None);
}
