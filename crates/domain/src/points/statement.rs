//! The merchant's side of the points ledger (Points list, menu 11): both balances, and the
//! transfers that moved them as a page or an export, each signed as the merchant sees it.

use futures::stream::{BoxStream, StreamExt, TryStreamExt};

use super::low_balance::{standing, LowBalanceThresholds, PointsStanding};
use super::{AccountRef, Balance, PointAsset, Transfer, TransferKind};
use crate::auth::LiveSession;
use crate::batches::newest_first;
use crate::config::ChainNode;
use crate::error::AppResult;
use crate::orders::check_range;
use crate::ports::{MerchantId, PageRequest, Paged, PointsLedger, Ports, TransferFilter};

/// Rows an export reads at once.
const EXPORT_BATCH: u64 = 500;

/// A transfer as the merchant's ledger shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatementEntry {
    pub transfer: Transfer,
    /// What it did to the merchant's available points ([`merchant_amount`]).
    pub amount: i64,
    /// The explorer's prefix for its transaction hash ("" when its chain has none).
    pub txurl: String,
}

/// A transfer's amount from the merchant's side: what leaves the account (a charge, points
/// taken back, a hold reserving a fee) is negative, what comes in (a recharge, a grant) and
/// what a void or an expiry releases back to available is positive. A post is the fee taken
/// from what its hold reserved, negative.
pub fn merchant_amount(transfer: &Transfer, merchant_id: MerchantId) -> i64 {
    let debited = transfer.debit == AccountRef::Merchant(merchant_id);
    let releases = matches!(transfer.kind, TransferKind::Void | TransferKind::Expiry);
    if debited != releases {
        -transfer.amount
    } else {
        transfer.amount
    }
}

/// The merchant's USDT and TRX points.
pub async fn balances(
    points: &dyn PointsLedger,
    merchant_id: MerchantId,
) -> AppResult<Vec<(PointAsset, Balance)>> {
    let mut all = Vec::new();
    for asset in [PointAsset::Usdt, PointAsset::Trx] {
        all.push((
            asset,
            points.balance(AccountRef::Merchant(merchant_id), asset).await?,
        ));
    }
    Ok(all)
}

#[derive(Clone)]
pub struct PointsStatement {
    pub ports: Ports,
    /// Below what each asset is low (Home's warning).
    pub low_balance: LowBalanceThresholds,
}

impl PointsStatement {
    pub async fn balances(&self, merchant_id: MerchantId) -> AppResult<Vec<(PointAsset, Balance)>> {
        balances(&*self.ports.points, merchant_id).await
    }

    /// Home's view: both balances, each with its threshold and whether it is low.
    pub async fn standing(&self, merchant_id: MerchantId) -> AppResult<Vec<PointsStanding>> {
        standing(&*self.ports.points, self.low_balance, merchant_id).await
    }

    /// A page of the merchant's transfers, newest first; the filter names a time range of at
    /// most a year, as every console list does (10422 otherwise).
    pub async fn page(
        &self,
        merchant_id: MerchantId,
        filter: &TransferFilter,
        page: PageRequest,
    ) -> AppResult<Paged<StatementEntry>> {
        check_range(filter.start, filter.end)?;
        let (found, nodes) = futures::try_join!(
            self.ports.points.transfers(merchant_id, filter, page),
            self.ports.config.chain_nodes(),
        )?;
        Ok(found.map(|transfer| entry(&nodes, merchant_id, transfer)))
    }

    /// Every transfer the filter selects, newest first, read in batches (no row limit); the
    /// stream ends with the session's error once the reader's session is gone (checked before
    /// each batch). A refused filter fails here, before the first row.
    pub async fn export(
        &self,
        merchant_id: MerchantId,
        filter: TransferFilter,
        session: LiveSession,
    ) -> AppResult<BoxStream<'static, AppResult<StatementEntry>>> {
        check_range(filter.start, filter.end)?;
        let nodes = self.ports.config.chain_nodes().await?;
        let points = self.ports.points.clone();
        let read = move |before: Option<i64>, limit: u64| {
            let (points, filter, session) = (points.clone(), filter.clone(), session.clone());
            async move {
                session.check().await?;
                points.transfers_before(merchant_id, &filter, before, limit).await
            }
        };
        Ok(newest_first(EXPORT_BATCH, |t: &Transfer| t.id, read)
            .map_ok(move |transfer| entry(&nodes, merchant_id, transfer))
            .boxed())
    }
}

fn entry(nodes: &[ChainNode], merchant_id: MerchantId, transfer: Transfer) -> StatementEntry {
    let txurl = transfer
        .origin
        .chain
        .as_deref()
        .and_then(|chain| nodes.iter().find(|n| n.chainname.eq_ignore_ascii_case(chain)))
        .map(|n| n.txurl.clone())
        .unwrap_or_default();
    StatementEntry {
        amount: merchant_amount(&transfer, merchant_id),
        transfer,
        txurl,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::points::{Cause, Origin};
    use chrono::Utc;

    fn transfer(kind: TransferKind, debit: AccountRef, credit: AccountRef) -> Transfer {
        Transfer {
            id: 1,
            key: "k".into(),
            kind,
            asset: PointAsset::Usdt,
            debit,
            credit,
            amount: 250_000,
            pending_id: None,
            hold_until: None,
            merchant_id: 7,
            cause: Cause::CollectionFee,
            origin: Origin::default(),
            available_after: 0,
            created_at: Utc::now(),
        }
    }

    #[test]
    fn an_amount_is_signed_by_what_it_did_to_the_merchants_available_points() {
        let me = AccountRef::Merchant(7);
        let fee = |kind| merchant_amount(&transfer(kind, me, AccountRef::Revenue), 7);
        assert_eq!(fee(TransferKind::Hold), -250_000, "a hold reserves");
        assert_eq!(fee(TransferKind::Post), -250_000, "a post charges");
        assert_eq!(fee(TransferKind::Void), 250_000, "a void releases");
        assert_eq!(fee(TransferKind::Expiry), 250_000, "an expiry releases");
        let grant = transfer(TransferKind::Single, AccountRef::Grants, me);
        assert_eq!(merchant_amount(&grant, 7), 250_000);
        let taken = transfer(TransferKind::Single, me, AccountRef::Grants);
        assert_eq!(merchant_amount(&taken, 7), -250_000);
    }
}
