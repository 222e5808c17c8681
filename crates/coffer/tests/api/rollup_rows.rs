//! Rows of the tables the home overview and the reports read (hourly order buckets with their
//! all-time totals, balance readings, collections), written straight into the test database:
//! their writers are other parts of the service, and these tests are about how the figures are
//! read.

use chrono::{DateTime, TimeZone, Utc};
use coffer_domain::amount::BaseUnits;
use coffer_domain::collection::state::CollectionStatus;
use coffer_domain::ports::{CollectTrigger, OrderStatus};
use coffer_store::entities::{balance_reading, collection, order_rollup, order_total, Stored};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, NotSet, QueryFilter, Set};

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

    /// Writes the bucket, and adds it to its all-time total as the order writers do.
    pub async fn put(self, app: &TestApp, merchant: i64) {
        let db = app.store.connection();
        let decimals = if self.token_id == NATIVE { 18 } else { 6 };
        order_rollup::ActiveModel {
            id: NotSet,
            merchant_id: Set(merchant),
            order_kind: Set(self.kind.to_string()),
            hour_start: Set(self.hour),
            chain_id: Set(DEV),
            token_id: Set(self.token_id),
            status: Set(Stored(self.status)),
            credited: Set(self.credited),
            decimals: Set(decimals),
            order_count: Set(self.count),
            amount: Set(Stored(BaseUnits::from_u128(self.amount))),
            fee: Set(Stored(BaseUnits::from_u128(self.fee))),
        }
        .insert(db)
        .await
        .expect("writing a bucket");
        use order_total::Column as T;
        let total = order_total::Entity::find()
            .filter(T::MerchantId.eq(merchant))
            .filter(T::OrderKind.eq(self.kind))
            .filter(T::ChainId.eq(DEV))
            .filter(T::TokenId.eq(self.token_id))
            .filter(T::Status.eq(Stored(self.status)))
            .filter(T::Credited.eq(self.credited))
            .one(db)
            .await
            .expect("reading a total");
        let add = |sum: &Stored<BaseUnits>, more: u128| {
            Stored(sum.0.checked_add(BaseUnits::from_u128(more)).unwrap())
        };
        match total {
            Some(total) => {
                let mut row: order_total::ActiveModel = total.clone().into();
                row.order_count = Set(total.order_count + self.count);
                row.amount = Set(add(&total.amount, self.amount));
                row.fee = Set(add(&total.fee, self.fee));
                row.update(db).await.expect("adding to a total");
            }
            None => {
                order_total::ActiveModel {
                    id: NotSet,
                    merchant_id: Set(merchant),
                    order_kind: Set(self.kind.to_string()),
                    chain_id: Set(DEV),
                    token_id: Set(self.token_id),
                    status: Set(Stored(self.status)),
                    credited: Set(self.credited),
                    decimals: Set(decimals),
                    order_count: Set(self.count),
                    amount: Set(Stored(BaseUnits::from_u128(self.amount))),
                    fee: Set(Stored(BaseUnits::from_u128(self.fee))),
                }
                .insert(db)
                .await
                .expect("writing a total");
            }
        }
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

/// A collection as the sweep executor leaves it: created at `at`, in `status`, with what its
/// steps paid in the native coin's base units (None while it is open: written when it closes).
pub struct Swept {
    pub at: DateTime<Utc>,
    pub token_id: i64,
    pub status: CollectionStatus,
    pub fee_paid: Option<u128>,
}

impl Swept {
    /// A closed collection of USDT that paid `fee`.
    pub fn closed(at: DateTime<Utc>, fee: u128) -> Swept {
        Swept {
            at,
            token_id: USDT,
            status: CollectionStatus::Collected,
            fee_paid: Some(fee),
        }
    }

    pub async fn put(self, app: &TestApp, merchant: i64) {
        let units = |v: u128| Stored(BaseUnits::from_u128(v));
        collection::ActiveModel {
            id: NotSet,
            merchant_id: Set(merchant),
            asset_id: Set(1),
            run_id: Set(None),
            trigger: Set(Stored(CollectTrigger::Scheduled)),
            chain_id: Set(DEV),
            token_id: Set(self.token_id),
            decimals: Set(if self.token_id == NATIVE { 18 } else { 6 }),
            deposit_address_id: Set(1),
            address: Set(format!("0x{}", self.at.timestamp())),
            status: Set(Stored(self.status)),
            reason: Set(String::new()),
            open_key: Set(None),
            waiting: Set(units(1)),
            amount: Set(None),
            unattributed: Set(None),
            fee_estimated: Set(None),
            fee_paid: Set(self.fee_paid.map(units)),
            next_attempt_at: Set(self.at),
            lease_owner: Set(String::new()),
            lease_until: Set(None),
            created_at: Set(self.at),
            updated_at: Set(self.at),
            finished_at: Set(self.fee_paid.map(|_| self.at)),
            attributed: Set(None),
            energy: Set(None),
            burn_fee: Set(None),
            energy_points: Set(None),
        }
        .insert(app.store.connection())
        .await
        .expect("writing a collection");
    }
}
