//! The points service: a piece of work's fee held when it starts and settled once when it
//! ends, the expiry round, and a merchant's balances.

use chrono::{DateTime, Duration, Utc};

use super::{
    keys, AccountRef, Balance, Cause, LedgerOp, NewTransfer, Origin, Outcome, PointAsset, Resolution, Volume,
};
use crate::error::AppResult;
use crate::ports::{MerchantId, Ports};

/// A fee to charge for a piece of work, as the rate card priced it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fee {
    pub asset: PointAsset,
    pub amount: i64,
    /// The service-rate row it was priced at.
    pub rate_id: Option<i64>,
    /// Postpaid: held on the merchant's billed account (it goes on the month's bill), which
    /// has no limit; prepaid: on its points.
    pub postpaid: bool,
    /// What the work moves, for the bill's lines.
    pub volume: Option<Volume>,
}

impl Fee {
    /// The account the fee is taken from.
    pub fn payer(&self, merchant_id: MerchantId) -> AccountRef {
        if self.postpaid {
            AccountRef::Billed(merchant_id)
        } else {
            AccountRef::Merchant(merchant_id)
        }
    }
}

/// What holding a fee gave.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FeeHold {
    /// Nothing to hold (no fee at this rate).
    Free,
    /// Held now or before (a retry).
    Held,
    /// The merchant's points cannot cover it: the work waits ("points insufficient").
    Short { needed: i64, spendable: i64 },
}

#[derive(Clone)]
pub struct PointsService {
    pub ports: Ports,
    /// How long a hold stands before the expiry round voids it.
    hold_for: Duration,
}

impl PointsService {
    pub fn new(ports: Ports, hold_for: Duration) -> PointsService {
        PointsService { ports, hold_for }
    }

    /// Holds the fee of `cause` #`work_id` on the merchant's account, once: a retry finds the
    /// hold made before and holds nothing more.
    pub async fn hold_fee(
        &self,
        merchant_id: MerchantId,
        cause: Cause,
        work_id: i64,
        fee: Fee,
    ) -> AppResult<FeeHold> {
        let until = self.ports.clock.now() + self.hold_for;
        self.hold_fee_until(merchant_id, cause, work_id, fee, until).await
    }

    /// [`Self::hold_fee`] for work that lasts longer than the usual hold (an energy order's
    /// days): the expiry round voids it only after `until`.
    pub async fn hold_fee_until(
        &self,
        merchant_id: MerchantId,
        cause: Cause,
        work_id: i64,
        fee: Fee,
        until: DateTime<Utc>,
    ) -> AppResult<FeeHold> {
        if fee.amount <= 0 {
            return Ok(FeeHold::Free);
        }
        let now = self.ports.clock.now();
        let hold = NewTransfer {
            key: keys::fee_hold(cause, work_id),
            asset: fee.asset,
            debit: fee.payer(merchant_id),
            credit: AccountRef::Revenue,
            amount: fee.amount,
            cause,
            hold_until: Some(until),
            origin: Origin {
                reference: keys::reference(cause, work_id),
                rate_id: fee.rate_id,
                volume: fee.volume.clone(),
                ..Origin::default()
            },
            at: now,
        };
        Ok(match self.one(LedgerOp::Transfer(hold)).await? {
            Outcome::Done(_) | Outcome::Again(_) => FeeHold::Held,
            Outcome::Refused(super::Refusal::Insufficient { spendable }) => FeeHold::Short {
                needed: fee.amount,
                spendable,
            },
            Outcome::Refused(refusal) => {
                return Err(crate::error::AppError::internal(format!(
                    "fee hold {} refused: {refusal:?}",
                    keys::fee_hold(cause, work_id)
                )))
            }
        })
    }

    /// Ends the fee hold of `cause` #`work_id`: posted at what the work cost (at most the
    /// hold) or voided. Once: a second call finds the hold resolved and changes nothing. Work
    /// with no hold (free) answers None.
    pub async fn settle_fee(
        &self,
        cause: Cause,
        work_id: i64,
        resolution: Resolution,
    ) -> AppResult<Option<Outcome>> {
        let hold_key = keys::fee_hold(cause, work_id);
        let at = self.ports.clock.now();
        let outcome = self
            .one(LedgerOp::Resolve {
                hold_key,
                resolution,
                at,
            })
            .await?;
        Ok(match outcome {
            Outcome::Refused(super::Refusal::NoSuchHold) => None,
            other => Some(other),
        })
    }

    /// Voids the holds whose timeout passed unresolved, up to `limit`; how many it voided.
    pub async fn expire_holds(&self, limit: u64) -> AppResult<usize> {
        let now = self.ports.clock.now();
        let due = self.ports.points.expired_holds(now, limit).await?;
        if due.is_empty() {
            return Ok(0);
        }
        let ops: Vec<LedgerOp> = due
            .into_iter()
            .map(|hold| LedgerOp::Resolve {
                hold_key: hold.key,
                resolution: Resolution::Expiry,
                at: now,
            })
            .collect();
        let outcomes = self.ports.points.apply(&ops).await?;
        Ok(outcomes.iter().filter(|o| matches!(o, Outcome::Done(_))).count())
    }

    /// The merchant's USDT and TRX points.
    pub async fn balances(&self, merchant_id: MerchantId) -> AppResult<Vec<(PointAsset, Balance)>> {
        super::statement::balances(&*self.ports.points, merchant_id).await
    }

    /// Whether the merchant's points can cover `amount` now (the door's check before work that
    /// will need a hold); the hold itself decides under the account's lock.
    pub async fn covers(&self, merchant_id: MerchantId, asset: PointAsset, amount: i64) -> AppResult<bool> {
        if amount <= 0 {
            return Ok(true);
        }
        let balance = self
            .ports
            .points
            .balance(AccountRef::Merchant(merchant_id), asset)
            .await?;
        Ok(balance.spendable() >= amount)
    }

    async fn one(&self, op: LedgerOp) -> AppResult<Outcome> {
        let mut outcomes = self.ports.points.apply(std::slice::from_ref(&op)).await?;
        Ok(outcomes.pop().expect("one outcome per op"))
    }

    pub fn now(&self) -> DateTime<Utc> {
        self.ports.clock.now()
    }
}
