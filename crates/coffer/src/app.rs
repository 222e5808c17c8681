//! Wiring: config -> store -> domain services -> HTTP. Used by `coffer serve` and by the
//! integration tests, so both run the same application.

use anyhow::Context;
use chrono::Duration;
use coffer_api::{AppState, ConsoleAssets};
use coffer_chain::devchain::Devchain;
use coffer_domain::access::AccessService;
use coffer_domain::auth::{AuthDeps, AuthService, AuthSettings};
use coffer_domain::clock::Clock;
use coffer_domain::config::ConfigService;
use coffer_domain::crypto::SecretBox;
use coffer_domain::iplist::IpListService;
use coffer_domain::logs::LogService;
use coffer_domain::mail::Mailer;
use coffer_domain::vault::KeyVault;
use coffer_domain::wallets::{WalletDeps, WalletService};
use coffer_store::admin::OutboxMailer;
use coffer_store::{PoolSettings, Store};
use std::net::SocketAddr;
use std::sync::Arc;
use tokio::net::TcpListener;

use crate::chains::Chains;
use crate::config::{Config, MailTransport};
use crate::mailer::SmtpMailer;

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
    let wallets = Arc::new(WalletService::new(WalletDeps {
        repo: repo.clone(),
        seeds: repo.clone(),
        vault: vault.clone(),
        config: repo,
        chains: chains.registry.clone(),
        clock: clock.clone(),
    }));
    let state = build_state(config, store, clock, sealer, wallets.clone())?;
    Ok(Services {
        state,
        vault,
        wallets,
        chains,
    })
}

fn build_state(
    config: &Config,
    store: &Store,
    clock: Arc<dyn Clock>,
    sealer: Arc<SecretBox>,
    wallets: Arc<WalletService>,
) -> anyhow::Result<AppState> {
    let mailer: Arc<dyn Mailer> = match config.mail.transport {
        MailTransport::Outbox => Arc::new(OutboxMailer::new(store.clone())),
        MailTransport::Smtp => Arc::new(SmtpMailer::new(&config.mail)?),
    };
    let repo = Arc::new(store.clone());
    let a = &config.auth;
    let settings = AuthSettings {
        code_ttl: Duration::minutes(a.code_ttl_minutes),
        code_resend_after: Duration::seconds(a.code_resend_secs),
        code_max_attempts: a.code_max_attempts,
        session_idle: Duration::minutes(a.session_idle_minutes),
        session_absolute: Duration::hours(a.session_absolute_hours),
        lockout_attempts: a.lockout_attempts,
        lockout_window: Duration::minutes(a.lockout_window_minutes),
        lockout_duration: Duration::minutes(a.lockout_minutes),
    };
    let deps = AuthDeps {
        users: repo.clone(),
        sessions: repo.clone(),
        codes: repo.clone(),
        logs: repo.clone(),
        mailer,
        clock: clock.clone(),
        sealer,
    };
    let auth = AuthService::new(deps, settings);
    let access = AccessService {
        repo: repo.clone(),
        users: repo.clone(),
        sessions: repo.clone(),
        config: repo.clone(),
        clock: clock.clone(),
    };
    let logs = LogService {
        repo: repo.clone(),
        clock: clock.clone(),
    };
    let ips = IpListService {
        repo: repo.clone(),
        clock,
    };
    let console = if config.console.dir.is_empty() {
        ConsoleAssets::Embedded
    } else {
        ConsoleAssets::Dir(config.console.dir.clone().into())
    };
    Ok(AppState {
        auth: Arc::new(auth),
        access: Arc::new(access),
        ips: Arc::new(ips),
        logs: Arc::new(logs),
        trust_forwarded_for: config.server.trust_forwarded_for,
        body_limit_bytes: config.server.body_limit_bytes,
        config: Arc::new(ConfigService::new(repo, config.console.token_icon_url.clone())),
        wallets,
        console,
        metrics: coffer_api::metrics_handle(),
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
    block_interval: std::time::Duration,
}

impl App {
    pub async fn build(config: &Config, clock: Arc<dyn Clock>) -> anyhow::Result<App> {
        let store = open_store(config).await?;
        store.migrate().await.context("migrating the database")?;
        let services = build_services(config, &store, clock).await?;
        let router = coffer_api::router(services.state);
        let listener = TcpListener::bind(&config.server.bind)
            .await
            .with_context(|| format!("binding {}", config.server.bind))?;
        Ok(App {
            listener,
            router,
            store,
            vault: services.vault,
            wallets: services.wallets,
            devchain: services.chains.devchain,
            block_interval: std::time::Duration::from_millis(config.devchain.block_interval_ms),
        })
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
        // Connect info gives handlers the peer address for the login and operation logs.
        let service = self.router.into_make_service_with_connect_info::<SocketAddr>();
        axum::serve(self.listener, service)
            .with_graceful_shutdown(shutdown)
            .await?;
        if let Some(miner) = miner {
            miner.abort();
        }
        Ok(())
    }
}
