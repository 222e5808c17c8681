//! The HTTP state: the API's services over the domain's, built once from the configuration.

use chrono::Duration;
use coffer_api::{AppState, ConsoleAssets};
use coffer_domain::access::AccessService;
use coffer_domain::auth::{AuthService, AuthSettings};
use coffer_domain::callbacks::CallbackService;
use coffer_domain::chains::ChainRegistry;
use coffer_domain::config::ConfigService;
use coffer_domain::crypto::SecretBox;
use coffer_domain::deposits::DepositService;
use coffer_domain::iplist::IpListService;
use coffer_domain::limits::ExportSlots;
use coffer_domain::logs::LogService;
use coffer_domain::mail::Mailer;
use coffer_domain::merchant_api::MerchantApiService;
use coffer_domain::ports::Ports;
use coffer_domain::wallets::WalletService;
use coffer_store::admin::OutboxMailer;
use coffer_store::Store;
use std::sync::Arc;

use coffer_domain::energy::base::EnergyBase;

use crate::config::{Config, MailTransport};
use crate::mailer::SmtpMailer;

/// What the HTTP state shares with the workers and the CLI.
pub(crate) struct StateParts {
    pub(crate) sealer: Arc<SecretBox>,
    pub(crate) auth: Arc<AuthService>,
    pub(crate) wallets: Arc<WalletService>,
    pub(crate) deposits: Arc<DepositService>,
    pub(crate) callbacks: Arc<CallbackService>,
    pub(crate) withdrawals: Arc<coffer_domain::withdrawals::WithdrawalService>,
    pub(crate) chains: Arc<ChainRegistry>,
    pub(crate) rates: Arc<coffer_domain::rates::RateCard>,
    pub(crate) recharge: Arc<coffer_domain::points::recharge_address::RechargeAddresses>,
    pub(crate) bills: Arc<coffer_domain::bills::service::BillService>,
    pub(crate) energy: Arc<coffer_domain::energy::service::EnergyService>,
    pub(crate) exchange: Arc<coffer_domain::exchange::service::ExchangeService>,
    pub(crate) exchange_round: Arc<coffer_domain::exchange::round::ExchangeRound>,
    pub(crate) exchange_lists: Arc<coffer_domain::exchange::lists::ExchangeLists>,
    /// The name this process's running exports are leased under (`<process>/exports`).
    pub(crate) exports_owner: String,
}

/// What delivers mail: the configured transport (sign-in codes, invitations, queued notices).
pub(crate) fn mailer(config: &Config, store: &Store) -> anyhow::Result<Arc<dyn Mailer>> {
    Ok(match config.mail.transport {
        MailTransport::Outbox => Arc::new(OutboxMailer::new(store.clone())),
        MailTransport::Smtp => Arc::new(SmtpMailer::new(&config.mail)?),
    })
}

/// Sign-in, sessions and the Google authenticator (the HTTP state's, and what reviews check).
pub(crate) fn auth_service(
    config: &Config,
    ports: Ports,
    mailer: Arc<dyn Mailer>,
    sealer: Arc<SecretBox>,
) -> anyhow::Result<Arc<AuthService>> {
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
        // Guessable secrets
        account_lockout_attempts: a.account_lockout_attempts,
        totp_max_failures: a.totp_max_failures,
        totp_lockout: Duration::minutes(a.totp_lockout_minutes),
    };
    Ok(Arc::new(AuthService::new(ports, mailer, sealer, settings)))
}

pub(crate) fn build_state(config: &Config, ports: Ports, parts: StateParts) -> anyhow::Result<AppState> {
    let StateParts {
        sealer,
        auth,
        wallets,
        deposits,
        callbacks,
        withdrawals,
        chains,
        rates,
        recharge,
        bills,
        energy,
        exchange,
        exchange_round,
        exchange_lists,
        exports_owner,
    } = parts;
    let access = AccessService {
        ports: ports.clone(),
        auth: auth.clone(),
    };
    let logs = LogService { ports: ports.clone() };
    let merchant_api = MerchantApiService {
        ports: ports.clone(),
        auth: auth.clone(),
        sealer,
        chains: chains.clone(),
        allow_private_targets: config.callbacks.allow_private_targets,
        resolver: Arc::new(crate::transport::SystemResolver),
    };
    let ips = IpListService { ports: ports.clone() };
    let reports = Arc::new(coffer_domain::reports::ReportService::new(ports.clone()));
    let collection = Arc::new(coffer_domain::collection::service::CollectionService {
        ports: ports.clone(),
        auth: auth.clone(),
    });
    let points = Arc::new(coffer_domain::points::statement::PointsStatement {
        ports: ports.clone(),
        low_balance: config.points.low_balance(),
    });
    let console = if config.console.dir.is_empty() {
        ConsoleAssets::Embedded
    } else {
        ConsoleAssets::Dir(config.console.dir.clone().into())
    };
    Ok(AppState {
        auth,
        access: Arc::new(access),
        ips: Arc::new(ips),
        logs: Arc::new(logs),
        trust_forwarded_for: config.server.trust_forwarded_for,
        strict_transport: config.server.public_url.starts_with("https://"),
        body_limit_bytes: config.server.body_limit_bytes,
        config: Arc::new(
            ConfigService::new(ports.config, config.console.token_icon_url.clone(), chains)
                .with_promo_video_url(&config.console.promo_video_url)
                .with_energy_base(Arc::new(EnergyBase::new(energy.quotes.clone()))),
        ),
        wallets,
        merchant_api: Arc::new(merchant_api),
        deposits,
        callbacks,
        withdrawals,
        reports,
        collection,
        rates,
        points,
        recharge,
        bills,
        energy,
        exchange,
        exchange_round,
        exchange_lists,
        export_slots: Arc::new(ExportSlots {
            runs: ports.export_runs.clone(),
            clock: ports.clock.clone(),
            owner: exports_owner,
            lease: config.workers.lease(),
        }),
        console,
        metrics: coffer_api::metrics_handle(),
    })
}
