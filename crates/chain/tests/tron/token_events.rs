//! Token deposits come from the Transfer events of `gettransactioninfobyblocknum`: transfers
//! signed by the adapter as before, and also those no `transfer` call of the payer shows (a
//! spender's `transferFrom`, a payout contract paying several addresses), never failed ones.

use std::sync::atomic::{AtomicU64, Ordering};

use coffer_chain::tron::{proto, tx, UnsignedTx};
use coffer_domain::ports::chain::Transfer;
use sha2::{Digest, Sha256};
use sha3::Keccak256;

use super::*;

const INFOS: &str = "gettransactioninfobyblocknum";

fn word_of(address: &str) -> [u8; 32] {
    let mut out = [0u8; 32];
    out[12..].copy_from_slice(&id(address));
    out
}

fn word_u(value: U256) -> [u8; 32] {
    value.to_be_bytes::<32>()
}

/// Call data: the selector of `signature` and the argument words.
fn abi(signature: &str, words: &[[u8; 32]]) -> Vec<u8> {
    let mut data = Keccak256::digest(signature.as_bytes())[..4].to_vec();
    for w in words {
        data.extend_from_slice(w);
    }
    data
}

/// Signs (with `key`) and broadcasts a TriggerSmartContract of `contract` with `data`, encoded
/// with the adapter's protobuf writer; the double parses and verifies it on its own.
async fn call_contract(w: &World, key: &SecretKey, contract: &str, data: &[u8]) -> SignedTx {
    static CLOCK: AtomicU64 = AtomicU64::new(0);
    let head = w.tron.head().await.unwrap();
    let head_ms = w.tron.block(head.number, &[]).await.unwrap().unwrap().timestamp as u64 * 1000;
    let now = head_ms + CLOCK.fetch_add(1, Ordering::SeqCst) + 1;
    let header = TxHeader::for_block(&bytes32(&head.hash), head_ms, now);
    let owner = tx::key_account_id(&key.0).unwrap();
    let value = proto::trigger_smart_contract(&owner, &id(contract), data);
    let call = proto::contract(proto::TRIGGER_SMART_CONTRACT, proto::TRIGGER_TYPE_URL, &value);
    let raw_data = proto::raw(&proto::RawFields {
        ref_block_bytes: &header.ref_block.bytes,
        ref_block_hash: &header.ref_block.hash,
        expiration: header.expiration_ms,
        contract: &call,
        timestamp: header.timestamp_ms,
        // Paying two new holders costs about 31 TRX of energy at mainnet's factor.
        fee_limit: 3 * DEFAULT_FEE_LIMIT_SUN,
    });
    let tx_id: [u8; 32] = Sha256::digest(&raw_data).into();
    let signed = tx::signed_tx(
        &UnsignedTx { raw_data, tx_id },
        &tx::sign(&tx_id, &key.0).unwrap(),
    );
    w.tron.broadcast(&signed).await.unwrap();
    signed
}

impl World {
    async fn scan(&self, number: u64) -> Vec<Transfer> {
        let tokens = std::slice::from_ref(&self.token);
        self.tron.block(number, tokens).await.unwrap().unwrap().transfers
    }

    fn token_transfer(&self, tx: &SignedTx, index: u32, from: &str, to: &str, amount: u128) -> Transfer {
        Transfer {
            tx_hash: tx.hash.clone(),
            index,
            from: from.into(),
            to: to.into(),
            asset: self.token_asset(),
            amount: BaseUnits::from_u128(amount),
        }
    }
}

/// A funded account that is neither the hot wallet nor a deposit address used here.
fn spender(w: &World) -> (String, SecretKey) {
    let key = w.tron.derive(&dev_seed(), KeyPurpose::HotWallet, 5).unwrap();
    w.node.fund(&key.address, 100 * TRX);
    (key.address, key.secret)
}

#[tokio::test]
async fn a_transfer_signed_by_the_adapter_is_seen_through_its_log() {
    let w = world().await;
    let alice = deposit(0);
    let signed = w.send(&alice, w.token_asset(), 4_200).await;
    let number = w.node.mine();
    let logs = w.node.logs(&signed.hash).unwrap();
    assert_eq!(logs.len(), 1, "the double recorded the Transfer event");
    assert_eq!(
        w.scan(number).await,
        vec![w.token_transfer(&signed, 0, &w.hot, &alice, 4_200)]
    );
    assert_eq!(w.node.requests(INFOS), 1);
}

#[tokio::test]
async fn transfer_from_by_a_spender_is_seen_and_beyond_the_allowance_is_not() {
    let w = world().await;
    let alice = deposit(0);
    let (spender, spender_key) = spender(&w);
    let approve = abi(
        "approve(address,uint256)",
        &[word_of(&spender), word_u(U256::from(1_000))],
    );
    call_contract(&w, &w.key, &w.token, &approve).await;
    let approved = w.node.mine();
    assert_eq!(w.scan(approved).await, vec![], "an Approval event moves nothing");

    // The spender pulls from the hot wallet: the transaction's owner is the spender, its call is
    // transferFrom, and no transfer(address,uint256) call data names the deposit address.
    let pull = |amount: u128| {
        abi(
            "transferFrom(address,address,uint256)",
            &[word_of(&w.hot), word_of(&alice), word_u(U256::from(amount))],
        )
    };
    let pulled = call_contract(&w, &spender_key, &w.token, &pull(600)).await;
    let number = w.node.mine();
    assert_eq!(
        w.tron.status(&pulled.hash).await.unwrap(),
        TxStatus::Included {
            block: number,
            success: true
        }
    );
    assert_eq!(
        w.scan(number).await,
        vec![w.token_transfer(&pulled, 0, &w.hot, &alice, 600)]
    );
    assert_eq!(w.node.token_balance(&alice), U256::from(600));

    // 400 left of the allowance: pulling 401 reverts, is included as failed and is not seen.
    let too_much = call_contract(&w, &spender_key, &w.token, &pull(401)).await;
    let number = w.node.mine();
    assert_eq!(
        w.tron.status(&too_much.hash).await.unwrap(),
        TxStatus::Included {
            block: number,
            success: false
        }
    );
    assert_eq!(w.node.logs(&too_much.hash), Some(vec![]));
    assert_eq!(w.scan(number).await, vec![]);
}

#[tokio::test]
async fn a_payout_contract_paying_two_deposits_gives_two_indexes_and_trx_is_still_seen() {
    let w = world().await;
    let (alice, bob, carol) = (deposit(0), deposit(1), deposit(2));
    let payout = w.node.payout_contract();
    w.node.approve_token(&w.hot, &payout, U256::MAX);
    let trx = w.send(&carol, Asset::Native, 3 * TRX as u128).await;
    let pay = abi(
        "pay(address,uint256,address,uint256)",
        &[
            word_of(&alice),
            word_u(U256::from(100)),
            word_of(&bob),
            word_u(U256::from(250)),
        ],
    );
    let paid = call_contract(&w, &w.key, &payout, &pay).await;
    let number = w.node.mine();

    // Logs: Transfer (token), Paid (payout contract), Transfer, Paid.
    let logs = w.node.logs(&paid.hash).unwrap();
    assert_eq!(logs.len(), 4);
    let native = Transfer {
        tx_hash: trx.hash.clone(),
        index: 0,
        from: w.hot.clone(),
        to: carol.clone(),
        asset: Asset::Native,
        amount: BaseUnits::from_u128(3 * TRX as u128),
    };
    assert_eq!(
        w.scan(number).await,
        vec![
            native.clone(),
            w.token_transfer(&paid, 0, &w.hot, &alice, 100),
            w.token_transfer(&paid, 2, &w.hot, &bob, 250),
        ]
    );
    // Watching no token: the TRX transfer alone, and no second round trip.
    let before = w.node.requests(INFOS);
    let natives = w.tron.block(number, &[]).await.unwrap().unwrap().transfers;
    assert_eq!(natives, vec![native]);
    assert_eq!(w.node.requests(INFOS), before);
}

#[tokio::test]
async fn failed_token_transfers_are_not_seen() {
    let w = world().await;
    let (alice, bob) = (deposit(0), deposit(1));
    // Out of energy: a fee limit of 1 TRX cannot pay the ~13 TRX of energy.
    let stingy = TronAdapter::new(1, &w.node.url(), Some(TRX)).unwrap();
    let starved = stingy
        .sign_transfer(&w.key, &request(&w.hot, &alice, w.token_asset(), 10))
        .await
        .unwrap();
    stingy.broadcast(&starved).await.unwrap();
    // Reverted: more tokens than the hot wallet holds.
    let reverted = w.send(&bob, w.token_asset(), 5_000_000_000).await;
    let number = w.node.mine();
    for signed in [&starved, &reverted] {
        assert_eq!(
            w.tron.status(&signed.hash).await.unwrap(),
            TxStatus::Included {
                block: number,
                success: false
            }
        );
        assert_eq!(w.node.logs(&signed.hash), Some(vec![]));
    }
    assert_eq!(w.scan(number).await, vec![]);
    assert_eq!(
        w.node.requests(INFOS),
        0,
        "failed calls have no logs: nothing to ask"
    );
    assert_eq!(w.node.token_balance(&alice), U256::ZERO);
}

#[tokio::test]
async fn the_infos_are_asked_only_for_blocks_with_a_successful_contract_call() {
    let w = world().await;
    let alice = deposit(0);
    let empty = w.node.mine();
    assert_eq!(w.scan(empty).await, vec![]);
    w.send(&alice, Asset::Native, TRX as u128).await;
    let trx_only = w.node.mine();
    assert_eq!(w.scan(trx_only).await.len(), 1);
    assert_eq!(w.node.requests(INFOS), 0);
    w.send(&alice, w.token_asset(), 1).await;
    let with_call = w.node.mine();
    assert_eq!(
        w.tron.block(with_call, &[]).await.unwrap().unwrap().transfers,
        vec![]
    );
    assert_eq!(w.node.requests(INFOS), 0, "no token watched");
    assert_eq!(w.scan(with_call).await.len(), 1);
    assert_eq!(w.node.requests(INFOS), 1);
}
