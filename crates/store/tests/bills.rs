//! Bills on SQLite and PostgreSQL: a period's bill stored once per merchant whatever issues it,
//! "I have paid" refused for another merchant's bill, a bill not to be paid and a hash on a
//! bill already; a payment checked by one node at a time and decided once; `ledger verify`
//! naming a bill that does not hold together.

mod support;

use chrono::Duration;
use coffer_domain::bills::{BillLine, BillStatus, NewBill, PaymentStatus, Period, Settled};
use coffer_domain::points::verify::differences;
use coffer_domain::ports::{BillRepo, LedgerAudit, NewPayment, SubmitRefusal};
use coffer_domain::rates::Service;
use coffer_store::Store;
use coffer_testkit::{each_database, TestDb};
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

each_database!(a_bill_is_stored_once_and_paid_once);
