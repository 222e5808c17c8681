//! Configuration: defaults -> `coffer.toml` -> `COFFER__` environment variables
//! (`COFFER__DATABASE__URL` sets `database.url`). Validated at start; every error names its key.

use figment::providers::{Env, Format, Toml};
use figment::Figment;
use serde::{Deserialize, Serialize};
use std::path::Path;

mod billing;
mod chains;
#[cfg(test)]
mod chains_tests;
mod points;
mod validate;

pub use billing::BillingConfig;
pub use chains::{
    ChainConfig, EvmConfig, FamilyAdapters, FamilyConfig, FamilySettings, TokenConfig, TronConfig,
};
pub use points::PointsConfig;

/// A value that must never be printed. Serializes as a fixed mask.
#[derive(Clone, Default, Deserialize, PartialEq)]
#[serde(transparent)]
pub struct Secret(String);

impl Secret {
    pub fn new(value: impl Into<String>) -> Self {
        Secret(value.into())
    }
    pub fn expose(&self) -> &str {
        &self.0
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.is_empty() {
            "\"\""
        } else {
            "\"[redacted]\""
        })
    }
}

impl Serialize for Secret {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(if self.0.is_empty() { "" } else { "[redacted]" })
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    pub server: ServerConfig,
    pub security: SecurityConfig,
    pub database: DatabaseConfig,
    pub log: LogConfig,
    pub auth: AuthConfig,
    pub mail: MailConfig,
    pub console: ConsoleConfig,
    pub demo: DemoConfig,
    pub devchain: DevchainConfig,
    pub workers: WorkersConfig,
    pub callbacks: CallbacksConfig,
    pub withdrawals: WithdrawalsConfig,
    pub collection: CollectionConfig,
    pub points: PointsConfig,
    pub billing: BillingConfig,
    /// Real chains (EVM, TRON); none by default.
    #[serde(default)]
    pub chains: Vec<ChainConfig>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DevchainConfig {
    pub enabled: bool,
    /// A block every this many milliseconds; 0 = only `coffer admin devchain mine`.
    pub block_interval_ms: u64,
    /// Blocks (including the deposit's) before a devchain deposit is complete.
    pub confirmations: u32,
    /// Devchain USDT deposits below this (decimal) are recorded as dust, not credited.
    pub min_deposit: String,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WorkersConfig {
    /// Run the chain scanners and the callback delivery in `coffer serve`.
    pub enabled: bool,
    /// The scanners' poll (the devchain's scanner also wakes on each block it mines).
    pub scan_interval_ms: u64,
    /// The callback worker's poll: it also wakes when an event is queued (see `Wakeups`).
    pub callback_poll_ms: u64,
    /// How often each hot wallet's and cold address's balance is read from the chain.
    pub balance_every_secs: u64,
    /// The collection planner's tick (runs on a schedule, or on each deposit).
    pub collect_plan_ms: u64,
    /// How long a claim on a piece of work (a chain's scanning, an order, a hot wallet's
    /// signing turn, a collection, a callback) lasts without renewal. A live process renews its
    /// claims every third of this; a killed one's work is taken over after at most this plus
    /// the taker's poll.
    pub lease_secs: i64,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CallbacksConfig {
    /// Spec: a callback is re-pushed every 30 minutes until the reply has code 0.
    pub retry_interval_secs: i64,
    /// Attempts before a callback is marked failed (a manual push tries again).
    pub max_attempts: i32,
    pub timeout_secs: u64,
    /// Allow callback addresses on loopback and private networks (tests, single-host setups).
    pub allow_private_targets: bool,
    /// callbacks. The proxy merchant-facing HTTP goes through; none by default (the
    /// environment's HTTP_PROXY is never used for it). Targets are checked before the proxy.
    #[serde(default)]
    pub proxy_url: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WithdrawalsConfig {
    /// A reviewer may not pass a withdrawal they created while another user may review.
    pub maker_checker: bool,
    /// How often the executor looks for work (screening, signing, following).
    pub poll_ms: u64,
    /// Replaced by `workers.lease_secs` (every lease is renewed by the process's heartbeat
    /// now); accepted and ignored with a warning, so that older configuration files still load.
    #[serde(default)]
    pub lease_secs: Option<i64>,
    /// Tests only: abort the process right after "signed" (stored, not yet broadcast) or
    /// "broadcast" (sent, state not yet updated), as a crash there would.
    #[serde(default)]
    pub halt_after: Option<HaltAfter>,
    // Permissions and accounts
    /// Hours an account that gained the pass permission (button 40301) through the console
    /// waits before it may pass withdrawals; 0 turns the cooling-off off.
    pub review_cooling_off_hours: i64,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CollectionConfig {
    /// How often the sweep executor moves open collections on (top-ups, sweeps, confirmations).
    pub sweep_ms: u64,
    /// How many open collections one round takes at most (those worked on longest ago first).
    pub batch: u64,
    /// Replaced by `workers.lease_secs`; accepted and ignored with a warning.
    #[serde(default)]
    pub lease_secs: Option<i64>,
    /// How long a collection that cannot move waits before it is quoted again (fee above the
    /// cap, no fee wallet, a fee wallet short of coin).
    pub retry_secs: i64,
    /// Tests only: abort the process right after a top-up or a sweep is signed or broadcast.
    #[serde(default)]
    pub halt_after: Option<SweepHaltAfter>,
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum SweepHaltAfter {
    TopUpSigned,
    TopUpBroadcast,
    SweepSigned,
    SweepBroadcast,
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum HaltAfter {
    Signed,
    Broadcast,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ServerConfig {
    /// Address to listen on; port 0 picks a free port (printed at start).
    pub bind: String,
    pub body_limit_bytes: usize,
    pub trust_forwarded_for: bool,
    /// Where people open the console; https turns on HSTS.
    pub public_url: String,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SecurityConfig {
    /// 64 hex characters; when empty the key comes from `master_key_file`.
    pub master_key: Secret,
    pub master_key_file: String,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DatabaseConfig {
    /// `sqlite://data/coffer.db?mode=rwc` (default) or `postgres://user:pass@host/db`.
    pub url: Secret,
    pub max_connections: u32,
    pub connect_timeout_secs: u64,
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "lowercase")]
pub enum LogFormat {
    Text,
    Json,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LogConfig {
    /// A tracing filter, e.g. `info` or `info,coffer_api=debug`.
    pub level: String,
    pub format: LogFormat,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AuthConfig {
    pub code_ttl_minutes: i64,
    pub code_resend_secs: i64,
    pub code_max_attempts: i32,
    pub session_idle_minutes: i64,
    pub session_absolute_hours: i64,
    pub lockout_attempts: i32,
    pub lockout_window_minutes: i64,
    pub lockout_minutes: i64,
    // Guessable secrets
    pub account_lockout_attempts: i32,
    pub totp_max_failures: i32,
    pub totp_lockout_minutes: i64,
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "lowercase")]
pub enum MailTransport {
    /// Keep mail in the database (`coffer admin outbox`); for a machine with no mail server.
    Outbox,
    Smtp,
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "lowercase")]
pub enum SmtpTls {
    None,
    Starttls,
    Tls,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MailConfig {
    pub transport: MailTransport,
    pub from: String,
    pub smtp: SmtpConfig,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SmtpConfig {
    pub host: String,
    pub port: u16,
    pub username: String,
    pub password: Secret,
    pub tls: SmtpTls,
    pub timeout_secs: u64,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConsoleConfig {
    /// Serve the console from this folder instead of the copy embedded in the binary.
    pub dir: String,
    pub token_icon_url: String,
    /// The header's promotional video link; empty = the binary's own /getting-started page.
    pub promo_video_url: String,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DemoConfig {
    pub email: String,
    pub password: Secret,
}

/// The defaults, from the documented example configuration (one source of truth).
const DEFAULTS: &str = include_str!("../../../../coffer.example.toml");

fn defaults() -> Figment {
    Figment::from(Toml::string(DEFAULTS))
}

impl Default for Config {
    fn default() -> Self {
        Config::from_figment(defaults()).expect("coffer.example.toml is a valid configuration")
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("configuration file {0} does not exist")]
    MissingFile(String),
    #[error("configuration: {0}")]
    Parse(#[from] Box<figment::Error>),
    #[error("configuration key `{key}`: {problem}")]
    Invalid { key: &'static str, problem: String },
}

impl WorkersConfig {
    /// How long a claim on work lasts from its claim or its heartbeat (`lease_secs`).
    pub fn lease(&self) -> chrono::Duration {
        chrono::Duration::seconds(self.lease_secs)
    }
}

impl Config {
    /// Loads the layers. `file` is optional unless `required` (given on the command line).
    pub fn load(file: &Path, required: bool) -> Result<Config, ConfigError> {
        if required && !file.exists() {
            return Err(ConfigError::MissingFile(file.display().to_string()));
        }
        Config::from_figment(
            defaults()
                .merge(Toml::file(file))
                .merge(Env::prefixed("COFFER__").split("__")),
        )
    }

    pub fn from_figment(figment: Figment) -> Result<Config, ConfigError> {
        let config: Config = figment.extract().map_err(Box::new)?;
        config.validate()?;
        Ok(config)
    }

    /// Keys a release replaced that this file still sets (they load, and change nothing).
    pub fn replaced_keys(&self) -> Vec<(&'static str, &'static str)> {
        let mut replaced = Vec::new();
        if self.withdrawals.lease_secs.is_some() {
            replaced.push(("withdrawals.lease_secs", "workers.lease_secs"));
        }
        if self.collection.lease_secs.is_some() {
            replaced.push(("collection.lease_secs", "workers.lease_secs"));
        }
        replaced
    }
}

#[cfg(test)]
mod tests;
