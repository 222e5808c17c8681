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

async fn bad_transactions_are_rejected_and_change_nothing(db: TestDb) {
    let f = fixture(db).await;
    let (alice, bob) = (key(&f.chain, 0), key(&f.chain, 1));
    fund_with_fees(&f.chain, &alice.address, "10").await;
    f.chain.fund(&bob.address, &usdt(), usd("10")).await.unwrap();
    f.chain.mine().await.unwrap();
    let good = sign(&f.chain, &alice, &bob.address, usdt(), usd("1")).await;

    let mut bad_signature = good.clone();
    let flipped = if bad_signature.raw.contains("\"signature\":\"0x1") {
        "0x2"
    } else {
        "0x1"
    };
    bad_signature.raw =
        bad_signature
            .raw
            .replacen("\"signature\":\"0x", &format!("\"signature\":\"{flipped}"), 1);
    let mut other_amount = good.clone();
    other_amount.raw = other_amount
        .raw
        .replace("\"amount\":\"1000000\"", "\"amount\":\"9000000\"");
    let wrong_nonce = {
        let request = TransferRequest {
            from: alice.address.clone(),
            to: bob.address.clone(),
            asset: usdt(),
            amount: usd("1"),
            nonce: Some(3),
        };
        f.chain.sign_transfer(&alice.secret, &request).await.unwrap()
    };
    let too_much = sign(&f.chain, &alice, &bob.address, usdt(), usd("10.000001")).await;
    let all_dev = sign(&f.chain, &alice, &bob.address, Asset::Native, dev("1")).await;
    let no_fee = sign(&f.chain, &bob, &alice.address, usdt(), usd("1")).await;
    let mut other_chain = good.clone();
    other_chain.raw = other_chain.raw.replace("\"chainId\":1337", "\"chainId\":1");
    let cases = [
        ("bad signature", bad_signature, "signature"),
        ("tampered amount", other_amount, "does not match"),
        ("wrong nonce", wrong_nonce, "nonce 3"),
        ("insufficient tokens", too_much, "insufficient funds"),
        ("amount + fee over the balance", all_dev, "insufficient funds"),
        ("no DEV for the fee", no_fee, "fee"),
        ("another chain", other_chain, "chain 1"),
    ];
    for (what, tx, expect) in cases {
        match f.chain.broadcast(&tx).await {
            Err(ChainError::Rejected(message)) => {
                assert!(message.contains(expect), "{what}: {message}")
            }
            other => panic!("{what}: {other:?}"),
        }
        assert_eq!(
            f.chain.status(&tx.hash).await.unwrap(),
            TxStatus::Unknown,
            "{what}"
        );
    }
    let foreign = TransferRequest {
        from: bob.address.clone(),
        to: alice.address.clone(),
        asset: Asset::Native,
        amount: dev("1"),
        nonce: None,
    };
    assert!(matches!(
        f.chain.sign_transfer(&alice.secret, &foreign).await,
        Err(ChainError::Key(_))
    ));
    let fake_token = TransferRequest {
        asset: Asset::Token {
            contract: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8".into(),
        },
        ..foreign.clone()
    };
    assert!(matches!(
        f.chain.sign_transfer(&bob.secret, &fake_token).await,
        Err(ChainError::Rejected(_))
    ));

    let block = f.chain.mine().await.unwrap();
    assert!(block_watching_usdt(&f.chain, block.number)
        .await
        .transfers
        .is_empty());
    assert_eq!(balances(&f.chain, &alice.address).await, (dev("1"), usd("10")));
    assert_eq!(
        balances(&f.chain, &bob.address).await,
        (BaseUnits::ZERO, usd("10"))
    );
    // The good transaction still goes through with nonce 0.
    let rival = sign(&f.chain, &alice, &bob.address, usdt(), usd("2")).await;
    f.chain.broadcast(&good).await.unwrap();
    // Nonce 0 taken by a transaction still pending: refused, not yet provably dead.
    assert!(matches!(
        f.chain.broadcast(&rival).await,
        Err(ChainError::Rejected(_))
    ));
    f.chain.mine().await.unwrap();
    assert_eq!(
        balances(&f.chain, &bob.address).await,
        (BaseUnits::ZERO, usd("11"))
    );
    // Taken in a block: it can never be included.
    match f.chain.broadcast(&rival).await {
        Err(ChainError::Dead(message)) => assert!(message.contains("nonce 0"), "{message}"),
        other => panic!("expected it dead, got {other:?}"),
    }
}

async fn a_transfer_that_can_no_longer_pay_is_included_as_failed(db: TestDb) {
    let f = fixture(db).await;
    let (alice, bob) = (key(&f.chain, 0), key(&f.chain, 1));
    let mint = fund_with_fees(&f.chain, &alice.address, "10").await;
    f.chain.mine().await.unwrap();
    let tx = sign(&f.chain, &alice, &bob.address, usdt(), usd("10")).await;
    f.chain.broadcast(&tx).await.unwrap();
    // The funds vanish before inclusion (as if another process had spent them): the pending
    // transfer can no longer pay.
    f.store
        .connection()
        .execute_unprepared(&format!("DELETE FROM devchain_tx WHERE hash = '{mint}'"))
        .await
        .unwrap();
    let block = f.chain.mine().await.unwrap();
    assert_eq!(
        f.chain.status(&tx.hash).await.unwrap(),
        TxStatus::Included {
            block: block.number,
            success: false
        }
    );
    assert!(block_watching_usdt(&f.chain, block.number)
        .await
        .transfers
        .is_empty());
    assert_eq!(
        balances(&f.chain, &alice.address).await,
        (dev("1"), BaseUnits::ZERO),
        "no fee paid"
    );
    assert_eq!(
        balances(&f.chain, &bob.address).await,
        (BaseUnits::ZERO, BaseUnits::ZERO)
    );
    let next = sign(&f.chain, &alice, &bob.address, Asset::Native, dev("0.1")).await;
    assert_eq!(next.nonce, Some(1), "the failed transfer took its nonce");
}

async fn reorg_replaces_blocks_and_keeps_balances_consistent(db: TestDb) {
    let f = fixture(db).await;
    let (alice, bob) = (key(&f.chain, 0), key(&f.chain, 1));
    let mint = fund_with_fees(&f.chain, &alice.address, "50").await;
    f.chain.mine().await.unwrap();
    let tx = sign(&f.chain, &alice, &bob.address, usdt(), usd("20")).await;
    f.chain.broadcast(&tx).await.unwrap();
    f.clock.advance(chrono::Duration::seconds(2));
    f.chain.mine().await.unwrap();
    f.chain.mine().await.unwrap();
    let before: Vec<String> = hashes(&f.chain, 3).await;
    let alice_before = balances(&f.chain, &alice.address).await;
    let bob_before = balances(&f.chain, &bob.address).await;
    assert_eq!(bob_before, (BaseUnits::ZERO, usd("20")));

    f.clock.advance(chrono::Duration::seconds(5));
    let new = f.chain.reorg(2).await.unwrap();
    assert_eq!(new.iter().map(|b| b.number).collect::<Vec<_>>(), [2, 3]);
    let after = hashes(&f.chain, 3).await;
    assert_eq!(after[..2], before[..2], "genesis and block 1 stay");
    assert_ne!(after[2], before[2]);
    assert_ne!(after[3], before[3]);
    assert_eq!(f.chain.head().await.unwrap().hash, after[3]);
    assert_links(&f.chain).await;
    assert_eq!(
        f.chain.status(&tx.hash).await.unwrap(),
        TxStatus::Included {
            block: 2,
            success: true
        }
    );
    let block2 = block_watching_usdt(&f.chain, 2).await;
    assert_eq!(block2.timestamp, START + 7);
    assert_eq!(block2.transfers.len(), 1);
    assert_eq!(balances(&f.chain, &alice.address).await, alice_before);
    assert_eq!(balances(&f.chain, &bob.address).await, bob_before);

    // Down to genesis: the mints come back too, so the funds reappear.
    f.chain.reorg(3).await.unwrap();
    assert_links(&f.chain).await;
    assert_eq!(
        f.chain.status(&mint).await.unwrap(),
        TxStatus::Included {
            block: 1,
            success: true
        }
    );
    assert_eq!(
        f.chain.status(&tx.hash).await.unwrap(),
        TxStatus::Included {
            block: 1,
            success: true
        }
    );
    assert_eq!(balances(&f.chain, &alice.address).await, alice_before);
    assert_eq!(balances(&f.chain, &bob.address).await, bob_before);

    for depth in [0, 4] {
        assert!(
            matches!(f.chain.reorg(depth).await, Err(ChainError::Rejected(_))),
            "depth {depth}"
        );
    }
}

async fn hashes(chain: &Devchain, to: u64) -> Vec<String> {
    let mut out = Vec::new();
    for n in 0..=to {
        out.push(chain.block(n, &[]).await.unwrap().unwrap().hash);
    }
    out
}

async fn assert_links(chain: &Devchain) {
    let head = chain.head().await.unwrap();
    let mut parent = GENESIS_PARENT.to_string();
    for n in 0..=head.number {
        let block = chain.block(n, &[]).await.unwrap().unwrap();
        assert_eq!(block.parent_hash, parent, "block {n}");
        parent = block.hash;
    }
    assert_eq!(parent, head.hash);
}

async fn miners_sharing_a_database_build_one_chain(db: TestDb) {
    let f = fixture(db).await;
    let clock: Arc<ManualClock> = f.clock.clone();
    let other = Devchain::open(f.store.connection().clone(), CHAIN, clock)
        .await
        .unwrap();
    assert_eq!(other.head().await.unwrap().number, 0, "one genesis");
    let alice = key(&f.chain, 0);
    f.chain.fund(&alice.address, &usdt(), usd("1")).await.unwrap();
    let (a, b) = tokio::join!(
        async {
            let mut n = 0;
            for _ in 0..5 {
                n += f.chain.try_mine().await.unwrap().is_some() as u64;
            }
            n
        },
        async {
            let mut n = 0;
            for _ in 0..5 {
                n += other.try_mine().await.unwrap().is_some() as u64;
            }
            n
        }
    );
    assert_eq!(f.chain.head().await.unwrap().number, a + b);
    assert_links(&f.chain).await;
    assert_eq!(
        balances(&other, &alice.address).await.1,
        usd("1"),
        "the mint is in exactly one block"
    );

    assert!(f.chain.spawn_miner(Duration::ZERO).is_none());
    let start = f.chain.head().await.unwrap().number;
    let miner = f.chain.spawn_miner(Duration::from_millis(20)).unwrap();
    tokio::time::timeout(Duration::from_secs(20), async {
        while f.chain.head().await.unwrap().number < start + 3 {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    })
    .await
    .expect("the background miner produces blocks");
    miner.abort();
    assert_links(&f.chain).await;
}

each_database!(
    fund_and_mine_show_in_block_and_balance,
    signed_transfer_moves_tokens_and_charges_the_fee,
    bad_transactions_are_rejected_and_change_nothing,
    a_transfer_that_can_no_longer_pay_is_included_as_failed,
    reorg_replaces_blocks_and_keeps_balances_consistent,
    miners_sharing_a_database_build_one_chain,
);

/// Computed independently of this crate with a stdlib-only Python implementation of BIP39,
/// BIP32, secp256k1, keccak256 and EIP-55 (which reproduces anvil's 0xf39F...2266 at
/// m/44'/60'/0'/0/0 of the same mnemonic).
#[test]
fn derive_gives_the_documented_addresses() {
    let chain_seed = seed(DEV_MNEMONIC, "").unwrap();
    let vectors = [
        (
            KeyPurpose::Deposit,
            0,
            "m/44'/1'/0'/0/0",
            "0x22310Bf73bC88ae2D2c9a29Bd87bC38FBAc9e6b0",
            "7c299dda7c704f9d474b6ca5d7fee0b490c8decca493b5764541fe5ec6b65114",
        ),
        (
            KeyPurpose::Deposit,
            1,
            "m/44'/1'/0'/0/1",
            "0x5AEC774E6ae749DBB17A2EBA03648207A5bd7dDd",
            "50064dccbc8b9d9153e340ee2759b0fc4936ffe70cb451dad5563754d33c34a8",
        ),
        (
            KeyPurpose::HotWallet,
            0,
            "m/44'/1'/1'/0/0",
            "0xAd4e5a21374eD7F7ca205870eB2073D21D7e6FE1",
            "dbcec35c5ac5ce0737572b08ba7bcc2f8ad9bd49107a765d5408b504b06e8e88",
        ),
    ];
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let db = runtime.block_on(TestDb::new(coffer_testkit::DbKind::Sqlite));
    let f = runtime.block_on(fixture(db));
    for (purpose, index, path, address, secret) in vectors {
        let key = f.chain.derive(&chain_seed, purpose, index).unwrap();
        assert_eq!(derivation_path(purpose, index), path);
        assert_eq!((key.path.as_str(), key.address.as_str()), (path, address));
        assert_eq!(hex::encode(*key.secret.0), secret);
    }
}

#[test]
fn parse_address_follows_eip55() {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let db = runtime.block_on(TestDb::new(coffer_testkit::DbKind::Sqlite));
    let f = runtime.block_on(fixture(db));
    let good = "0x22310Bf73bC88ae2D2c9a29Bd87bC38FBAc9e6b0";
    assert_eq!(f.chain.parse_address(good).unwrap(), good);
    assert_eq!(f.chain.parse_address(&good.to_lowercase()).unwrap(), good);
    assert_eq!(f.chain.parse_address(&format!(" {good}\n")).unwrap(), good);
    for bad in [
        "0x22310bf73bC88ae2D2c9a29Bd87bC38FBAc9e6b0",
        "0x22310Bf73bC88ae2D2c9a29Bd87bC38FBAc9e6",
        "0x22310Bf73bC88ae2D2c9a29Bd87bC38FBAc9e6b000",
        "22310Bf73bC88ae2D2c9a29Bd87bC38FBAc9e6b0",
        "TWer2Ygk5TEheHp3TPuYeqxmB6SsGZmaL6",
        "0xZZ310Bf73bC88ae2D2c9a29Bd87bC38FBAc9e6b0",
        "",
    ] {
        assert_eq!(
            f.chain.parse_address(bad),
            Err(ChainError::InvalidAddress),
            "{bad:?}"
        );
    }
    assert_eq!(
        evm_address(&parse_evm_address(USDT_CONTRACT).unwrap()),
        USDT_CONTRACT
    );
    assert_eq!(f.chain.parse_address(USDT_CONTRACT).unwrap(), USDT_CONTRACT);
}
