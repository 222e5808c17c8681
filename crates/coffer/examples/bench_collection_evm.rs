//! `make bench`, collection fee efficiency: native coin spent per sweep over the chain's minimum
//! for that sweep, per chain family, on a real node through the real sweep executor (release
//! build, SQLite: the figure is the chain's, not the database's).
//!
//! EVM (anvil, TestUSD): SWEEPS deposit addresses each receive 10 TestUSD (scanned, credited,
//! opened for collection on each deposit); the executor tops each up with gas from the fee
//! wallet (quoted live, plus 5%), waits for the top-up's confirmation and sweeps the token to
//! the cold address. For each sweep transaction (its receipt and its block only: top-ups and
//! background transactions are not in the figure):
//! - spent = gas used × effective gas price (what the address paid);
//! - minimum = gas used × the block's base fee (the part no transaction can avoid: burnt);
//! - efficiency = spent / minimum (target <= 1.02). Above 1 is the priority fee (tip) alone:
//!   effective price = base fee + tip, and unused gas is never charged.
//!
//! Anvil's blocks hold only what is sent to it, so its base fee would fall 12.5% a block to
//! almost nothing; the blocks the bench mines are held at a steady base fee instead
//! (COFFER_BENCH_BASE_FEE_GWEI, default 1 gwei, anvil's starting base fee). The tip is what the
//! adapter reads live (the median over recent busy blocks of eth_feeHistory's 10th-percentile
//! reward, at most eth_maxPriorityFeePerGas), so two cases, each on its own anvil and database:
//! - market: every block the bench mines (10 before the executor starts, filling the fee
//!   history the adapter reads, then one per executor round) also holds MARKET_TXS transfers
//!   from anvil's unlocked dev accounts tipping COFFER_BENCH_MARKET_TIP_GWEI (default 0.01
//!   gwei, 1% of the default base fee), as other users' traffic does on a live chain. Also
//!   printed, a kinder denominator: gas used × (base fee + the market's lowest tip in that block).
//! - idle: no other traffic; the history holds only the bench's own transactions, sent at
//!   anvil's default 1 gwei tip, and the node's suggested tip is paid (anvil suggests at
//!   least 1 gwei): about 1 + 1 gwei / base fee. COFFER_BENCH_MARKET_TIP_GWEI=0: this case alone.
//!
//! Also printed: the tip the sweeps paid, what each sweep cost with its top-up and what the
//! top-up left in the address (it pays its next sweep). COFFER_BENCH_SWEEPS (default 20).

mod support;

use coffer::config::{ChainConfig, EvmConfig, FamilyConfig, Secret, TokenConfig};
use coffer_domain::amount::BaseUnits;
use coffer_domain::ports::{StepKind, StepState};
use coffer_store::entities::{collection, collection_step};
use coffer_testkit::anvil::{ANVIL_CHAIN_ID, DEV_ACCOUNTS};
use coffer_testkit::{AnvilPeer, DbKind};
use ruint::aliases::U256;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::time::{Duration, Instant};

const EVM: i64 = 31337;
const TEST_USD: i64 = 101;
/// Anvil's dev account #3: it holds no TestUSD.
const COLD: &str = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
/// Background transfers per block in the market case (21,000 gas each).
const MARKET_TXS: usize = 30;
/// Market blocks mined before the executor starts: the adapter's fee history window
/// (TIP_HISTORY_BLOCKS in crates/chain/src/evm/node.rs).
const MARKET_HISTORY_BLOCKS: usize = 10;

fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// An amount in gwei from the environment, in wei.
fn gwei_var(name: &str, default: f64) -> u128 {
    (env_or(name, default) * 1e9).round() as u128
}

async fn set_next_base_fee(anvil: &AnvilPeer, wei: U256) {
    anvil
        .rpc("anvil_setNextBlockBaseFeePerGas", json!([format!("{wei:#x}")]))
        .await;
}

fn quantity(value: &Value) -> U256 {
    let text = value.as_str().expect("a quantity");
    U256::from_str_radix(text.trim_start_matches("0x"), 16).expect("hex")
}

fn f64_of(v: U256) -> f64 {
    v.to_string().parse().unwrap_or(f64::NAN)
}

fn gwei(v: f64) -> f64 {
    v / 1e9
}

/// What one mined transaction paid, and its chain minimum.
struct Paid {
    gas_used: U256,
    price: U256,
    base_fee: U256,
    gas_limit: U256,
    block: u64,
}

impl Paid {
    fn spent(&self) -> U256 {
        self.gas_used * self.price
    }
    fn minimum(&self) -> U256 {
        self.gas_used * self.base_fee
    }
}

async fn paid(anvil: &AnvilPeer, hash: &str) -> anyhow::Result<Paid> {
    let receipt = anvil.receipt(hash).await;
    anyhow::ensure!(receipt["status"] == "0x1", "{hash} reverted");
    let block = anvil
        .rpc("eth_getBlockByNumber", json!([receipt["blockNumber"], false]))
        .await;
    let tx = anvil.rpc("eth_getTransactionByHash", json!([hash])).await;
    Ok(Paid {
        gas_used: quantity(&receipt["gasUsed"]),
        price: quantity(&receipt["effectiveGasPrice"]),
        base_fee: quantity(&block["baseFeePerGas"]),
        gas_limit: quantity(&tx["gas"]),
        block: quantity(&receipt["blockNumber"]).to(),
    })
}

/// Other users' traffic: MARKET_TXS self-transfers a block from anvil's unlocked dev accounts,
/// each with max priority fee `tip` and max fee 2 × base fee + tip (so it pays exactly `tip`);
/// per block, the lowest tip they were charged, from their receipts.
struct Market {
    tip: u128,
    waiting: Vec<String>,
    lowest: HashMap<u64, U256>,
}

impl Market {
    async fn send(&mut self, anvil: &AnvilPeer, base_fee: U256) {
        for i in 0..MARKET_TXS {
            let from = DEV_ACCOUNTS[i % DEV_ACCOUNTS.len()];
            let tx = json!({
                "from": from, "to": from, "value": "0x0", "gas": "0x5208",
                "maxPriorityFeePerGas": format!("{:#x}", self.tip),
                "maxFeePerGas": format!("{:#x}", base_fee * U256::from(2u8) + U256::from(self.tip)),
            });
            let hash = anvil.rpc("eth_sendTransaction", json!([tx])).await;
            self.waiting.push(hash.as_str().expect("a hash").to_string());
        }
    }

    /// After a block is mined: all the waiting transfers are in it; its lowest market tip.
    async fn mined(&mut self, anvil: &AnvilPeer) -> anyhow::Result<()> {
        let mut lowest: Option<(u64, U256)> = None;
        for hash in self.waiting.drain(..) {
            let t = paid(anvil, &hash).await?;
            let tip = t.price - t.base_fee;
            let (block, low) = lowest.unwrap_or((t.block, tip));
            anyhow::ensure!(block == t.block, "the market's transfers went into two blocks");
            lowest = Some((block, low.min(tip)));
        }
        let (block, tip) = lowest.ok_or_else(|| anyhow::Error::msg("no market transfers"))?;
        anyhow::ensure!(
            block == anvil.block_number().await,
            "market transfers left behind"
        );
        self.lowest.insert(block, tip);
        Ok(())
    }
}

/// Sets the next block's base fee, adds the market's transfers if any, mines it.
async fn mine_held(anvil: &AnvilPeer, base_fee: U256, market: &mut Option<Market>) -> anyhow::Result<()> {
    if let Some(market) = market.as_mut() {
        market.send(anvil, base_fee).await;
    }
    set_next_base_fee(anvil, base_fee).await;
    anvil.mine(1).await;
    if let Some(market) = market.as_mut() {
        market.mined(anvil).await?;
    }
    Ok(())
}

async fn evm(n: usize, base_fee: U256, market_tip: Option<u128>) -> anyhow::Result<()> {
    let anvil = AnvilPeer::start();
    let contract = anvil.deploy_erc20().await;
    let chain = ChainConfig {
        id: EVM,
        family: FamilyConfig::Evm(EvmConfig {
            evm_chain_id: Some(ANVIL_CHAIN_ID),
        }),
        name: "Anvil".into(),
        symbol: "ETH".into(),
        decimals: 18,
        txurl: String::new(),
        rpc_url: Secret::new(anvil.url.clone()),
        confirmations: Some(2),
        scan_from_block: None,
        tokens: vec![TokenConfig {
            id: TEST_USD,
            symbol: "USDT".into(),
            contract: contract.clone(),
            decimals: 6,
            price: "1".into(),
            min_deposit: None,
        }],
    };
    let bench = support::start(DbKind::Sqlite, |config| {
        config.chains = vec![chain];
        config.collection.retry_secs = 1;
    })
    .await?;
    let (app, merchant) = (&bench.app, bench.merchant);
    let err = anyhow::Error::msg;

    // The merchant: TestUSD paid from a hot wallet that is also the fee wallet, collected on
    // each deposit to COLD.
    let hot = bench.collecting(EVM, TEST_USD, COLD).await?;
    anvil.fund_gas(&hot).await;

    // N deposits, credited, each opening a collection.
    app.scanner.scan_chain(EVM).await.map_err(err)?;
    for i in 0..n {
        let user = app
            .wallets
            .deposit_address(merchant, EVM, &format!("user-{i}"))
            .await
            .map_err(err)?
            .address;
        let minted = anvil.mint(&contract, &user, U256::from(10_000_000u64)).await;
        anvil.receipt(&minted).await;
    }
    anvil.mine(2).await;
    while app.scanner.scan_chain(EVM).await.map_err(err)?.confirmed > 0 {}
    let opened = app.planner.tick().await.map_err(err)?.opened;
    anyhow::ensure!(opened == n as u64, "opened {opened} of {n} collections");

    // Every block from here is mined at the held base fee, as demand holds a live chain's
    // (anvil's near-empty blocks would let it fall 12.5% a block to almost nothing); the
    // market's blocks come first, filling the fee history window the adapter reads.
    anvil.set_automine(false).await;
    let mut market = market_tip.map(|tip| Market {
        tip,
        waiting: vec![],
        lowest: HashMap::new(),
    });
    if market.is_some() {
        for _ in 0..MARKET_HISTORY_BLOCKS {
            mine_held(&anvil, base_fee, &mut market).await?;
        }
    }
    // The executor until every collection is collected, one block per round holding what it
    // sent (and the market's transfers).
    let started = Instant::now();
    let mut collected = 0;
    let mut rounds = 0;
    while collected < n as u64 {
        anyhow::ensure!(
            started.elapsed() < Duration::from_secs(600),
            "{collected} of {n} collected after {rounds} rounds"
        );
        set_next_base_fee(&anvil, base_fee).await;
        let report = app.sweeper.step().await.map_err(err)?;
        collected += report.collected;
        anyhow::ensure!(report.failed == 0, "a collection failed: {report:?}");
        if report.held > 0 {
            tokio::time::sleep(Duration::from_millis(1100)).await;
        }
        mine_held(&anvil, base_fee, &mut market).await?;
        rounds += 1;
    }
    let took = started.elapsed();

    let db = app.store.connection();
    let closed = collection::Entity::find()
        .filter(collection::Column::ChainId.eq(EVM))
        .all(db)
        .await?;
    anyhow::ensure!(closed.len() == n);
    let steps = collection_step::Entity::find()
        .filter(collection_step::Column::ChainId.eq(EVM))
        .all(db)
        .await?;
    let (mut ratios, mut kinder, mut tips, mut with_top_up, mut left, mut limits, mut gas_used) =
        (vec![], vec![], vec![], vec![], vec![], vec![], vec![]);
    for c in &closed {
        let of = |kind: StepKind| {
            steps
                .iter()
                .filter(|s| s.collection_id == c.id && s.kind.0 == kind)
                .collect::<Vec<_>>()
        };
        let (sweep, top_up) = (of(StepKind::Sweep), of(StepKind::TopUp));
        anyhow::ensure!(
            sweep.len() == 1 && top_up.len() == 1 && sweep[0].state.0 == StepState::Confirmed,
            "collection {} has {} sweeps and {} top-ups",
            c.id,
            sweep.len(),
            top_up.len()
        );
        let s = paid(&anvil, &sweep[0].tx_hash).await?;
        let t = paid(&anvil, &top_up[0].tx_hash).await?;
        anyhow::ensure!(
            sweep[0].fee_paid.map(|f| f.0) == Some(BaseUnits(s.spent())),
            "the stored fee is the receipt's"
        );
        anyhow::ensure!(s.base_fee == base_fee, "sweep mined at another base fee");
        ratios.push(f64_of(s.spent()) / f64_of(s.minimum()));
        if let Some(market) = &market {
            let lowest = market.lowest.get(&s.block).copied();
            let lowest = lowest.ok_or_else(|| anyhow::anyhow!("a sweep in a block without the market"))?;
            kinder.push(f64_of(s.spent()) / f64_of(s.gas_used * (s.base_fee + lowest)));
        }
        tips.push(f64_of(s.price - s.base_fee));
        with_top_up.push(f64_of(s.spent() + t.spent()) / f64_of(s.minimum()));
        left.push(f64_of(top_up[0].amount.0 .0 - s.spent()) / f64_of(s.spent()));
        limits.push(f64_of(s.gas_limit) / f64_of(s.gas_used));
        gas_used.push(f64_of(s.gas_used));
    }
    let avg = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
    let max = |v: &[f64]| v.iter().cloned().fold(f64::MIN, f64::max);
    let suggested = f64_of(quantity(&anvil.rpc("eth_maxPriorityFeePerGas", json!([])).await));
    let held = gwei(f64_of(base_fee));
    let case = match &market {
        Some(m) => format!(
            "market case (every block also holds {MARKET_TXS} transfers of other users tipping {} gwei, {:.2}% of the {held} gwei base fee)",
            gwei(m.tip as f64),
            100.0 * m.tip as f64 / f64_of(base_fee),
        ),
        None => format!(
            "idle case (no other traffic: the fee history holds only the bench's own transactions at anvil's default tip, \
             so the node's suggested tip is paid, eth_maxPriorityFeePerGas {} gwei)",
            gwei(suggested)
        ),
    };
    let met = if max(&ratios) <= 1.02 { "met" } else { "NOT met" };
    println!(
        "EVM (anvil) fee efficiency, {case}: {n} ERC20 sweeps, spent / minimum (gas used x block base fee) avg {:.4}, max {:.4}; target <= 1.02: {met}",
        avg(&ratios),
        max(&ratios),
    );
    if market.is_some() {
        println!(
            "  kinder denominator: spent / (gas used x (block base fee + the market's lowest tip in that block)) avg {:.4}, max {:.4}",
            avg(&kinder),
            max(&kinder),
        );
    }
    println!(
        "  sweeps paid tip avg {:.4} gwei on the held base fee {held} gwei; gas used {:.0}, gas limit {:.2}x of it (unused gas is not charged); \
         with the top-up's own fee {:.2}x the minimum; the top-up left {:.2}x the sweep's fee in the address \
         (5% margin + max fee headroom: it pays the address's next sweep); {rounds} executor rounds, {:.1} s",
        gwei(avg(&tips)),
        avg(&gas_used),
        avg(&limits),
        avg(&with_top_up),
        avg(&left),
        took.as_secs_f64(),
    );
    Ok(())
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let base_fee = U256::from(gwei_var("COFFER_BENCH_BASE_FEE_GWEI", 1.0));
    let market_tip = gwei_var("COFFER_BENCH_MARKET_TIP_GWEI", 0.01);
    let sweeps = env_or("COFFER_BENCH_SWEEPS", 20);
    if market_tip > 0 {
        evm(sweeps, base_fee, Some(market_tip)).await?;
    }
    evm(sweeps, base_fee, None).await
}
