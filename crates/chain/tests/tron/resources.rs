//! What TRON charges, through the node double and the adapter: an address exists only once it
//! received TRX, bandwidth is free up to the day's allowance and burnt beyond it, energy burns
//! at the live energy fee with the token's dynamic factor, and the adapter's quotes equal what
//! the chain then takes (`fee_paid`, from the transaction's info). A transaction past its
//! expiration is refused and never included.

use std::time::Duration;

use coffer_testkit::tron_node::{ENERGY_NEW_HOLDER, FREE_NET_LIMIT};
use serde_json::json;

use super::*;

/// The raw TransactionInfo the node serves for `txid`.
async fn info(w: &World, txid: &str) -> Value {
    let url = format!("{}/wallet/gettransactioninfobyid", w.node.url());
    let answer = reqwest::Client::new()
        .post(url)
        .json(&json!({"value": txid}))
        .send()
        .await
        .unwrap();
    answer.json().await.unwrap()
}

/// `index`'s deposit key.
fn deposit_key(index: u32) -> SecretKey {
    adapter("http://127.0.0.1:9")
        .derive(&dev_seed(), KeyPurpose::Deposit, index)
        .unwrap()
        .secret
}

async fn fee_paid(w: &World, txid: &str) -> u64 {
    let paid = w
        .tron
        .fee_paid(txid)
        .await
        .unwrap()
        .expect("an included transaction");
    paid.0.to::<u64>()
}

async fn quote(w: &World, request: &TransferRequest) -> u64 {
    w.tron.estimate_fee(request).await.unwrap().fee.0.to::<u64>()
}

#[tokio::test]
async fn tokens_do_not_activate_an_address_and_it_cannot_send_until_it_gets_trx() {
    let w = world().await;
    let (alice, cold) = (deposit(0), deposit(1));
    let usdt = w.token_asset();
    let paid_in = w.send(&alice, usdt.clone(), 20_000_000).await;
    w.node.mine();
    assert_eq!(
        w.tron.status(&paid_in.hash).await.unwrap(),
        TxStatus::Included {
            block: w.node.head_number(),
            success: true
        }
    );
    // It holds tokens, but no account: it must be activated, and it cannot send anything.
    assert!(!w.node.account_exists(&alice));
    assert!(w.tron.needs_activation(&alice).await.unwrap());
    assert!(!w.tron.needs_activation(&w.hot).await.unwrap());
    let sweep = request(&alice, &cold, usdt.clone(), 20_000_000);
    let signed = w.tron.sign_transfer(&deposit_key(0), &sweep).await.unwrap();
    let reason = rejected(w.tron.broadcast(&signed).await);
    assert_eq!(
        reason,
        format!("CONTRACT_VALIDATE_ERROR: account [{alice}] does not exist")
    );

    // The sweep's quote: the energy to a new holder at the live fee, its bandwidth free (the
    // allowance comes with the activation). The top-up's quote: the activation.
    let sweep_fee = quote(&w, &sweep).await;
    assert_eq!(sweep_fee, 130_285 * ENERGY_FEE);
    let top_up = request(&w.hot, &alice, Asset::Native, sweep_fee as u128);
    let activation = quote(&w, &top_up).await;
    assert_eq!(activation, CREATE_ACCOUNT_FEE + CREATE_ACCOUNT_IN_CONTRACT_FEE);
    let hot_used = w.node.free_net_used(&w.hot);
    let sent = w.send(&alice, Asset::Native, sweep_fee as u128).await;
    w.node.mine();
    assert_eq!(fee_paid(&w, &sent.hash).await, activation);
    let receipt = info(&w, &sent.hash).await;
    assert_eq!(receipt["fee"], activation);
    assert_eq!(receipt["receipt"], json!({"net_fee": CREATE_ACCOUNT_FEE}));
    assert!(!w.tron.needs_activation(&alice).await.unwrap());
    assert_eq!(
        w.node.free_net_used(&w.hot),
        hot_used,
        "a creation burns, it uses no free bandwidth"
    );

    // Activated with exactly the quote: the sweep goes, burning the quote, its bandwidth free.
    let signed = w.tron.sign_transfer(&deposit_key(0), &sweep).await.unwrap();
    w.tron.broadcast(&signed).await.unwrap();
    w.node.mine();
    assert_eq!(
        w.tron.status(&signed.hash).await.unwrap(),
        TxStatus::Included {
            block: w.node.head_number(),
            success: true
        }
    );
    assert_eq!(fee_paid(&w, &signed.hash).await, sweep_fee);
    assert_eq!(w.node.trx_balance(&alice), 0);
    assert_eq!(w.node.token_balance(&cold), U256::from(20_000_000u64));
    let receipt = info(&w, &signed.hash).await;
    let bandwidth = w.node.free_net_used(&alice);
    assert!(
        (300..400).contains(&bandwidth),
        "a TRC20 transfer is ~345 bytes: {bandwidth}"
    );
    assert_eq!(
        receipt["receipt"],
        json!({"energy_fee": sweep_fee, "energy_usage_total": 130_285,
               "energy_penalty_total": 130_285 - ENERGY_NEW_HOLDER, "net_usage": bandwidth,
               "result": "SUCCESS"})
    );
    assert_eq!(receipt["fee"], sweep_fee);
    // Not included: nothing to tell.
    assert_eq!(w.tron.fee_paid(&"ab".repeat(32)).await.unwrap(), None);
}

#[tokio::test]
async fn bandwidth_beyond_the_free_allowance_burns_until_the_next_day() {
    let w = world().await;
    let alice = deposit(0);
    w.node.fund(&alice, 1);
    let (mut free, mut burnt) = (0, 0);
    for _ in 0..3 {
        let pay = request(&w.hot, &alice, Asset::Native, TRX as u128);
        let quoted = quote(&w, &pay).await;
        let used = w.node.free_net_used(&w.hot);
        let sent = w.send(&alice, Asset::Native, TRX as u128).await;
        w.node.mine();
        let paid = fee_paid(&w, &sent.hash).await;
        assert_eq!(paid, quoted, "the quote is what the chain took");
        let receipt = info(&w, &sent.hash).await["receipt"].clone();
        if paid == 0 {
            free += 1;
            let bytes = receipt["net_usage"].as_u64().unwrap();
            assert!((250..300).contains(&bytes), "{receipt}");
            assert_eq!(w.node.free_net_used(&w.hot), used + bytes);
        } else {
            burnt += 1;
            let bytes = paid / TRANSACTION_FEE;
            assert_eq!(receipt, json!({"net_fee": paid}));
            assert!(used + bytes > FREE_NET_LIMIT, "burnt only beyond the allowance");
            assert_eq!(w.node.free_net_used(&w.hot), used);
        }
    }
    assert_eq!((free, burnt), (2, 1), "two free transfers, then one burnt");
    // The same transfer costs nothing again once the double's day changes (block time).
    w.node.advance_time(Duration::from_secs(86_400));
    w.node.mine();
    assert_eq!(w.node.free_net_used(&w.hot), 0);
    let pay = request(&w.hot, &alice, Asset::Native, TRX as u128);
    assert_eq!(quote(&w, &pay).await, 0);
    let sent = w.send(&alice, Asset::Native, TRX as u128).await;
    w.node.mine();
    assert_eq!(fee_paid(&w, &sent.hash).await, 0);

    // Too little TRX for the bandwidth it must burn: refused, as java-tron does.
    let (bob, carol) = (deposit(1), deposit(2));
    w.node.fund(&bob, 1);
    w.node.fund(&carol, 100_000);
    let pay_bob = request(&carol, &bob, Asset::Native, 1);
    for _ in 0..2 {
        let signed = w.tron.sign_transfer(&deposit_key(2), &pay_bob).await.unwrap();
        w.tron.broadcast(&signed).await.unwrap();
        w.node.mine();
    }
    let signed = w.tron.sign_transfer(&deposit_key(2), &pay_bob).await.unwrap();
    let reason = rejected(w.tron.broadcast(&signed).await);
    assert_eq!(reason, "BANDWITH_ERROR: Account resource insufficient error.");
    assert_eq!(w.node.trx_balance(&carol), 100_000 - 2);
}

#[tokio::test]
async fn the_energy_fee_and_the_dynamic_factor_are_read_live() {
    let w = world().await;
    let (alice, bob) = (deposit(0), deposit(1));
    w.node.fund_token(&alice, 1);
    let to_holder = request(&w.hot, &alice, w.token_asset(), 5);
    assert_eq!(quote(&w, &to_holder).await, 64_285 * ENERGY_FEE);
    assert_eq!(w.node.params().energy_fee, 100, "today's mainnet price");

    // A proposal sets the energy fee back to 210 sun: the quote and the burn follow.
    w.node.set_params(|p| p.energy_fee = 210);
    assert_eq!(quote(&w, &to_holder).await, 64_285 * 210);
    let sent = w.send(&alice, w.token_asset(), 5).await;
    w.node.mine();
    assert_eq!(fee_paid(&w, &sent.hash).await, 64_285 * 210);

    // The contract's factor falls to 1.0: a new holder costs 29 650 + 29 650.
    w.node.set_energy_factor(10_000);
    let to_new = request(&w.hot, &bob, w.token_asset(), 5);
    let estimate = w.tron.estimate_fee(&to_new).await.unwrap();
    assert_eq!(estimate.energy, 2 * ENERGY_NEW_HOLDER);
    // The first transfer took most of the hot wallet's free bandwidth: this one's burns.
    let bandwidth = estimate.bandwidth * TRANSACTION_FEE;
    assert_eq!(
        estimate.fee,
        BaseUnits::from_u128((2 * ENERGY_NEW_HOLDER * 210 + bandwidth) as u128)
    );
    let sent = w.send(&bob, w.token_asset(), 5).await;
    w.node.mine();
    assert_eq!(w.node.energy_of(&sent.hash), Some(2 * ENERGY_NEW_HOLDER));
    assert_eq!(fee_paid(&w, &sent.hash).await, estimate.fee.0.to::<u64>());
}

#[tokio::test]
async fn a_transaction_past_its_expiration_is_refused_and_never_included() {
    let w = world().await;
    let alice = deposit(0);
    // Pending when its expiration passes: dropped from the pool, never in a block.
    let dropped = w.send(&alice, Asset::Native, TRX as u128).await;
    assert_eq!(w.node.pending_count(), 1);
    w.node.advance_time(Duration::from_millis(EXPIRATION_MS + 1));
    w.node.mine();
    assert_eq!(w.node.pending_count(), 0);
    assert_eq!(w.tron.status(&dropped.hash).await.unwrap(), TxStatus::Unknown);
    let reason = dead(w.tron.broadcast(&dropped).await);
    assert!(reason.starts_with("TRANSACTION_EXPIRATION_ERROR"), "{reason}");
    assert!(!w.node.account_exists(&alice));
    assert_eq!(w.node.sent_by(&w.hot), Vec::<String>::new());

    // Signed, then the node is busy and then away until past the expiration.
    let late = w
        .tron
        .sign_transfer(&w.key, &request(&w.hot, &alice, Asset::Native, TRX as u128))
        .await
        .unwrap();
    w.node.set_busy(true);
    let busy = w.tron.broadcast(&late).await;
    assert!(
        matches!(busy, Err(ChainError::Unavailable(ref r)) if r.contains("SERVER_BUSY")),
        "{busy:?}"
    );
    w.node.set_down(true);
    assert!(matches!(w.tron.head().await, Err(ChainError::Unavailable(_))));
    w.node.advance_time(Duration::from_millis(EXPIRATION_MS));
    w.node.mine();
    w.node.set_down(false);
    w.node.set_busy(false);
    let reason = dead(w.tron.broadcast(&late).await);
    assert!(reason.starts_with("TRANSACTION_EXPIRATION_ERROR"), "{reason}");
    w.node.mine();
    assert_eq!(w.node.sent_by(&w.hot), Vec::<String>::new());
    assert_eq!(w.node.trx_balance(&alice), 0);
}
