//! Low balance: below the operator's threshold (`[points]` `low_usdt`, `low_trx`; 0 turns the
//! notice off) Home warns, and the merchant's admins get one e-mail per crossing. The round
//! marks an account `low_notified` and queues the mails in one transaction, conditional on the
//! mark not being set, so of any number of rounds on any number of nodes one queues them; the
//! mail sender (`mail_sender.rs`) delivers them. Points back at or above the threshold clear
//! the mark, and the next crossing mails again (docs/operations.md, "Low balance").

use super::{points_text, Balance, PointAsset};
use crate::codes::StoredCode;
use crate::error::AppResult;
use crate::mail::low_balance_mail;
use crate::ports::{MerchantId, PointsLedger, Ports};

/// Accounts read (and notified) per step of a round.
const BATCH: u64 = 200;

/// Below how many points (base units) each asset is low; 0: never.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LowBalanceThresholds {
    pub usdt: i64,
    pub trx: i64,
}

impl LowBalanceThresholds {
    pub fn of(&self, asset: PointAsset) -> i64 {
        match asset {
            PointAsset::Usdt => self.usdt,
            PointAsset::Trx => self.trx,
        }
    }

    /// Whether the available points are below the asset's threshold (never when it is 0).
    pub fn is_low(&self, asset: PointAsset, balance: &Balance) -> bool {
        let threshold = self.of(asset);
        threshold > 0 && balance.available() < threshold
    }
}

/// The points' symbol in the notice.
pub fn asset_symbol(asset: PointAsset) -> &'static str {
    match asset {
        PointAsset::Usdt => "USDT",
        PointAsset::Trx => "TRX",
    }
}

/// One asset as Home shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PointsStanding {
    pub asset: PointAsset,
    pub balance: Balance,
    pub threshold: i64,
    pub low: bool,
}

/// The merchant's USDT and TRX points, each with its threshold and whether it is low.
pub async fn standing(
    points: &dyn PointsLedger,
    thresholds: LowBalanceThresholds,
    merchant_id: MerchantId,
) -> AppResult<Vec<PointsStanding>> {
    Ok(super::statement::balances(points, merchant_id)
        .await?
        .into_iter()
        .map(|(asset, balance)| PointsStanding {
            asset,
            balance,
            threshold: thresholds.of(asset),
            low: thresholds.is_low(asset, &balance),
        })
        .collect())
}

/// What a round did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LowBalanceReport {
    /// Accounts whose admins' mails this round queued.
    pub notified: usize,
    /// Accounts back at or above their threshold, notified again at the next crossing.
    pub cleared: u64,
}

pub struct LowBalanceRound {
    pub ports: Ports,
    pub thresholds: LowBalanceThresholds,
}

impl LowBalanceRound {
    pub async fn run(&self) -> AppResult<LowBalanceReport> {
        let mut report = LowBalanceReport::default();
        for asset in [PointAsset::Usdt, PointAsset::Trx] {
            let threshold = self.thresholds.of(asset);
            // First the recovered (with a threshold of 0 none is low: every mark goes), then the
            // crossings, so an account that came back and fell again in between mails again.
            let back_at = if threshold > 0 { threshold } else { i64::MIN };
            report.cleared += self.ports.low_balance.clear_recovered(asset, back_at).await?;
            if threshold > 0 {
                report.notified += self.notify(asset, threshold).await?;
            }
        }
        Ok(report)
    }

    async fn notify(&self, asset: PointAsset, threshold: i64) -> AppResult<usize> {
        let mut notified = 0;
        let mut after = 0;
        loop {
            let low = self
                .ports
                .low_balance
                .newly_low(asset, threshold, after, BATCH)
                .await?;
            for account in &low {
                after = account.account_id;
                let admins = self.ports.low_balance.admin_emails(account.merchant_id).await?;
                let (available, below) = (points_text(account.available), points_text(threshold));
                let mails: Vec<_> = admins
                    .iter()
                    .map(|to| low_balance_mail(to, asset_symbol(asset), &available, &below))
                    .collect();
                let at = self.ports.clock.now();
                if self
                    .ports
                    .low_balance
                    .notify_low(account.account_id, threshold, &mails, at)
                    .await?
                {
                    tracing::info!(
                        merchant_id = account.merchant_id,
                        asset = asset.code(),
                        admins = mails.len(),
                        "low balance: the merchant's admins are told"
                    );
                    notified += 1;
                }
            }
            if (low.len() as u64) < BATCH {
                return Ok(notified);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn low_is_below_the_threshold_and_never_with_a_threshold_of_zero() {
        let thresholds = LowBalanceThresholds { usdt: 10, trx: 0 };
        let with = |credits_posted, debits_pending| Balance {
            credits_posted,
            debits_pending,
            ..Balance::default()
        };
        assert!(thresholds.is_low(PointAsset::Usdt, &with(9, 0)));
        assert!(!thresholds.is_low(PointAsset::Usdt, &with(10, 0)));
        assert!(
            thresholds.is_low(PointAsset::Usdt, &with(12, 3)),
            "held points are not available"
        );
        assert!(!thresholds.is_low(PointAsset::Trx, &with(0, 0)));
        assert!(
            !thresholds.is_low(PointAsset::Trx, &with(0, 1)),
            "0 turns the notice off, even below zero"
        );
    }
}
