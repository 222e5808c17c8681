//! Wiring: config -> store -> domain services -> HTTP. Used by `coffer serve` and by the
//! integration tests, so both run the same application.

use anyhow::Context;
use chrono::Duration;
use coffer_api::AppState;
use coffer_chain::devchain::Devchain;
use coffer_domain::callbacks::keys::PlatformKeys;
use coffer_domain::callbacks::{CallbackService, CallbackSettings};
use coffer_domain::clock::Clock;
use coffer_domain::collection::executor::SweepExecutor;
use coffer_domain::crypto::SecretBox;
use coffer_domain::deposits::scanner::DepositScanner;
use coffer_domain::deposits::DepositService;
use coffer_domain::heartbeat::Heartbeat;
use coffer_domain::mail_sender::MailSender;
use coffer_domain::orders::OrderLists;
use coffer_domain::points::charges::WorkFees;
use coffer_domain::points::ledger::PointsService;
use coffer_domain::points::low_balance::LowBalanceRound;
use coffer_domain::points::recharge::RechargeRound;
use coffer_domain::points::settle::FeeSettler;

use crate::energy_rounds::{EnergyDeps, EnergyRounds};
use crate::points_rounds::PointsRounds;
use coffer_domain::exchange::round::{ExchangeRound, RoundSettings};
use coffer_domain::ports::Ports;
use coffer_domain::vault::KeyVault;
use coffer_domain::wallets::balances::{BalanceReader, BalanceSettings};
use coffer_domain::wallets::WalletService;
use coffer_store::{PoolSettings, Store};
use std::net::SocketAddr;
use std::sync::Arc;
use tokio::net::TcpListener;

use crate::chains::Chains;
use crate::config::Config;
use crate::state::{auth_service, build_state, StateParts};

pub async fn open_store(config: &Config) -> anyhow::Result<Store> {
    let url = config.database.url.expose();
    let store = Store::connect(
        url,
        PoolSettings {
            max_connections: config.database.max_connections,
            connect_timeout: std::time::Duration::from_secs(config.database.connect_timeout_secs),
        },
    )
    .await
    .with_context(|| format!("opening the database {}", coffer_store::redact_url(url)))?;
    Ok(store)
}

/// The domain services over one store, shared by the HTTP API, the workers and the CLI.
pub struct Services {
    pub state: AppState,
    pub vault: Arc<KeyVault>,
    pub wallets: Arc<WalletService>,
    pub chains: Chains,
    pub scanner: Arc<DepositScanner>,
    pub callbacks: Arc<CallbackService>,
    pub platform_keys: Arc<PlatformKeys>,
    pub executor: Arc<coffer_domain::withdrawals::executor::WithdrawalExecutor>,
    pub sweeper: Arc<SweepExecutor>,
    /// The points, bills and mail rounds.
    pub rounds: PointsRounds,
    /// TRON energy: staking, quotes, orders and their rounds.
    pub energy: EnergyRounds,
    /// Exchange orders: payments linked, decided, paid out or refunded.
    pub exchange_round: Arc<ExchangeRound>,
    /// This process's name in leases (its workers' names start with it).
    pub process: String,
}

/// This process's name in work leases: host and process id, unique among live processes. Each
/// worker leases under `<process>/<worker>`: a hot wallet's signing turn is leased by the
/// withdrawal executor or the sweep executor, never by both at once.
fn process_name() -> String {
    let host = std::env::var("HOSTNAME").unwrap_or_else(|_| "coffer".into());
    format!("{host}:{}:{}", std::process::id(), rand::random::<u32>())
}

/// The sealer of the configured master key, refusing a key that does not match the database.
pub async fn open_vault(config: &Config, store: &Store) -> anyhow::Result<(Arc<SecretBox>, Arc<KeyVault>)> {
    let sealer = Arc::new(SecretBox::new(&crate::keys::master_key(&config.security)?));
    let vault = Arc::new(KeyVault::new(Arc::new(store.clone()), sealer.clone()));
    vault
        .verify_master_key()
        .await
        .map_err(anyhow::Error::msg)?
        .map_err(anyhow::Error::new)?;
    Ok((sealer, vault))
}

pub async fn build_services(
    config: &Config,
    store: &Store,
    clock: Arc<dyn Clock>,
) -> anyhow::Result<Services> {
    let (sealer, vault) = open_vault(config, store).await?;
    let chains = crate::chains::build(config, store, clock.clone()).await?;
    let repo = Arc::new(store.clone());
    let ports = Ports::all_from(repo.clone(), clock);
    let wallets = Arc::new(WalletService::new(
        ports.clone(),
        vault.clone(),
        chains.registry.clone(),
    ));
    let process = process_name();
    let worker = |name: &str| format!("{process}/{name}");
    let scanner = Arc::new(DepositScanner {
        ports: ports.clone(),
        chains: chains.registry.clone(),
        settings: crate::chains::scan_settings(config),
        owner: worker("scanner"),
    });
    let platform_keys = Arc::new(PlatformKeys::new(repo.clone(), sealer.clone()));
    // Created (once, by whichever process is first) and opened at start: a broken key is a
    // start-up error, not a failure at the first callback.
    platform_keys.public().await.map_err(anyhow::Error::msg)?;
    let callbacks = Arc::new(CallbackService {
        ports: ports.clone(),
        transport: Arc::new(crate::transport::HttpTransport::new(
            config.callbacks.allow_private_targets,
            config.callbacks.proxy_url.as_deref(),
        )?),
        keys: platform_keys.clone(),
        settings: CallbackSettings {
            retry_interval: Duration::seconds(config.callbacks.retry_interval_secs),
            max_attempts: config.callbacks.max_attempts,
            timeout: std::time::Duration::from_secs(config.callbacks.timeout_secs),
            lease: config.workers.lease(),
            ..CallbackSettings::default()
        },
        owner: worker("callbacks"),
        recording: Default::default(),
    });
    let deposits = Arc::new(DepositService {
        ports: ports.clone(),
        lists: OrderLists::new(repo.clone(), repo.clone()),
        heads: Arc::new(crate::workers::ScannedHeads(repo.clone())),
        scanner: scanner.clone(),
    });
    let points = Arc::new(PointsService::new(
        ports.clone(),
        Duration::hours(config.points.hold_hours),
    ));
    // Every merchant has a row of each service before anyone reads or charges one.
    let rates = Arc::new(crate::rates::rate_card(config, ports.clone()));
    rates
        .ensure_defaults(&rates.defaults, ports.clock.now())
        .await
        .map_err(anyhow::Error::msg)?;
    // What work costs in points: held by the executors, settled by the settlement round.
    let fees = WorkFees {
        points: (*points).clone(),
        rates: (*rates).clone(),
    };
    let settler = Arc::new(FeeSettler::new(fees.clone()));
    let mailer = crate::state::mailer(config, store)?;
    let auth = auth_service(config, ports.clone(), mailer.clone(), sealer.clone())?;
    let withdrawals = crate::withdrawals::build(
        config,
        crate::withdrawals::WithdrawalDeps {
            store: store.clone(),
            ports: ports.clone(),
            chains: chains.registry.clone(),
            vault: vault.clone(),
            platform_keys: platform_keys.clone(),
            auth: auth.clone(),
            owner: worker("withdrawals"),
            fees: fees.clone(),
        },
    )?;
    let recharges = Arc::new(RechargeRound { ports: ports.clone() });
    let low_balance = Arc::new(LowBalanceRound {
        ports: ports.clone(),
        thresholds: config.points.low_balance(),
    });
    let mail_sender = Arc::new(MailSender {
        ports: ports.clone(),
        mailer,
        owner: worker("mail"),
        lease: config.workers.lease(),
    });
    let (recharge, bills, issuer) =
        crate::points_rounds::billing(config, &ports, &chains.registry, &wallets, &scanner);
    let energy = EnergyRounds::build(EnergyDeps {
        ports: ports.clone(),
        chains: chains.registry.clone(),
        vault: vault.clone(),
        points: (*points).clone(),
        rates: (*rates).clone(),
        owner: worker("energy"),
        lease: config.workers.lease(),
    });
    // Smart collection's energy: on a chain whose pool the registry can reach.
    let pool = (!chains.registry.tron_resource_chains().is_empty()).then(|| energy.pool.clone());
    let sweeper = crate::collection::sweep_executor(
        config,
        ports.clone(),
        vault.clone(),
        chains.registry.clone(),
        worker("sweeps"),
        fees.clone(),
        pool,
    );
    let energy_service = Arc::new(coffer_domain::energy::service::EnergyService {
        quotes: energy.quotes.clone(),
        orders: energy.orders.clone(),
        recharge: recharge.clone(),
        auth: auth.clone(),
    });
    let exchange = Arc::new(coffer_domain::exchange::service::ExchangeService {
        ports: ports.clone(),
        auth: auth.clone(),
        feeds: Arc::new(crate::price_feed::HttpPriceFeeds::new()?),
        chains: chains.registry.clone(),
        wallets: wallets.clone(),
    });
    let exchange_round = Arc::new(ExchangeRound::new(
        exchange.clone(),
        fees.clone(),
        worker("exchange"),
        RoundSettings {
            lease: config.workers.lease(),
            batch: 100,
            confirmations: withdrawals.service.settings.confirmations.clone(),
        },
    ));
    let parts = StateParts {
        sealer,
        auth,
        wallets: wallets.clone(),
        deposits,
        callbacks: callbacks.clone(),
        withdrawals: withdrawals.service,
        chains: chains.registry.clone(),
        rates,
        recharge: recharge.clone(),
        bills: bills.clone(),
        energy: energy_service,
        exchange,
        exchange_round: exchange_round.clone(),
        exchange_lists: Arc::new(coffer_domain::exchange::lists::ExchangeLists {
            ports: ports.clone(),
            lists: OrderLists::new(repo.clone(), repo.clone()),
            heads: Arc::new(crate::workers::ScannedHeads(repo.clone())),
        }),
        exports_owner: worker("exports"),
    };
    let state = build_state(config, ports, parts)?;
    Ok(Services {
        state,
        vault,
        wallets,
        chains,
        scanner,
        callbacks,
        platform_keys,
        executor: withdrawals.executor,
        sweeper,
        rounds: PointsRounds {
            points,
            settler,
            recharges,
            bills,
            issuer,
            low_balance,
            mail_sender,
        },
        energy,
        exchange_round,
        process,
    })
}

/// A bound, migrated application, ready to serve.
pub struct App {
    pub listener: TcpListener,
    pub router: axum::Router,
    pub store: Store,
    pub vault: Arc<KeyVault>,
    pub wallets: Arc<WalletService>,
    pub devchain: Option<Devchain>,
    pub scanner: Arc<DepositScanner>,
    pub callbacks: Arc<CallbackService>,
    pub platform_keys: Arc<PlatformKeys>,
    pub chain_ids: Vec<i64>,
    pub housekeeper: Arc<crate::workers::Housekeeper>,
    pub executor: Arc<coffer_domain::withdrawals::executor::WithdrawalExecutor>,
    pub withdrawals: Arc<coffer_domain::withdrawals::WithdrawalService>,
    pub balances: Arc<BalanceReader>,
    pub planner: Arc<coffer_domain::collection::planner::CollectionPlanner>,
    pub sweeper: Arc<SweepExecutor>,
    /// The points, bills and mail rounds.
    pub rounds: PointsRounds,
    pub energy: EnergyRounds,
    pub exchange_round: Arc<ExchangeRound>,
    pub heartbeat: Arc<Heartbeat>,
    withdrawal_poll_ms: u64,
    collection_sweep_ms: u64,
    block_interval: std::time::Duration,
    workers: crate::config::WorkersConfig,
}

impl App {
    pub async fn build(config: &Config, clock: Arc<dyn Clock>) -> anyhow::Result<App> {
        let store = open_store(config).await?;
        // The first start's rows (catalogue, master key check, platform key, devchain genesis)
        // are written under the migration's lock: processes starting together take turns.
        let services = store
            .migrate_then(build_services(config, &store, clock.clone()))
            .await
            .context("migrating the database")??;
        for (old, new) in config.replaced_keys() {
            tracing::warn!("configuration key {old} is replaced by {new}: it is ignored");
        }
        let withdrawals = services.state.withdrawals.clone();
        let exports_owner = services.state.export_slots.owner.clone();
        let router = coffer_api::router(services.state);
        let housekeeper = Arc::new(crate::workers::Housekeeper {
            repo: Arc::new(store.clone()),
            clock,
            session_idle: Duration::minutes(config.auth.session_idle_minutes),
            session_absolute: Duration::hours(config.auth.session_absolute_hours),
        });
        let balances = Arc::new(BalanceReader {
            ports: services.scanner.ports.clone(),
            work: Arc::new(store.clone()),
            chains: services.scanner.chains.clone(),
            settings: BalanceSettings {
                every: Duration::seconds(config.workers.balance_every_secs.max(1) as i64),
                batch: 200,
                lease: config.workers.lease(),
            },
            owner: format!("{}/balances", services.process),
        });
        let heartbeat = Arc::new(Heartbeat {
            leases: services.scanner.ports.leases.clone(),
            clock: services.scanner.ports.clock.clone(),
            owners: vec![
                services.scanner.owner.clone(),
                services.callbacks.owner.clone(),
                services.executor.owner.clone(),
                services.sweeper.owner.clone(),
                balances.owner.clone(),
                services.rounds.mail_sender.owner.clone(),
                services.energy.supply.owner.clone(),
                services.exchange_round.owner.clone(),
                exports_owner,
            ],
            lease: config.workers.lease(),
        });
        let planner = Arc::new(coffer_domain::collection::planner::CollectionPlanner::new(
            services.scanner.ports.collection_plans.clone(),
            services.scanner.ports.clock.clone(),
        ));
        let listener = TcpListener::bind(&config.server.bind)
            .await
            .with_context(|| format!("binding {}", config.server.bind))?;
        Ok(App {
            listener,
            router,
            store,
            vault: services.vault,
            wallets: services.wallets,
            chain_ids: services.chains.registry.ids(),
            devchain: services.chains.devchain,
            scanner: services.scanner,
            callbacks: services.callbacks,
            platform_keys: services.platform_keys,
            executor: services.executor,
            sweeper: services.sweeper,
            rounds: services.rounds,
            energy: services.energy,
            exchange_round: services.exchange_round,
            withdrawals,
            balances,
            planner,
            withdrawal_poll_ms: config.withdrawals.poll_ms,
            collection_sweep_ms: config.collection.sweep_ms,
            block_interval: std::time::Duration::from_millis(config.devchain.block_interval_ms),
            workers: config.workers.clone(),
            housekeeper,
            heartbeat,
        })
    }

    /// The background workers as this service runs them, at its configured intervals (a bench
    /// spawns the same set with the service's workers off).
    pub fn worker_set(&self) -> crate::workers::WorkerSet {
        let every = |ms: u64| std::time::Duration::from_millis(ms.max(50));
        crate::workers::WorkerSet {
            scanner: self.scanner.clone(),
            chain_ids: self.chain_ids.clone(),
            block_signals: self
                .devchain
                .iter()
                .map(|chain| (crate::chains::DEVCHAIN_ID, chain.blocks()))
                .collect(),
            callbacks: self.callbacks.clone(),
            housekeeper: self.housekeeper.clone(),
            executor: self.executor.clone(),
            store: self.store.clone(),
            balances: self.balances.clone(),
            planner: self.planner.clone(),
            sweeper: self.sweeper.clone(),
            points: self.rounds.clone(),
            energy: self.energy.clone(),
            exchange: self.exchange_round.clone(),
            sweep_every: every(self.collection_sweep_ms),
            plan_every: every(self.workers.collect_plan_ms),
            scan_every: every(self.workers.scan_interval_ms),
            poll_every: every(self.workers.callback_poll_ms),
            execute_every: every(self.withdrawal_poll_ms),
        }
    }

    pub fn local_addr(&self) -> SocketAddr {
        self.listener
            .local_addr()
            .expect("a bound listener has an address")
    }

    pub async fn serve(
        self,
        shutdown: impl std::future::Future<Output = ()> + Send + 'static,
    ) -> std::io::Result<()> {
        // The devchain produces blocks while the service runs (interval 0: only on demand).
        let miner = self
            .devchain
            .as_ref()
            .filter(|_| !self.block_interval.is_zero())
            .and_then(|chain| chain.spawn_miner(self.block_interval));
        let workers = self
            .workers
            .enabled
            .then(|| crate::workers::Workers::spawn(self.worker_set()));
        // The leases of this process's work stay its own while it lives (also a push from the
        // console leases its callback event, with the workers off).
        let heartbeat = tokio::spawn(crate::workers::heartbeat(self.heartbeat.clone()));
        // Connect info gives handlers the peer address for the login and operation logs.
        let service = self.router.into_make_service_with_connect_info::<SocketAddr>();
        axum::serve(self.listener, service)
            .with_graceful_shutdown(shutdown)
            .await?;
        if let Some(miner) = miner {
            miner.abort();
        }
        heartbeat.abort();
        if let Some(workers) = workers {
            workers.stop().await;
            // A restarted or another process scans at once, not after the lease runs out.
            if let Err(err) = self.scanner.release().await {
                tracing::warn!(error = %err, "releasing the scanning leases failed");
            }
        }
        Ok(())
    }
}
