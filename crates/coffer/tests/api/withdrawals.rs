//! Withdrawals on the devchain: a console request is screened, passed, signed, broadcast and
//! followed to complete, paid once from the hot wallet and announced; requests are checked and
//! idempotent; a paused or empty wallet makes the order wait, never pays from the wrong one.

use coffer_domain::amount::BaseUnits;
use coffer_domain::callbacks::events::CallbackEvents;
use coffer_domain::clock::Clock;
use coffer_domain::ports::chain::Asset;
use coffer_domain::ports::{Holder, Transition, WithdrawalRepo};
use coffer_testkit::{each_database, TestDb};
use serde_json::{json, Value};

use crate::balance_readings::{reader, readings};
use crate::console::paging;
use crate::deposits::{range, usdt, with};
use crate::helpers::{fields, spawn_app_with, Answer, TestApp, DEMO_EMAIL};
use crate::merchant_signing::{new_key, reset_key, send, upload_key, Integration};
use crate::receiver::{Receiver, Reply};
use crate::wallets::{bind_google, google_code, list, offline_chains};

pub const DEV: i64 = 1337;
pub const PAYEE: &str = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const OTHER_PAYEE: &str = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";

pub fn units(text: &str) -> BaseUnits {
    BaseUnits::from_decimal(text, 6).unwrap()
}

/// The demo merchant ready to pay USDT on the devchain: a funded hot wallet (the payment
/// address), Google authenticator bound. Returns (session, authenticator secret, hot wallet).
pub struct Payer {
    pub token: String,
    pub google: String,
    pub hot: String,
}

pub async fn payer(app: &TestApp, usdt_balance: &str) -> Payer {
    payer_as(app, DEMO_EMAIL, crate::helpers::DEMO_PASSWORD, usdt_balance).await
}

/// [`payer`] for another merchant's admin.
pub async fn payer_as(app: &TestApp, email: &str, password: &str, usdt_balance: &str) -> Payer {
    let payer = payer_on(app, email, password, DEV, 1).await;
    let hot = &payer.hot;
    app.devchain
        .fund(hot, &Asset::Native, BaseUnits::from_decimal("1", 18).unwrap())
        .await
        .unwrap();
    app.devchain
        .fund(hot, &usdt(), units(usdt_balance))
        .await
        .unwrap();
    app.devchain.mine().await.unwrap();
    payer
}

/// `email` signed in with the authenticator bound, accepting `token_id` on `chain` with a new
/// hot wallet as the payment address, which holds nothing yet.
pub async fn payer_on(app: &TestApp, email: &str, password: &str, chain: i64, token_id: i64) -> Payer {
    let token = app.sign_in(email, password).await;
    let google = bind_google(app, &token).await;
    let hot = app.accept_token(&token, chain, token_id).await;
    Payer { token, google, hot }
}

/// One person reviews (maker-checker off); the payer holds 5000 USDT and its order of 1200 is
/// held for review by the limits: the app, the payer and the order's id.
pub async fn held_for_review(db: TestDb) -> (TestApp, Payer, Value) {
    let app = spawn_app_with(db, |c| {
        offline_chains(c);
        c.withdrawals.maker_checker = false;
    })
    .await;
    let p = payer(&app, "5000").await;
    let order = withdraw(&app, &p, "1200", json!({})).await.data()["id"].clone();
    app.executor.step().await.unwrap();
    (app, p, order)
}

/// Moves withdrawal `id` through `change` in the store, as the executor would record it, with
/// no callback announced: for states the chain cannot be made to produce on demand.
pub async fn force_transition(app: &TestApp, id: i64, change: Transition) {
    let events = CallbackEvents::new(vec![], app.clock.clone());
    let now = app.clock.now();
    let moved = app.store.transition(id, &change, now, &events).await.unwrap();
    moved.expect("the withdrawal was in a state the change starts from");
}

pub async fn withdraw(app: &TestApp, p: &Payer, amount: &str, extra: Value) -> Answer {
    let body = with(
        json!({"chainId": DEV, "tokenId": 1, "toAddress": PAYEE, "amount": amount,
               "googleCode": google_code(app, &p.google)}),
        extra,
    );
    app.withdrawals(&p.token).create(body).await
}

pub async fn detail(app: &TestApp, token: &str, id: &Value) -> Value {
    let found = app.withdrawals(token).detail(json!({"id": id})).await;
    assert_eq!(found.code(), 1, "{:?}", found.body);
    found.data().clone()
}

async fn usdt_of(app: &TestApp, address: &str) -> BaseUnits {
    app.devchain.spendable(address, &usdt()).await.unwrap()
}

async fn a_console_withdrawal_is_paid_once_and_announced(db: TestDb) {
    let receiver = Receiver::start().await;
    let app = spawn_app_with(db, offline_chains).await;
    let p = payer(&app, "100").await;
    app.callbacks(&p.token).save_url_to(&receiver.url).await;
    // Home's holdings: the hot wallet read before the payout.
    reader(&app, "process-a").step().await.unwrap();

    let asked = withdraw(&app, &p, "25.5", json!({"remark": "payout 7"})).await;
    assert_eq!(asked.code(), 1, "{:?}", asked.body);
    let id = asked.data()["id"].clone();
    assert_eq!(asked.data()["status"], 0, "checks run in the executor");
    assert!(asked.data()["orderNo"].as_str().unwrap().starts_with('W'));
    assert_eq!(asked.data()["createdBy"], DEMO_EMAIL);

    let report = app.executor.step().await.unwrap();
    assert_eq!(
        (report.screened, report.signed, report.broadcast),
        (1, 1, 1),
        "{report:?}"
    );
    let sent = detail(&app, &p.token, &id).await;
    assert_eq!(sent["status"], 6);
    assert_eq!(sent["fromAddress"], p.hot.as_str());
    let hash = sent["hash"].as_str().unwrap().to_string();
    assert!(hash.starts_with("0x"));
    assert_eq!(sent["fee"], "0.001");
    // The merchant hears of the broadcast before the order moves on, and refuses it (code 1).
    receiver.reply(Reply::CodeOne);
    assert_eq!(app.callbacks.deliver_due().await.unwrap(), 1);
    receiver.reply(Reply::Ok);

    // Mined, then confirmed: complete with the arrival quantity; paid exactly once.
    app.devchain.mine().await.unwrap();
    app.executor.step().await.unwrap();
    assert_eq!(detail(&app, &p.token, &id).await["status"], 7);
    app.devchain.mine().await.unwrap();
    app.devchain.mine().await.unwrap();
    assert_eq!(app.executor.step().await.unwrap().completed, 1);
    let done = detail(&app, &p.token, &id).await;
    assert_eq!(fields(&done, &["status", "actualAmount"]), json!([8, "25.5"]));
    assert!(done["completetime"].is_string());
    for _ in 0..3 {
        app.executor.step().await.unwrap();
        app.devchain.mine().await.unwrap();
    }
    assert_eq!(usdt_of(&app, PAYEE).await, units("25.5"));
    assert_eq!(usdt_of(&app, &p.hot).await, units("74.5"));
    // The paying wallet is read again at once, not at its next scheduled read: Home shows
    // what is left.
    reader(&app, "process-a").step().await.unwrap();
    let hot = readings(&app)
        .await
        .into_iter()
        .find(|r| r.0 == Holder::HotWallet && r.1 == p.hot && r.2 == Some(1))
        .expect("the hot wallet's USDT reading");
    assert_eq!((hot.3.as_str(), hot.4), ("74.5", app.clock.now()));

    // The merchant hears of the broadcast and of the completion, each signed; the refused
    // broadcast is superseded by the completion, never re-sent after it.
    app.callbacks.deliver_due().await.unwrap();
    let events: Vec<String> = receiver
        .events()
        .iter()
        .map(|e| {
            format!(
                "{} {} {}",
                e["event"].as_str().unwrap(),
                e["status"],
                e["hash"].as_str().unwrap()
            )
        })
        .collect();
    assert_eq!(
        events,
        vec![
            format!("withdraw.broadcast 6 {hash}"),
            format!("withdraw.confirmed 8 {hash}")
        ]
    );
    let page = app
        .withdrawals(&p.token)
        .page(with(
            range(&app),
            json!({"page": 1, "pageSize": 10, "hash": hash.to_uppercase()}),
        ))
        .await;
    assert_eq!(list(&page).len(), 1);
    let summary = app.withdrawals(&p.token).summary(range(&app)).await;
    assert_eq!(summary.data()["totals"][0]["amount"], "25.5");
    app.clock.advance(chrono::Duration::minutes(31));
    assert_eq!(app.callbacks.deliver_due().await.unwrap(), 0);
    assert_eq!(receiver.events().len(), 2, "the refused broadcast is not re-sent");
}

async fn a_paused_or_empty_wallet_makes_the_order_wait(db: TestDb) {
    let app = spawn_app_with(db, offline_chains).await;
    let p = payer(&app, "10").await;
    // More than the wallet holds: waits for settlement, nothing is signed.
    let big = withdraw(&app, &p, "50", json!({})).await;
    let report = app.executor.step().await.unwrap();
    assert_eq!(report.signed, 0);
    let waiting = detail(&app, &p.token, &big.data()["id"]).await;
    assert_eq!(waiting["status"], 4);
    assert!(waiting["reason"].as_str().unwrap().contains(&p.hot), "{waiting}");

    // Paused: never used, even with enough on it.
    let wallets = app.wallets(&p.token).hot_page(paging(1, 10)).await;
    let wallet_id = list(&wallets)[0]["id"].clone();
    app.wallets(&p.token)
        .set_hot_status(json!({"id": wallet_id, "status": 1}))
        .await;
    let small = withdraw(&app, &p, "5", json!({})).await;
    app.executor.step().await.unwrap();
    let paused = detail(&app, &p.token, &small.data()["id"]).await;
    assert_eq!(paused["status"], 4, "{paused}");
    assert_eq!(paused["hash"], "");

    // Resumed and topped up: both go out at the next try.
    app.wallets(&p.token)
        .set_hot_status(json!({"id": wallet_id, "status": 0}))
        .await;
    app.devchain.fund(&p.hot, &usdt(), units("100")).await.unwrap();
    app.devchain.mine().await.unwrap();
    app.executor.step().await.unwrap();
    assert_eq!(
        detail(&app, &p.token, &small.data()["id"]).await["status"],
        4,
        "waits its minute"
    );
    app.clock.advance(chrono::Duration::seconds(61));
    assert_eq!(app.executor.step().await.unwrap().broadcast, 2);
    app.devchain.mine().await.unwrap();
    assert_eq!(usdt_of(&app, PAYEE).await, units("55"));
}

/// The merchant API set up for the payer's merchant (its authenticator is bound already).
pub async fn integration(app: &TestApp, p: &Payer) -> Integration {
    let api_key = reset_key(app, &p.token, &p.google).await;
    let pair = new_key();
    assert_eq!(upload_key(app, &p.token, &p.google, &pair).await.code(), 1);
    let listed = app
        .merchant_keys(&p.token)
        .edit_allowed_ips(json!({"ips": ["127.0.0.1"]}))
        .await;
    assert_eq!(listed.code(), 1);
    Integration {
        token: p.token.clone(),
        google: p.google.clone(),
        api_key,
        pair,
    }
}

pub async fn merchant_withdraw(app: &TestApp, m: &Integration, body: Value) -> Answer {
    let body = body.to_string();
    let path = "/merchant/v1/withdraw";
    send(app, "POST", path, &body, &m.sign(app, "POST", path, &body)).await
}

async fn requests_are_checked_and_idempotent(db: TestDb) {
    let app = spawn_app_with(db, offline_chains).await;
    let p = payer(&app, "100").await;
    let m = integration(&app, &p).await;
    let order = |no: &str, amount: &str| {
        json!({"merchantOrderNo": no, "chainId": DEV, "tokenId": 1, "toAddress": PAYEE,
               "amount": amount, "openId": "user-9"})
    };
    let first = merchant_withdraw(&app, &m, order("shop-1", "12")).await;
    assert_eq!(first.code(), 1, "{:?}", first.body);
    assert_eq!(first.data()["source"], 1);
    let again = merchant_withdraw(&app, &m, order("shop-1", "12")).await;
    assert_eq!(
        again.data()["id"],
        first.data()["id"],
        "the same order, not a second one"
    );
    let other = merchant_withdraw(&app, &m, order("shop-1", "13")).await;
    assert_eq!(
        other.code_and_msg(),
        (
            14004,
            "This merchant order number was used for another withdrawal"
        )
    );

    let blacklisted = app
        .wallets(&p.token)
        .blacklist_add(json!({"chainId": DEV, "address": PAYEE.to_lowercase()}))
        .await;
    assert_eq!(blacklisted.code(), 1);
    let elsewhere = |no: &str, amount: &str| with(order(no, amount), json!({"toAddress": OTHER_PAYEE}));
    let refusals = [
        (order("shop-2", "1"), "This address is on your blacklist"),
        (
            with(order("shop-3", "1"), json!({"toAddress": "0x1234"})),
            "Invalid address for this chain",
        ),
        (elsewhere("shop-4", "1.0000001"), "Invalid amount"),
        (elsewhere("shop-5", "0"), "Invalid amount"),
        (
            elsewhere("shop 6", "1"),
            "The merchant order number must be 1 to 64 letters, digits, - or _",
        ),
        (
            with(elsewhere("shop-7", "1"), json!({"tokenId": 999})),
            "Unknown chain or token",
        ),
        (
            with(
                order("shop-8", "1"),
                json!({"chainId": 31337, "tokenId": 101, "toAddress": OTHER_PAYEE}),
            ),
            "This token is not enabled",
        ),
    ];
    for (body, msg) in refusals {
        let refused = merchant_withdraw(&app, &m, body.clone()).await;
        let code = match msg {
            "This address is on your blacklist" => 14001,
            "This token is not enabled" => 14003,
            _ => 10422,
        };
        assert_eq!(refused.code_and_msg(), (code, msg), "{body}");
    }
    let missing = merchant_withdraw(&app, &m, json!({"chainId": DEV, "tokenId": 1})).await;
    assert_eq!(missing.code(), 10400);
    let listed = {
        let body = json!({}).to_string();
        let path = "/merchant/v1/withdrawals";
        m.call(&app, "POST", path, &body).await
    };
    assert_eq!(listed.data()["total"], 1, "refused requests store nothing");

    // Console requests need the authenticator code.
    let no_code = app
        .withdrawals(&p.token)
        .create(json!({"chainId": DEV, "tokenId": 1, "toAddress": PAYEE, "amount": "1"}))
        .await;
    assert_eq!(no_code.code(), 10422);
    let wrong = withdraw(&app, &p, "1", json!({"googleCode": "000000"})).await;
    assert_eq!(wrong.code(), 11002);
}

each_database!(
    a_console_withdrawal_is_paid_once_and_announced,
    a_paused_or_empty_wallet_makes_the_order_wait,
    requests_are_checked_and_idempotent,
);
