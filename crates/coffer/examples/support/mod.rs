//! What the benches share: the real application on a throwaway database with the demo merchant,
//! USDT enabled and paid from one hot wallet, its administrator signed in with a bound Google
//! authenticator; and one run per database.

// Each bench is its own crate and uses only part of this.
#![allow(dead_code)]

use chrono::Utc;
use coffer::app::App;
use coffer::config::{Config, Secret};
use coffer_domain::auth::AuthContext;
use coffer_domain::clock::{Clock, SystemClock};
use coffer_domain::identity::Email;
use coffer_domain::menu::Permissions;
use coffer_domain::ports::UserRepo;
use coffer_domain::totp;
use coffer_testkit::{DbKind, TestDb};
use std::future::Future;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;

pub const EMAIL: &str = "bench@coffer.local";
/// The devchain's id, and USDT's token id on it.
pub const CHAIN: i64 = 1337;
pub const USDT: i64 = 1;

pub struct Bench {
    pub app: App,
    /// What the application was built with (its database and master key, for other processes).
    pub config: Config,
    pub merchant: i64,
    /// The merchant's administrator.
    pub ctx: AuthContext,
    /// The hot wallet that pays USDT.
    pub hot: String,
    totp_secret: String,
    /// The authenticator step last used (a code is good once).
    totp_step: AtomicI64,
    _db: TestDb,
}

/// The application on `kind` with the benches' settings, then `tune`'s.
pub async fn start(kind: DbKind, tune: impl FnOnce(&mut Config)) -> anyhow::Result<Bench> {
    start_with_clock(kind, Arc::new(SystemClock), tune).await
}

/// [`start`] on `clock` (a bench that simulates time gives its own).
pub async fn start_with_clock(
    kind: DbKind,
    clock: Arc<dyn Clock>,
    tune: impl FnOnce(&mut Config),
) -> anyhow::Result<Bench> {
    let db = TestDb::new(kind).await;
    let mut config = Config::default();
    config.server.bind = "127.0.0.1:0".into();
    config.database.url = Secret::new(db.url.clone());
    config.security.master_key = Secret::new(hex::encode(coffer_domain::crypto::SecretBox::generate_key()));
    config.devchain.block_interval_ms = 0;
    config.workers.enabled = false;
    tune(&mut config);
    let app = App::build(&config, clock.clone()).await?;
    app.store
        .seed_demo(EMAIL, "Bench-Pass-2026")
        .await
        .map_err(anyhow::Error::msg)?;
    let merchant = app
        .store
        .merchant_of(EMAIL)
        .await
        .map_err(anyhow::Error::msg)?
        .unwrap();
    let admin = app
        .store
        .find_by_email(&Email::parse(EMAIL).map_err(anyhow::Error::msg)?)
        .await
        .map_err(anyhow::Error::msg)?
        .unwrap();
    let ctx = AuthContext {
        session_id: 0,
        user_id: admin.id,
        merchant_id: merchant,
        email: EMAIL.into(),
        is_admin: true,
        permissions: Permissions::new([]),
    };
    let (_, hot) = app
        .wallets
        .add_hot_wallet(&ctx, CHAIN, "bench")
        .await
        .map_err(anyhow::Error::msg)?;
    app.wallets
        .add_asset(&ctx, CHAIN, USDT, &hot, None)
        .await
        .map_err(anyhow::Error::msg)?;
    // Bound as a person would: offered, then confirmed with a current code.
    let auth = app.withdrawals.auth.clone();
    let totp_secret = auth.google_offer(&ctx).await.map_err(anyhow::Error::msg)?.secret;
    let totp_step = totp::step_at(clock.now());
    let code = totp::code_at_step(&totp_secret, totp_step).unwrap();
    auth.google_bind(&ctx, &code).await.map_err(anyhow::Error::msg)?;
    Ok(Bench {
        app,
        config,
        merchant,
        ctx,
        hot,
        totp_secret,
        totp_step: AtomicI64::new(totp_step),
        _db: db,
    })
}

impl Bench {
    /// A code of the administrator's authenticator not used yet (waits for the next step
    /// when the drift window has none left).
    pub async fn google_code(&self) -> String {
        let step = self.totp_step.fetch_add(1, Ordering::SeqCst) + 1;
        while step > totp::step_at(Utc::now()) + 1 {
            tokio::time::sleep(std::time::Duration::from_millis(500)).await;
        }
        totp::code_at_step(&self.totp_secret, step).unwrap()
    }
}

/// `run` on SQLite, and on PostgreSQL when COFFER_TEST_PG_URL is set.
pub async fn each_database<F, Fut>(run: F) -> anyhow::Result<()>
where
    F: Fn(DbKind) -> Fut,
    Fut: Future<Output = anyhow::Result<()>>,
{
    run(DbKind::Sqlite).await?;
    if std::env::var(coffer_testkit::PG_URL_VAR).is_ok() {
        run(DbKind::Postgres).await?;
    } else {
        println!(
            "PostgreSQL: skipped (set {} or use make bench)",
            coffer_testkit::PG_URL_VAR
        );
    }
    Ok(())
}

impl Bench {
    /// The merchant collects `token` on `chain` on each deposit (minimum 1, never split) to
    /// `cold`, approved at once, from a new hot wallet that pays the token and is the fee
    /// wallet: its address.
    pub async fn collecting(&self, chain: i64, token: i64, cold: &str) -> anyhow::Result<String> {
        use coffer_domain::ports::{CollectSettings, CollectionFees};
        let (app, ctx, err) = (&self.app, &self.ctx, anyhow::Error::msg);
        let (hot_id, hot) = app
            .wallets
            .add_hot_wallet(ctx, chain, "fees")
            .await
            .map_err(err)?;
        let collect = CollectSettings {
            auto_collect: true,
            collect_type: 3,
            start_time: "00:00".into(),
            interval_hours: 24,
            min_collect_amount: "1".into(),
            min_split_amount: "0".into(),
        };
        let risk = coffer_domain::wallets::rules::default_risk();
        let asset = app
            .wallets
            .add_asset(ctx, chain, token, &hot, Some((collect, risk)))
            .await
            .map_err(err)?;
        self.cold_address(asset, cold).await?;
        app.store
            .save_fee_settings(self.merchant, chain, Some(hot_id), None, Utc::now())
            .await
            .map_err(err)?;
        Ok(hot)
    }
}

impl Bench {
    /// The merchant's asset `asset` sweeps all of it to `cold`, requested and approved at once.
    pub async fn cold_address(&self, asset: i64, cold: &str) -> anyhow::Result<()> {
        use coffer_domain::ports::ColdAddress;
        let (app, ctx, err) = (&self.app, &self.ctx, anyhow::Error::msg);
        let cold = [ColdAddress {
            address: cold.into(),
            ratio: "1".into(),
        }];
        let checked = app
            .wallets
            .check_cold_request(ctx, asset, &cold)
            .await
            .map_err(err)?;
        let request = app.wallets.submit_cold_request(ctx, checked).await.map_err(err)?;
        anyhow::ensure!(app
            .wallets
            .review_token_request(request, true, "")
            .await
            .map_err(err)?);
        Ok(())
    }
}

/// The TRON chain `id` on `node` (the double), its USDT-like token `usdt`, confirmations as the
/// family's default (19).
pub fn tron_chain(id: i64, usdt: i64, node: &coffer_testkit::TronNode) -> coffer::config::ChainConfig {
    use coffer::config::{ChainConfig, FamilyConfig, TokenConfig, TronConfig};
    ChainConfig {
        id,
        family: FamilyConfig::Tron(TronConfig::default()),
        name: "TRON".into(),
        symbol: "TRX".into(),
        decimals: 6,
        txurl: String::new(),
        rpc_url: Secret::new(node.url()),
        confirmations: None,
        scan_from_block: None,
        tokens: vec![TokenConfig {
            id: usdt,
            symbol: "USDT".into(),
            contract: node.token(),
            decimals: 6,
            price: "1".into(),
            min_deposit: None,
        }],
    }
}

impl Bench {
    /// Pays 10 USDT on the devchain to the deposit address of the merchant's user `open_id`
    /// (not mined yet): that address.
    pub async fn deposit_usdt(&self, open_id: &str) -> anyhow::Result<String> {
        use coffer_domain::amount::BaseUnits;
        use coffer_domain::ports::chain::Asset;
        let chain = self
            .app
            .devchain
            .clone()
            .expect("the benches run on the devchain");
        let address = self
            .app
            .wallets
            .deposit_address(self.merchant, CHAIN, open_id)
            .await
            .map_err(anyhow::Error::msg)?
            .address;
        let usdt = Asset::Token {
            contract: coffer_chain::devchain::USDT_CONTRACT.into(),
        };
        chain
            .fund(&address, &usdt, BaseUnits::from_decimal("10", 6).unwrap())
            .await?;
        Ok(address)
    }
}

/// Deposit addresses are seeded this many rows a statement.
pub const SEED_BATCH: usize = 1000;

/// Writes `n` deposit addresses of `merchant` on `chain` straight into the table, in batches
/// of [`SEED_BATCH`]: the i-th has id `first_id + i`, open id `user-i` and address `address(i)`.
pub async fn seed_deposit_addresses(
    store: &coffer_store::Store,
    merchant: i64,
    chain: i64,
    first_id: i64,
    n: usize,
    address: impl Fn(usize) -> String,
) -> anyhow::Result<()> {
    use coffer_store::entities::deposit_address;
    use sea_orm::{EntityTrait, Set};
    let now = Utc::now();
    for start in (0..n).step_by(SEED_BATCH) {
        let end = (start + SEED_BATCH).min(n);
        deposit_address::Entity::insert_many((start..end).map(|i| deposit_address::ActiveModel {
            id: Set(first_id + i as i64),
            merchant_id: Set(merchant),
            chain_id: Set(chain),
            open_id: Set(format!("user-{i}")),
            address: Set(address(i)),
            key_index: Set(1000 + i as i64),
            remark: Set(String::new()),
            created_at: Set(now),
        }))
        .exec(store.connection())
        .await?;
    }
    Ok(())
}

impl Bench {
    /// Makes `platform` the platform merchant, and its energy account on the TRON chain `chain`
    /// (the double `node`) a pool of `stake_trx` TRX staked for energy, mined; the pool's address.
    pub async fn energy_pool(
        &self,
        node: &coffer_testkit::TronNode,
        chain: i64,
        platform: i64,
        stake_trx: u64,
    ) -> anyhow::Result<String> {
        use coffer_domain::ports::RechargeRepo;
        const TRX: u64 = 1_000_000;
        let app = &self.app;
        let now = app.energy.quotes.ports.clock.now();
        app.store
            .designate_platform(platform, now)
            .await
            .map_err(anyhow::Error::msg)?;
        let staking = &app.energy.staking;
        let account = staking.account(chain).await.map_err(|e| anyhow::anyhow!("{e}"))?;
        node.fund(&account.address, (stake_trx + 10_000) * TRX);
        // A little USDT, so a transfer can be simulated to an address holding none.
        node.fund_token(&account.address, 1);
        node.mine();
        let stake = coffer_domain::energy::StakeOrder::Stake {
            amount_sun: stake_trx * TRX,
        };
        staking
            .submit(chain, stake)
            .await
            .map_err(|e| anyhow::anyhow!("{e}"))?;
        node.mine();
        Ok(account.address)
    }
}

impl Bench {
    /// 10 USDT paid by a payer outside Coffer (the dev mnemonic's hot-wallet key 7, funded here)
    /// to each of `n` new deposit addresses (users `prefix-0` … ) on the TRON double, mined,
    /// scanned until credited, and planned: every collection open. The addresses.
    pub async fn tron_deposits(
        &self,
        node: &coffer_testkit::TronNode,
        chain: i64,
        n: usize,
        prefix: &str,
    ) -> anyhow::Result<Vec<String>> {
        use coffer_domain::amount::BaseUnits;
        use coffer_domain::ports::chain::{Asset, ChainAdapter, KeyPurpose, TransferRequest};
        const TRX: u64 = 1_000_000;
        const DEV_MNEMONIC: &str = "test test test test test test test test test test test junk";
        fn err(e: impl std::fmt::Display) -> anyhow::Error {
            anyhow::anyhow!("{e}")
        }
        let app = &self.app;
        let payer_chain = coffer_chain::tron::TronAdapter::new(chain, &node.url(), None).map_err(err)?;
        let seed = coffer_chain::keys::seed(DEV_MNEMONIC, "").map_err(err)?;
        let payer = payer_chain.derive(&seed, KeyPurpose::HotWallet, 7).map_err(err)?;
        node.fund(&payer.address, n as u64 * 20 * TRX);
        node.fund_token(&payer.address, n as u128 * 10_000_000);
        app.scanner.scan_chain(chain).await.map_err(err)?;
        let mut users = Vec::new();
        for i in 0..n {
            let user = app
                .wallets
                .deposit_address(self.merchant, chain, &format!("{prefix}-{i}"))
                .await
                .map_err(err)?
                .address;
            let pay = TransferRequest {
                from: payer.address.clone(),
                to: user.clone(),
                asset: Asset::Token {
                    contract: node.token(),
                },
                amount: BaseUnits::from_u128(10_000_000),
                nonce: None,
            };
            let signed = payer_chain
                .sign_transfer(&payer.secret, &pay)
                .await
                .map_err(err)?;
            payer_chain.broadcast(&signed).await.map_err(err)?;
            users.push(user);
        }
        for _ in 0..20 {
            node.mine();
        }
        loop {
            let scanned = app.scanner.scan_chain(chain).await.map_err(err)?;
            if scanned.blocks == 0 && scanned.confirmed == 0 {
                break;
            }
        }
        let opened = app.planner.tick().await.map_err(err)?.opened;
        anyhow::ensure!(opened == n as u64, "opened {opened} of {n} collections");
        anyhow::ensure!(
            users.iter().all(|u| !node.account_exists(u)),
            "the deposit addresses are new"
        );
        Ok(users)
    }
}
