//! Bills on SQLite and PostgreSQL: a period's bill stored once per merchant whatever issues it,
//! "I have paid" refused for another merchant's bill, a bill not to be paid and a hash on a
//! bill already; a payment checked by one node at a time and decided once; `ledger verify`
//! naming a bill that does not hold together.

mod support;

use chrono::Duration;
use coffer_domain::bills::{BillLine, BillStatus, NewBill, PaymentStatus, Period, Settled};
use std::collections::HashMap;

use coffer_domain::points::verify::differences;
use coffer_domain::points::{
    AccountRef, Cause, LedgerOp, NewTransfer, Origin, Outcome, PointAsset, Resolution,
};
use coffer_domain::ports::{BillPayments, BillRepo, LedgerAudit, NewPayment, PointsLedger, SubmitRefusal};
use coffer_domain::rates::Service;
use coffer_store::Store;
use coffer_testkit::{each_database, TestDb};
use rand::{rngs::StdRng, Rng, SeedableRng};
use sea_orm::ConnectionTrait;
use support::{connect, open, t0};

fn november() -> Period {
    Period::month(2026, 11, 8).unwrap()
}

fn new_bill(merchant: i64, amounts: &[i64]) -> NewBill {
    NewBill {
        merchant_id: merchant,
        period: november(),
        lines: amounts
            .iter()
            .map(|amount| BillLine {
                service: Service::PaymentFee,
                rate_id: Some(1),
                rate_text: "fixed 1 per transaction".into(),
                charges: 1,
                volume: Some("10 USDT".into()),
                amount: *amount,
            })
            .collect(),
        issued_at: t0() + Duration::days(10),
    }
}

fn paying(merchant: i64, bill_id: i64, hash: &str) -> NewPayment {
    NewPayment {
        merchant_id: merchant,
        bill_id,
        chain_id: 1337,
        tx_hash: hash.into(),
        submitted_by: None,
        at: t0() + Duration::days(11),
    }
}

async fn verify(store: &Store) -> Vec<String> {
    differences(&store.ledger_facts().await.unwrap())
}

async fn a_bill_is_stored_once_and_paid_once(db: TestDb) {
    let (store, a, b) = open(&db).await;
    let first = store
        .insert_bill(&new_bill(a, &[1_000_000, 500_000]))
        .await
        .unwrap();
    assert_eq!(
        (first.amount, first.status, first.lines.len()),
        (1_500_000, BillStatus::ToBePaid, 2)
    );
    assert_eq!(first.period.label, "2026-11");
    assert_eq!(first.period.time_zone, 8);
    // Again, even with other lines (a second node, a late run): the bill there is.
    let again = store.insert_bill(&new_bill(a, &[9])).await.unwrap();
    assert_eq!(again, first);
    let theirs = store.insert_bill(&new_bill(b, &[7])).await.unwrap();
    assert_ne!(theirs.id, first.id);

    // Another merchant's bill reads as missing; one hash on one bill.
    assert_eq!(store.bill(b, first.id).await.unwrap(), None);
    assert_eq!(
        store.submit_payment(&paying(b, first.id, "0xaa")).await.unwrap(),
        Err(SubmitRefusal::NoBill)
    );
    let payment = store
        .submit_payment(&paying(a, first.id, "0xaa"))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        store.submit_payment(&paying(a, first.id, "0xbb")).await.unwrap(),
        Err(SubmitRefusal::NotPayable)
    );
    assert_eq!(
        store.submit_payment(&paying(b, theirs.id, "0xaa")).await.unwrap(),
        Err(SubmitRefusal::HashUsed)
    );
    let theirs_now = store.bill(b, theirs.id).await.unwrap().unwrap();
    assert_eq!(
        theirs_now.status,
        BillStatus::ToBePaid,
        "the refused submission changed nothing"
    );

    // Two nodes look for due payments at once: one claims it.
    let other_node = connect(&db).await;
    let now = t0() + Duration::days(12);
    let (mine, theirs_claim) = tokio::join!(store.payments_due(now, 10), other_node.payments_due(now, 10));
    assert_eq!(mine.unwrap().len() + theirs_claim.unwrap().len(), 1);
    assert!(
        store.payments_due(now, 10).await.unwrap().is_empty(),
        "claimed for a minute"
    );

    // Refused: the hash is free again, the bill to be paid with the reason.
    assert!(store.refuse_payment(payment.id, "it failed", now).await.unwrap());
    assert!(
        !store.refuse_payment(payment.id, "again", now).await.unwrap(),
        "decided once"
    );
    let refused = store.bill(a, first.id).await.unwrap().unwrap();
    assert_eq!(
        (refused.status, refused.reason.as_deref()),
        (BillStatus::ToBePaid, Some("it failed"))
    );
    assert_eq!(refused.payment.unwrap().status, PaymentStatus::Refused);
    let second = store
        .submit_payment(&paying(b, theirs.id, "0xaa"))
        .await
        .unwrap()
        .unwrap();

    // Accepted in full: has paid; verify agrees with it.
    let settled = Settled {
        paid: 7,
        status: BillStatus::Paid,
        reason: None,
        paid_at: Some(now),
    };
    assert!(store
        .accept_payment(second.id, 7, 7, &settled, now)
        .await
        .unwrap());
    assert!(!store
        .accept_payment(second.id, 7, 7, &settled, now)
        .await
        .unwrap());
    assert_eq!(store.accepted_since(now).await.unwrap().len(), 1);
    assert!(verify(&store).await.is_empty(), "{:?}", verify(&store).await);

    // A bill changed behind the ledger's back is named.
    store
        .connection()
        .execute_unprepared(&format!("UPDATE bill SET amount = 99 WHERE id = {}", theirs.id))
        .await
        .unwrap();
    let found = verify(&store).await;
    assert_eq!(
        found,
        vec![
            format!("bill {}: its lines add up to 7, not its amount 99", theirs.id),
            format!("bill {}: status Paid with 7 of 99 paid", theirs.id),
        ]
    );
}

fn transfer(
    key: String,
    debit: AccountRef,
    credit: AccountRef,
    amount: i64,
    cause: Cause,
    hold: bool,
) -> LedgerOp {
    LedgerOp::Transfer(NewTransfer {
        key,
        asset: PointAsset::Usdt,
        debit,
        credit,
        amount,
        cause,
        hold_until: hold.then(|| t0() + Duration::hours(1)),
        origin: Origin {
            reference: "random".into(),
            ..Origin::default()
        },
        at: t0(),
    })
}

/// Random sequences of postpaid fee holds (energy's cause: `ledger verify` looks for the work a
/// collection or withdrawal fee names, and these name none), their posts and voids, bill payments (what counts
/// towards a bill, and what is paid above it as points): the billed account owes exactly the
/// posted fees less the payments, a postpaid hold is never refused for want of points, and
/// `ledger verify` holds after each batch.
async fn random_bill_sequences_keep_what_is_owed_exact(db: TestDb) {
    let (store, a, b) = open(&db).await;
    for seed in 0..4u64 {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut owed: HashMap<i64, i64> = HashMap::new();
        let mut points: HashMap<i64, i64> = HashMap::new();
        for merchant in [a, b] {
            owed.insert(
                merchant,
                -store
                    .balance(AccountRef::Billed(merchant), PointAsset::Usdt)
                    .await
                    .unwrap()
                    .posted(),
            );
            points.insert(
                merchant,
                store
                    .balance(AccountRef::Merchant(merchant), PointAsset::Usdt)
                    .await
                    .unwrap()
                    .posted(),
            );
        }
        let mut open_holds: HashMap<String, (i64, i64)> = HashMap::new();
        for batch in 0..20 {
            let mut ops = Vec::new();
            for step in 0..5 {
                let merchant = if rng.gen_bool(0.5) { a } else { b };
                let amount = rng.gen_range(1..5_000_000);
                let key = format!("{seed}:{batch}:{step}");
                match rng.gen_range(0..4) {
                    0 => {
                        open_holds.insert(format!("fee:{key}"), (merchant, amount));
                        ops.push(transfer(
                            format!("fee:{key}"),
                            AccountRef::Billed(merchant),
                            AccountRef::Revenue,
                            amount,
                            Cause::EnergyFee,
                            true,
                        ));
                    }
                    1 | 2 => {
                        let Some(hold) = open_holds.keys().next().cloned() else {
                            continue;
                        };
                        let (m, held) = open_holds.remove(&hold).unwrap();
                        let resolution = if rng.gen_bool(0.7) {
                            *owed.get_mut(&m).unwrap() += held / 2;
                            Resolution::Post(held / 2)
                        } else {
                            Resolution::Void
                        };
                        ops.push(LedgerOp::Resolve {
                            hold_key: hold,
                            resolution,
                            at: t0(),
                        });
                    }
                    _ => {
                        let counted = amount.min(owed[&merchant].max(0));
                        if counted > 0 {
                            *owed.get_mut(&merchant).unwrap() -= counted;
                            ops.push(transfer(
                                format!("bill:{key}:payment"),
                                AccountRef::Outside,
                                AccountRef::Billed(merchant),
                                counted,
                                Cause::BillPayment,
                                false,
                            ));
                        }
                        if amount > counted {
                            *points.get_mut(&merchant).unwrap() += amount - counted;
                            ops.push(transfer(
                                format!("bill:{key}:overpayment"),
                                AccountRef::Outside,
                                AccountRef::Merchant(merchant),
                                amount - counted,
                                Cause::BillOverpayment,
                                false,
                            ));
                        }
                    }
                }
            }
            for outcome in store.apply(&ops).await.unwrap() {
                assert!(matches!(outcome, Outcome::Done(_)), "{outcome:?}");
            }
            let found = verify(&store).await;
            assert!(found.is_empty(), "seed {seed} batch {batch}: {found:?}");
        }
        for merchant in [a, b] {
            let billed = store
                .balance(AccountRef::Billed(merchant), PointAsset::Usdt)
                .await
                .unwrap();
            let held: i64 = open_holds
                .values()
                .filter(|(m, _)| *m == merchant)
                .map(|(_, h)| h)
                .sum();
            assert_eq!((-billed.posted(), billed.debits_pending), (owed[&merchant], held));
            let mine = store
                .balance(AccountRef::Merchant(merchant), PointAsset::Usdt)
                .await
                .unwrap();
            assert_eq!(mine.posted(), points[&merchant]);
        }
        // What is still held is voided before the next seed, as the work would end.
        let voids: Vec<LedgerOp> = open_holds
            .drain()
            .map(|(hold_key, _)| LedgerOp::Resolve {
                hold_key,
                resolution: Resolution::Void,
                at: t0(),
            })
            .collect();
        store.apply(&voids).await.unwrap();
    }
}

each_database!(
    a_bill_is_stored_once_and_paid_once,
    random_bill_sequences_keep_what_is_owed_exact
);
