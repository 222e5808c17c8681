//! Every open collection gets its turn: a round takes at most `collection.batch` of them, those
//! worked on longest ago first, so collections waiting for their confirmations do not take every
//! round while others wait to be signed.

use coffer_domain::ports::chain::Asset;
use coffer_testkit::{each_database, TestDb};

use crate::collection_plan::{deposit, tick};
use crate::collection_sweep::{collecting, collections, dev, mine, save_fees, sweep, Collecting};
use crate::helpers::spawn_app_with;
use crate::wallets::offline_chains;

async fn a_round_takes_the_collections_worked_on_longest_ago_first(db: TestDb) {
    let app = spawn_app_with(db, |c| {
        offline_chains(c);
        c.collection.batch = 1;
    })
    .await;
    let Collecting {
        token,
        secret,
        merchant,
        hot,
        hot_id,
    } = collecting(&app).await;
    for user in ["user-1", "user-2", "user-3"] {
        deposit(&app, merchant, user, "20").await;
    }
    assert_eq!(tick(&app).await.opened, 3);
    let saved = save_fees(&app, &token, &secret, Some(hot_id), "").await;
    assert_eq!(saved.code(), 1, "{:?}", saved.body);
    app.devchain.fund(&hot, &Asset::Native, dev("1")).await.unwrap();
    mine(&app, 1).await;

    // One collection per round; each top-up waits for blocks that do not come, yet every round
    // signs the next collection's top-up instead of looking at the first one again.
    for round in 1..=3 {
        let report = sweep(&app).await;
        assert_eq!(report.signed, 1, "round {round}: {report:?}");
    }
    let states: Vec<i64> = collections(&app, &token)
        .await
        .iter()
        .map(|c| c["status"].as_i64().unwrap())
        .collect();
    assert_eq!(states, vec![3, 3, 3], "all three wait for their top-up");

    // Blocks come: round after round, each is collected in turn.
    mine(&app, 3).await;
    for _ in 0..9 {
        sweep(&app).await;
        mine(&app, 3).await;
    }
    let states: Vec<i64> = collections(&app, &token)
        .await
        .iter()
        .map(|c| c["status"].as_i64().unwrap())
        .collect();
    assert_eq!(states, vec![1, 1, 1]);
}

each_database!(a_round_takes_the_collections_worked_on_longest_ago_first);
