//! Reorganisations, and several miners sharing one database: one linked chain with consistent
//! balances.

use super::*;

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
            // Blocks are due by the chain's clock.
            f.clock.advance(chrono::Duration::milliseconds(20));
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    })
    .await
    .expect("the background miner produces blocks");
    miner.abort();
    assert_links(&f.chain).await;
}

/// The background miners of two processes on one database, each ticking once per interval at
/// its own moment: one block per interval in all, whoever makes it.
async fn miners_sharing_a_database_make_one_block_per_interval(db: TestDb) {
    let f = fixture(db).await;
    let other = Devchain::open(f.store.connection().clone(), CHAIN, f.clock.clone())
        .await
        .unwrap();
    let every = Duration::from_secs(2);
    let ms = chrono::Duration::milliseconds;
    // Intervals start at even seconds since the epoch; START is one, and the genesis block is
    // its interval's block: the next one starts 2 s later.
    f.clock.advance(ms(2000));
    let mut makers = Vec::new();
    for (first, second) in [(&f.chain, &other), (&other, &f.chain)] {
        for _ in 0..3 {
            f.clock.advance(ms(500));
            makers.push(first.mine_due(every).await.unwrap().is_some());
            f.clock.advance(ms(1000));
            makers.push(second.mine_due(every).await.unwrap().is_some());
            f.clock.advance(ms(500));
        }
    }
    assert_eq!(
        makers,
        [true, false].repeat(6),
        "the first tick of each interval mines"
    );
    assert_eq!(f.chain.head().await.unwrap().number, 6);

    // Both at the same moment.
    f.clock.advance(ms(500));
    let (a, b) = tokio::join!(f.chain.mine_due(every), other.mine_due(every));
    assert_eq!(a.unwrap().is_some() as u8 + b.unwrap().is_some() as u8, 1);
    // A block made on request is its interval's block too; the next interval's is due.
    f.clock.advance(ms(2000));
    f.chain.mine().await.unwrap();
    assert_eq!(other.mine_due(every).await.unwrap(), None);
    // A process whose clock is behind the head's leaves the blocks to the one ahead.
    let behind = ManualClock::new(DateTime::<Utc>::from_timestamp(START + 12, 0).unwrap());
    let late = Devchain::open(f.store.connection().clone(), CHAIN, Arc::new(behind))
        .await
        .unwrap();
    assert_eq!(late.mine_due(every).await.unwrap(), None);
    f.clock.advance(ms(1500));
    assert!(other.mine_due(every).await.unwrap().is_some());
    assert_eq!(f.chain.head().await.unwrap().number, 9);
    assert_links(&f.chain).await;
}

each_database!(
    reorg_replaces_blocks_and_keeps_balances_consistent,
    miners_sharing_a_database_build_one_chain,
    miners_sharing_a_database_make_one_block_per_interval,
);
