//! Shared by the withdrawal tests: two merchants on a fresh database, requests, and a
//! callback event builder.
#![allow(dead_code)] // each test binary uses its part

pub mod buckets;

use chrono::{DateTime, TimeZone, Utc};
use coffer_domain::codes::StoredCode;
use coffer_domain::ports::{
    CallbackEvent, EventBuilder, InsertOutcome, NewCallbackEvent, NewWithdrawal, Transition,
    WithdrawalRecord, WithdrawalRepo,
};
use coffer_domain::ports::{HotWalletStatus, MerchantStatus, OrderStatus, WithdrawalSource};
use coffer_store::entities::{callback_event, hot_wallet, merchant, Stored};
use coffer_store::{PoolSettings, Store};
use coffer_testkit::TestDb;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, Set};
use std::sync::atomic::{AtomicU64, Ordering};

pub fn t0() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 22, 8, 0, 0).unwrap()
}

/// A second connection pool to the database: another process's store.
pub async fn connect(db: &TestDb) -> Store {
    let settings = PoolSettings {
        max_connections: 8,
        connect_timeout: std::time::Duration::from_secs(10),
    };
    Store::connect(&db.url, settings).await.expect("connecting")
}

pub async fn open(db: &TestDb) -> (Store, i64, i64) {
    let store = connect(db).await;
    store.migrate().await.unwrap();
    let mut ids = Vec::new();
    for name in ["shop A", "shop B"] {
        let m = merchant::ActiveModel {
            name: Set(name.into()),
            status: Set(Stored(MerchantStatus::Active)),
            time_zone: Set(0),
            multi_address_collect: Set(false),
            created_at: Set(t0()),
            ..Default::default()
        }
        .insert(store.connection())
        .await
        .unwrap();
        ids.push(m.id);
    }
    (store, ids[0], ids[1])
}

pub fn request(merchant_id: i64, order: Option<&str>, amount: &str) -> NewWithdrawal {
    NewWithdrawal {
        merchant_id,
        merchant_order_no: order.map(str::to_string),
        source: WithdrawalSource::MerchantApi,
        open_id: "user-42".into(),
        security_code: String::new(),
        chain_id: 31337,
        token_id: Some(101),
        decimals: 6,
        requested_from: None,
        to_address: "0xAbCdEf0000000000000000000000000000000001".into(),
        amount: amount.parse().unwrap(),
        required_confirmations: 12,
        remark: String::new(),
        created_by: None,
        created_by_email: String::new(),
    }
}

/// `n` withdrawals of `merchant` passed (status 2), numbered `<prefix>-<i>`; their ids.
pub async fn passed(store: &Store, merchant: i64, prefix: &str, n: usize) -> Vec<i64> {
    let mut ids = Vec::new();
    for i in 0..n {
        let w = insert(
            store,
            &request(merchant, Some(&format!("{prefix}-{i}")), "1"),
            t0(),
        )
        .await;
        store
            .transition(w.id, &to(&[0], 2), t0(), &Events)
            .await
            .unwrap()
            .unwrap();
        ids.push(w.id);
    }
    ids
}

/// A normal hot wallet of `merchant` at `address` on chain 31337, its signing turn free.
pub async fn hot_wallet(store: &Store, merchant: i64, address: &str) {
    hot_wallet::ActiveModel {
        merchant_id: Set(merchant),
        chain_id: Set(31337),
        address: Set(address.into()),
        key_index: Set(0),
        status: Set(Stored(HotWalletStatus::Normal)),
        remark: Set(String::new()),
        created_at: Set(t0()),
        lease_owner: Set(String::new()),
        lease_until: Set(None),
        ..Default::default()
    }
    .insert(store.connection())
    .await
    .unwrap();
}

pub async fn insert(store: &Store, new: &NewWithdrawal, now: DateTime<Utc>) -> WithdrawalRecord {
    match store.insert_withdrawal(new, now).await.unwrap() {
        InsertOutcome::Inserted(w) => w,
        InsertOutcome::Existing(w) => panic!("expected a new row, got {w:?}"),
    }
}

/// Events named after the order, the change and a counter (event ids are unique).
pub struct Events;

impl EventBuilder for Events {
    fn build(&self, change: CallbackEvent<'_>) -> Option<NewCallbackEvent> {
        static SEQ: AtomicU64 = AtomicU64::new(0);
        let CallbackEvent::Withdrawal(w, _) = change else {
            return None;
        };
        let event = change.name();
        Some(NewCallbackEvent {
            event_id: format!("{}-{event}-{}", w.order_no, SEQ.fetch_add(1, Ordering::SeqCst)),
            merchant_id: w.merchant_id,
            order: change.order(),
            order_no: w.order_no.clone(),
            event: event.to_string(),
            body: format!("{{\"status\":{}}}", w.status.code()),
            next_attempt_at: w.created_at,
        })
    }
}

/// A change between states named by their codes (docs/api.md numbers them).
pub fn to(from: &[i32], to: i32) -> Transition {
    let state = |code: i32| OrderStatus::from_code(code).expect("a state's code");
    Transition {
        from: from.iter().copied().map(state).collect(),
        to: state(to),
        ..Default::default()
    }
}

pub async fn events_of(store: &Store, id: i64) -> u64 {
    callback_event::Entity::find()
        .filter(callback_event::Column::OrderKind.eq("withdrawal"))
        .filter(callback_event::Column::OrderId.eq(id))
        .count(store.connection())
        .await
        .unwrap()
}
