//! The TRON adapter: byte-for-byte against tronweb's transactions, and end to end against the
//! node double of coffer-testkit (which verifies signatures, txIDs, TAPOS and balances itself).
//!
//! The reference vectors are `tests/tron_vectors.json`, produced by scripts/tron-vectors. With
//! `COFFER_TRONWEB=1` (after `npm ci` in that folder) the test also runs tronweb and requires
//! its output to equal the checked-in file.
//!
//! This file holds what the tests share (the node double with a funded hot wallet, transfer
//! requests, refusals); the tests are grouped under tron/.

#[path = "tron/broadcasts.rs"]
mod broadcasts;
#[path = "tron/bulk_blocks.rs"]
mod bulk_blocks;
#[path = "tron/resources.rs"]
mod resources;
#[path = "tron/stake.rs"]
mod stake;
#[path = "tron/token_events.rs"]
mod token_events;
#[path = "tron/transfers_and_fees.rs"]
mod transfers_and_fees;
#[path = "tron/vectors.rs"]
mod vectors;

use coffer_chain::keys;
use coffer_chain::tron::{TronAdapter, TxHeader, DEFAULT_FEE_LIMIT_SUN, EXPIRATION_MS};
use coffer_domain::amount::BaseUnits;
use coffer_domain::ports::chain::{
    Asset, ChainAdapter, ChainError, KeyPurpose, SecretKey, SignedTx, TransferRequest, TxStatus,
};
use coffer_testkit::tron_node::{
    CREATE_ACCOUNT_FEE, CREATE_ACCOUNT_IN_CONTRACT_FEE, ENERGY_FEE, TRANSACTION_FEE,
};
use coffer_testkit::TronNode;
use ruint::aliases::U256;
use serde_json::Value;

const DEV_MNEMONIC: &str = "test test test test test test test test test test test junk";
const TRX: u64 = 1_000_000;

fn id(address: &str) -> [u8; 20] {
    keys::parse_tron_address(address).unwrap()
}

fn bytes32(hex_text: &str) -> [u8; 32] {
    hex::decode(hex_text).unwrap().try_into().unwrap()
}

fn adapter(url: &str) -> TronAdapter {
    TronAdapter::new(728126428, url, None).unwrap()
}

fn dev_seed() -> [u8; 64] {
    keys::seed(DEV_MNEMONIC, "").unwrap()
}

/// A node with a funded hot wallet (m/44'/195'/1'/0/0) holding TRX and tokens.
struct World {
    node: TronNode,
    tron: TronAdapter,
    key: SecretKey,
    hot: String,
    token: String,
}

async fn world() -> World {
    let node = TronNode::start().await;
    // Free bandwidth resets with the double's day: start tests on a fresh one, far from its end.
    node.advance_to_next_day();
    let tron = adapter(&node.url());
    let hot_key = tron.derive(&dev_seed(), KeyPurpose::HotWallet, 0).unwrap();
    node.fund(&hot_key.address, 100 * TRX);
    node.fund_token(&hot_key.address, 1_000_000_000);
    World {
        token: node.token(),
        tron,
        key: hot_key.secret,
        hot: hot_key.address,
        node,
    }
}

fn deposit(index: u32) -> String {
    adapter("http://127.0.0.1:9")
        .derive(&dev_seed(), KeyPurpose::Deposit, index)
        .unwrap()
        .address
}

fn request(from: &str, to: &str, asset: Asset, amount: u128) -> TransferRequest {
    TransferRequest {
        from: from.into(),
        to: to.into(),
        asset,
        amount: BaseUnits::from_u128(amount),
        nonce: None,
    }
}

impl World {
    fn token_asset(&self) -> Asset {
        Asset::Token {
            contract: self.token.clone(),
        }
    }

    async fn trx(&self, address: &str) -> BaseUnits {
        self.tron.balance(address, &Asset::Native).await.unwrap()
    }

    async fn send(&self, to: &str, asset: Asset, amount: u128) -> SignedTx {
        let signed = self
            .tron
            .sign_transfer(&self.key, &request(&self.hot, to, asset, amount))
            .await
            .unwrap();
        self.tron.broadcast(&signed).await.unwrap();
        signed
    }
}

fn rejected(result: Result<(), ChainError>) -> String {
    match result {
        Err(ChainError::Rejected(reason)) => reason,
        other => panic!("expected a rejection, got {other:?}"),
    }
}

/// A refusal saying the transaction can never be included (expired, or its reference block
/// is not on the chain).
fn dead(result: Result<(), ChainError>) -> String {
    match result {
        Err(ChainError::Dead(reason)) => reason,
        other => panic!("expected it dead for good, got {other:?}"),
    }
}
