//! Fees on anvil: the quote is what the signed transfer may pay, a sender topped up with the
//! quote can still send after the base fee rose, the fee paid is the receipt's, and a refusal
//! kills a transaction only once another one used its nonce.

use super::*;

/// A transaction as the node has it (pending or mined).
async fn transaction(anvil: &AnvilPeer, hash: &str) -> Value {
    anvil
        .rpc("eth_getTransactionByHash", serde_json::json!([hash]))
        .await
}

/// The next block's base fee and the tip offered, as eth_feeHistory and the node say.
async fn next_base_fee(anvil: &AnvilPeer) -> U256 {
    let history = anvil
        .rpc("eth_feeHistory", serde_json::json!(["0x1", "latest", []]))
        .await;
    quantity(&history["baseFeePerGas"][1])
}

async fn set_next_base_fee(anvil: &AnvilPeer, wei: U256) {
    anvil
        .rpc(
            "anvil_setNextBlockBaseFeePerGas",
            serde_json::json!([format!("{wei:#x}")]),
        )
        .await;
}

/// The gas limit and max fee per gas of a signed (unsent) EIP-1559 transaction.
fn signed_fields(raw: &str) -> (u64, U256) {
    use alloy_consensus::transaction::RlpEcdsaDecodableTx;
    let bytes = hex::decode(raw.trim_start_matches("0x")).unwrap();
    assert_eq!(bytes[0], 2);
    let decoded = alloy_consensus::TxEip1559::rlp_decode_signed(&mut &bytes[1..]).unwrap();
    let tx = decoded.tx();
    (tx.gas_limit, U256::from(tx.max_fee_per_gas))
}

fn gwei(n: u64) -> U256 {
    U256::from(n) * U256::from(1_000_000_000u64)
}

#[tokio::test]
async fn the_quote_is_what_the_signed_transfer_may_pay_and_the_fee_paid_is_exact() {
    let (anvil, evm, token) = with_token().await;
    let hot = evm.derive(&seed(), KeyPurpose::HotWallet, 5).unwrap();
    let cold = DEV_ACCOUNTS[2];
    anvil.fund_gas(&hot.address).await;
    anvil
        .receipt(&anvil.mint(&token, &hot.address, usd("50").0).await)
        .await;

    // The quote follows the node's fee data: the next block's base fee, read live.
    set_next_base_fee(&anvil, gwei(3)).await;
    let pay = request(&hot.address, cold, token_asset(&token), usd("20"), None);
    let quote = evm.estimate_fee(&pay).await.unwrap().fee;
    set_next_base_fee(&anvil, gwei(6)).await;
    let dearer = evm.estimate_fee(&pay).await.unwrap().fee;
    assert!(dearer > quote, "{dearer} > {quote}: not a constant");

    // The signed transfer may pay exactly the quote: gas limit × max fee per gas, the max fee
    // being twice the next base fee plus the tip (anvil suggests 1 gwei; its blocks took it).
    let quote = evm.estimate_fee(&pay).await.unwrap().fee;
    let signed = evm.sign_transfer(&hot.secret, &pay).await.unwrap();
    evm.broadcast(&signed).await.unwrap();
    let sent = transaction(&anvil, &signed.hash).await;
    let (limit, max_fee, tip) = (
        quantity(&sent["gas"]),
        quantity(&sent["maxFeePerGas"]),
        quantity(&sent["maxPriorityFeePerGas"]),
    );
    assert_eq!(limit * max_fee, quote.0, "the quote is what the transfer may pay");
    assert_eq!(tip, gwei(1));
    assert_eq!(max_fee, gwei(6) * U256::from(2u8) + tip);

    // What it cost: gas used × effective gas price (base fee + tip), exact, below the quote.
    let receipt = anvil.receipt(&signed.hash).await;
    let paid = evm.fee_paid(&signed.hash).await.unwrap().expect("mined");
    assert_eq!(
        paid.0,
        quantity(&receipt["gasUsed"]) * quantity(&receipt["effectiveGasPrice"])
    );
    assert_eq!(quantity(&receipt["effectiveGasPrice"]), gwei(6) + tip);
    assert!(paid.0 < quote.0);
    assert_eq!(
        evm.balance(&hot.address, &Asset::Native).await.unwrap(),
        BaseUnits(eth("1").0 - paid.0),
        "the sender paid exactly that"
    );
    let unknown = format!("0x{}", "ab".repeat(32));
    assert_eq!(evm.fee_paid(&unknown).await.unwrap(), None);
}

#[tokio::test]
async fn a_sender_topped_up_with_the_quote_can_send_after_the_base_fee_rose() {
    let (anvil, evm, token) = with_token().await;
    // Above anvil's ten funded dev accounts (m/44'/60'/0'/0/0..9): holding nothing.
    let deposit = evm.derive(&seed(), KeyPurpose::Deposit, 107).unwrap();
    let cold = DEV_ACCOUNTS[2];
    anvil
        .receipt(&anvil.mint(&token, &deposit.address, usd("30").0).await)
        .await;
    set_next_base_fee(&anvil, gwei(4)).await;
    let sweep = request(&deposit.address, cold, token_asset(&token), usd("30"), None);

    // Holding no coin: the quote is the full worst case, twice the base fee plus the tip.
    let quote = evm.estimate_fee(&sweep).await.unwrap().fee;
    let unfunded = evm.sign_transfer(&deposit.secret, &sweep).await.unwrap();
    let (raw_limit, raw_max_fee) = signed_fields(&unfunded.raw);
    assert_eq!(raw_max_fee, gwei(4) * U256::from(2u8) + gwei(1));
    assert_eq!(U256::from(raw_limit) * raw_max_fee, quote.0);

    // Topped up with exactly that quote; the base fee then rises by half (anvil mines the
    // top-up at 4 gwei, the next block costs 6).
    let top_up = anvil
        .send(DEV_ACCOUNTS[0], Some(&deposit.address), quote.0, "0x")
        .await;
    anvil.receipt(&top_up).await;
    set_next_base_fee(&anvil, gwei(6)).await;
    assert_eq!(next_base_fee(&anvil).await, gwei(6));
    // A new quote from what it holds is what it holds at most: the max fee per gas is fitted to
    // it (above the floor: 6 gwei + 12.5% + the tip), so the transfer is sent, not topped up
    // again.
    let requote = evm.estimate_fee(&sweep).await.unwrap().fee;
    assert!(requote <= quote, "{requote} <= {quote}");
    let signed = evm.sign_transfer(&deposit.secret, &sweep).await.unwrap();
    assert_eq!(signed.nonce, Some(0));
    evm.broadcast(&signed).await.unwrap();
    let sent = transaction(&anvil, &signed.hash).await;
    let max_fee = quantity(&sent["maxFeePerGas"]);
    assert!(max_fee < gwei(12) + gwei(1), "fitted: {max_fee}");
    assert!(max_fee >= gwei(6) + gwei(6) / U256::from(8u8) + gwei(1));
    assert_eq!(quantity(&sent["gas"]) * max_fee, requote.0);
    assert_eq!(anvil.receipt(&signed.hash).await["status"], "0x1");
    assert_eq!(anvil.erc20_balance(&token, cold).await, usd("30").0);
    let paid = evm.fee_paid(&signed.hash).await.unwrap().unwrap();
    assert_eq!(
        evm.balance(&deposit.address, &Asset::Native).await.unwrap(),
        BaseUnits(quote.0 - paid.0)
    );
}

#[tokio::test]
async fn a_refusal_is_final_only_once_another_transaction_used_the_nonce() {
    let anvil = AnvilPeer::start();
    let evm = adapter(&anvil);
    let hot = evm.derive(&seed(), KeyPurpose::HotWallet, 8).unwrap();
    let cold = DEV_ACCOUNTS[2];
    anvil.fund_gas(&hot.address).await;
    anvil.set_automine(false).await;
    let first = evm
        .sign_transfer(
            &hot.secret,
            &request(&hot.address, cold, Asset::Native, eth("0.1"), Some(0)),
        )
        .await
        .unwrap();
    let rival = evm
        .sign_transfer(
            &hot.secret,
            &request(&hot.address, cold, Asset::Native, eth("0.2"), Some(0)),
        )
        .await
        .unwrap();
    assert_ne!(first.hash, rival.hash);
    evm.broadcast(&first).await.unwrap();
    evm.broadcast(&first).await.unwrap(); // already known: fine

    // The nonce is held by a transaction still waiting: not dead yet, tried again later.
    match evm.broadcast(&rival).await {
        Err(ChainError::Unavailable(message)) => assert!(message.contains("replacement"), "{message}"),
        other => panic!("expected a retry later, got {other:?}"),
    }
    anvil.mine(1).await;
    // Mined: the rival is dead for good (a follower may now replace its step); the first one
    // sent again is still fine.
    match evm.broadcast(&rival).await {
        Err(ChainError::Dead(message)) => {
            assert!(
                message.contains("nonce was used by another transaction"),
                "{message}"
            )
        }
        other => panic!("expected a final refusal, got {other:?}"),
    }
    evm.broadcast(&first).await.unwrap();
    assert_eq!(evm.status(&rival.hash).await.unwrap(), TxStatus::Unknown);
    assert!(matches!(
        evm.status(&first.hash).await.unwrap(),
        TxStatus::Included { success: true, .. }
    ));
}
