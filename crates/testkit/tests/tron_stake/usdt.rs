//! A USDT transfer uses the sender's energy (here delegated to it) before burning TRX, and its
//! fee limit caps all of its energy, as on mainnet.

use serde_json::{json, Value};

use coffer_testkit::tron_node::{address_id, resource};
use coffer_testkit::TronNode;

use crate::signer::{delegate, freeze, mined, post, token_transfer, Wallet};
use crate::{network, ENERGY, TRX};

/// A USDT transfer to a holder at the default energy factor.
const TRANSFER_ENERGY: u64 = 64_285;

/// The network shares 1 000 000 000 energy a day over 100 000 staked TRX: 10 000 energy per
/// staked TRX. The staker delegates `delegated_trx` to a sender holding USDT and 10 TRX.
async fn sender_with_energy(delegated_trx: u64) -> (TronNode, Wallet, Wallet) {
    let (node, staker, holder) = network().await;
    node.set_total_energy_limit(1_000_000_000);
    let sender = Wallet::new(10);
    node.fund(&sender.address(), 10 * TRX);
    node.fund_token(&sender.address(), 1_000);
    node.fund_token(&holder.address(), 1);
    node.mine();
    mined(&node, &staker, freeze(&staker, 10_000 * TRX, ENERGY), 0).await;
    if delegated_trx > 0 {
        mined(
            &node,
            &staker,
            delegate(&staker, &sender.id, delegated_trx * TRX, None),
            0,
        )
        .await;
    }
    (node, sender, holder)
}

async fn transfer(node: &TronNode, sender: &Wallet, to: &Wallet, fee_limit: u64) -> Value {
    let token = address_id(&node.token()).expect("the token");
    let txid = mined(node, sender, token_transfer(sender, &token, &to.id, 5), fee_limit).await;
    post(node, "gettransactioninfobyid", json!({"value": txid})).await
}

#[tokio::test]
async fn delegated_energy_pays_the_whole_transfer_and_no_trx_burns() {
    let (node, sender, holder) = sender_with_energy(7).await;
    assert_eq!(
        crate::resource(&node, &sender).await["EnergyLimit"],
        json!(70_000)
    );
    let before = node.trx_balance(&sender.address());
    let info = transfer(&node, &sender, &holder, 100 * TRX).await;
    let receipt = &info["receipt"];
    assert_eq!(receipt["result"], json!("SUCCESS"), "{info}");
    assert_eq!(receipt["energy_usage"], json!(TRANSFER_ENERGY), "{info}");
    assert_eq!(receipt["energy_usage_total"], json!(TRANSFER_ENERGY), "{info}");
    assert!(receipt.get("energy_fee").is_none(), "{info}");
    assert!(
        info.get("fee").is_none(),
        "free bandwidth and staked energy: {info}"
    );
    assert_eq!(node.trx_balance(&sender.address()), before);
    assert_eq!(
        node.token_balance(&holder.address()),
        ruint::aliases::U256::from(6)
    );
    let left = crate::resource(&node, &sender).await;
    assert_eq!(left["EnergyUsed"], json!(TRANSFER_ENERGY), "{left}");
}

#[tokio::test]
async fn partial_energy_is_used_first_and_the_rest_burns_at_the_live_price() {
    let (node, sender, holder) = sender_with_energy(3).await;
    node.set_params(|p| p.energy_fee = 210);
    let before = node.trx_balance(&sender.address());
    let info = transfer(&node, &sender, &holder, 100 * TRX).await;
    let receipt = &info["receipt"];
    assert_eq!(receipt["result"], json!("SUCCESS"), "{info}");
    assert_eq!(receipt["energy_usage"], json!(30_000), "{info}");
    assert_eq!(
        receipt["energy_fee"],
        json!((TRANSFER_ENERGY - 30_000) * 210),
        "{info}"
    );
    assert_eq!(receipt["energy_usage_total"], json!(TRANSFER_ENERGY), "{info}");
    assert_eq!(
        node.trx_balance(&sender.address()),
        before - (TRANSFER_ENERGY - 30_000) * 210
    );
}

#[tokio::test]
async fn a_fee_limit_below_the_energy_fails_out_of_energy_even_with_staked_energy() {
    let (node, sender, holder) = sender_with_energy(7).await;
    let before = node.trx_balance(&sender.address());
    // 1 TRX at 100 sun: at most 10 000 energy, staked or burnt.
    let info = transfer(&node, &sender, &holder, TRX).await;
    let receipt = &info["receipt"];
    assert_eq!(receipt["result"], json!("OUT_OF_ENERGY"), "{info}");
    assert_eq!(receipt["energy_usage"], json!(10_000), "{info}");
    assert_eq!(receipt["energy_usage_total"], json!(10_000), "{info}");
    assert!(receipt.get("energy_fee").is_none(), "{info}");
    assert_eq!(node.trx_balance(&sender.address()), before);
    assert_eq!(
        node.token_balance(&holder.address()),
        ruint::aliases::U256::from(1),
        "nothing moved"
    );
    assert_eq!(crate::resource(&node, &sender).await["EnergyUsed"], json!(10_000));
    // Without energy, the fee limit burns.
    let (node, sender, holder) = sender_with_energy(0).await;
    let before = node.trx_balance(&sender.address());
    let info = transfer(&node, &sender, &holder, TRX).await;
    assert_eq!(info["receipt"]["result"], json!("OUT_OF_ENERGY"), "{info}");
    assert_eq!(info["receipt"]["energy_fee"], json!(TRX), "{info}");
    assert_eq!(node.trx_balance(&sender.address()), before - TRX);
}

/// Used energy recovers linearly over 24 hours of block time, and what the receiver used of a
/// delegation goes back with it to the staker, who then recovers it.
#[tokio::test]
async fn used_energy_recovers_over_a_day_and_an_undelegate_takes_it_back_to_the_staker() {
    let (node, sender, holder) = sender_with_energy(7).await;
    let staker = Wallet::new(7);
    let info = transfer(&node, &sender, &holder, 100 * TRX).await;
    let used_at = info["blockTimeStamp"].as_u64().expect("block time");
    let genesis = post(&node, "getblockbynum", json!({"num": 0})).await["block_header"]["raw_data"]
        ["timestamp"]
        .as_u64()
        .expect("genesis time");
    let slot = |ms: u64| (ms - genesis) / 3_000;
    let shown = post(
        &node,
        "getaccount",
        json!({"address": sender.address(), "visible": true}),
    )
    .await;
    let account_resource = &shown["account_resource"];
    assert_eq!(
        account_resource["energy_usage"],
        json!(TRANSFER_ENERGY),
        "{shown}"
    );
    assert_eq!(
        account_resource["latest_consume_time_for_energy"],
        json!(genesis + slot(used_at) * 3_000),
        "{shown}"
    );
    assert_eq!(
        account_resource["acquired_delegated_frozenV2_balance_for_energy"],
        json!(7 * TRX)
    );

    node.advance_time(std::time::Duration::from_secs(12 * 3_600));
    node.mine();
    let elapsed = slot(node.head_timestamp_ms()) - slot(used_at);
    let left = resource::recovered(TRANSFER_ENERGY, 0, elapsed, resource::WINDOW_SLOTS);
    assert!(
        (32_140..=32_145).contains(&left),
        "about half after 12 hours: {left}"
    );
    assert_eq!(crate::resource(&node, &sender).await["EnergyUsed"], json!(left));

    // The receiver's use goes back to the staker with the stake it came from.
    mined(
        &node,
        &staker,
        crate::signer::undelegate(&staker, &sender.id, 7 * TRX),
        0,
    )
    .await;
    let elapsed = slot(node.head_timestamp_ms()) - slot(used_at);
    let moved = resource::recovered(TRANSFER_ENERGY, 0, elapsed, resource::WINDOW_SLOTS);
    assert!(crate::resource(&node, &sender).await.get("EnergyUsed").is_none());
    assert_eq!(crate::resource(&node, &staker).await["EnergyUsed"], json!(moved));
    node.advance_time(std::time::Duration::from_secs(24 * 3_600));
    node.mine();
    assert!(
        crate::resource(&node, &staker).await.get("EnergyUsed").is_none(),
        "recovered in a day"
    );

    // The stake contracts read back as java-tron prints them.
    let txid = &node.sent_by(&staker.address())[1];
    let tx = post(
        &node,
        "gettransactionbyid",
        json!({"value": txid, "visible": true}),
    )
    .await;
    let contract = &tx["raw_data"]["contract"][0];
    assert_eq!(contract["type"], json!("DelegateResourceContract"), "{tx}");
    assert_eq!(
        contract["parameter"]["value"],
        json!({"owner_address": staker.address(), "resource": "ENERGY", "balance": 7 * TRX, "receiver_address": sender.address()})
    );
}
