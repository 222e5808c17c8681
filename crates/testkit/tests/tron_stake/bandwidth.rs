//! Staked bandwidth (own or delegated) pays a transaction's bytes before the free allowance.

use serde_json::json;

use crate::signer::{delegate_bandwidth, freeze, mined, post, trx_transfer, Wallet};
use crate::{network, resource, TRX};

const BANDWIDTH: u64 = 0;

#[tokio::test]
async fn staked_and_delegated_bandwidth_pay_before_the_free_allowance() {
    let (node, staker, receiver) = network().await;
    node.advance_to_next_day();
    mined(&node, &staker, freeze(&staker, 26_000 * TRX, BANDWIDTH), 0).await;
    let shown = resource(&node, &staker).await;
    // 26 000 of 26 000 026 000 TRX staked for bandwidth share 43 200 000 000 a day.
    assert_eq!(shown["TotalNetWeight"], json!(26_000_026_000u64), "{shown}");
    assert_eq!(shown["NetLimit"], json!(43_199), "{shown}");
    let free_before = shown["freeNetUsed"]
        .as_u64()
        .expect("the freeze used free bandwidth");

    let txid = mined(&node, &staker, trx_transfer(&staker, &receiver.id, TRX), 0).await;
    let info = post(&node, "gettransactioninfobyid", json!({"value": txid})).await;
    let bytes = info["receipt"]["net_usage"].as_u64().expect("net_usage");
    let shown = resource(&node, &staker).await;
    assert_eq!(shown["NetUsed"], json!(bytes), "{shown}");
    assert_eq!(
        shown["freeNetUsed"],
        json!(free_before),
        "the free allowance is untouched: {shown}"
    );
    let account = post(&node, "getaccount", json!({"address": staker.address()})).await;
    assert_eq!(account["net_usage"], json!(bytes), "{account}");

    // A new account is created with staked bandwidth: no 0.1 TRX, only the 1 TRX creation fee.
    let newcomer = Wallet::new(11);
    let before = node.trx_balance(&staker.address());
    let txid = mined(&node, &staker, trx_transfer(&staker, &newcomer.id, TRX), 0).await;
    assert_eq!(node.trx_balance(&staker.address()), before - TRX - 1_000_000);
    assert_eq!(node.fee_of(&txid), Some(1_000_000));

    // Delegated bandwidth pays the receiver's transaction.
    mined(
        &node,
        &staker,
        delegate_bandwidth(&staker, &receiver.id, 13_000 * TRX),
        0,
    )
    .await;
    assert_eq!(resource(&node, &receiver).await["NetLimit"], json!(21_599));
    let txid = mined(&node, &receiver, trx_transfer(&receiver, &staker.id, TRX), 0).await;
    let info = post(&node, "gettransactioninfobyid", json!({"value": txid})).await;
    let bytes = info["receipt"]["net_usage"].as_u64().expect("net_usage");
    let shown = resource(&node, &receiver).await;
    assert_eq!(shown["NetUsed"], json!(bytes), "{shown}");
    assert!(shown.get("freeNetUsed").is_none(), "{shown}");
}
