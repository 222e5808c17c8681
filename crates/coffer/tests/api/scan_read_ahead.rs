//! The deposit scanner reads blocks ahead of the one it records. A block read ahead can be
//! older than the parent recorded after it (the chain reorganised in between): the scanner
//! asks the node again before it rolls anything back, so a block still on the chain is never
//! voided and revived.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use coffer_domain::amount::BaseUnits;
use coffer_domain::chains::ChainRegistry;
use coffer_domain::deposits::scanner::DepositScanner;
use coffer_domain::ports::chain::{
    Asset, Block, BlockRef, ChainAdapter, ChainFamily, ChainResult, DerivedKey, FeeEstimate, KeyPurpose,
    SecretKey, SignedTx, TransferRequest, TxStatus,
};
use coffer_testkit::{each_database, TestDb};

use crate::deposits::{merchant_ready, scan};
use crate::helpers::spawn_app_with;
use crate::receiver::Receiver;
use crate::wallets::{demo_merchant, offline_chains};
use crate::withdrawals::DEV;

/// The devchain, except that block `stale` is first answered as it was before a reorg (another
/// parent); asked again, it is the chain's.
struct StaleOnce {
    chain: Arc<dyn ChainAdapter>,
    stale: u64,
    served: AtomicBool,
}

#[async_trait::async_trait]
impl ChainAdapter for StaleOnce {
    fn chain_id(&self) -> i64 {
        self.chain.chain_id()
    }
    fn family(&self) -> ChainFamily {
        self.chain.family()
    }
    fn parse_address(&self, text: &str) -> ChainResult<String> {
        self.chain.parse_address(text)
    }
    fn derive(&self, seed: &[u8; 64], purpose: KeyPurpose, index: u32) -> ChainResult<DerivedKey> {
        self.chain.derive(seed, purpose, index)
    }
    async fn head(&self) -> ChainResult<BlockRef> {
        self.chain.head().await
    }
    async fn block(&self, number: u64, tokens: &[String]) -> ChainResult<Option<Block>> {
        let mut block = self.chain.block(number, tokens).await?;
        if number == self.stale && !self.served.swap(true, Ordering::SeqCst) {
            if let Some(b) = block.as_mut() {
                b.parent_hash = "0".repeat(64);
            }
        }
        Ok(block)
    }
    async fn balance(&self, address: &str, asset: &Asset) -> ChainResult<BaseUnits> {
        self.chain.balance(address, asset).await
    }
    async fn estimate_fee(&self, request: &TransferRequest) -> ChainResult<FeeEstimate> {
        self.chain.estimate_fee(request).await
    }
    async fn sign_transfer(&self, key: &SecretKey, request: &TransferRequest) -> ChainResult<SignedTx> {
        self.chain.sign_transfer(key, request).await
    }
    async fn broadcast(&self, tx: &SignedTx) -> ChainResult<()> {
        self.chain.broadcast(tx).await
    }
    async fn status(&self, hash: &str) -> ChainResult<TxStatus> {
        self.chain.status(hash).await
    }
}

async fn a_block_read_before_a_reorg_is_read_again_not_rolled_back(db: TestDb) {
    let receiver = Receiver::start().await;
    let app = spawn_app_with(db, offline_chains).await;
    merchant_ready(&app, &receiver).await;
    let merchant = demo_merchant(&app).await;
    let mut blocks = Vec::new();
    for user in ["user-1", "user-2"] {
        let address = app.deposit_address(merchant, DEV, user).await;
        app.send_usdt(&address, "3").await;
        blocks.push(app.devchain.mine().await.unwrap().number);
    }
    let stale = StaleOnce {
        chain: app.scanner.chains.require(DEV).unwrap().clone(),
        stale: blocks[1],
        served: AtomicBool::new(false),
    };
    let scanner = DepositScanner {
        ports: app.scanner.ports.clone(),
        chains: Arc::new(ChainRegistry::new(vec![Arc::new(stale)])),
        settings: app.scanner.settings.clone(),
        owner: app.scanner.owner.clone(),
    };

    let report = scanner.scan_chain(DEV).await.unwrap();
    assert_eq!((report.deposits, report.rolled_back), (2, 0), "{report:?}");
    // Nothing was voided: a later step finds the chain as recorded.
    app.devchain.mine().await.unwrap();
    let report = scan(&app).await;
    assert_eq!((report.deposits, report.rolled_back), (0, 0), "{report:?}");
    app.callbacks.deliver_due().await.unwrap();
    let events: Vec<String> = receiver
        .events()
        .iter()
        .map(|e| e["event"].as_str().unwrap().to_string())
        .collect();
    assert!(!events.iter().any(|e| e == "deposit.void"), "{events:?}");
}

each_database!(a_block_read_before_a_reorg_is_read_again_not_rolled_back);
