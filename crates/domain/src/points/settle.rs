//! The fee settlement round (every node, a few seconds apart): each open fee hold whose work
//! has ended is posted or voided, once. It reads the work's state, whatever ended it and however
//! (the executor, a reviewer, a crash between the broadcast and anything after it), so no path
//! that ends work needs to remember the fee, and a hold left by a killed process is settled when
//! its work resolves.
//!
//! - a withdrawal complete: posted in full (its payment happened);
//! - a withdrawal failed, rejected or void: voided (nothing was paid);
//! - a collection collected: posted at its rate for what it collected, at most the hold;
//! - a collection failed: posted for what did move, voided if nothing did;
//! - a smart collection's energy: posted in full once the collection closed with a delegation
//!   the chain showed (the energy was delivered), voided when it closed without one or went
//!   back to burning;
//! - an exchange paid out: posted in full; refunded or failed: voided;
//! - work still going: left open.

use std::sync::Mutex;

use super::charges::{asset_named, token_amount, WorkFees};
use super::{Cause, LedgerOp, Outcome, Resolution, Transfer};
use crate::amount::BaseUnits;
use crate::collection::state::{is_open, CollectionStatus};
use crate::error::AppResult;
use crate::ports::OrderStatus;
use crate::rates::Service;

/// Holds looked at per round.
const ROUND: u64 = 200;

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SettleReport {
    pub posted: u64,
    pub voided: u64,
}

pub struct FeeSettler {
    pub fees: WorkFees,
    /// Where the next round goes on from, so that every open hold is looked at in turn
    /// however many long-running ones there are.
    cursor: Mutex<i64>,
}

impl FeeSettler {
    pub fn new(fees: WorkFees) -> FeeSettler {
        FeeSettler {
            fees,
            cursor: Mutex::new(0),
        }
    }

    pub async fn round(&self) -> AppResult<SettleReport> {
        let ports = &self.fees.points.ports;
        let after = *self.cursor.lock().expect("cursor");
        let holds = ports
            .points
            .open_holds(
                &[
                    Cause::CollectionFee,
                    Cause::PaymentFee,
                    Cause::CollectionEnergy,
                    Cause::ExchangeFee,
                ],
                after,
                ROUND,
            )
            .await?;
        let next = if (holds.len() as u64) < ROUND {
            0
        } else {
            holds.last().map_or(0, |h| h.id)
        };
        *self.cursor.lock().expect("cursor") = next;
        let mut ops = Vec::new();
        for hold in &holds {
            if let Some(resolution) = self.ended(hold).await? {
                ops.push(LedgerOp::Resolve {
                    hold_key: hold.key.clone(),
                    resolution,
                    at: ports.clock.now(),
                });
            }
        }
        let mut report = SettleReport::default();
        for outcome in ports.points.apply(&ops).await? {
            if let Outcome::Done(t) = outcome {
                match t.kind {
                    super::TransferKind::Post => report.posted += 1,
                    _ => report.voided += 1,
                }
            }
        }
        Ok(report)
    }

    /// How the hold's work ended; None while it goes on (or its record is gone).
    async fn ended(&self, hold: &Transfer) -> AppResult<Option<Resolution>> {
        let Some(work_id) = super::keys::work_id(&hold.origin.reference) else {
            return Ok(None);
        };
        let ports = &self.fees.points.ports;
        match hold.cause {
            Cause::PaymentFee => {
                let Some(w) = ports.withdrawals.withdrawal(hold.merchant_id, work_id).await? else {
                    return Ok(None);
                };
                Ok(match w.status {
                    OrderStatus::Complete | OrderStatus::PartiallyComplete => {
                        Some(Resolution::Post(hold.amount))
                    }
                    OrderStatus::Failed | OrderStatus::Rejected | OrderStatus::Void => Some(Resolution::Void),
                    _ => None,
                })
            }
            Cause::CollectionFee => {
                let Some((c, _)) = ports
                    .collection_queries
                    .collection_detail(hold.merchant_id, work_id)
                    .await?
                else {
                    return Ok(None);
                };
                let moved = c.attributed.unwrap_or(BaseUnits::ZERO);
                Ok(match c.status {
                    CollectionStatus::Collected | CollectionStatus::Failed if moved.is_zero() => {
                        Some(Resolution::Void)
                    }
                    CollectionStatus::Collected | CollectionStatus::Failed => {
                        let token = (c.token_id != 0).then_some(c.token_id);
                        Some(Resolution::Post(
                            self.for_moved(hold, c.merchant_id, c.chain_id, token, moved)
                                .await?,
                        ))
                    }
                    _ => None,
                })
            }
            Cause::CollectionEnergy => self.energy_ended(hold, work_id).await,
            Cause::ExchangeFee => {
                let Some(order) = ports
                    .exchange_orders
                    .exchange_order(hold.merchant_id, work_id)
                    .await?
                else {
                    return Ok(None);
                };
                Ok(match order.order.status {
                    OrderStatus::Complete => Some(Resolution::Post(hold.amount)),
                    OrderStatus::Refunded | OrderStatus::Failed | OrderStatus::Expired => {
                        Some(Resolution::Void)
                    }
                    _ => None,
                })
            }
            _ => Ok(None),
        }
    }

    async fn energy_ended(&self, hold: &Transfer, collection_id: i64) -> AppResult<Option<Resolution>> {
        let ports = &self.fees.points.ports;
        let Some((c, _)) = ports
            .collection_queries
            .collection_detail(hold.merchant_id, collection_id)
            .await?
        else {
            return Ok(None);
        };
        if c.energy == Some(0) {
            return Ok(Some(Resolution::Void)); // it burns instead
        }
        if is_open(c.status) {
            return Ok(None);
        }
        let delivered = ports
            .delegations
            .collection_delegations(collection_id)
            .await?
            .iter()
            .any(|d| d.verified_at.is_some());
        Ok(Some(if delivered {
            Resolution::Post(hold.amount)
        } else {
            Resolution::Void
        }))
    }

    /// The collection fee for what moved, at the row the hold was priced at, at most the hold.
    async fn for_moved(
        &self,
        hold: &Transfer,
        merchant_id: i64,
        chain_id: i64,
        token_id: Option<i64>,
        moved: BaseUnits,
    ) -> AppResult<i64> {
        let ports = &self.fees.points.ports;
        let nodes = ports.config.chain_nodes().await?;
        let rate = self
            .fees
            .rates
            .in_force(merchant_id, Service::CollectionFee, hold.created_at)
            .await?;
        let priced = match (rate, asset_named(&nodes, chain_id, token_id)) {
            (Some(rate), Some((symbol, decimals))) if Some(rate.id) == hold.origin.rate_id => {
                crate::rates::price(
                    &rate,
                    &token_amount(moved, &symbol, decimals),
                    &self.fees.rates.pegged,
                )
                .ok()
                .map(|charge| charge.points)
            }
            _ => None,
        };
        Ok(priced.unwrap_or(hold.amount).min(hold.amount))
    }
}
