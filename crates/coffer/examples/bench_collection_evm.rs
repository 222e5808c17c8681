//! `make bench`, collection fee efficiency: native coin spent per sweep over the chain's minimum
//! for that sweep, per chain family, on a real node through the real sweep executor (release
//! build, SQLite: the figure is the chain's, not the database's).
//!
//! EVM (anvil, TestUSD): SWEEPS deposit addresses each receive 10 TestUSD (scanned, credited,
//! opened for collection on each deposit); the executor tops each up with gas from the fee
//! wallet (quoted live, plus 5%), waits for the top-up's confirmation and sweeps the token to
//! the cold address. For each sweep transaction, from its receipt and its block:
//! - spent = gas used × effective gas price (what the address paid);
//! - minimum = gas used × the block's base fee (the part no transaction can avoid: burnt);
//! - efficiency = spent / minimum (target <= 1.02). Above 1 is the priority fee (tip) alone:
//!   effective price = base fee + tip, and unused gas is never charged.
//!
//! Also printed: the tip and base fee the sweeps paid, and what each sweep cost with its top-up
//! and what the top-up left in the address (it pays that address's next sweep).
//! Anvil's blocks hold only the bench's transactions, so its base fee would fall 12.5% a block
//! to almost nothing; the rounds' blocks are mined at a steady base fee instead
//! (COFFER_BENCH_BASE_FEE_GWEI, default 1 gwei, anvil's starting base fee). The tip is what
//! the adapter reads live: anvil's blocks include 1 gwei tips (anvil's default) and anvil
//! suggests 1 gwei, so on anvil the efficiency is about 1 + 1 gwei / base fee.
//! COFFER_BENCH_SWEEPS (default 20) sets SWEEPS.

mod support;

use coffer::config::{ChainConfig, EvmConfig, FamilyConfig, Secret, TokenConfig};
use coffer_domain::amount::BaseUnits;
use coffer_domain::ports::{ColdAddress, CollectSettings, CollectionFees, StepKind, StepState};
use coffer_domain::wallets::rules::default_risk;
use coffer_store::entities::{collection, collection_step};
use coffer_testkit::anvil::ANVIL_CHAIN_ID;
use coffer_testkit::{AnvilPeer, DbKind};
use ruint::aliases::U256;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

const EVM: i64 = 31337;
const TEST_USD: i64 = 101;
/// Anvil's dev account #3: it holds no TestUSD.
const COLD: &str = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";

fn sweeps() -> usize {
    std::env::var("COFFER_BENCH_SWEEPS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20)
}

/// The base fee the blocks of the executor's rounds are mined at: COFFER_BENCH_BASE_FEE_GWEI
/// (default 1, anvil's own starting base fee).
fn base_fee_wei() -> u128 {
    let gwei: f64 = std::env::var("COFFER_BENCH_BASE_FEE_GWEI")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1.0);
    (gwei * 1e9) as u128
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
    })
}

async fn evm(n: usize) -> anyhow::Result<()> {
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
    let (app, ctx, merchant) = (&bench.app, bench.ctx.clone(), bench.merchant);
    let err = anyhow::Error::msg;

    // The merchant: TestUSD paid from a hot wallet that is also the fee wallet, collected on
    // each deposit to COLD.
    let (hot_id, hot) = app.wallets.add_hot_wallet(&ctx, EVM, "fees").await.map_err(err)?;
    let collect = CollectSettings {
        auto_collect: true,
        collect_type: 3,
        start_time: "00:00".into(),
        interval_hours: 24,
        min_collect_amount: "1".into(),
        min_split_amount: "0".into(),
    };
    let asset = app
        .wallets
        .add_asset(&ctx, EVM, TEST_USD, &hot, Some((collect, default_risk())))
        .await
        .map_err(err)?;
    let cold = [ColdAddress {
        address: COLD.into(),
        ratio: "1".into(),
    }];
    let checked = app
        .wallets
        .check_cold_request(&ctx, asset, &cold)
        .await
        .map_err(err)?;
    let request = app
        .wallets
        .submit_cold_request(&ctx, checked)
        .await
        .map_err(err)?;
    anyhow::ensure!(app
        .wallets
        .review_token_request(request, true, "")
        .await
        .map_err(err)?);
    app.store
        .save_fee_settings(merchant, EVM, Some(hot_id), None, chrono::Utc::now())
        .await
        .map_err(err)?;
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

    // The executor until every collection is collected, one block per round holding what it
    // sent. Anvil's blocks are near empty, so left alone its base fee falls 12.5% a block to
    // almost nothing (a chain no one uses); it is held at BASE_FEE instead, as demand holds a
    // live chain's.
    anvil.set_automine(false).await;
    let base_fee = U256::from(base_fee_wei());
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
        set_next_base_fee(&anvil, base_fee).await;
        anvil.mine(1).await;
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
    let (mut ratios, mut tips, mut bases, mut with_top_up, mut left, mut limits) =
        (vec![], vec![], vec![], vec![], vec![], vec![]);
    let mut gas_used = vec![];
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
        ratios.push(f64_of(s.spent()) / f64_of(s.minimum()));
        tips.push(f64_of(s.price - s.base_fee));
        bases.push(f64_of(s.base_fee));
        with_top_up.push(f64_of(s.spent() + t.spent()) / f64_of(s.minimum()));
        left.push(f64_of(top_up[0].amount.0 .0 - s.spent()) / f64_of(s.spent()));
        limits.push(f64_of(s.gas_limit) / f64_of(s.gas_used));
        gas_used.push(f64_of(s.gas_used));
    }
    let avg = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
    let max = |v: &[f64]| v.iter().cloned().fold(f64::MIN, f64::max);
    let suggested = f64_of(quantity(&anvil.rpc("eth_maxPriorityFeePerGas", json!([])).await));
    println!(
        "EVM (anvil) fee efficiency, {n} ERC20 sweeps: spent / minimum (gas used x block base fee) avg {:.4}, max {:.4} (target <= 1.02); \
         the excess is the tip alone: tip avg {:.4} gwei on base fee avg {:.4} gwei (read live: anvil suggests {:.4} gwei and its blocks took 1 gwei tips; it would include a 0 tip); \
         gas used {:.0}, gas limit {:.2}x of it (unused gas is not charged); with the top-up's own fee {:.2}x the minimum; \
         the top-up left {:.2}x the sweep's fee in the address (5% margin + max fee headroom: it pays the address's next sweep); \
         {rounds} executor rounds, {:.1} s",
        avg(&ratios),
        max(&ratios),
        gwei(avg(&tips)),
        gwei(avg(&bases)),
        gwei(suggested),
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
    evm(sweeps()).await
}
