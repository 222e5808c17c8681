//! A sweep is never credited as a deposit. The probe's loop: a cold address that is one of the
//! merchant's own deposit addresses made every sweep into it a new deposit of that end user
//! (7.5 USDT paid, 37.5 credited in 90 s). It stops at the door: no address Coffer knows, of
//! any merchant, may be requested or approved as a cold address, and the operator's listing
//! says what each requested address is. Behind the door, with the check bypassed, a transfer
//! from the merchant's own deposit address or hot wallet is recorded as internal: never
//! credited, never announced, never collected again.

use coffer_domain::amount::BaseUnits;
use coffer_domain::clock::Clock;
use coffer_domain::ports::chain::{Asset, ChainAdapter, KeyPurpose, TransferRequest};
use coffer_domain::ports::{ApplyStatus, ColdAddress, TokenRequestRecord, TokenRequestRepo};
use coffer_store::entities::{callback_event, deposit};
use coffer_testkit::{each_database, TestDb};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde_json::{json, Value};
use std::process::Output;

use crate::assets::COLD_A;
use crate::collection_plan::{app, deposit, save_collect, tick};
use crate::collection_sweep::{assert_nothing_waits, hot_wallet_id, mine, save_fees, sweep};
use crate::deposits::{scan, usdt, DEV};
use crate::helpers::{stdout, TestApp};
use crate::wallets::{bind_google, demo_merchant, google_code, list};

const KNOWN: &str = "This address is a deposit or hot wallet address in Coffer and cannot be a cold address";

/// `coffer admin token <args>` on the app's database.
fn admin_token(app: &TestApp, args: &[&str]) -> Output {
    app.admin(&[&["token"], args].concat())
}

/// A request stored as it was before the door existed (or for an address derived since): the
/// store takes it as it is. `addresses`: (address, ratio).
async fn stored_request(app: &TestApp, merchant: i64, asset: i64, addresses: &[(&str, &str)]) -> i64 {
    app.store
        .insert_token_request(&TokenRequestRecord {
            id: 0,
            merchant_id: merchant,
            asset_id: asset,
            addresses: addresses
                .iter()
                .map(|(address, ratio)| ColdAddress {
                    address: address.to_string(),
                    ratio: ratio.to_string(),
                })
                .collect(),
            apply_status: ApplyStatus::Pending,
            in_force: false,
            reason: String::new(),
            requested_by: 1,
            created_at: app.clock.now(),
            reviewed_at: None,
        })
        .await
        .unwrap()
}

async fn no_address_coffer_knows_becomes_a_cold_address(db: TestDb) {
    let app = app(db).await;
    let token = app.sign_in_demo().await;
    let hot = app.accept_token(&token, DEV, 1).await;
    let merchant = demo_merchant(&app).await;
    let user_1 = app.deposit_address(merchant, DEV, "user-1").await;
    let other = app.other_merchant().await;
    app.accept_token(&other, DEV, 1).await;
    let other_merchant = app
        .store
        .merchant_of(crate::helpers::OTHER_EMAIL)
        .await
        .unwrap()
        .unwrap();
    let theirs = app.deposit_address(other_merchant, DEV, "their-user").await;
    let secret = bind_google(&app, &token).await;
    let assets = app.assets(&token).list_all().await;
    let asset = assets.data()[0]["id"].as_i64().unwrap();
    let request = |addresses: Value| {
        let code = google_code(&app, &secret);
        app.assets(&token)
            .request_cold_address(json!({"assetId": asset, "coldAddresses": addresses, "googleCode": code}))
    };

    // Its own deposit address, its hot wallet, another merchant's deposit address (typed in
    // lower case): the same answer for each, so nobody learns whose it is.
    for address in [user_1.clone(), hot.clone(), theirs.to_lowercase()] {
        let refused = request(json!([{"address": address, "ratio": "1"}])).await;
        assert_eq!(refused.code_and_msg(), (10422, KNOWN), "{address}");
        let mixed =
            request(json!([{"address": COLD_A, "ratio": "0.5"}, {"address": address, "ratio": "0.5"}])).await;
        assert_eq!(
            mixed.code_and_msg(),
            (10422, KNOWN),
            "{address} beside an outside address"
        );
    }
    let requests = app
        .assets(&token)
        .token_requests(json!({"page": 1, "pageSize": 10}))
        .await;
    assert_eq!(requests.data()["total"], 0, "refused requests store nothing");
    assert_eq!(
        stdout(&admin_token(&app, &["list", "--pending"])),
        "No cold-address requests awaiting review.\n"
    );

    // A request that reached the operator anyway (made before the rule): the listing says what
    // each address is, and the approval is refused; a request of outside addresses is approved.
    let bad = stored_request(&app, merchant, asset, &[(&user_1, "0.5"), (COLD_A, "0.5")]).await;
    let listing = stdout(&admin_token(&app, &["list", "--pending"]));
    assert!(
        listing.contains(&format!(
            "{user_1} x0.5\tKNOWN: deposit address of merchant {merchant} (OpenID user-1), cannot be approved"
        )),
        "{listing}"
    );
    assert!(
        listing.contains(&format!("{COLD_A} x0.5\tnot an address Coffer knows")),
        "{listing}"
    );
    let approve = admin_token(&app, &["approve", &bad.to_string()]);
    assert!(!approve.status.success());
    assert!(String::from_utf8_lossy(&approve.stderr).contains(KNOWN));
    let refused = app.wallets.review_token_request(bad, true, "").await.unwrap_err();
    assert_eq!(
        refused.msg_key(),
        coffer_domain::messages::MsgKey::ColdAddressKnown
    );
    let rejected = app
        .wallets
        .review_token_request(bad, false, "a deposit address")
        .await;
    assert!(rejected.unwrap(), "a known address can still be rejected");
    let good = request(json!([{"address": COLD_A, "ratio": "1"}])).await;
    assert_eq!(good.code(), 1, "{:?}", good.body);
    let good = good.data()["id"].as_i64().unwrap();
    assert!(app.wallets.review_token_request(good, true, "").await.unwrap());
    let cold = app
        .assets(&token)
        .cold_addresses(json!({"page": 1, "pageSize": 10}))
        .await;
    assert_eq!(list(&cold).len(), 1);
    assert_eq!(list(&cold)[0]["address"], COLD_A);
}

/// The merchant's deposits to `address`: (note, credited, status).
async fn deposits_to(app: &TestApp, address: &str) -> Vec<(String, bool, i32)> {
    deposit::Entity::find()
        .filter(deposit::Column::ToAddress.eq(address))
        .order_by_asc(deposit::Column::Id)
        .all(app.store.connection())
        .await
        .unwrap()
        .into_iter()
        .map(|d| (d.note, d.credited, d.status.0 as i32))
        .collect()
}

/// Callback events queued for orders paid to `address`.
async fn events_for(app: &TestApp, address: &str) -> usize {
    let orders: Vec<String> = deposit::Entity::find()
        .filter(deposit::Column::ToAddress.eq(address))
        .all(app.store.connection())
        .await
        .unwrap()
        .into_iter()
        .map(|d| d.order_no)
        .collect();
    callback_event::Entity::find()
        .filter(callback_event::Column::OrderNo.is_in(orders))
        .all(app.store.connection())
        .await
        .unwrap()
        .len()
}

async fn a_sweep_into_an_own_address_is_never_credited(db: TestDb) {
    let app = app(db).await;
    let token = app.sign_in_demo().await;
    let hot = app.accept_token(&token, DEV, 1).await;
    let merchant = demo_merchant(&app).await;
    let secret = bind_google(&app, &token).await;
    let assets = app.assets(&token).list_all().await;
    save_collect(&app, &token, &assets.data()[0], 3).await;
    let asset = assets.data()[0]["id"].as_i64().unwrap();
    let user_2 = app.deposit_address(merchant, DEV, "user-2").await;
    // The door bypassed: user-2's deposit address is the cold address.
    let request = stored_request(&app, merchant, asset, &[(&user_2, "1")]).await;
    assert!(app
        .store
        .approve_token_request(request, app.clock.now())
        .await
        .unwrap());

    // user-1 pays 20 USDT; it is collected (fee wallet, top-up, sweep) into user-2's address.
    deposit(&app, merchant, "user-1", "20").await;
    assert_eq!(tick(&app).await.opened, 1);
    let hot_id = hot_wallet_id(&app, &token, &hot).await;
    assert_eq!(save_fees(&app, &token, &secret, Some(hot_id), "").await.code(), 1);
    app.devchain
        .fund(&hot, &Asset::Native, BaseUnits::from_decimal("1", 18).unwrap())
        .await
        .unwrap();
    mine(&app, 1).await;
    assert_eq!(sweep(&app).await.signed, 1, "the fee top-up");
    mine(&app, 3).await;
    sweep(&app).await;
    assert_eq!(sweep(&app).await.signed, 1, "the sweep");
    mine(&app, 3).await;
    scan(&app).await;
    assert_eq!(sweep(&app).await.collected, 1);
    mine(&app, 3).await;
    scan(&app).await;

    // The sweep is recorded at user-2 as internal: complete, never credited, never announced.
    assert_eq!(
        deposits_to(&app, &user_2).await,
        vec![("internal".to_string(), false, 8)]
    );
    assert_eq!(events_for(&app, &user_2).await, 0, "no callback for a sweep");
    // Nothing waits at user-2, so nothing is collected again: no loop.
    for _ in 0..3 {
        assert_eq!(tick(&app).await.opened, 0);
        assert_eq!(sweep(&app).await.signed, 0);
    }
    assert_nothing_waits(&app, &token).await;

    // A payout from the hot wallet into a deposit address behind the service's back: the same.
    let user_3 = app.deposit_address(merchant, DEV, "user-3").await;
    app.send_usdt(&hot, "5").await;
    mine(&app, 1).await;
    let chain: &dyn ChainAdapter = &app.devchain;
    let seed = app.vault.seed(merchant).await.unwrap();
    let key = chain.derive(&seed, KeyPurpose::HotWallet, 0).unwrap();
    let payout = TransferRequest {
        from: hot.clone(),
        to: user_3.clone(),
        asset: usdt(),
        amount: BaseUnits::from_u128(5_000_000),
        nonce: None,
    };
    let signed = chain.sign_transfer(&key.secret, &payout).await.unwrap();
    chain.broadcast(&signed).await.unwrap();
    mine(&app, 3).await;
    scan(&app).await;
    assert_eq!(
        deposits_to(&app, &user_3).await,
        vec![("internal".to_string(), false, 8)]
    );
    assert_eq!(events_for(&app, &user_3).await, 0);

    // What the merchant was credited is user-1's 20, once.
    let credited = deposit::Entity::find()
        .filter(deposit::Column::MerchantId.eq(merchant))
        .filter(deposit::Column::Credited.eq(true))
        .all(app.store.connection())
        .await
        .unwrap();
    assert_eq!(credited.len(), 1);
    assert_eq!(credited[0].amount.0, BaseUnits::from_u128(20_000_000));
}

each_database!(
    no_address_coffer_knows_becomes_a_cold_address,
    a_sweep_into_an_own_address_is_never_credited,
);
