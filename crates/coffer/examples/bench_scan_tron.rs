//! `make bench`, scanning TRON at mainnet's scale: blocks per second of catch-up (release
//! build) when the TRON node double is BLOCKS blocks ahead of the scanner.
//!
//! The chain, built once for both databases: BLOCKS blocks of 300 transactions, 200 of them
//! USDT (TRC20) transfers and 100 TRX transfers, each signed with the adapter's transaction
//! writer and verified by the double (signature, TAPOS, balances; `TronNode::mine_signed`).
//! 5 of the USDT transfers a block pay merchant deposit addresses spread over ADDRESSES, the
//! rest pay addresses Coffer does not watch. Per database: the demo merchant takes USDT on
//! TRON and has ADDRESSES deposit addresses (written straight into the table in batches);
//! then the workers start as `coffer serve` starts them (`Workers::spawn`, shipped intervals,
//! the lease heartbeat; the callback delivery works through the events the deposits queue
//! meanwhile): the real scanner reads each block from the double over HTTP
//! (`getblockbynum`, `gettransactioninfobyblocknum`), looks its transfers' recipients up and
//! records the deposits, from block 1 until its cursor passes the head. The double runs in
//! this process and shares its 2 cores. Measured:
//! - catch-up = BLOCKS / the wall time from the workers' start to the cursor past the head;
//! - then every one of the 5 x BLOCKS deposits is checked: recorded once, to its address, its
//!   amount, credited, and complete when it has TRON's 19 confirmations (the time until those
//!   are all complete is printed too); nothing else recorded.
//!
//! Mainnet makes a block every 3 s (0.33 blocks/s); the target is 50 blocks/s.
//! COFFER_BENCH_TRON_BLOCKS (default 300) sets BLOCKS, COFFER_BENCH_ADDRESSES (default
//! 1000000) ADDRESSES.

mod support;

use coffer::workers::{heartbeat, Workers};
use coffer_chain::tron::{tx, TronAdapter, TronCall, TxHeader, DEFAULT_FEE_LIMIT_SUN};
use coffer_domain::amount::BaseUnits;
use coffer_domain::ports::chain::{ChainAdapter, KeyPurpose};
use coffer_domain::ports::{OrderStatus, ScanRepo};
use coffer_store::entities::{deposit, Stored};
use coffer_testkit::tron_node::base58;
use coffer_testkit::{DbKind, TronNode};
use ruint::aliases::U256;
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};
use std::collections::HashMap;
use std::time::{Duration, Instant};

const TRON: i64 = 728126428;
const USDT: i64 = 201;
const TRX: u64 = 1_000_000;
const TXS_PER_BLOCK: usize = 300;
const USDT_PER_BLOCK: usize = 200;
const PAID_PER_BLOCK: usize = 5;
/// TRON's default confirmations (the chain config leaves them unset).
const CONFIRMATIONS: u64 = 19;
const DEV_MNEMONIC: &str = "test test test test test test test test test test test junk";
const GIVE_UP: Duration = Duration::from_secs(1_800);

fn setting(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The i-th deposit address.
fn watched(i: usize) -> String {
    let mut id = [0xd0; 20];
    id[12..].copy_from_slice(&(i as u64).to_be_bytes());
    base58(&id)
}

/// The address the k-th sender pays when it pays nobody Coffer watches: the same one every
/// block, an account that exists after the first (as most of mainnet's recipients).
fn stranger(k: usize) -> [u8; 20] {
    let mut id = [0xee; 20];
    id[12..].copy_from_slice(&(k as u64).to_be_bytes());
    id
}

fn tron_id(address: &str) -> anyhow::Result<[u8; 20]> {
    coffer_chain::keys::parse_tron_address(address).map_err(anyhow::Error::msg)
}

/// A sender: its key and account id.
struct Sender {
    secret: [u8; 32],
    id: [u8; 20],
}

impl Sender {
    fn new(tron: &TronAdapter, seed: &[u8; 64], i: u32) -> anyhow::Result<Sender> {
        let key = tron
            .derive(seed, KeyPurpose::HotWallet, i)
            .map_err(anyhow::Error::msg)?;
        Ok(Sender {
            secret: *key.secret.0,
            id: tron_id(&key.address)?,
        })
    }

    fn sign(&self, header: &TxHeader, call: &TronCall) -> anyhow::Result<String> {
        let unsigned = tx::build(header, call).map_err(anyhow::Error::msg)?;
        let signature = tx::sign(&unsigned.tx_id, &self.secret).map_err(anyhow::Error::msg)?;
        Ok(tx::signed_tx(&unsigned, &signature).raw)
    }
}

/// The deposits the chain pays, by transaction id: (address, amount, block).
type Paid = HashMap<String, (String, u128, u64)>;

/// Mines `blocks` blocks of TXS_PER_BLOCK transactions on `node`: what they pay to the first
/// `addresses` deposit addresses.
async fn build_chain(node: &TronNode, blocks: u64, addresses: usize) -> anyhow::Result<Paid> {
    let tron = TronAdapter::new(TRON, &node.url(), None).map_err(anyhow::Error::msg)?;
    let seed = coffer_chain::keys::seed(DEV_MNEMONIC, "").map_err(anyhow::Error::msg)?;
    let senders = (0..TXS_PER_BLOCK as u32)
        .map(|i| Sender::new(&tron, &seed, i))
        .collect::<anyhow::Result<Vec<_>>>()?;
    for s in &senders {
        node.fund(&base58(&s.id), 1_000_000 * TRX);
        node.fund_token(&base58(&s.id), 1_000_000_000_000);
    }
    let contract = tron_id(&node.token())?;
    let mut paid = Paid::new();
    let mut stamp = 0;
    for _ in 0..blocks {
        let head = tron.head().await.map_err(anyhow::Error::msg)?;
        let (number, head_ms) = (head.number + 1, node.head_timestamp_ms());
        let head_id: [u8; 32] = hex::decode(&head.hash)?
            .try_into()
            .map_err(|_| anyhow::anyhow!("block id"))?;
        let mut signed = Vec::with_capacity(TXS_PER_BLOCK);
        for (k, sender) in senders.iter().enumerate() {
            stamp += 1;
            let header = TxHeader::for_block(&head_id, head_ms, head_ms + stamp);
            // Spread over the whole range of addresses, a different five each block.
            let deposit = (k < PAID_PER_BLOCK).then(|| {
                let i = ((number as usize * PAID_PER_BLOCK + k) * 7_919) % addresses;
                (watched(i), 1_000_000 + number as u128 * 100 + k as u128)
            });
            let call = if k < USDT_PER_BLOCK {
                let (to, amount) = match &deposit {
                    Some((address, amount)) => (tron_id(address)?, *amount),
                    None => (stranger(k), 1_000_000),
                };
                TronCall::Trc20 {
                    owner: sender.id,
                    contract,
                    to,
                    amount: U256::from(amount),
                    fee_limit_sun: DEFAULT_FEE_LIMIT_SUN,
                }
            } else {
                TronCall::Trx {
                    owner: sender.id,
                    to: stranger(k),
                    amount_sun: TRX + k as u64,
                }
            };
            let raw = sender.sign(&header, &call)?;
            if let Some((address, amount)) = deposit {
                let id = tx::tx_id_of_signed(&hex::decode(&raw)?).ok_or_else(|| anyhow::anyhow!("txID"))?;
                paid.insert(hex::encode(id), (address, amount, number));
            }
            signed.push(raw);
        }
        // Mainnet interleaves them: USDT, USDT, TRX, ...
        let (usdt, trx) = signed.split_at(USDT_PER_BLOCK);
        let mut order = Vec::with_capacity(TXS_PER_BLOCK);
        let (mut usdt, mut trx) = (usdt.iter(), trx.iter());
        while order.len() < TXS_PER_BLOCK {
            order.extend(usdt.next().cloned());
            order.extend(usdt.next().cloned());
            order.extend(trx.next().cloned());
        }
        let mined = node.mine_signed(&order).map_err(anyhow::Error::msg)?;
        anyhow::ensure!(mined == number, "mined block {mined}, not {number}");
    }
    Ok(paid)
}

/// Waits until `done` says yes, checking every 5 ms; the time it took.
async fn until<F, Fut>(started: Instant, what: &str, done: F) -> anyhow::Result<Duration>
where
    F: Fn() -> Fut,
    Fut: std::future::Future<Output = anyhow::Result<bool>>,
{
    while !done().await? {
        anyhow::ensure!(started.elapsed() < GIVE_UP, "{what} not within {GIVE_UP:?}");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    Ok(started.elapsed())
}

async fn run(kind: DbKind, node: &TronNode, paid: &Paid, addresses: usize) -> anyhow::Result<()> {
    let err = anyhow::Error::msg;
    let head = node.head_number();
    let mut chain = support::tron_chain(TRON, USDT, node);
    chain.scan_from_block = Some(1);
    let bench = support::start(kind, |config| config.chains = vec![chain]).await?;
    let (app, ctx) = (&bench.app, &bench.ctx);
    let (_, hot) = app
        .wallets
        .add_hot_wallet(ctx, TRON, "bench")
        .await
        .map_err(err)?;
    app.wallets
        .add_asset(ctx, TRON, USDT, &hot, None)
        .await
        .map_err(err)?;
    let seeding = Instant::now();
    support::seed_deposit_addresses(
        &app.store,
        bench.merchant,
        TRON,
        1_000_000_000,
        addresses,
        watched,
    )
    .await?;
    let seeded = seeding.elapsed();

    let started = Instant::now();
    let beating = tokio::spawn(heartbeat(app.heartbeat.clone()));
    // The workers as `coffer serve` runs them (the shipped intervals).
    let workers = Workers::spawn(app.worker_set());
    let caught_up = until(started, "the head", || async {
        Ok(app.store.scan_cursor(TRON).await.map_err(err)? > Some(head))
    })
    .await?;
    let db = app.store.connection();
    let confirmed = paid
        .values()
        .filter(|(_, _, at)| at + CONFIRMATIONS - 1 <= head)
        .count();
    let completed = until(started, "the confirmed deposits", || async {
        let complete = deposit::Entity::find()
            .filter(deposit::Column::ChainId.eq(TRON))
            .filter(deposit::Column::Status.eq(Stored(OrderStatus::Complete)))
            .count(db)
            .await?;
        Ok(complete >= confirmed as u64)
    })
    .await?;
    workers.stop().await;
    beating.abort();

    let recorded = deposit::Entity::find()
        .filter(deposit::Column::ChainId.eq(TRON))
        .all(db)
        .await?;
    anyhow::ensure!(
        recorded.len() == paid.len(),
        "{} deposits recorded, {} paid",
        recorded.len(),
        paid.len()
    );
    for d in &recorded {
        let Some((to, amount, at)) = paid.get(&d.tx_hash) else {
            anyhow::bail!("deposit {} was not paid to a deposit address", d.tx_hash);
        };
        let status = if at + CONFIRMATIONS - 1 <= head {
            OrderStatus::Complete
        } else {
            OrderStatus::Confirming
        };
        anyhow::ensure!(
            d.to_address == *to
                && d.amount.0 == BaseUnits::from_u128(*amount)
                && d.token_id == Some(USDT)
                && d.note.is_empty()
                && d.status.0 == status
                && d.credited == (status == OrderStatus::Complete),
            "deposit {} is not what was paid: {d:?}",
            d.tx_hash
        );
    }
    println!(
        "{kind:?} TRON catch-up (node double, {head} blocks behind, {TXS_PER_BLOCK} transactions a block, {USDT_PER_BLOCK} of them \
         USDT transfers, {addresses} deposit addresses, {PAID_PER_BLOCK} paid a block): {:.1} blocks/s (target >= 50; mainnet \
         makes 0.33, an open-source peer scans 0.28); {head} blocks in {:.2} s; all {} deposits recorded and checked, the {confirmed} \
         with {CONFIRMATIONS} confirmations complete after {:.2} s; seeding the addresses took {:.0} s",
        head as f64 / caught_up.as_secs_f64(),
        caught_up.as_secs_f64(),
        paid.len(),
        completed.as_secs_f64(),
        seeded.as_secs_f64(),
    );
    Ok(())
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let blocks = setting("COFFER_BENCH_TRON_BLOCKS", 300) as u64;
    let addresses = setting("COFFER_BENCH_ADDRESSES", 1_000_000);
    let node = TronNode::start().await;
    let building = Instant::now();
    let paid = build_chain(&node, blocks, addresses).await?;
    println!(
        "TRON chain for the scan bench: {blocks} blocks of {TXS_PER_BLOCK} transactions signed and verified by the double in {:.0} s",
        building.elapsed().as_secs_f64()
    );
    let (node, paid) = (&node, &paid);
    support::each_database(|kind| run(kind, node, paid, addresses)).await
}
