//! The sweep on the real server and the devchain: a deposit collected on each deposit waits for
//! a fee wallet, then for the fee wallet's coin, gets a top-up of the exact fee plus the
//! margin, waits for its confirmation (blocks, never a sleep), and is swept to the cold address
//! once; the collection shows every step, what it cost, and closes. Balance drift fails with an
//! alarm, an extra nobody deposited is swept and recorded apart, and a fee above the cap waits.

use coffer_chain::devchain;
use coffer_domain::amount::BaseUnits;
use coffer_domain::collection::executor::SweepReport;
use coffer_domain::ports::chain::{Asset, ChainAdapter, KeyPurpose, TransferRequest};
use coffer_testkit::{each_database, TestDb};
use serde_json::{json, Value};

use crate::assets::COLD_A;
use crate::balance_readings::{reader, readings};
use crate::collection_plan::{app, deposit, tick};
use crate::console::Collection;
use crate::deposits::{scan, usdt, DEV};
use crate::wallets::{demo_merchant, list};
use coffer_domain::clock::Clock;
use coffer_domain::ports::Holder;

mod helpers;

pub(crate) use helpers::*;

async fn a_deposit_is_swept_once_after_an_exact_fee_top_up(db: TestDb) {
    let app = app(db).await;
    let (token, secret, hot_id, hot, user_1) = opened_collection(&app, "20").await;
    let fee = devchain::fee();
    assert_eq!(in_deposit_addresses(&app, &token).await, "20");

    // No fee wallet yet: it waits, saying why, and nothing is signed.
    let report = sweep(&app).await;
    assert_eq!((report.signed, report.held), (0, 1), "{report:?}");
    let row = &collections(&app, &token).await[0];
    assert_eq!(row["status"], 7);
    assert!(row["reason"].as_str().unwrap().contains("no fee wallet"), "{row}");

    // The hot wallet is marked as the fee wallet; it holds no coin yet: still waiting.
    let saved = save_fees(&app, &token, &secret, Some(hot_id), "").await;
    assert_eq!(saved.code(), 1, "{:?}", saved.body);
    let dev_fees = dev_fees(&app, &token).await;
    assert_eq!(
        (dev_fees["feeWalletAddress"].as_str(), dev_fees["maxFee"].as_str()),
        (Some(hot.as_str()), Some(""))
    );
    assert_eq!(sweep(&app).await.signed, 0);
    let row = &collections(&app, &token).await[0];
    assert!(
        row["reason"].as_str().unwrap().contains("the fee wallet holds 0"),
        "{row}"
    );

    // Funded: the top-up is the sweep's fee plus 5%, signed, sent, and waited for.
    app.devchain.fund(&hot, &Asset::Native, dev("1")).await.unwrap();
    mine(&app, 1).await;
    let report = sweep(&app).await;
    assert_eq!((report.signed, report.broadcast), (1, 1), "{report:?}");
    let row = &collections(&app, &token).await[0];
    assert_eq!(row["status"], 3, "waiting for fee arrival: {row}");
    let top_up = BaseUnits::from_u128(fee.0.to::<u128>() * 105 / 100);
    let steps = detail(&app, &token, row["id"].as_i64().unwrap()).await["steps"].clone();
    assert_eq!(steps.as_array().unwrap().len(), 1);
    assert_eq!(
        (
            steps[0]["kind"].as_i64(),
            steps[0]["state"].as_i64(),
            steps[0]["amount"].as_str()
        ),
        (Some(1), Some(2), Some(decimal(top_up).as_str()))
    );
    assert_eq!(
        (steps[0]["fromAddress"].as_str(), steps[0]["toAddress"].as_str()),
        (Some(hot.as_str()), Some(user_1.as_str()))
    );
    // Not confirmed: rounds pass and nothing else is signed.
    assert_eq!(sweep(&app).await.signed, 0);
    assert_eq!(collections(&app, &token).await[0]["status"], 3);

    // Confirmed (3 blocks): back to waiting for collection, then the sweep is signed and sent.
    mine(&app, 3).await;
    sweep(&app).await;
    assert_eq!(collections(&app, &token).await[0]["status"], 7);
    let report = sweep(&app).await;
    assert_eq!((report.signed, report.broadcast), (1, 1), "{report:?}");
    // Home's holdings: the cold address read while the sweep is on its way (nothing there yet).
    reader(&app, "process-a").step().await.unwrap();
    mine(&app, 3).await;
    let report = sweep(&app).await;
    assert_eq!(report.collected, 1, "{report:?}");
    // The cold address is read again at once, not at its next scheduled read (5 minutes on):
    // Home never shows it empty after the sweep.
    app.clock.advance(chrono::Duration::seconds(30));
    reader(&app, "process-a").step().await.unwrap();
    let cold = readings(&app)
        .await
        .into_iter()
        .find(|r| r.0 == Holder::Cold && r.1 == COLD_A && r.2 == Some(1))
        .expect("the cold address's USDT reading");
    assert_eq!((cold.3.as_str(), cold.4), ("20", app.clock.now()));

    let row = &collections(&app, &token).await[0];
    assert_eq!(
        (
            row["status"].as_i64(),
            row["amount"].as_str(),
            row["attributed"].as_str(),
            row["unattributed"].as_str()
        ),
        (Some(1), Some("20"), Some("20"), Some("0"))
    );
    // Paid: the top-up's fee and the sweep's, as the chain recorded them.
    assert_eq!(
        row["feePaid"].as_str(),
        Some(decimal(fee.saturating_add(fee)).as_str())
    );
    assert_eq!(row["feeEstimated"].as_str(), Some(decimal(fee).as_str()));
    let steps = detail(&app, &token, row["id"].as_i64().unwrap()).await["steps"].clone();
    let sweep_step = &steps[1];
    assert_confirmed_sweep_part(sweep_step, COLD_A, "20");
    assert!(sweep_step["hash"].as_str().unwrap().starts_with("0x"));

    // On chain: the cold address has it, the deposit address keeps only the margin.
    let chain: &dyn ChainAdapter = &app.devchain;
    let cold = chain.parse_address(COLD_A).unwrap();
    assert_eq!(
        chain.balance(&cold, &usdt()).await.unwrap(),
        BaseUnits::from_u128(20_000_000)
    );
    assert_eq!(chain.balance(&user_1, &usdt()).await.unwrap(), BaseUnits::ZERO);
    let left = chain.balance(&user_1, &Asset::Native).await.unwrap();
    assert_eq!(left, top_up.checked_sub(fee).unwrap());
    // Fee efficiency: coin spent on the sweep over its minimum (the fee) is 1; the top-up's own
    // fee is the price of moving a token from an address with no coin.
    assert!(left.0 * ruint::aliases::U256::from(100u8) <= fee.0 * ruint::aliases::U256::from(5u8));

    // Nothing waits any more, and more rounds sign nothing.
    assert_nothing_waits(&app, &token).await;
    mine(&app, 2).await;
    assert_eq!(sweep(&app).await, SweepReport::default());
    assert_eq!(collections(&app, &token).await.len(), 1);

    // The next deposit is collected again, from the coin left and a new small top-up.
    let merchant = demo_merchant(&app).await;
    deposit(&app, merchant, "user-1", "15").await;
    assert_eq!(tick(&app).await.opened, 1);
    let rows = collections(&app, &token).await;
    assert_eq!((rows.len(), rows[0]["waiting"].as_str()), (2, Some("15")));
    assert_eq!(in_deposit_addresses(&app, &token).await, "15");
}

async fn drift_fails_with_an_alarm_and_an_extra_is_unattributed(db: TestDb) {
    let app = app(db).await;
    let (token, secret, hot_id, hot, user_1) = opened_collection(&app, "20").await;
    assert_eq!(save_fees(&app, &token, &secret, Some(hot_id), "").await.code(), 1);
    app.devchain.fund(&hot, &Asset::Native, dev("1")).await.unwrap();
    // Dust nobody is credited for (below the devchain's 0.01 minimum deposit).
    app.send_usdt(&user_1, "0.005").await;
    mine(&app, 3).await;
    scan(&app).await;
    sweep(&app).await; // top-up
    mine(&app, 3).await;
    sweep(&app).await; // confirmed
    sweep(&app).await; // sweep signed
    mine(&app, 3).await;
    assert_eq!(sweep(&app).await.collected, 1);
    let row = &collections(&app, &token).await[0];
    assert_eq!(
        (
            row["amount"].as_str(),
            row["attributed"].as_str(),
            row["unattributed"].as_str()
        ),
        (Some("20.005"), Some("20"), Some("0.005"))
    );

    // A second deposit, then 1 USDT leaves the address behind the service's back (a leaked
    // key): the sweep is not signed, the collection fails with the reason, and it waits still.
    let merchant = demo_merchant(&app).await;
    deposit(&app, merchant, "user-1", "12").await;
    assert_eq!(tick(&app).await.opened, 1);
    let seed = app.vault.seed(merchant).await.unwrap();
    let chain: &dyn ChainAdapter = &app.devchain;
    let index = app
        .wallets
        .deposit_address(merchant, DEV, "user-1")
        .await
        .unwrap()
        .key_index;
    let key = chain.derive(&seed, KeyPurpose::Deposit, index as u32).unwrap();
    let thief = TransferRequest {
        from: user_1.clone(),
        to: hot.clone(),
        asset: usdt(),
        amount: BaseUnits::from_u128(1_000_000),
        nonce: None,
    };
    // The thief pays the fee of taking it.
    app.devchain
        .fund(&user_1, &Asset::Native, dev("0.01"))
        .await
        .unwrap();
    mine(&app, 1).await;
    let stolen = chain.sign_transfer(&key.secret, &thief).await.unwrap();
    chain.broadcast(&stolen).await.unwrap();
    mine(&app, 3).await;
    let report = sweep(&app).await;
    assert_eq!((report.failed, report.signed), (1, 0), "{report:?}");
    let row = &collections(&app, &token).await[0];
    assert_eq!(row["status"], 4);
    assert_eq!(
        row["reason"],
        "balance drift: the address holds 11, credited and not collected 12"
    );
    let waiting = app
        .collection(&token)
        .waiting(json!({"page": 1, "pageSize": 10}))
        .await;
    assert_eq!(list(&waiting)[0]["waiting"], "12");
}

async fn a_fee_above_the_cap_waits_then_proceeds(db: TestDb) {
    let app = app(db).await;
    let (token, secret, hot_id, hot, _) = opened_collection(&app, "20").await;
    let fee = devchain::fee();
    let below = decimal(fee.checked_sub(BaseUnits::from_u128(1)).unwrap());
    assert_eq!(
        save_fees(&app, &token, &secret, Some(hot_id), &below)
            .await
            .code(),
        1
    );
    app.devchain.fund(&hot, &Asset::Native, dev("1")).await.unwrap();
    mine(&app, 1).await;
    for _ in 0..2 {
        let report = sweep(&app).await;
        assert_eq!((report.signed, report.held), (0, 1), "{report:?}");
    }
    let row = &collections(&app, &token).await[0];
    assert_eq!(row["status"], 7, "it waits, it does not fail: {row}");
    assert_eq!(
        row["reason"].as_str().unwrap(),
        format!(
            "fee above cap: the collection costs {} in all (the sweep costs {}), the cap is {below}",
            decimal(fee),
            decimal(fee)
        )
    );
    // The cap is raised to the sweep's fee: the top-up it needs costs a fee too, and the cap is
    // what the whole collection may cost. Nothing is signed.
    assert_eq!(
        save_fees(&app, &token, &secret, Some(hot_id), &decimal(fee))
            .await
            .code(),
        1
    );
    let report = sweep(&app).await;
    assert_eq!((report.signed, report.held), (0, 1), "{report:?}");
    let both = decimal(fee.saturating_add(fee));
    assert_eq!(
        collections(&app, &token).await[0]["reason"].as_str().unwrap(),
        format!(
            "fee above cap: the collection costs {both} in all (the top-up costs {}, the sweep {}), the cap is {}",
            decimal(fee),
            decimal(fee),
            decimal(fee)
        )
    );
    // Raised to both fees: the top-up goes, then the sweep within the same cap.
    assert_eq!(
        save_fees(&app, &token, &secret, Some(hot_id), &both).await.code(),
        1
    );
    assert_eq!(sweep(&app).await.signed, 1);
    assert_eq!(collections(&app, &token).await[0]["status"], 3);
    mine(&app, 3).await;
    sweep(&app).await;
    assert_eq!(sweep(&app).await.signed, 1, "the sweep, the top-up's fee counted");
    mine(&app, 3).await;
    assert_eq!(sweep(&app).await.collected, 1);
    let row = &collections(&app, &token).await[0];
    assert_eq!(
        row["feePaid"].as_str(),
        Some(both.as_str()),
        "within the cap: {row}"
    );

    // Bad settings change nothing: a cap that is not an amount, another merchant's wallet, an
    // unknown chain, a wrong code.
    let fees = |body: Value| app.collection(&token).save_fees(body);
    let bad_cap =
        fees(json!({"chainId": DEV, "feeWalletId": hot_id, "maxFee": "-1", "googleCode": "123456"})).await;
    assert_eq!(bad_cap.code(), 10422, "{:?}", bad_cap.body);
    let outsider = app.other_merchant().await;
    let theirs = app.accept_token(&outsider, DEV, 1).await;
    let their_id = hot_wallet_id(&app, &outsider, &theirs).await;
    let foreign = fees(json!({"chainId": DEV, "feeWalletId": their_id, "googleCode": "123456"})).await;
    assert_eq!(foreign.code(), 17001, "{:?}", foreign.body);
    let chain = fees(json!({"chainId": 999, "googleCode": "123456"})).await;
    assert_eq!(chain.code(), 17001, "{:?}", chain.body);
    let wrong = fees(json!({"chainId": DEV, "feeWalletId": hot_id, "googleCode": "000000"})).await;
    assert_eq!(wrong.code(), 11002, "{:?}", wrong.body);
    let dev_fees = dev_fees(&app, &token).await;
    assert_eq!(dev_fees["maxFee"].as_str(), Some(both.as_str()), "unchanged");

    // Another merchant sees none of it; a role without the menu or the button is refused.
    let id = collections(&app, &token).await[0]["id"].clone();
    assert_eq!(collections(&app, &outsider).await, Vec::<Value>::new());
    let foreign = app.collection(&outsider).detail(json!({"id": id})).await;
    assert_eq!(foreign.code(), 17001, "{:?}", foreign.body);
    let viewer = app
        .operator("viewer@coffer.local", "Viewer-Pass-2026", &[5, 502])
        .await;
    app.assert_gated(&viewer, Collection::PAGE, &json!({"page": 1}), "501")
        .await;
    app.assert_gated(&viewer, Collection::DETAIL, &json!({"id": id}), "501")
        .await;
    app.assert_gated(
        &viewer,
        Collection::SAVE_FEES,
        &json!({"chainId": DEV, "googleCode": "1"}),
        "50202",
    )
    .await;
}

each_database!(
    a_deposit_is_swept_once_after_an_exact_fee_top_up,
    drift_fails_with_an_alarm_and_an_extra_is_unattributed,
    a_fee_above_the_cap_waits_then_proceeds,
);
