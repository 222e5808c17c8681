//! Points: what merchants pay the custody provider, kept as a double-entry ledger in the shape
//! of TigerBeetle's (docs/operations.md, "Points and bills").
//!
//! - Two assets, USDT points (1 point = 1 USDT) and TRX points (1 TRX = 1 point), in exact
//!   integer base units of 6 decimals.
//! - A transfer is one immutable row naming the account it debits and the one it credits, so an
//!   entry can never be one-sided; a correction is a new transfer.
//! - Its key comes from what caused it (`fee:collection:123`, `recharge:tron:<tx>:<log>`) and is
//!   unique: a retry finds the transfer that exists, and the same key with other contents is
//!   refused instead of charging twice.
//! - A fee is two-phase: a hold (a pending transfer with a timeout) is posted at the actual amount
//!   (at most the hold) or voided, exactly once (the resolution names its hold, and a hold is
//!   named by at most one resolution); the expiry round voids what nothing resolved in time.
//! - A merchant's account is never overdrawn past its credit limit (0 unless the operator sets
//!   one); the platform's accounts (revenue, the outside world) have no limit, so every asset
//!   sums to zero over all accounts.

pub mod charges;
pub mod keys;
pub mod ledger;
pub mod low_balance;
pub mod recharge;
pub mod recharge_address;
pub mod settle;
pub mod statement;
pub mod verify;

use chrono::{DateTime, Utc};

use crate::ports::MerchantId;

/// Base units per point: 6 decimals for both assets.
pub const POINT_UNITS: i64 = 1_000_000;

crate::stored_codes! {
    /// The two kinds of points.
    pub enum PointAsset {
        /// 1 point = 1 USDT.
        Usdt = 1,
        /// 1 TRX = 1 point (energy).
        Trx = 2,
    }

    /// Whose account: a merchant's, or one of the platform's.
    pub enum AccountKind {
        Merchant = 1,
        /// What the provider earned: fees posted.
        Revenue = 2,
        /// The world outside the ledger: recharges and bill payments come from it.
        Outside = 3,
        /// Points the operator grants or takes back by hand (`coffer admin points`).
        Grants = 4,
        /// What a merchant owes on its monthly bills: postpaid fees are charged to it, bill
        /// payments credit it; no limit (it is not points the merchant holds).
        Billed = 5,
    }

    /// What a transfer row is.
    pub enum TransferKind {
        /// Posted at once (recharges, reversals, grants).
        Single = 1,
        /// Pending: reserves the amount until it is posted, voided or expires.
        Hold = 2,
        /// Posts a hold, at most its amount; the rest is released.
        Post = 3,
        /// Releases a hold: the work failed or was stopped.
        Void = 4,
        /// Releases a hold nothing resolved before its timeout.
        Expiry = 5,
    }

    /// Why points moved: what the ledger screen shows and links.
    pub enum Cause {
        Recharge = 1,
        /// A recharge whose transaction left the chain (a reorganisation).
        RechargeReversal = 2,
        CollectionFee = 3,
        PaymentFee = 4,
        EnergyFee = 5,
        /// What a bill payment paid above the bill.
        BillOverpayment = 6,
        Grant = 7,
        /// A payment of a bill, up to what the bill asked.
        BillPayment = 8,
        /// The monthly fee, charged when the month's bill is issued.
        MonthlyFee = 9,
        /// The energy a smart collection's sweep ran on (TRX points, held when it is delegated).
        CollectionEnergy = 10,
        /// An exchange paid out (Token > Trade), held when its payout is made.
        ExchangeFee = 11,
    }
}

/// An account: one per (kind, merchant, asset); the platform's have merchant 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AccountRef {
    Merchant(MerchantId),
    Revenue,
    Outside,
    Grants,
    Billed(MerchantId),
}

impl AccountRef {
    pub fn kind(self) -> AccountKind {
        match self {
            AccountRef::Merchant(_) => AccountKind::Merchant,
            AccountRef::Revenue => AccountKind::Revenue,
            AccountRef::Outside => AccountKind::Outside,
            AccountRef::Grants => AccountKind::Grants,
            AccountRef::Billed(_) => AccountKind::Billed,
        }
    }

    /// The merchant column: 0 for the platform's accounts (the billed account is the merchant's).
    pub fn merchant(self) -> MerchantId {
        match self {
            AccountRef::Merchant(id) | AccountRef::Billed(id) => id,
            _ => 0,
        }
    }

    pub fn from_parts(kind: AccountKind, merchant: MerchantId) -> AccountRef {
        match kind {
            AccountKind::Merchant => AccountRef::Merchant(merchant),
            AccountKind::Revenue => AccountRef::Revenue,
            AccountKind::Outside => AccountRef::Outside,
            AccountKind::Grants => AccountRef::Grants,
            AccountKind::Billed => AccountRef::Billed(merchant),
        }
    }

    /// Only a merchant's account refuses to go below its credit limit.
    pub fn limited(self) -> bool {
        matches!(self, AccountRef::Merchant(_))
    }
}

/// An account's totals, in base units.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Balance {
    pub debits_posted: i64,
    pub credits_posted: i64,
    pub debits_pending: i64,
    pub credits_pending: i64,
    pub credit_limit: i64,
}

impl Balance {
    /// What the account holds, posted.
    pub fn posted(&self) -> i64 {
        self.credits_posted - self.debits_posted
    }
    /// Posted less what holds reserve: what the console shows as available.
    pub fn available(&self) -> i64 {
        self.posted() - self.debits_pending
    }
    /// What a new hold or charge may still take: available plus the credit limit.
    pub fn spendable(&self) -> i64 {
        self.available() + self.credit_limit
    }
}

/// What a transfer says, besides its accounts and amount: its cause and where it came from.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Origin {
    /// What caused it, as the ledger screen links it (`collection:12`, `withdrawal:34`).
    pub reference: String,
    /// The service-rate row it was charged at.
    pub rate_id: Option<i64>,
    pub chain: Option<String>,
    pub tx_hash: Option<String>,
    /// What a fee was charged on: the work's amount of its token (the bill's lines show it).
    pub volume: Option<Volume>,
}

/// An amount of a token as a decimal text ("1520.25") and the token's symbol.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Volume {
    pub amount: String,
    pub symbol: String,
}

/// A transfer to make: posted at once, or a hold until `timeout`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewTransfer {
    pub key: String,
    pub asset: PointAsset,
    pub debit: AccountRef,
    pub credit: AccountRef,
    pub amount: i64,
    pub cause: Cause,
    /// Some(until): a hold that expires then.
    pub hold_until: Option<DateTime<Utc>>,
    pub origin: Origin,
    pub at: DateTime<Utc>,
}

/// How a hold ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Resolution {
    /// Posted at this amount (at most the hold's).
    Post(i64),
    Void,
    Expiry,
}

impl Resolution {
    pub fn kind(self) -> TransferKind {
        match self {
            Resolution::Post(_) => TransferKind::Post,
            Resolution::Void => TransferKind::Void,
            Resolution::Expiry => TransferKind::Expiry,
        }
    }
}

/// One thing to do in a batch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LedgerOp {
    Transfer(NewTransfer),
    /// Resolve the hold with key `hold_key`; the resolution's own key is derived from it.
    Resolve {
        hold_key: String,
        resolution: Resolution,
        at: DateTime<Utc>,
    },
}

/// A stored transfer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Transfer {
    pub id: i64,
    pub key: String,
    pub kind: TransferKind,
    pub asset: PointAsset,
    pub debit: AccountRef,
    pub credit: AccountRef,
    pub amount: i64,
    /// The hold a post, void or expiry resolves.
    pub pending_id: Option<i64>,
    pub hold_until: Option<DateTime<Utc>>,
    /// The merchant whose account it moves (0 when none does).
    pub merchant_id: MerchantId,
    pub cause: Cause,
    pub origin: Origin,
    /// The merchant account's available points right after it.
    pub available_after: i64,
    pub created_at: DateTime<Utc>,
}

/// Why a transfer was not made. Nothing was written for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// The debited merchant account cannot cover it (available plus credit limit).
    Insufficient { spendable: i64 },
    /// The key exists with other contents: a second charge under the same cause, refused.
    KeyReused,
    /// No hold has this key.
    NoSuchHold,
    /// The hold was already resolved, by this kind of transfer.
    AlreadyResolved(TransferKind),
    /// A post above its hold, or an amount not above zero, or between one account and itself.
    BadAmount,
    /// An expiry before the hold's timeout.
    NotExpired,
}

/// What became of one op.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// Written now.
    Done(Transfer),
    /// Written before with the same contents: a retry, nothing changed.
    Again(Transfer),
    Refused(Refusal),
}

impl Outcome {
    pub fn transfer(&self) -> Option<&Transfer> {
        match self {
            Outcome::Done(t) | Outcome::Again(t) => Some(t),
            Outcome::Refused(_) => None,
        }
    }
}

/// Points as a decimal string with at most 6 decimals ("1.5", "-0.25"), exactly.
pub fn points_text(units: i64) -> String {
    let sign = if units < 0 { "-" } else { "" };
    let magnitude = crate::amount::BaseUnits::from_u128(u128::from(units.unsigned_abs()));
    format!("{sign}{}", magnitude.to_decimal(6))
}

/// A non-negative number of points typed by a person ("10", "0.5"): exact base units, or None
/// for anything else (more than 6 decimals, a sign, beyond the ledger's range).
pub fn parse_points(text: &str) -> Option<i64> {
    let units = crate::amount::BaseUnits::from_decimal(text.trim(), 6).ok()?;
    i64::try_from(units.0).ok().filter(|units| *units <= MAX_POINTS)
}

/// The most points one amount may be: 10^12 points, far above any fee or recharge, and far
/// below where sums of them could leave a 64-bit integer.
pub const MAX_POINTS: i64 = 1_000_000_000_000 * POINT_UNITS;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_read_and_print_exactly() {
        assert_eq!(parse_points("1.5"), Some(1_500_000));
        assert_eq!(parse_points("0.000001"), Some(1));
        assert_eq!(parse_points("0.0000001"), None);
        assert_eq!(parse_points("-1"), None);
        assert_eq!(parse_points("1e3"), None);
        assert_eq!(parse_points("1000000000001"), None);
        assert_eq!(points_text(1_500_000), "1.5");
        assert_eq!(points_text(-250_000), "-0.25");
        assert_eq!(points_text(0), "0");
    }
}
