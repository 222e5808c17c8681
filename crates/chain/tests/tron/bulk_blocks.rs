//! The double's bulk mining for benches (`TronNode::mine_signed`): a block of signed
//! transactions at once, checked as broadcasts are, and read by the adapter as any other block.

use coffer_chain::tron::{tx, TronCall};
use coffer_domain::ports::chain::Transfer;

use super::*;

impl World {
    async fn signed(&self, to: &str, asset: Asset, amount: u128) -> SignedTx {
        self.tron
            .sign_transfer(&self.key, &request(&self.hot, to, asset, amount))
            .await
            .unwrap()
    }
}

#[tokio::test]
async fn a_block_of_signed_transactions_is_mined_at_once_and_scanned_as_broadcast_ones() {
    let w = world().await;
    let (a, b) = (deposit(1), deposit(2));
    let pay_a = w.signed(&a, w.token_asset(), 5_000_000).await;
    let fund_b = w.signed(&b, Asset::Native, 2 * TRX as u128).await;
    let pay_b = w.signed(&b, w.token_asset(), 7_000_000).await;
    let signed = [&pay_a, &fund_b, &pay_b].map(|s| s.raw.clone());

    let number = w.node.mine_signed(&signed).unwrap();

    assert_eq!(w.node.head_number(), number);
    assert_eq!(w.node.pending_count(), 0);
    assert_eq!(w.node.requests("broadcasthex"), 0, "no broadcast each");
    let transfer = |tx: &SignedTx, to: &str, asset: Asset, amount: u128| Transfer {
        tx_hash: tx.hash.clone(),
        index: 0,
        from: w.hot.clone(),
        to: to.into(),
        asset,
        amount: BaseUnits::from_u128(amount),
    };
    let tokens = std::slice::from_ref(&w.token);
    let block = w.tron.block(number, tokens).await.unwrap().unwrap();
    assert_eq!(
        block.transfers,
        vec![
            transfer(&pay_a, &a, w.token_asset(), 5_000_000),
            transfer(&fund_b, &b, Asset::Native, 2 * TRX as u128),
            transfer(&pay_b, &b, w.token_asset(), 7_000_000),
        ]
    );
    assert_eq!(w.node.token_balance(&b), U256::from(7_000_000));
}

#[tokio::test]
async fn a_block_with_a_transaction_a_broadcast_would_refuse_is_not_mined() {
    let w = world().await;
    let head = w.node.head_number();
    let good = w.signed(&deposit(1), Asset::Native, TRX as u128).await;

    // Signed by a key that does not own the sender.
    let other = w.tron.derive(&dev_seed(), KeyPurpose::HotWallet, 9).unwrap();
    let tip = w.tron.head().await.unwrap();
    let header = TxHeader::for_block(&bytes32(&tip.hash), w.node.head_timestamp_ms(), 1);
    let call = TronCall::Trx {
        owner: id(&w.hot),
        to: id(&deposit(2)),
        amount_sun: TRX,
    };
    let unsigned = tx::build(&header, &call).unwrap();
    let forged = tx::signed_tx(&unsigned, &tx::sign(&unsigned.tx_id, &other.secret.0).unwrap());
    let refused = w.node.mine_signed(&[good.raw.clone(), forged.raw]).unwrap_err();
    assert!(refused.contains("SIGERROR"), "{refused}");

    // Each affordable alone, not both: the second is checked on what the first leaves.
    let most = w.signed(&deposit(3), Asset::Native, 60 * TRX as u128).await;
    let more = w.signed(&deposit(4), Asset::Native, 60 * TRX as u128).await;
    let refused = w.node.mine_signed(&[most.raw, more.raw]).unwrap_err();
    assert!(refused.contains("balance is not sufficient"), "{refused}");

    let twice = w
        .node
        .mine_signed(&[good.raw.clone(), good.raw.clone()])
        .unwrap_err();
    assert!(twice.contains("DUP_TRANSACTION_ERROR"), "{twice}");

    assert_eq!(w.node.head_number(), head, "nothing mined");
    assert_eq!(w.node.pending_count(), 0, "nothing left pending");
    assert_eq!(w.node.mine_signed(&[good.raw]).unwrap(), head + 1);
}
