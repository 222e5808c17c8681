//! Collection's stored part on SQLite and PostgreSQL: each address's credit follows its
//! deposits (completed, voided after crediting, mined again, dust never), and a run opens a
//! collection for exactly the pairs due: at least the minimum, none open, a scheduled slot
//! once even when two processes plan it at the same moment.

mod support;

use chrono::{DateTime, Duration, Utc};
use coffer_domain::amount::BaseUnits;
use coffer_domain::collection::state::CollectionStatus;
use coffer_domain::ports::{
    AssetStatus, CollectTrigger, CollectionPlan, CollectionPlans, NewDeposit, PlanOutcome, ScanRepo,
};
use coffer_store::entities::{
    chain, cold_address, collectable, collection, collection_run, deposit_address, merchant_asset, token,
    Stored,
};
use coffer_store::{CreditDifference, Store};
use coffer_testkit::{each_database, TestDb};
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, Set};
use support::buckets::{deposit_of, scan, transfer, CHAIN, OWNER};
use support::{open, t0, Events};

const TOKEN: i64 = 101;

async fn address(store: &Store, merchant_id: i64, n: i64) -> i64 {
    deposit_address::ActiveModel {
        merchant_id: Set(merchant_id),
        chain_id: Set(CHAIN),
        open_id: Set(format!("user-{n}")),
        address: Set(format!("0xAbCdEf00000000000000000000000000000000{n:02}")),
        key_index: Set(n),
        remark: Set(String::new()),
        created_at: Set(t0()),
        ..Default::default()
    }
    .insert(store.connection())
    .await
    .unwrap()
    .id
}

fn paid(merchant_id: i64, address_id: i64, hash: &str, amount: u128, note: &str) -> NewDeposit {
    NewDeposit {
        deposit_address_id: address_id,
        ..transfer(merchant_id, hash, amount, note)
    }
}

/// (credited, collected, waiting) of each of the merchant's pairs, by address.
async fn credits(store: &Store, merchant_id: i64) -> Vec<(i64, u128, u128)> {
    collectable::Entity::find()
        .filter(collectable::Column::MerchantId.eq(merchant_id))
        .order_by_asc(collectable::Column::DepositAddressId)
        .all(store.connection())
        .await
        .unwrap()
        .into_iter()
        .map(|c| {
            let waiting: BaseUnits = c.waiting_key.parse().unwrap();
            assert_eq!(c.token_id, TOKEN);
            assert_eq!(waiting, c.credited.0.checked_sub(c.collected.0).unwrap());
            (c.deposit_address_id, units(c.credited.0), units(waiting))
        })
        .collect()
}

fn units(amount: BaseUnits) -> u128 {
    amount.to_string().parse().unwrap()
}

async fn complete(store: &Store, hash: &str, at: DateTime<Utc>) {
    let d = deposit_of(store, hash).await;
    let due = [(d.id, d.note.is_empty())];
    assert_eq!(store.complete_deposits(&due, at, &Events).await.unwrap(), 1);
}

async fn credit_follows_the_deposits(db: TestDb) {
    let (store, a, b) = open(&db).await;
    let (a1, a2, b1) = (
        address(&store, a, 1).await,
        address(&store, a, 2).await,
        address(&store, b, 3).await,
    );
    scan(
        &store,
        10,
        &[
            paid(a, a1, "0xa1", 5_000_000, ""),
            paid(a, a2, "0xa2", 7, "dust"),
            paid(b, b1, "0xb1", 9_000_000, ""),
        ],
        t0(),
    )
    .await;
    assert_eq!(
        credits(&store, a).await,
        vec![],
        "confirming deposits are not credited yet"
    );
    for hash in ["0xa1", "0xa2", "0xb1"] {
        complete(&store, hash, t0()).await;
    }
    assert_eq!(
        credits(&store, a).await,
        vec![(a1, 5_000_000, 5_000_000)],
        "the dust deposit is never credited"
    );
    assert_eq!(credits(&store, b).await, vec![(b1, 9_000_000, 9_000_000)]);
    scan(&store, 11, &[paid(a, a1, "0xa3", 2_500_000, "")], t0()).await;
    complete(&store, "0xa3", t0()).await;
    assert_eq!(credits(&store, a).await, vec![(a1, 7_500_000, 7_500_000)]);

    // A reorg voids block 10 after crediting: its credit leaves; mined again, it comes back
    // once it completes again.
    assert!(store
        .rollback_block(CHAIN, OWNER, 10, t0(), &Events)
        .await
        .unwrap());
    assert_eq!(credits(&store, a).await, vec![(a1, 2_500_000, 2_500_000)]);
    assert_eq!(credits(&store, b).await, vec![(b1, 0, 0)]);
    scan(&store, 12, &[paid(a, a1, "0xa1", 5_000_000, "")], t0()).await;
    assert_eq!(credits(&store, a).await, vec![(a1, 2_500_000, 2_500_000)]);
    complete(&store, "0xa1", t0()).await;
    assert_eq!(credits(&store, a).await, vec![(a1, 7_500_000, 7_500_000)]);
    assert_eq!(store.verify_collectable().await.unwrap(), vec![]);

    // A credit changed behind the service's back is found.
    collectable::Entity::update_many()
        .col_expr(collectable::Column::Credited, Expr::value("7500001"))
        .filter(collectable::Column::DepositAddressId.eq(a1))
        .exec(store.connection())
        .await
        .unwrap();
    assert_eq!(
        store.verify_collectable().await.unwrap(),
        vec![CreditDifference {
            deposit_address_id: a1,
            token_id: TOKEN,
            stored: Some(BaseUnits::from_u128(7_500_001)),
            recomputed: BaseUnits::from_u128(7_500_000),
        }]
    );

    // Deposits credited before collection existed (an upgrade): counted when migrating.
    collectable::Entity::delete_many()
        .exec(store.connection())
        .await
        .unwrap();
    store.migrate().await.unwrap();
    assert_eq!(credits(&store, a).await, vec![(a1, 7_500_000, 7_500_000)]);
    assert_eq!(store.verify_collectable().await.unwrap(), vec![]);
    assert_eq!(credits(&store, b).await, vec![], "nothing credited: no row");
}

/// The merchant's asset of the test token, and the token itself.
async fn asset(store: &Store, merchant_id: i64) -> i64 {
    if token::Entity::find_by_id(TOKEN)
        .one(store.connection())
        .await
        .unwrap()
        .is_none()
    {
        chain::ActiveModel {
            id: Set(CHAIN),
            name: Set("Anvil".into()),
            symbol: Set("ETH".into()),
            txurl: Set(String::new()),
            decimals: Set(18),
            enabled: Set(true),
            sort: Set(2),
            family: Set("evm".into()),
        }
        .insert(store.connection())
        .await
        .unwrap();
        token::ActiveModel {
            id: Set(TOKEN),
            chain_id: Set(CHAIN),
            symbol: Set("USDT".into()),
            price: Set("1".into()),
            decimals: Set(6),
            contract: Set("0xdAC17F958D2ee523a2206206994597C13D831ec7".into()),
        }
        .insert(store.connection())
        .await
        .unwrap();
    }
    merchant_asset::ActiveModel {
        merchant_id: Set(merchant_id),
        chain_id: Set(CHAIN),
        token_id: Set(TOKEN),
        status: Set(Stored(AssetStatus::Enabled)),
        payment_address: Set(String::new()),
        auto_collect: Set(true),
        collect_type: Set(1),
        start_time: Set("00:00".into()),
        interval_hours: Set(24),
        min_collect_amount: Set("3".into()),
        min_split_amount: Set("100".into()),
        min_review_amount: Set("1000".into()),
        max_daily_count: Set(100),
        daily_limit: Set("100000".into()),
        created_at: Set(t0()),
        updated_at: Set(t0()),
        ..Default::default()
    }
    .insert(store.connection())
    .await
    .unwrap()
    .id
}

fn scheduled(asset_id: i64, merchant_id: i64, slot: DateTime<Utc>) -> CollectionPlan {
    CollectionPlan {
        asset_id,
        merchant_id,
        chain_id: CHAIN,
        token_id: TOKEN,
        decimals: 6,
        trigger: CollectTrigger::Scheduled,
        slot: Some(slot),
        minimum: BaseUnits::from_u128(3_000_000),
        addresses: None,
        created_by: None,
    }
}

/// The open collections: (address id, waiting) by address.
async fn open_collections(store: &Store, merchant_id: i64) -> Vec<(i64, u128)> {
    collection::Entity::find()
        .filter(collection::Column::MerchantId.eq(merchant_id))
        .filter(collection::Column::OpenKey.is_not_null())
        .order_by_asc(collection::Column::DepositAddressId)
        .all(store.connection())
        .await
        .unwrap()
        .into_iter()
        .map(|c| {
            assert_eq!(c.status, Stored(CollectionStatus::WaitingCollection));
            (c.deposit_address_id, units(c.waiting.0))
        })
        .collect()
}

async fn a_run_opens_what_is_due_once(db: TestDb) {
    let (store, a, b) = open(&db).await;
    let asset_a = asset(&store, a).await;
    let asset_b = asset(&store, b).await;
    let mut found = Vec::new();
    let mut ids = Vec::new();
    // Waiting 1, 3 (exactly the minimum) and 5 USDT at merchant A; 9 at merchant B.
    for (n, (merchant, amount)) in [(a, 1_000_000u128), (a, 3_000_000), (a, 5_000_000), (b, 9_000_000)]
        .into_iter()
        .enumerate()
    {
        let id = address(&store, merchant, n as i64 + 1).await;
        ids.push(id);
        found.push(paid(merchant, id, &format!("0x{n}"), amount, ""));
    }
    scan(&store, 10, &found, t0()).await;
    for n in 0..4 {
        complete(&store, &format!("0x{n}"), t0()).await;
    }

    let slot = t0() + Duration::hours(16);
    let outcome = store.plan(&scheduled(asset_a, a, slot), slot).await.unwrap();
    let PlanOutcome::Planned {
        run_id: Some(_),
        opened: 2,
    } = outcome
    else {
        panic!("expected a run with two collections, got {outcome:?}");
    };
    assert_eq!(
        open_collections(&store, a).await,
        vec![(ids[1], 3_000_000), (ids[2], 5_000_000)],
        "below the minimum waits; the other merchant's pairs are not touched"
    );
    assert_eq!(open_collections(&store, b).await, vec![]);
    assert_eq!(
        store.plan(&scheduled(asset_a, a, slot), slot).await.unwrap(),
        PlanOutcome::SlotTaken
    );
    // The next slot finds both still open: nothing doubles.
    let next = slot + Duration::days(1);
    assert!(matches!(
        store.plan(&scheduled(asset_a, a, next), next).await.unwrap(),
        PlanOutcome::Planned { opened: 0, .. }
    ));
    // Manual collection of the addresses chosen only.
    let manual = CollectionPlan {
        trigger: CollectTrigger::Manual,
        slot: None,
        addresses: Some(vec![ids[3]]),
        ..scheduled(asset_b, b, next)
    };
    assert!(matches!(
        store.plan(&manual, next).await.unwrap(),
        PlanOutcome::Planned {
            run_id: Some(_),
            opened: 1
        }
    ));
    assert_eq!(open_collections(&store, b).await, vec![(ids[3], 9_000_000)]);
    // The same again opens nothing, and leaves no run behind.
    let runs = || collection_run::Entity::find().count(store.connection());
    let before = runs().await.unwrap();
    assert_eq!(
        store.plan(&manual, next).await.unwrap(),
        PlanOutcome::Planned {
            run_id: None,
            opened: 0
        }
    );
    assert_eq!(runs().await.unwrap(), before, "no run of nothing");
    let assets = store.auto_collect_assets().await.unwrap();
    assert_eq!(assets.len(), 2);
    assert!(assets
        .iter()
        .all(|x| x.decimals == 6 && x.zone_hours == 0 && x.saved_at == t0() && !x.has_cold_address));
    cold_address::ActiveModel {
        merchant_id: Set(a),
        asset_id: Set(asset_a),
        address: Set("0x90F79bf6EB2c4f870365E785982E1f101E93b906".into()),
        ratio: Set("1".into()),
        request_id: Set(1),
        created_at: Set(t0()),
        ..Default::default()
    }
    .insert(store.connection())
    .await
    .unwrap();
    let with_cold: Vec<(i64, bool)> = store
        .auto_collect_assets()
        .await
        .unwrap()
        .into_iter()
        .map(|x| (x.asset_id, x.has_cold_address))
        .collect();
    assert!(with_cold.contains(&(asset_a, true)) && with_cold.contains(&(asset_b, false)));
}

/// Two processes (two stores on one database) plan the same slot at the same moment, many
/// times: one run each time, and every due pair opened once.
async fn two_processes_plan_one_slot_once(db: TestDb) {
    let (store, a, _) = open(&db).await;
    let other = support::connect(&db).await;
    let asset_a = asset(&store, a).await;
    let mut found = Vec::new();
    for n in 0..40 {
        let id = address(&store, a, n + 1).await;
        found.push(paid(a, id, &format!("0x{n}"), 4_000_000, ""));
    }
    scan(&store, 10, &found, t0()).await;
    for n in 0..40 {
        complete(&store, &format!("0x{n}"), t0()).await;
    }
    // On each deposit: both open what is due at once; each pair is opened by one of them.
    let on_deposit = CollectionPlan {
        trigger: CollectTrigger::OnDeposit,
        slot: None,
        ..scheduled(asset_a, a, t0())
    };
    let (first, second) = tokio::join!(store.plan(&on_deposit, t0()), other.plan(&on_deposit, t0()));
    let opened = |o: PlanOutcome| match o {
        PlanOutcome::Planned { run_id: None, opened } => opened,
        other => panic!("a run on deposit keeps no run row: {other:?}"),
    };
    assert_eq!(opened(first.unwrap()) + opened(second.unwrap()), 40);
    assert_eq!(open_collections(&store, a).await.len(), 40);
    // Scheduled slots: one run per slot, whichever process comes first.
    for round in 0..10 {
        let slot = t0() + Duration::days(round);
        let plan = scheduled(asset_a, a, slot);
        let (first, second) = tokio::join!(store.plan(&plan, slot), other.plan(&plan, slot));
        let outcomes = [first.unwrap(), second.unwrap()];
        let runs = outcomes
            .iter()
            .filter(|o| {
                matches!(
                    o,
                    PlanOutcome::Planned {
                        run_id: Some(_),
                        opened: 0
                    }
                )
            })
            .count();
        assert_eq!(runs, 1, "round {round}: {outcomes:?}");
    }
    assert_eq!(open_collections(&store, a).await.len(), 40);
}

each_database!(
    credit_follows_the_deposits,
    a_run_opens_what_is_due_once,
    two_processes_plan_one_slot_once,
);
