//! The order writes the bucket tests drive (deposits found by a scan, withdrawals moved) and
//! the buckets as the tests read and recompute them.

use chrono::{DateTime, Duration, DurationRound, Utc};
use coffer_domain::amount::BaseUnits;
use coffer_domain::ports::{
    DepositRecord, NewDeposit, OrderKind, OrderRollup, OrderStatus, RollupAudit, RollupKey, RollupQuery,
    ScanRepo, ScannedBlock, Transition, WithdrawalRecord, WithdrawalRepo, ALL_TIME,
};
use coffer_store::entities::{deposit, withdrawal};
use coffer_store::Store;
use sea_orm::EntityTrait;
use std::collections::BTreeMap;

use super::{t0, Events};

pub const CHAIN: i64 = 31337;
pub const OWNER: &str = "scanner-1";

/// The buckets as this test computes them from every order row (its own truncation to the
/// hour, its own sums), per (merchant, kind).
pub async fn recomputed(store: &Store) -> BTreeMap<RollupKey, (u64, BaseUnits, BaseUnits)> {
    let hour = |at: DateTime<Utc>| at.duration_trunc(Duration::hours(1)).unwrap();
    let mut buckets = BTreeMap::new();
    let mut add = |key: RollupKey, amount: BaseUnits, fee: BaseUnits| {
        let b = buckets
            .entry(key)
            .or_insert((0u64, BaseUnits::ZERO, BaseUnits::ZERO));
        b.0 += 1;
        b.1 = b.1.checked_add(amount).unwrap();
        b.2 = b.2.checked_add(fee).unwrap();
    };
    for d in deposit::Entity::find().all(store.connection()).await.unwrap() {
        let key = RollupKey {
            merchant_id: d.merchant_id,
            kind: OrderKind::Deposit,
            hour: hour(d.created_at),
            chain_id: d.chain_id,
            token_id: d.token_id,
            status: d.status.0,
            credited: d.note.is_empty(),
        };
        add(key, d.amount.0, BaseUnits::ZERO);
    }
    for w in withdrawal::Entity::find().all(store.connection()).await.unwrap() {
        let key = RollupKey {
            merchant_id: w.merchant_id,
            kind: OrderKind::Withdrawal,
            hour: hour(w.created_at),
            chain_id: w.chain_id,
            token_id: w.token_id,
            status: w.status.0,
            credited: true,
        };
        add(key, w.amount.0, w.fee.map_or(BaseUnits::ZERO, |f| f.0));
    }
    buckets
}

/// Every stored bucket of the merchants, read through `OrderRollup::buckets`.
pub async fn stored(store: &Store, merchants: &[i64]) -> BTreeMap<RollupKey, (u64, BaseUnits, BaseUnits)> {
    let mut buckets = BTreeMap::new();
    for &merchant_id in merchants {
        for kind in [OrderKind::Deposit, OrderKind::Withdrawal] {
            let query = RollupQuery {
                merchant_id,
                kind,
                start: t0() - Duration::days(1),
                end: t0() + Duration::days(1),
                chain_id: None,
                token_id: None,
                statuses: None,
            };
            for b in store.buckets(&query).await.unwrap() {
                buckets.insert(b.key, (b.count, b.amount, b.fee));
            }
        }
    }
    buckets
}

/// Every stored all-time total of the merchants, read through `OrderRollup::totals`.
pub async fn stored_totals(
    store: &Store,
    merchants: &[i64],
) -> BTreeMap<RollupKey, (u64, BaseUnits, BaseUnits)> {
    let mut totals = BTreeMap::new();
    for &merchant_id in merchants {
        for kind in [OrderKind::Deposit, OrderKind::Withdrawal] {
            for t in store.totals(merchant_id, kind).await.unwrap() {
                totals.insert(t.key, (t.count, t.amount, t.fee));
            }
        }
    }
    totals
}

/// The recomputed buckets summed over their hours.
fn all_time(
    buckets: &BTreeMap<RollupKey, (u64, BaseUnits, BaseUnits)>,
) -> BTreeMap<RollupKey, (u64, BaseUnits, BaseUnits)> {
    let mut totals = BTreeMap::new();
    for (key, (count, amount, fee)) in buckets {
        let key = RollupKey {
            hour: ALL_TIME,
            ..*key
        };
        let t = totals
            .entry(key)
            .or_insert((0u64, BaseUnits::ZERO, BaseUnits::ZERO));
        t.0 += count;
        t.1 = t.1.checked_add(*amount).unwrap();
        t.2 = t.2.checked_add(*fee).unwrap();
    }
    totals
}

/// After a step: the service's own check finds nothing, and the buckets and the all-time
/// totals are the rows'.
pub async fn agree(store: &Store, merchants: &[i64], step: &str) {
    assert_eq!(
        store.verify_rollup().await.unwrap(),
        vec![],
        "verify after {step}"
    );
    assert_eq!(
        stored(store, merchants).await,
        recomputed(store).await,
        "buckets after {step}"
    );
    assert_eq!(
        stored_totals(store, merchants).await,
        all_time(&recomputed(store).await),
        "all-time totals after {step}"
    );
}

pub fn block(number: u64) -> ScannedBlock {
    ScannedBlock {
        number,
        hash: format!("0xblock{number}"),
        parent_hash: format!("0xblock{}", number - 1),
    }
}

pub fn transfer(merchant_id: i64, hash: &str, amount: u128, note: &str) -> NewDeposit {
    NewDeposit {
        merchant_id,
        chain_id: CHAIN,
        token_id: Some(101),
        deposit_address_id: 1,
        open_id: "user-7".into(),
        to_address: "0xAbCdEf0000000000000000000000000000000007".into(),
        from_address: "0x1111000000000000000000000000000000000001".into(),
        tx_hash: hash.into(),
        tx_index: 0,
        amount: BaseUnits::from_u128(amount),
        decimals: 6,
        required_confirmations: 1,
        note: note.into(),
    }
}

pub async fn scan(store: &Store, number: u64, found: &[NewDeposit], at: DateTime<Utc>) {
    let claimed = store
        .claim_cursor(CHAIN, OWNER, at, at + Duration::minutes(5), number)
        .await
        .unwrap();
    assert!(claimed.is_some());
    assert!(store
        .record_block(CHAIN, OWNER, &block(number), found, at, &Events)
        .await
        .unwrap());
}

pub async fn deposit_of(store: &Store, hash: &str) -> DepositRecord {
    store.deposit_by_transfer(CHAIN, hash, 0).await.unwrap().unwrap()
}

pub async fn move_to(
    store: &Store,
    w: &WithdrawalRecord,
    change: Transition,
    at: DateTime<Utc>,
) -> WithdrawalRecord {
    store
        .transition(w.id, &change, at, &Events)
        .await
        .unwrap()
        .expect("the change applies")
}

pub fn key(
    merchant_id: i64,
    kind: OrderKind,
    hour: DateTime<Utc>,
    status: OrderStatus,
    credited: bool,
) -> RollupKey {
    RollupKey {
        merchant_id,
        kind,
        hour,
        chain_id: CHAIN,
        token_id: Some(101),
        status,
        credited,
    }
}
