//! [`LedgerAudit`]: what `coffer admin ledger verify` compares. Every transfer is replayed in
//! id order (a resolution always comes after its hold), in batches, with exact integer sums;
//! the domain (`points::verify`) says what differs.

use std::collections::{BTreeSet, HashMap, HashSet};

use coffer_domain::codes::StoredCode;
use coffer_domain::error::AppResult;
use coffer_domain::points::{AccountRef, Balance, Cause, TransferKind};
use coffer_domain::ports::{LedgerAudit, LedgerFacts};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};

use super::points::balance_of;
use crate::entities::Stored;
use crate::entities::{
    collection, point_account as account, point_open_hold as open_hold, point_transfer as transfer,
    withdrawal,
};
use crate::Store;

const BATCH: u64 = 10_000;

type Row = (i64, Stored<TransferKind>, i64, i64, i64, Option<i64>);

/// A hold as the replay needs it: accounts and amount.
struct Hold {
    debit: i64,
    credit: i64,
    amount: i64,
}

#[async_trait::async_trait]
impl LedgerAudit for Store {
    async fn ledger_facts(&self) -> AppResult<LedgerFacts> {
        let db = self.connection();
        let accounts = account::Entity::find()
            .order_by_asc(account::Column::Id)
            .all(db)
            .await?;
        let mut replay: HashMap<i64, Balance> = HashMap::new();
        let mut open: HashMap<i64, Hold> = HashMap::new();
        let mut resolved: HashSet<i64> = HashSet::new();
        let mut facts = LedgerFacts::default();
        let mut after = 0;
        loop {
            let rows: Vec<Row> = transfer::Entity::find()
                .select_only()
                .columns([
                    transfer::Column::Id,
                    transfer::Column::Kind,
                    transfer::Column::DebitAccountId,
                    transfer::Column::CreditAccountId,
                    transfer::Column::Amount,
                    transfer::Column::PendingId,
                ])
                .filter(transfer::Column::Id.gt(after))
                .order_by_asc(transfer::Column::Id)
                .limit(BATCH)
                .into_tuple()
                .all(db)
                .await?;
            let Some(last) = rows.last() else { break };
            after = last.0;
            for (id, kind, debit, credit, amount, pending_id) in rows {
                let mut post = |account: i64, debits: i64, credits: i64, pending: (i64, i64)| {
                    let b = replay.entry(account).or_default();
                    b.debits_posted += debits;
                    b.credits_posted += credits;
                    b.debits_pending += pending.0;
                    b.credits_pending += pending.1;
                };
                match kind.0 {
                    TransferKind::Single => {
                        post(debit, amount, 0, (0, 0));
                        post(credit, 0, amount, (0, 0));
                    }
                    TransferKind::Hold => {
                        open.insert(
                            id,
                            Hold {
                                debit,
                                credit,
                                amount,
                            },
                        );
                    }
                    TransferKind::Post | TransferKind::Void | TransferKind::Expiry => {
                        let Some(hold_id) = pending_id else {
                            facts.bad_posts.push(id);
                            continue;
                        };
                        let Some(hold) = open.remove(&hold_id) else {
                            if resolved.contains(&hold_id) {
                                facts.resolved_twice.push(hold_id);
                            } else {
                                facts.bad_posts.push(id);
                            }
                            continue;
                        };
                        resolved.insert(hold_id);
                        let posted = if kind.0 == TransferKind::Post { amount } else { 0 };
                        let fits = hold.debit == debit
                            && hold.credit == credit
                            && if kind.0 == TransferKind::Post {
                                (0..=hold.amount).contains(&amount)
                            } else {
                                amount == hold.amount
                            };
                        if !fits {
                            facts.bad_posts.push(id);
                        }
                        post(hold.debit, posted, 0, (0, 0));
                        post(hold.credit, 0, posted, (0, 0));
                    }
                }
            }
        }
        for (_, hold) in open.iter() {
            replay.entry(hold.debit).or_default().debits_pending += hold.amount;
            replay.entry(hold.credit).or_default().credits_pending += hold.amount;
        }
        let marked: BTreeSet<i64> = open_hold::Entity::find()
            .select_only()
            .column(open_hold::Column::TransferId)
            .into_tuple()
            .all(db)
            .await?
            .into_iter()
            .collect();
        let unresolved: BTreeSet<i64> = open.keys().copied().collect();
        facts.open_mismatch = marked.symmetric_difference(&unresolved).copied().collect();
        let names: HashMap<i64, (AccountRef, coffer_domain::points::PointAsset)> = accounts
            .iter()
            .map(|a| (a.id, (AccountRef::from_parts(a.kind.0, a.merchant_id), a.asset.0)))
            .collect();
        facts.accounts = accounts
            .iter()
            .map(|a| (names[&a.id].0, a.asset.0, balance_of(a)))
            .collect();
        for (id, balance) in replay {
            match names.get(&id) {
                Some((account, asset)) => facts.replayed.push((*account, *asset, balance)),
                None => facts.bad_posts.push(-id),
            }
        }
        facts.unsettled_fees = unsettled_fees(self).await?;
        facts.bad_bills = super::bills::bad_bills(db).await?;
        Ok(facts)
    }
}

/// Fee holds against the state of their work: a hold still open on work that ended, a post on
/// a withdrawal that paid nothing, a void on one that paid. (The settlement round resolves an
/// ended work's hold within seconds: run verify when the workers are idle, or again.)
async fn unsettled_fees(store: &Store) -> AppResult<Vec<(String, String)>> {
    use coffer_domain::collection::state::CollectionStatus as C;
    use coffer_domain::ports::OrderStatus as W;
    let db = store.connection();
    let fees = transfer::Entity::find()
        .filter(transfer::Column::Cause.is_in([Cause::CollectionFee.code(), Cause::PaymentFee.code()]))
        .filter(transfer::Column::Kind.is_in([
            TransferKind::Hold.code(),
            TransferKind::Post.code(),
            TransferKind::Void.code(),
        ]))
        .order_by_asc(transfer::Column::Id)
        .all(db)
        .await?;
    let open: BTreeSet<i64> = open_hold::Entity::find()
        .select_only()
        .column(open_hold::Column::TransferId)
        .into_tuple()
        .all(db)
        .await?
        .into_iter()
        .collect();
    let mut found = Vec::new();
    for fee in fees {
        let Some(work_id) = coffer_domain::points::keys::work_id(&fee.reference) else {
            found.push((fee.transfer_key.clone(), "names no work".to_string()));
            continue;
        };
        let ended = if fee.cause.0 == Cause::PaymentFee {
            let status = withdrawal::Entity::find_by_id(work_id)
                .one(db)
                .await?
                .map(|w| w.status.0);
            match status {
                Some(W::Complete | W::PartiallyComplete) => Some(true),
                Some(W::Failed | W::Rejected | W::Void) => Some(false),
                _ => None,
            }
        } else {
            let status = collection::Entity::find_by_id(work_id)
                .one(db)
                .await?
                .map(|c| c.status.0);
            matches!(status, Some(C::Collected | C::Failed)).then_some(true)
        };
        let what = match (fee.kind.0, ended) {
            (TransferKind::Hold, Some(_)) if open.contains(&fee.id) => "its work ended with the hold open",
            (TransferKind::Post, Some(false)) => "posted, though the withdrawal paid nothing",
            (TransferKind::Void, Some(true)) if fee.cause.0 == Cause::PaymentFee => {
                "voided, though the withdrawal was paid"
            }
            _ => continue,
        };
        found.push((fee.transfer_key.clone(), what.to_string()));
    }
    Ok(found)
}
