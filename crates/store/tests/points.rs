//! The points ledger on SQLite and PostgreSQL: a fee held, posted or voided exactly once, a
//! retry never charging twice, no account overdrawn past its limit under concurrent holds,
//! expiries, and random sequences checked against a model and `ledger verify`.

mod support;

use std::collections::HashMap;
use std::sync::Arc;

use chrono::{DateTime, Duration, Utc};
use coffer_domain::points::verify::differences;
use coffer_domain::points::{
    keys, AccountRef, Cause, LedgerOp, NewTransfer, Origin, Outcome, PointAsset, Refusal, Resolution,
    TransferKind, POINT_UNITS,
};
use coffer_domain::ports::{LedgerAudit, PageRequest, PointsLedger, TransferFilter};
use coffer_store::Store;
use coffer_testkit::{each_database, TestDb};
use rand::{rngs::StdRng, Rng, SeedableRng};
use support::{open, t0};

fn recharge(merchant: i64, asset: PointAsset, key: &str, amount: i64, at: DateTime<Utc>) -> LedgerOp {
    LedgerOp::Transfer(NewTransfer {
        key: key.into(),
        asset,
        debit: AccountRef::Outside,
        credit: AccountRef::Merchant(merchant),
        amount,
        cause: Cause::Recharge,
        hold_until: None,
        origin: Origin {
            reference: key.into(),
            ..Origin::default()
        },
        at,
    })
}

fn hold(merchant: i64, work: i64, amount: i64, at: DateTime<Utc>) -> LedgerOp {
    LedgerOp::Transfer(NewTransfer {
        key: keys::fee_hold(Cause::CollectionFee, work),
        asset: PointAsset::Usdt,
        debit: AccountRef::Merchant(merchant),
        credit: AccountRef::Revenue,
        amount,
        cause: Cause::CollectionFee,
        hold_until: Some(at + Duration::hours(1)),
        origin: Origin {
            reference: keys::reference(Cause::CollectionFee, work),
            ..Origin::default()
        },
        at,
    })
}

fn resolve(work: i64, resolution: Resolution, at: DateTime<Utc>) -> LedgerOp {
    LedgerOp::Resolve {
        hold_key: keys::fee_hold(Cause::CollectionFee, work),
        resolution,
        at,
    }
}

async fn one(store: &Store, op: LedgerOp) -> Outcome {
    store.apply(&[op]).await.unwrap().pop().unwrap()
}

async fn verified(store: &Store) {
    let found = differences(&store.ledger_facts().await.unwrap());
    assert!(found.is_empty(), "ledger verify: {found:?}");
}

async fn usdt(store: &Store, merchant: i64) -> coffer_domain::points::Balance {
    store
        .balance(AccountRef::Merchant(merchant), PointAsset::Usdt)
        .await
        .unwrap()
}

async fn a_fee_is_held_posted_once_and_a_retry_charges_nothing(db: TestDb) {
    let (store, a, b) = open(&db).await;
    let at = t0();
    let first = one(
        &store,
        recharge(a, PointAsset::Usdt, "recharge:dev:0x1:0", 10 * POINT_UNITS, at),
    )
    .await;
    assert!(matches!(first, Outcome::Done(ref t) if t.available_after == 10 * POINT_UNITS));
    // The same recharge scanned again: found, not credited twice.
    let again = one(
        &store,
        recharge(a, PointAsset::Usdt, "recharge:dev:0x1:0", 10 * POINT_UNITS, at),
    )
    .await;
    assert!(matches!(again, Outcome::Again(_)), "{again:?}");
    // The same key with another amount is refused, not a second credit.
    let reused = one(
        &store,
        recharge(a, PointAsset::Usdt, "recharge:dev:0x1:0", 11 * POINT_UNITS, at),
    )
    .await;
    assert_eq!(reused, Outcome::Refused(Refusal::KeyReused));

    let held = one(&store, hold(a, 1, 3 * POINT_UNITS, at)).await;
    assert!(matches!(held, Outcome::Done(ref t) if t.available_after == 7 * POINT_UNITS));
    assert_eq!(usdt(&store, a).await.debits_pending, 3 * POINT_UNITS);
    // Posted at what the work cost, below the hold: the rest is released.
    let posted = one(&store, resolve(1, Resolution::Post(2 * POINT_UNITS), at)).await;
    assert!(
        matches!(posted, Outcome::Done(ref t) if t.available_after == 8 * POINT_UNITS && t.kind == TransferKind::Post)
    );
    let retry = one(&store, resolve(1, Resolution::Post(2 * POINT_UNITS), at)).await;
    assert!(matches!(retry, Outcome::Again(_)));
    // A void after the post finds the hold resolved: nothing is given back or taken.
    let late_void = one(&store, resolve(1, Resolution::Void, at)).await;
    assert_eq!(
        late_void,
        Outcome::Refused(Refusal::AlreadyResolved(TransferKind::Post))
    );
    let balance = usdt(&store, a).await;
    assert_eq!(
        (balance.available(), balance.debits_pending),
        (8 * POINT_UNITS, 0)
    );
    let revenue = store
        .balance(AccountRef::Revenue, PointAsset::Usdt)
        .await
        .unwrap();
    assert_eq!(revenue.posted(), 2 * POINT_UNITS);

    // Above the hold, or a hold nobody made: refused.
    one(&store, hold(a, 2, POINT_UNITS, at)).await;
    assert_eq!(
        one(&store, resolve(2, Resolution::Post(POINT_UNITS + 1), at)).await,
        Outcome::Refused(Refusal::BadAmount)
    );
    assert_eq!(
        one(&store, resolve(99, Resolution::Void, at)).await,
        Outcome::Refused(Refusal::NoSuchHold)
    );
    // Not expired yet; then expired, and a post after that finds it resolved.
    assert_eq!(
        one(&store, resolve(2, Resolution::Expiry, at)).await,
        Outcome::Refused(Refusal::NotExpired)
    );
    let later = at + Duration::hours(2);
    let due = store.expired_holds(later, 10).await.unwrap();
    assert_eq!(
        due.iter().map(|t| t.key.as_str()).collect::<Vec<_>>(),
        ["fee:collection:2"]
    );
    assert!(matches!(
        one(&store, resolve(2, Resolution::Expiry, later)).await,
        Outcome::Done(_)
    ));
    assert_eq!(
        one(&store, resolve(2, Resolution::Post(POINT_UNITS), later)).await,
        Outcome::Refused(Refusal::AlreadyResolved(TransferKind::Expiry))
    );
    assert!(store.expired_holds(later, 10).await.unwrap().is_empty());
    assert_eq!(usdt(&store, a).await.available(), 8 * POINT_UNITS);

    // Merchant B has nothing: its hold is refused and writes nothing.
    assert_eq!(
        one(&store, hold(b, 3, 1, at)).await,
        Outcome::Refused(Refusal::Insufficient { spendable: 0 })
    );
    assert_eq!(store.transfer_by_key("fee:collection:3").await.unwrap(), None);
    // A credit limit lets it go that far below zero, no further.
    store
        .set_credit_limit(b, PointAsset::Usdt, POINT_UNITS)
        .await
        .unwrap();
    assert!(
        matches!(one(&store, hold(b, 3, POINT_UNITS, at)).await, Outcome::Done(ref t) if t.available_after == -POINT_UNITS)
    );
    assert_eq!(
        one(&store, hold(b, 4, 1, at)).await,
        Outcome::Refused(Refusal::Insufficient { spendable: 0 })
    );

    // Each merchant's ledger lists its own transfers only, newest first.
    let page = store
        .transfers(
            a,
            &TransferFilter::default(),
            PageRequest::new(Some(1), Some(50)).unwrap(),
        )
        .await
        .unwrap();
    assert_eq!(page.total, 5);
    assert!(page.list.iter().all(|t| t.merchant_id == a));
    assert_eq!(page.list[0].kind, TransferKind::Expiry);
    verified(&store).await;
}

async fn fifty_concurrent_holds_of_one_point_against_ten_give_exactly_ten(db: TestDb) {
    let (store, a, _) = open(&db).await;
    one(
        &store,
        recharge(a, PointAsset::Usdt, "recharge:dev:0x2:0", 10 * POINT_UNITS, t0()),
    )
    .await;
    // Three pools, as three processes would hold.
    let pools = [
        Arc::new(store),
        Arc::new(support::connect(&db).await),
        Arc::new(support::connect(&db).await),
    ];
    let mut tasks = Vec::new();
    for work in 0..50 {
        let pool = pools[work as usize % 3].clone();
        tasks.push(tokio::spawn(async move {
            one(&pool, hold(a, work, POINT_UNITS, t0())).await
        }));
    }
    let mut held = 0;
    for task in tasks {
        match task.await.unwrap() {
            Outcome::Done(_) => held += 1,
            Outcome::Refused(Refusal::Insufficient { .. }) => {}
            other => panic!("unexpected {other:?}"),
        }
    }
    assert_eq!(held, 10);
    let balance = usdt(&pools[0], a).await;
    assert_eq!(
        (balance.available(), balance.debits_pending),
        (0, 10 * POINT_UNITS)
    );
    verified(&pools[0]).await;
}

/// What an op's outcome must be, as the model sees it.
type Expected = Box<dyn Fn(&Outcome) -> bool>;

/// The model a random sequence is checked against: what each merchant holds and which holds
/// are open.
#[derive(Default)]
struct Model {
    posted: HashMap<i64, i64>,
    /// Open holds: work -> (merchant, amount, until).
    holds: HashMap<i64, (i64, i64, DateTime<Utc>)>,
    /// Resolved holds: work -> (how, the hold's amount).
    resolved: HashMap<i64, (TransferKind, i64)>,
}

impl Model {
    fn available(&self, merchant: i64) -> i64 {
        let held: i64 = self
            .holds
            .values()
            .filter(|(m, ..)| *m == merchant)
            .map(|(_, a, _)| a)
            .sum();
        self.posted.get(&merchant).copied().unwrap_or(0) - held
    }
}

async fn random_sequences_agree_with_the_model_and_verify(db: TestDb) {
    let (store, a, b) = open(&db).await;
    let merchants = [a, b];
    for seed in 0..4u64 {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut model = Model::default();
        for merchant in merchants {
            let balance = usdt(&store, merchant).await;
            model.posted.insert(merchant, balance.posted());
        }
        let base = seed as i64 * 1_000;
        let mut at = t0() + Duration::days(seed as i64);
        let mut pending: Vec<(usize, LedgerOp, Expected)> = Vec::new();
        let mut batch_size = 1;
        for step in 0..120 {
            at += Duration::minutes(1);
            let merchant = merchants[rng.gen_range(0..2)];
            let work = base + rng.gen_range(0..40);
            let amount = rng.gen_range(1..4) * POINT_UNITS / 2;
            let (op, expected): (LedgerOp, Expected) = match rng.gen_range(0..5) {
                0 => {
                    let key = format!("recharge:dev:{seed}:{step}");
                    *model.posted.entry(merchant).or_default() += amount;
                    (
                        recharge(merchant, PointAsset::Usdt, &key, amount, at),
                        Box::new(|o| matches!(o, Outcome::Done(_))),
                    )
                }
                1 => {
                    let fits = model.available(merchant) >= amount;
                    let exists = model.holds.contains_key(&work) || model.resolved.contains_key(&work);
                    if !exists && fits {
                        model
                            .holds
                            .insert(work, (merchant, amount, at + Duration::hours(1)));
                    }
                    let op = hold(merchant, work, amount, at);
                    (
                        op,
                        Box::new(move |o| match o {
                            Outcome::Done(_) => !exists && fits,
                            Outcome::Refused(Refusal::Insufficient { .. }) => !exists && !fits,
                            Outcome::Again(_) | Outcome::Refused(Refusal::KeyReused) => exists,
                            _ => false,
                        }),
                    )
                }
                choice => {
                    let resolution = match choice {
                        2 => Resolution::Post(amount.min(model.holds.get(&work).map_or(amount, |h| h.1))),
                        3 => Resolution::Void,
                        _ => Resolution::Expiry,
                    };
                    let open = model.holds.get(&work).copied();
                    let before = model.resolved.get(&work).copied();
                    let expired = choice == 4;
                    let outcome_ok: Expected = match (open, before) {
                        // A hold expires an hour after it was made.
                        (Some((_, _, until)), _) if expired && until > at => {
                            Box::new(|o| *o == Outcome::Refused(Refusal::NotExpired))
                        }
                        (Some((m, model_held, _)), _) => {
                            let posted = match resolution {
                                Resolution::Post(p) => p,
                                _ => 0,
                            };
                            model.holds.remove(&work);
                            model.resolved.insert(work, (resolution.kind(), model_held));
                            *model.posted.entry(m).or_default() -= posted;
                            Box::new(|o| matches!(o, Outcome::Done(_)))
                        }
                        (None, Some((kind, _))) => Box::new(move |o| {
                            matches!(o, Outcome::Again(_) | Outcome::Refused(Refusal::KeyReused))
                                || *o == Outcome::Refused(Refusal::AlreadyResolved(kind))
                        }),
                        (None, None) => Box::new(|o| *o == Outcome::Refused(Refusal::NoSuchHold)),
                    };
                    (resolve(work, resolution, at), outcome_ok)
                }
            };
            // Ops go in batches of 1 to 6 (a hold and its resolution, or one key twice, may
            // share a batch): each outcome is what the model expects in order.
            pending.push((step, op, expected));
            if pending.len() >= batch_size || step == 119 {
                let ops: Vec<LedgerOp> = pending.iter().map(|(_, op, _)| op.clone()).collect();
                let outcomes = store.apply(&ops).await.unwrap();
                for ((step, op, expected), outcome) in pending.drain(..).zip(outcomes) {
                    assert!(
                        expected(&outcome),
                        "seed {seed} step {step}: {op:?} gave {outcome:?}"
                    );
                }
                batch_size = rng.gen_range(1..=6);
            }
        }
        for merchant in merchants {
            assert_eq!(
                usdt(&store, merchant).await.available(),
                model.available(merchant),
                "seed {seed}"
            );
        }
        // Whatever is still open expires once its time passed.
        let later = at + Duration::hours(2);
        let due = store.expired_holds(later, 1_000).await.unwrap();
        assert_eq!(due.len(), model.holds.len());
        let ops: Vec<LedgerOp> = due
            .iter()
            .map(|t| LedgerOp::Resolve {
                hold_key: t.key.clone(),
                resolution: Resolution::Expiry,
                at: later,
            })
            .collect();
        assert!(store
            .apply(&ops)
            .await
            .unwrap()
            .iter()
            .all(|o| matches!(o, Outcome::Done(_))));
        verified(&store).await;
    }
}

/// The service's fee path: held once, short without points, settled once, and a hold nothing
/// resolved voided by the expiry round when its time has passed, not before.
async fn the_fee_service_holds_settles_and_expires(db: TestDb) {
    use coffer_domain::clock::ManualClock;
    use coffer_domain::points::ledger::{Fee, FeeHold, PointsService};
    let (store, a, _) = open(&db).await;
    let clock = Arc::new(ManualClock::new(t0()));
    let ports = coffer_domain::ports::Ports::all_from(Arc::new(store.clone()), clock.clone());
    let points = PointsService::new(ports, Duration::hours(24));
    let fee = Fee {
        asset: PointAsset::Usdt,
        amount: 2 * POINT_UNITS,
        rate_id: Some(7),
        postpaid: false,
        volume: None,
    };
    assert_eq!(
        points
            .hold_fee(a, Cause::PaymentFee, 1, fee.clone())
            .await
            .unwrap(),
        FeeHold::Short {
            needed: 2 * POINT_UNITS,
            spendable: 0
        }
    );
    one(
        &store,
        recharge(a, PointAsset::Usdt, "recharge:dev:0x3:0", 3 * POINT_UNITS, t0()),
    )
    .await;
    assert_eq!(
        points
            .hold_fee(a, Cause::PaymentFee, 1, fee.clone())
            .await
            .unwrap(),
        FeeHold::Held
    );
    assert_eq!(
        points
            .hold_fee(a, Cause::PaymentFee, 1, fee.clone())
            .await
            .unwrap(),
        FeeHold::Held
    );
    assert_eq!(usdt(&store, a).await.available(), POINT_UNITS);
    let free = Fee { amount: 0, ..fee };
    assert_eq!(
        points.hold_fee(a, Cause::PaymentFee, 2, free).await.unwrap(),
        FeeHold::Free
    );
    assert_eq!(
        points
            .settle_fee(Cause::PaymentFee, 2, Resolution::Void)
            .await
            .unwrap(),
        None
    );
    let held = store.transfer_by_key("fee:withdrawal:1").await.unwrap().unwrap();
    assert_eq!(
        (held.origin.rate_id, held.origin.reference.as_str()),
        (Some(7), "withdrawal:1")
    );

    one(&store, hold(a, 5, POINT_UNITS, t0())).await;
    clock.advance(Duration::hours(23));
    assert_eq!(
        points.expire_holds(100).await.unwrap(),
        1,
        "the collection hold ran out after an hour"
    );
    assert_eq!(points.expire_holds(100).await.unwrap(), 0);
    clock.advance(Duration::hours(2));
    assert_eq!(
        points.expire_holds(100).await.unwrap(),
        1,
        "the payment hold ran out after a day"
    );
    assert!(matches!(
        points
            .settle_fee(Cause::PaymentFee, 1, Resolution::Post(POINT_UNITS))
            .await
            .unwrap(),
        Some(Outcome::Refused(Refusal::AlreadyResolved(TransferKind::Expiry)))
    ));
    assert_eq!(usdt(&store, a).await.available(), 3 * POINT_UNITS);
    verified(&store).await;
}

/// A recharge reorganised away is reversed even after its points were spent: the reversal
/// alone may take the merchant below its credit limit; any other debit is still refused.
async fn a_reversal_takes_spent_points_back_below_the_limit(db: TestDb) {
    let (store, a, _) = open(&db).await;
    let at = t0();
    let key = keys::recharge("1337", "0x9", 0);
    one(&store, recharge(a, PointAsset::Usdt, &key, 5 * POINT_UNITS, at)).await;
    one(&store, hold(a, 1, 4 * POINT_UNITS, at)).await;
    one(&store, resolve(1, Resolution::Post(4 * POINT_UNITS), at)).await;
    let reversal = LedgerOp::Transfer(NewTransfer {
        key: keys::reversal(&key),
        asset: PointAsset::Usdt,
        debit: AccountRef::Merchant(a),
        credit: AccountRef::Outside,
        amount: 5 * POINT_UNITS,
        cause: Cause::RechargeReversal,
        hold_until: None,
        origin: Origin::default(),
        at,
    });
    assert!(matches!(one(&store, reversal).await, Outcome::Done(_)));
    assert_eq!(usdt(&store, a).await.available(), -4 * POINT_UNITS);
    let refused = one(&store, hold(a, 2, 1, at)).await;
    assert!(matches!(refused, Outcome::Refused(Refusal::Insufficient { .. })));
    verified(&store).await;
}

each_database!(
    a_reversal_takes_spent_points_back_below_the_limit,
    the_fee_service_holds_settles_and_expires,
    a_fee_is_held_posted_once_and_a_retry_charges_nothing,
    fifty_concurrent_holds_of_one_point_against_ten_give_exactly_ten,
    random_sequences_agree_with_the_model_and_verify,
);
