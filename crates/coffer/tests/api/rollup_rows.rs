//! Rows of the tables the home overview and the reports read (hourly order buckets, balance
//! readings), written straight into the test database: their writers are other parts of the
//! service, and these tests are about how the figures are read.

use chrono::{DateTime, TimeZone, Utc};
use coffer_domain::amount::BaseUnits;
use coffer_domain::ports::OrderStatus;
use coffer_store::entities::{balance_reading, order_rollup, Stored};
use sea_orm::{ActiveModelTrait, NotSet, Set};

use crate::assets::DEV;
use crate::helpers::TestApp;

pub const USDT: i64 = 1;
/// The chain's native coin in the tables' key columns.
pub const NATIVE: i64 = 0;

pub fn utc(d: u32, h: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, d, h, 0, 0).unwrap()
}

/// One hourly bucket as the order writers keep it.
pub struct Bucket {
    pub kind: &'static str,
    pub hour: DateTime<Utc>,
    pub token_id: i64,
    pub status: OrderStatus,
    pub credited: bool,
    pub count: i64,
    pub amount: u128,
    pub fee: u128,
}

impl Bucket {
    /// `count` complete, credited orders of `kind` in USDT summing `amount` base units.
    pub fn complete(kind: &'static str, hour: DateTime<Utc>, count: i64, amount: u128) -> Bucket {
        Bucket {
            kind,
            hour,
            token_id: USDT,
            status: OrderStatus::Complete,
            credited: true,
            count,
            amount,
            fee: 0,
        }
    }

    pub async fn put(self, app: &TestApp, merchant: i64) {
        order_rollup::ActiveModel {
            id: NotSet,
            merchant_id: Set(merchant),
            order_kind: Set(self.kind.to_string()),
            hour_start: Set(self.hour),
            chain_id: Set(DEV),
            token_id: Set(self.token_id),
            status: Set(Stored(self.status)),
            credited: Set(self.credited),
            decimals: Set(if self.token_id == NATIVE { 18 } else { 6 }),
            order_count: Set(self.count),
            amount: Set(Stored(BaseUnits::from_u128(self.amount))),
            fee: Set(Stored(BaseUnits::from_u128(self.fee))),
        }
        .insert(app.store.connection())
        .await
        .expect("writing a bucket");
    }
}

/// A balance as the balance worker keeps it.
pub async fn put_reading(
    app: &TestApp,
    merchant: i64,
    holder: &str,
    token_id: i64,
    amount: u128,
    at: DateTime<Utc>,
) {
    balance_reading::ActiveModel {
        id: NotSet,
        merchant_id: Set(merchant),
        chain_id: Set(DEV),
        address: Set(format!("0x{holder}{token_id}{amount}")),
        token_id: Set(token_id),
        holder: Set(holder.to_string()),
        decimals: Set(if token_id == NATIVE { 18 } else { 6 }),
        amount: Set(Stored(BaseUnits::from_u128(amount))),
        read_at: Set(at),
        next_read_at: Set(at),
        lease_owner: Set(String::new()),
        lease_until: Set(None),
    }
    .insert(app.store.connection())
    .await
    .expect("writing a reading");
}
