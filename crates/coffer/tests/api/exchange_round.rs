//! The exchange round on the devchain: a payment to an exchange address is linked to its order,
//! confirmed, decided and paid out by a withdrawal from the pair's wallet (once, however often
//! the round runs), or refunded to its payer or held for a person with the reason; an unpaid
//! order expires. The payout is no withdrawal the merchant is told of or charged a payment fee
//! for: the exchange is.

use chrono::Duration;
use coffer_chain::devchain::DEV_MNEMONIC;
use coffer_domain::amount::BaseUnits;
use coffer_domain::clock::Clock;
use coffer_domain::exchange::orders::ExchangeOrderRecord;
use coffer_domain::exchange::round::RoundReport;
use coffer_domain::merchant_api::MerchantApiRepo;
use coffer_domain::ports::chain::{Asset, ChainAdapter, KeyPurpose, TransferRequest};
use coffer_domain::ports::{
    CallbackStatus, ExchangeOrders, OrderStatus, WithdrawalRecord, WithdrawalRepo, WithdrawalSource,
};
use coffer_domain::rates::Service;
use coffer_store::entities::{balance_reading, Stored};
use coffer_testkit::{each_database, TestDb};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set};
use serde_json::json;

use crate::deposits::{scan, usdt};
use crate::exchange_orders::{order, quoted, ready, PAYEE};
use crate::fees::{fixed_fee, grant, ledger_holds, points};
use crate::helpers::{spawn_app, TestApp};
use crate::merchant_signing::Integration;
use crate::receiver::{verified_events, Receiver};
use crate::wallets::demo_merchant;

const QUERY: &str = "/merchant/v1/exchange/orders";

/// Blocks until a devchain payment has its confirmations, scanning each.
pub(crate) async fn confirm(app: &TestApp) {
    for _ in 0..3 {
        app.devchain.mine().await.unwrap();
        scan(app).await;
    }
}

pub(crate) async fn round(app: &TestApp) -> RoundReport {
    app.exchange.round().await.unwrap()
}

pub(crate) async fn stored(app: &TestApp, id: i64) -> ExchangeOrderRecord {
    let merchant = demo_merchant(app).await;
    app.store.exchange_order(merchant, id).await.unwrap().unwrap()
}

pub(crate) async fn withdrawal(app: &TestApp, id: Option<i64>) -> WithdrawalRecord {
    let merchant = demo_merchant(app).await;
    app.store
        .withdrawal(merchant, id.expect("a withdrawal"))
        .await
        .unwrap()
        .unwrap()
}

/// Runs the withdrawal executor until its transactions are mined and confirmed.
pub(crate) async fn pay_out(app: &TestApp) {
    app.executor.step().await.unwrap();
    for _ in 0..3 {
        app.devchain.mine().await.unwrap();
        app.executor.step().await.unwrap();
    }
}

/// An API order for 100 USDT (247.5 DEV), paid with `paid` USDT and mined (not yet confirmed):
/// the order's id.
pub(crate) async fn ordered_and_paid(app: &TestApp, me: &Integration, no: &str, paid: &str) -> i64 {
    let body = json!({"merchantOrderNo": no, "quoteId": quoted(app, me).await, "openId": "user-7",
                      "amountIn": "100", "minAmountOut": "240", "payoutAddress": PAYEE});
    let placed = order(app, me, &body).await;
    assert_eq!(placed.code(), 1, "{:?}", placed.body);
    let pay = placed.data()["payAddress"].as_str().unwrap().to_string();
    pay_usdt(app, &pay, paid).await;
    app.devchain.mine().await.unwrap();
    scan(app).await;
    placed.data()["id"].as_i64().unwrap()
}

/// An end user's own wallet, outside Coffer: the devchain's player wallet (the public
/// development mnemonic's).
pub(crate) const PAYER: &str = "0x22310Bf73bC88ae2D2c9a29Bd87bC38FBAc9e6b0";

/// `amount` USDT paid by [`PAYER`] (a signed transfer) to `address`, unmined.
pub(crate) async fn pay_usdt(app: &TestApp, address: &str, amount: &str) {
    let chain = &app.devchain;
    let seed = coffer_chain::keys::seed(DEV_MNEMONIC, "").unwrap();
    let player = chain.derive(&seed, KeyPurpose::Deposit, 0).unwrap();
    assert_eq!(player.address, PAYER);
    let units = BaseUnits::from_decimal(amount, 6).unwrap();
    chain.fund(PAYER, &usdt(), units).await.unwrap();
    chain.fund(PAYER, &Asset::Native, dev("1")).await.unwrap();
    chain.mine().await.unwrap();
    let request = TransferRequest {
        from: PAYER.into(),
        to: address.into(),
        asset: usdt(),
        amount: units,
        nonce: None,
    };
    let signed = chain.sign_transfer(&player.secret, &request).await.unwrap();
    chain.broadcast(&signed).await.unwrap();
}

fn dev(amount: &str) -> BaseUnits {
    BaseUnits::from_decimal(amount, 18).unwrap()
}

async fn a_confirmed_payment_is_paid_out_once_at_its_quote(db: TestDb) {
    let app = spawn_app(db).await;
    let (me, hot) = ready(&app).await;
    let receiver = Receiver::start().await;
    app.store
        .set_callback_url(demo_merchant(&app).await, Some(&receiver.url), app.clock.now())
        .await
        .unwrap();
    let id = ordered_and_paid(&app, &me, "ex-1", "100").await;

    // Seen, not yet confirmed: linked, nothing paid.
    assert_eq!(round(&app).await.linked, 1);
    app.callbacks.deliver_due().await.unwrap();
    let seen = stored(&app, id).await;
    assert_eq!(seen.order.status, OrderStatus::Confirming);
    assert_eq!(seen.paid_in, BaseUnits::from_decimal("100", 6).unwrap());
    assert!(!seen.in_hash.is_empty());
    assert_eq!(seen.withdrawal_id, None);

    // Confirmed (the quote's 30 s long gone: the price is the one of the payment's moment).
    app.clock.advance(Duration::minutes(5));
    confirm(&app).await;
    assert_eq!(round(&app).await.paying_out, 1);
    // However often the round runs, one payout.
    assert_eq!(round(&app).await, RoundReport::default());
    app.callbacks.deliver_due().await.unwrap();
    let paying = stored(&app, id).await;
    assert_eq!(paying.order.status, OrderStatus::Passed);
    let payout = withdrawal(&app, paying.withdrawal_id).await;
    assert_eq!(
        (
            payout.source,
            payout.amount,
            payout.token_id,
            payout.to_address.as_str()
        ),
        (WithdrawalSource::Exchange, dev("247.5"), None, PAYEE)
    );
    assert_eq!(payout.requested_from.as_deref(), Some(hot.as_str()));
    assert_eq!(payout.remark, paying.order_no);
    assert_eq!(payout.callback_status, CallbackStatus::NotAnnounced);

    pay_out(&app).await;
    assert_eq!(round(&app).await.completed, 1);
    let done = stored(&app, id).await;
    assert_eq!(done.order.status, OrderStatus::Complete);
    let payout = withdrawal(&app, done.withdrawal_id).await;
    assert_eq!(payout.status, OrderStatus::Complete);
    assert_eq!(done.out_hash, payout.tx_hash);
    assert!(done.completed_at.is_some());
    assert_eq!(
        app.devchain.spendable(PAYEE, &Asset::Native).await.unwrap(),
        dev("247.5")
    );

    // The merchant hears of the exchange, in order, signed; never of its payout withdrawal.
    app.callbacks.deliver_due().await.unwrap();
    assert_eq!(app.callbacks.deliver_due().await.unwrap(), 0);
    let events = receiver.events();
    let names: Vec<&str> = events.iter().map(|e| e["event"].as_str().unwrap()).collect();
    assert_eq!(
        names,
        ["exchange.confirming", "exchange.paying", "exchange.completed"]
    );
    let last = &events[2];
    assert_eq!(
        (
            &last["orderNo"],
            &last["merchantOrderNo"],
            &last["amountIn"],
            &last["amountOut"]
        ),
        (
            &json!(done.order_no),
            &json!("ex-1"),
            &json!("100"),
            &json!("247.5")
        )
    );
    assert_eq!(
        (&last["inHash"], &last["outHash"]),
        (&json!(done.in_hash), &json!(done.out_hash))
    );
    assert_eq!(
        (&last["fromAddress"], &last["status"]),
        (&json!(PAYER), &json!(8))
    );
    assert_eq!(verified_events(&app, &receiver).await, events);

    // The payment is the merchant's now: it waits for collection like a deposit (never credited).
    let waiting = app
        .post_as(
            &me.token,
            "/api/partner/collect/waiting",
            json!({"page": 1, "pageSize": 10}),
        )
        .await;
    let rows = waiting.data()["list"].as_array().unwrap().clone();
    let row = rows
        .iter()
        .find(|r| r["address"] == json!(done.order.pay_address))
        .unwrap_or_else(|| panic!("the exchange address waits for collection: {rows:?}"));
    assert_eq!(row["waiting"], "100");

    // The merchant looks it up by its own number; another merchant's number is none of its own.
    let query = |no: &str| json!({"merchantOrderNo": no}).to_string();
    let found = me.call(&app, "POST", QUERY, &query("ex-1")).await;
    assert_eq!(found.code(), 1, "{:?}", found.body);
    let d = found.data();
    assert_eq!(
        (
            &d["status"],
            &d["paidIn"],
            &d["fromAddress"],
            &d["inHash"],
            &d["outHash"]
        ),
        (
            &json!(8),
            &json!("100"),
            &json!(PAYER),
            &json!(done.in_hash),
            &json!(done.out_hash)
        )
    );
    assert_eq!(
        me.call(&app, "POST", QUERY, &query("ex-none")).await.code(),
        17001
    );
    app.other_merchant().await;
    let other = crate::merchant_signing::integrate(
        &app,
        crate::helpers::OTHER_EMAIL,
        crate::helpers::OTHER_PASSWORD,
        &["127.0.0.1"],
    )
    .await;
    assert_eq!(
        other.call(&app, "POST", QUERY, &query("ex-1")).await.code(),
        17001
    );
}

async fn the_exchange_fee_waits_for_points_then_is_held_and_posted_once(db: TestDb) {
    let app = spawn_app(db).await;
    let (me, _) = ready(&app).await;
    let merchant = demo_merchant(&app).await;
    // A payment fee too: the payout withdrawal is the exchange's, charged the exchange fee only.
    fixed_fee(&app, merchant, Service::PaymentFee, "5").await;
    fixed_fee(&app, merchant, Service::ExchangeFee, "1.5").await;
    let id = ordered_and_paid(&app, &me, "ex-1", "100").await;
    confirm(&app).await;

    // No points: it waits, confirmed, saying why; nothing is paid.
    round(&app).await;
    let waiting = stored(&app, id).await;
    assert_eq!(waiting.order.status, OrderStatus::Confirming);
    assert!(
        waiting.reason.starts_with("points insufficient"),
        "{}",
        waiting.reason
    );
    assert_eq!(waiting.withdrawal_id, None);

    grant(&app, merchant, 10_000_000, "exchange-fee-test").await;
    assert_eq!(round(&app).await.paying_out, 1);
    let paying = stored(&app, id).await;
    assert_eq!(
        (paying.order.status, paying.reason.as_str()),
        (OrderStatus::Passed, "")
    );
    assert_eq!(points(&app, merchant).await, (8_500_000, 1_500_000));
    pay_out(&app).await;
    round(&app).await;
    assert_eq!(stored(&app, id).await.order.status, OrderStatus::Complete);
    let settled = app.settler.round().await.unwrap();
    assert_eq!((settled.posted, settled.voided), (1, 0));
    assert_eq!(app.settler.round().await.unwrap().posted, 0, "once");
    assert_eq!(points(&app, merchant).await, (8_500_000, 0));
    ledger_holds(&app).await;
}

async fn a_refunded_exchange_is_charged_nothing(db: TestDb) {
    let app = spawn_app(db).await;
    let (me, hot) = ready(&app).await;
    let merchant = demo_merchant(&app).await;
    fixed_fee(&app, merchant, Service::ExchangeFee, "1.5").await;
    grant(&app, merchant, 10_000_000, "exchange-fee-test").await;
    let id = ordered_and_paid(&app, &me, "ex-1", "150").await;
    confirm(&app).await;
    assert_eq!(round(&app).await.held, 1);
    assert_eq!(stored(&app, id).await.reason, "overpaid");
    app.send_usdt(&hot, "500").await;
    app.devchain.mine().await.unwrap();
    pay_out(&app).await;
    assert_eq!(round(&app).await.refunded, 1);
    app.settler.round().await.unwrap();
    assert_eq!(points(&app, merchant).await, (10_000_000, 0));
}

async fn an_underpayment_is_refunded_to_its_payer(db: TestDb) {
    let app = spawn_app(db).await;
    let (me, hot) = ready(&app).await;
    let id = ordered_and_paid(&app, &me, "ex-1", "99").await;
    round(&app).await;
    confirm(&app).await;
    let report = round(&app).await;
    assert_eq!((report.paying_out, report.held), (0, 1));
    let refunding = stored(&app, id).await;
    assert_eq!(
        (refunding.order.status, refunding.reason.as_str()),
        (OrderStatus::Refunding, "underpaid")
    );
    let refund = withdrawal(&app, refunding.refund_id).await;
    assert_eq!(
        (refund.source, refund.amount, refund.token_id, &refund.to_address),
        (
            WithdrawalSource::ExchangeRefund,
            BaseUnits::from_decimal("99", 6).unwrap(),
            Some(crate::exchange_pairs::DEV_USDT),
            &PAYER.to_string()
        )
    );
    assert_eq!(refunding.withdrawal_id, None, "nothing was paid out");

    // The refund is paid from a hot wallet holding the token in.
    app.send_usdt(&hot, "500").await;
    app.devchain.mine().await.unwrap();
    pay_out(&app).await;
    assert_eq!(round(&app).await.refunded, 1);
    let refunded = stored(&app, id).await;
    assert_eq!(refunded.order.status, OrderStatus::Refunded);
    assert_eq!(
        refunded.out_hash,
        withdrawal(&app, refunded.refund_id).await.tx_hash
    );
}

async fn a_slipped_rate_is_held_for_review_when_the_pair_says_so(db: TestDb) {
    let app = spawn_app(db).await;
    let (me, hot) = ready(&app).await;
    let merchant = demo_merchant(&app).await;
    // The pair holds what is outside its rules for a person.
    let pair = crate::exchange_pairs::pairs(&app, &me.token).await[0]["id"]
        .as_i64()
        .unwrap();
    app.clock.advance(Duration::seconds(31)); // a fresh Google code
    let mut terms = crate::exchange_pairs::usdt_to_dev(&app, &me.google, &hot);
    terms["id"] = json!(pair);
    terms["outsideRule"] = json!(2);
    crate::exchange_pairs::save(&app, &me.token, terms).await;
    let id = ordered_and_paid(&app, &me, "ex-1", "100").await;
    round(&app).await;

    // The payment was seen within the quote's life: its price holds whatever the market does.
    crate::exchange_pairs::set_fixed(&app, merchant, pair, "2.0").await;
    confirm(&app).await;
    assert_eq!(round(&app).await.paying_out, 1);
    assert_eq!(stored(&app, id).await.order.amount_out, dev("247.5"));

    // Paid after its quote expired: the fresh rate 1.6 (1.584 after the spread) is 20% below
    // the quote's 1.98, far past the 0.5% tolerance.
    let body = json!({"merchantOrderNo": "ex-2", "quoteId": quoted(&app, &me).await, "openId": "user-7",
                      "amountIn": "100", "minAmountOut": "0", "payoutAddress": PAYEE});
    let placed = order(&app, &me, &body).await;
    let late = placed.data()["id"].as_i64().unwrap();
    app.clock.advance(Duration::seconds(31));
    crate::exchange_pairs::set_fixed(&app, merchant, pair, "1.6").await;
    pay_usdt(&app, placed.data()["payAddress"].as_str().unwrap(), "100").await;
    confirm(&app).await;
    let report = round(&app).await;
    assert_eq!((report.linked, report.paying_out, report.held), (1, 0, 1));
    let held = stored(&app, late).await;
    assert_eq!(held.order.status, OrderStatus::AwaitingReview);
    assert!(held.reason.starts_with("rate_slipped: "), "{}", held.reason);
    assert_eq!((held.withdrawal_id, held.refund_id), (None, None));
}

async fn an_unpaid_order_expires_and_a_late_payment_is_not_its(db: TestDb) {
    let app = spawn_app(db).await;
    let (me, _) = ready(&app).await;
    let body = json!({"merchantOrderNo": "ex-1", "quoteId": quoted(&app, &me).await, "openId": "user-7",
                      "amountIn": "100", "minAmountOut": "0", "payoutAddress": PAYEE});
    let placed = order(&app, &me, &body).await;
    let id = placed.data()["id"].as_i64().unwrap();
    app.clock.advance(Duration::minutes(29));
    assert_eq!(round(&app).await.expired, 0);
    app.clock.advance(Duration::minutes(1));
    assert_eq!(round(&app).await.expired, 1);
    assert_eq!(stored(&app, id).await.order.status, OrderStatus::Expired);

    // Paid after all: an order of the exchange address of its own, priced when confirmed, paid
    // out to the payer.
    app.send_usdt(placed.data()["payAddress"].as_str().unwrap(), "100")
        .await;
    app.devchain.mine().await.unwrap();
    scan(&app).await;
    assert_eq!(round(&app).await.linked, 1);
    assert_eq!(stored(&app, id).await.order.status, OrderStatus::Expired);
    let address_order = stored(&app, id + 1).await;
    assert_eq!(address_order.order.status, OrderStatus::Confirming);
    assert_eq!(address_order.order.open_id, "user-7");
    assert_eq!(address_order.order.payout_address, address_order.payer);
    confirm(&app).await;
    assert_eq!(round(&app).await.held, 1);
    let decided = stored(&app, id + 1).await;
    // The faucet's payer is the zero address: paying it would burn the merchant's coins, so a
    // person decides.
    assert_eq!(
        (
            decided.order.status,
            decided.reason.as_str(),
            decided.withdrawal_id
        ),
        (OrderStatus::AwaitingReview, "payee_refused", None)
    );
    // The end user's own wallet is paid out to at the rate of the confirmation.
    pay_usdt(&app, &decided.order.pay_address, "40").await;
    confirm(&app).await;
    let report = round(&app).await;
    assert_eq!((report.linked, report.paying_out), (1, 1));
    let paid = stored(&app, id + 2).await;
    assert_eq!(
        (
            paid.order.status,
            paid.order.payout_address.as_str(),
            paid.order.amount_out
        ),
        (OrderStatus::Passed, PAYER, dev("99"))
    );
    assert_eq!(paid.order.price.rate, "2.475");
    assert_eq!(withdrawal(&app, paid.withdrawal_id).await.to_address, PAYER);
}

async fn another_merchants_payment_is_never_linked_to_an_order(db: TestDb) {
    let app = spawn_app(db).await;
    let (me, _) = ready(&app).await;
    let id = ordered_and_paid(&app, &me, "ex-1", "100").await;
    let pay = stored(&app, id).await.order.pay_address;
    // The other merchant's end user of the same name has another exchange address.
    app.other_merchant().await;
    let other = app
        .store
        .merchant_of(crate::helpers::OTHER_EMAIL)
        .await
        .unwrap()
        .unwrap();
    let theirs = app
        .wallets
        .exchange_address(other, crate::exchange_pairs::DEV, "user-7")
        .await
        .unwrap()
        .address;
    assert_ne!(theirs, pay);
    app.send_usdt(&theirs, "100").await;
    app.devchain.mine().await.unwrap();
    scan(&app).await;
    // Only the demo's payment is linked (the other merchant has no pair to take theirs).
    assert_eq!(round(&app).await.linked, 1);
    assert_eq!(round(&app).await.linked, 0);
}

/// The stored DEV reading of `address`.
async fn dev_reading(app: &TestApp, address: &str) -> balance_reading::Model {
    balance_reading::Entity::find()
        .filter(balance_reading::Column::Address.eq(address))
        .filter(balance_reading::Column::TokenId.eq(0))
        .one(app.store.connection())
        .await
        .unwrap()
        .expect("the address was read")
}

/// The payout wallet's reading says 100 DEV (taken before a top-up; the chain holds 1000): the
/// round asks the chain before calling the exchange short, and pays out.
async fn a_reading_behind_a_top_up_does_not_refund_a_payment(db: TestDb) {
    let app = spawn_app(db).await;
    let (me, hot) = ready(&app).await;
    let id = ordered_and_paid(&app, &me, "ex-1", "100").await;
    round(&app).await;
    let reading = dev_reading(&app, &hot).await;
    let mut behind: balance_reading::ActiveModel = reading.into();
    behind.amount = Set(Stored(dev("100")));
    behind.next_read_at = Set(app.clock.now() + Duration::minutes(5));
    behind.update(app.store.connection()).await.unwrap();

    confirm(&app).await;
    assert_eq!(
        round(&app).await.paying_out,
        1,
        "247.5 DEV out: the chain holds 1000"
    );
    let paying = stored(&app, id).await;
    assert_eq!(
        (paying.order.status, paying.reason.as_str()),
        (OrderStatus::Passed, "")
    );
    // The reading found behind is due now, not in 5 minutes.
    let due = dev_reading(&app, &hot).await;
    assert!(due.next_read_at <= app.clock.now());
}

each_database!(
    a_reading_behind_a_top_up_does_not_refund_a_payment,
    a_confirmed_payment_is_paid_out_once_at_its_quote,
    the_exchange_fee_waits_for_points_then_is_held_and_posted_once,
    a_refunded_exchange_is_charged_nothing,
    an_underpayment_is_refunded_to_its_payer,
    a_slipped_rate_is_held_for_review_when_the_pair_says_so,
    an_unpaid_order_expires_and_a_late_payment_is_not_its,
    another_merchants_payment_is_never_linked_to_an_order,
);
