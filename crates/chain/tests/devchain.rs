//! The embedded devchain on SQLite and PostgreSQL: faucet and mining, signed transfers and
//! their fee, rejections, status, reorganisations, addresses and key derivation.

use chrono::{DateTime, Utc};
use coffer_chain::devchain::{
    derivation_path, Devchain, DEV_MNEMONIC, GENESIS_PARENT, USDT_CONTRACT, ZERO_ADDRESS,
};
use coffer_chain::keys::{evm_address, parse_evm_address, seed};
use coffer_domain::amount::BaseUnits;
use coffer_domain::clock::ManualClock;
use coffer_domain::ports::chain::{
    Asset, Block, ChainAdapter, ChainError, DerivedKey, KeyPurpose, SignedTx, TransferRequest, TxStatus,
};
use coffer_store::{PoolSettings, Store};
use coffer_testkit::{each_database, TestDb};
use sea_orm::ConnectionTrait;
use std::sync::Arc;
use std::time::Duration;

#[path = "devchain/keys.rs"]
mod keys;
#[path = "devchain/refusals.rs"]
mod refusals;
#[path = "devchain/reorgs.rs"]
mod reorgs;

const CHAIN: i64 = 1337;
const START: i64 = 1_800_000_000;

struct Fixture {
    chain: Devchain,
    clock: Arc<ManualClock>,
    store: Store,
    _db: TestDb,
}

async fn fixture(db: TestDb) -> Fixture {
    let store = Store::connect(
        &db.url,
        PoolSettings {
            max_connections: 5,
            connect_timeout: Duration::from_secs(10),
        },
    )
    .await
    .unwrap();
    store.migrate().await.unwrap();
    let clock = Arc::new(ManualClock::new(
        DateTime::<Utc>::from_timestamp(START, 0).unwrap(),
    ));
    let chain = Devchain::open(store.connection().clone(), CHAIN, clock.clone())
        .await
        .unwrap();
    Fixture {
        chain,
        clock,
        store,
        _db: db,
    }
}

fn key(chain: &Devchain, index: u32) -> DerivedKey {
    let seed = seed(DEV_MNEMONIC, "").unwrap();
    chain.derive(&seed, KeyPurpose::Deposit, index).unwrap()
}

fn usdt() -> Asset {
    Asset::Token {
        contract: USDT_CONTRACT.into(),
    }
}

fn dev(text: &str) -> BaseUnits {
    BaseUnits::from_decimal(text, 18).unwrap()
}

fn usd(text: &str) -> BaseUnits {
    BaseUnits::from_decimal(text, 6).unwrap()
}

async fn sign(chain: &Devchain, from: &DerivedKey, to: &str, asset: Asset, amount: BaseUnits) -> SignedTx {
    let request = TransferRequest {
        from: from.address.clone(),
        to: to.into(),
        asset,
        amount,
        nonce: None,
    };
    chain.sign_transfer(&from.secret, &request).await.unwrap()
}

/// The block at `number` (it must exist) with its native and USDT transfers.
async fn block_watching_usdt(chain: &Devchain, number: u64) -> Block {
    chain
        .block(number, &[USDT_CONTRACT.into()])
        .await
        .unwrap()
        .unwrap()
}

/// Mints `tokens` USDT and 1 DEV for the fees to `holder` (not mined yet); the USDT mint's hash.
async fn fund_with_fees(chain: &Devchain, holder: &str, tokens: &str) -> String {
    let mint = chain.fund(holder, &usdt(), usd(tokens)).await.unwrap();
    chain.fund(holder, &Asset::Native, dev("1")).await.unwrap();
    mint
}

async fn balances(chain: &Devchain, address: &str) -> (BaseUnits, BaseUnits) {
    (
        chain.balance(address, &Asset::Native).await.unwrap(),
        chain.balance(address, &usdt()).await.unwrap(),
    )
}

async fn fund_and_mine_show_in_block_and_balance(db: TestDb) {
    let f = fixture(db).await;
    let alice = key(&f.chain, 0);
    let genesis = f.chain.head().await.unwrap();
    assert_eq!(genesis.number, 0);
    let g = f.chain.block(0, &[]).await.unwrap().unwrap();
    assert_eq!((g.parent_hash.as_str(), g.timestamp), (GENESIS_PARENT, START));

    let mint_usdt = f.chain.fund(&alice.address, &usdt(), usd("25.5")).await.unwrap();
    let mint_dev = f
        .chain
        .fund(&alice.address, &Asset::Native, dev("2"))
        .await
        .unwrap();
    assert_eq!(f.chain.status(&mint_usdt).await.unwrap(), TxStatus::Pending);
    assert_eq!(
        balances(&f.chain, &alice.address).await,
        (BaseUnits::ZERO, BaseUnits::ZERO)
    );

    f.clock.advance(chrono::Duration::seconds(2));
    let mined = f.chain.mine().await.unwrap();
    assert_eq!(mined.number, 1);
    assert_eq!(f.chain.head().await.unwrap(), mined);
    let block = block_watching_usdt(&f.chain, 1).await;
    assert_eq!(block.hash, mined.hash);
    assert_eq!(block.parent_hash, genesis.hash);
    assert_eq!(block.timestamp, START + 2);
    assert_eq!(block.transfers.len(), 2);
    let t = &block.transfers[0];
    assert_eq!(
        (t.tx_hash.as_str(), t.index, t.from.as_str()),
        (mint_usdt.as_str(), 0, ZERO_ADDRESS)
    );
    assert_eq!(
        (t.to.as_str(), &t.asset, t.amount),
        (alice.address.as_str(), &usdt(), usd("25.5"))
    );
    assert_eq!(block.transfers[1].tx_hash, mint_dev);
    assert_eq!(block.transfers[1].asset, Asset::Native);
    // Token transfers only for the contracts asked for; the native coin always.
    let native_only = f.chain.block(1, &[]).await.unwrap().unwrap();
    assert_eq!(native_only.transfers.len(), 1);
    assert_eq!(native_only.transfers[0].tx_hash, mint_dev);
    assert!(f.chain.block(2, &[]).await.unwrap().is_none());

    assert_eq!(balances(&f.chain, &alice.address).await, (dev("2"), usd("25.5")));
    let lower = alice.address.to_lowercase();
    assert_eq!(f.chain.balance(&lower, &usdt()).await.unwrap(), usd("25.5"));
    assert_eq!(
        f.chain.status(&mint_usdt).await.unwrap(),
        TxStatus::Included {
            block: 1,
            success: true
        }
    );
    assert!(matches!(
        f.chain
            .fund(&alice.address, &Asset::Native, BaseUnits::ZERO)
            .await,
        Err(ChainError::Rejected(_))
    ));
    assert_eq!(
        f.chain.fund("0x1234", &Asset::Native, dev("1")).await,
        Err(ChainError::InvalidAddress)
    );
}

async fn signed_transfer_moves_tokens_and_charges_the_fee(db: TestDb) {
    let f = fixture(db).await;
    let (alice, bob) = (key(&f.chain, 0), key(&f.chain, 1));
    fund_with_fees(&f.chain, &alice.address, "100").await;
    f.chain.mine().await.unwrap();

    let request = TransferRequest {
        from: alice.address.clone(),
        to: bob.address.clone(),
        asset: usdt(),
        amount: usd("40"),
        nonce: None,
    };
    assert_eq!(f.chain.estimate_fee(&request).await.unwrap().fee, dev("0.001"));
    let tx = sign(&f.chain, &alice, &bob.address, usdt(), usd("40")).await;
    assert_eq!(tx.nonce, Some(0));
    assert_eq!(tx.hash.len(), 66);
    assert_eq!(f.chain.status(&tx.hash).await.unwrap(), TxStatus::Unknown);
    f.chain.broadcast(&tx).await.unwrap();
    assert_eq!(f.chain.status(&tx.hash).await.unwrap(), TxStatus::Pending);
    f.chain.broadcast(&tx).await.unwrap();
    // The pending transfer counts for the next nonce.
    let native = sign(&f.chain, &alice, &bob.address, Asset::Native, dev("0.5")).await;
    assert_eq!(native.nonce, Some(1));
    f.chain.broadcast(&native).await.unwrap();

    let mined = f.chain.mine().await.unwrap();
    for hash in [&tx.hash, &native.hash] {
        assert_eq!(
            f.chain.status(hash).await.unwrap(),
            TxStatus::Included {
                block: mined.number,
                success: true
            }
        );
    }
    f.chain.broadcast(&tx).await.unwrap();
    assert_eq!(
        balances(&f.chain, &alice.address).await,
        (dev("0.498"), usd("60"))
    );
    assert_eq!(balances(&f.chain, &bob.address).await, (dev("0.5"), usd("40")));
    let block = block_watching_usdt(&f.chain, mined.number).await;
    assert_eq!(
        block.transfers.len(),
        2,
        "one transfer per transaction, fees are not transfers"
    );
    let t = &block.transfers[0];
    assert_eq!((t.tx_hash.as_str(), t.index), (tx.hash.as_str(), 0));
    assert_eq!(
        (t.from.as_str(), t.to.as_str()),
        (alice.address.as_str(), bob.address.as_str())
    );
    assert_eq!((&t.asset, t.amount), (&usdt(), usd("40")));

    // A block with nothing pending is empty and the balances stay.
    let empty = f.chain.mine().await.unwrap();
    assert!(f
        .chain
        .block(empty.number, &[])
        .await
        .unwrap()
        .unwrap()
        .transfers
        .is_empty());
    assert_eq!(balances(&f.chain, &bob.address).await, (dev("0.5"), usd("40")));
}

each_database!(
    fund_and_mine_show_in_block_and_balance,
    signed_transfer_moves_tokens_and_charges_the_fee,
);
