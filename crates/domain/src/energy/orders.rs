//! Energy orders as records: the quote a merchant was shown, the order placed on it, and the
//! delegation ledger's rows (see the store's migration for the tables).

use chrono::{DateTime, Utc};

use crate::ports::MerchantId;

crate::stored_codes! {
    /// The spec's energy order statuses.
    pub enum EnergyOrderStatus {
        /// Paid (the points held), no energy delivered yet.
        WaitingProcessing = 1,
        /// The receiver is being supplied.
        Processing = 2,
        /// Ended: its days passed or every use was made; unused uses refunded.
        Successful = 3,
        /// The pool could not deliver; everything not used refunded.
        Failed = 4,
        /// The receiver can no longer be supplied (blacklisted, or gone from the chain's rules);
        /// everything not used refunded.
        Invalid = 5,
    }

    /// Where a delegation is.
    pub enum DelegationState {
        /// Its delegate transaction is stored (maybe sent), not yet seen on chain.
        Delegating = 1,
        /// Seen on chain: the receiver has the energy.
        Delegated = 2,
        /// No longer owed (used, or the order ended): to be taken back once its lock ends.
        ReclaimDue = 3,
        /// Its undelegate transaction is stored (maybe sent).
        Reclaiming = 4,
        /// Taken back.
        Reclaimed = 5,
        /// Never reached the chain: nothing delegated, nothing charged.
        Failed = 6,
    }
}

impl EnergyOrderStatus {
    pub fn ended(self) -> bool {
        matches!(
            self,
            EnergyOrderStatus::Successful | EnergyOrderStatus::Failed | EnergyOrderStatus::Invalid
        )
    }
}

/// What a merchant asks a price for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QuoteRequest {
    pub chain_id: i64,
    pub receiver: String,
    /// Uses in all.
    pub times: i64,
    pub days: i64,
    /// Uses a merchant day at most.
    pub max_daily: i64,
    /// Buy the receiver's activation if it needs one.
    pub activate: bool,
}

/// A price shown to the merchant, valid 30 seconds, for one order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Quote {
    pub id: i64,
    /// What the merchant cites (random, unguessable).
    pub token: String,
    pub merchant_id: MerchantId,
    pub request: QuoteRequest,
    /// Energy delivered for each use: what one USDT transfer to an address holding none needs,
    /// simulated now (the most one transfer takes).
    pub energy_per_use: i64,
    /// The least one USDT transfer takes (to a holder): a rise of the receiver's used energy
    /// by this much is a use.
    pub min_use_energy: i64,
    /// TRX points a use, from the rate card's Energy row.
    pub price_per_use: i64,
    /// TRX points of the activation (0 when not needed or not bought).
    pub activation_points: i64,
    pub total_points: i64,
    /// Sun an energy burnt, when quoted.
    pub energy_price: i64,
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
}

/// An order as the merchant sees it and the supply round works it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EnergyOrder {
    pub id: i64,
    pub merchant_id: MerchantId,
    pub chain_id: i64,
    pub receiver: String,
    pub times: i64,
    pub days: i64,
    pub max_daily: i64,
    pub energy_per_use: i64,
    pub min_use_energy: i64,
    pub price_per_use: i64,
    pub activate: bool,
    pub activation_points: i64,
    pub total_points: i64,
    /// Uses counted on chain.
    pub used: i64,
    /// The merchant day (YYYY-MM-DD in its zone) of the last use counted, and that day's uses.
    pub day: String,
    pub day_uses: i64,
    pub status: EnergyOrderStatus,
    pub reason: String,
    /// What the order cost once it ended (posted from the hold; the rest went back).
    pub charged_points: i64,
    /// Deliveries that failed in a row.
    pub failures: i64,
    pub created_by: Option<i64>,
    pub created_at: DateTime<Utc>,
    pub ends_at: DateTime<Utc>,
    pub ended_at: Option<DateTime<Utc>>,
}

/// A row of the delegation ledger.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Delegation {
    pub id: i64,
    pub merchant_id: MerchantId,
    /// 0 for an orphan the janitor found on chain, or a collection's.
    pub order_id: i64,
    /// The collection whose sweep it supplies (smart collection); 0 for none.
    pub collection_id: i64,
    pub use_no: i64,
    pub attempt: i64,
    pub chain_id: i64,
    pub owner: String,
    pub receiver: String,
    pub amount_sun: u64,
    pub energy: u64,
    pub state: DelegationState,
    pub delegate_tx: Option<i64>,
    pub undelegate_tx: Option<i64>,
    /// The receiver's used energy when the delegation was seen on chain.
    pub baseline_used: u64,
    pub verified_at: Option<DateTime<Utc>>,
    /// When the receiver was seen using it (a use counted).
    pub used_at: Option<DateTime<Utc>>,
    /// Not taken back before this (the end of a lock, or a retry's time).
    pub reclaim_after: DateTime<Utc>,
    pub reason: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// A delegation to record before its transaction is broadcast.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewDelegation {
    pub merchant_id: MerchantId,
    pub order_id: i64,
    /// 0 unless it supplies a collection's sweep.
    pub collection_id: i64,
    pub use_no: i64,
    pub attempt: i64,
    pub chain_id: i64,
    pub owner: String,
    pub receiver: String,
    pub amount_sun: u64,
    pub energy: u64,
    pub at: DateTime<Utc>,
}
