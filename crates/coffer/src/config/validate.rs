//! Start-up validation of the configuration: every error names its key.

use std::net::SocketAddr;
use std::path::Path;

use super::{Config, ConfigError, MailTransport};

impl Config {
    pub(super) fn validate(&self) -> Result<(), ConfigError> {
        let invalid = |key, problem: &str| {
            Err(ConfigError::Invalid {
                key,
                problem: problem.to_string(),
            })
        };
        if self.server.bind.parse::<SocketAddr>().is_err() {
            return invalid(
                "server.bind",
                "must be an address with a port, like 127.0.0.1:8080",
            );
        }
        if self.server.body_limit_bytes < 1024 {
            return invalid("server.body_limit_bytes", "must be at least 1024");
        }
        let public = &self.server.public_url;
        let scheme_ok = public.starts_with("https://") || public.starts_with("http://");
        if !(public.is_empty() || scheme_ok) {
            return invalid(
                "server.public_url",
                "must be empty or start with https:// or http://",
            );
        }
        let url = self.database.url.expose();
        if !(url.starts_with("sqlite:") || url.starts_with("postgres://") || url.starts_with("postgresql://"))
        {
            return invalid("database.url", "must start with sqlite:// or postgres://");
        }
        if !(1..=24 * 366).contains(&self.points.hold_hours) {
            return invalid("points.hold_hours", "must be 1 to 8784 (a year)");
        }
        for (key, text) in [
            ("points.low_usdt", &self.points.low_usdt),
            ("points.low_trx", &self.points.low_trx),
        ] {
            if coffer_domain::points::parse_points(text).is_none() {
                return invalid(key, "must be points: a decimal of at most 6 decimals, 0 or more");
            }
        }
        if self.database.max_connections == 0 {
            return invalid("database.max_connections", "must be at least 1");
        }
        let auth = &self.auth;
        for (key, value) in [
            ("auth.code_ttl_minutes", auth.code_ttl_minutes),
            ("auth.code_resend_secs", auth.code_resend_secs),
            ("auth.code_max_attempts", auth.code_max_attempts as i64),
            ("auth.session_idle_minutes", auth.session_idle_minutes),
            ("auth.session_absolute_hours", auth.session_absolute_hours),
            ("auth.lockout_attempts", auth.lockout_attempts as i64),
            ("auth.lockout_window_minutes", auth.lockout_window_minutes),
            ("auth.lockout_minutes", auth.lockout_minutes),
            // Guessable secrets
            (
                "auth.account_lockout_attempts",
                auth.account_lockout_attempts as i64,
            ),
            ("auth.totp_max_failures", auth.totp_max_failures as i64),
            ("auth.totp_lockout_minutes", auth.totp_lockout_minutes),
        ] {
            if value <= 0 {
                return invalid(key, "must be greater than 0");
            }
        }
        let key = self.security.master_key.expose();
        if !key.is_empty() && (key.len() != 64 || hex::decode(key).is_err()) {
            return invalid("security.master_key", "must be 64 hex characters (32 bytes)");
        }
        if key.is_empty() && self.security.master_key_file.is_empty() {
            return invalid(
                "security.master_key_file",
                "is required when security.master_key is empty",
            );
        }
        if self.mail.from.parse::<lettre::message::Mailbox>().is_err() {
            return invalid(
                "mail.from",
                "must be a mailbox like `Coffer <no-reply@example.com>`",
            );
        }
        if self.mail.transport == MailTransport::Smtp && self.mail.smtp.host.is_empty() {
            return invalid("mail.smtp.host", "is required when mail.transport is smtp");
        }
        if !self.console.dir.is_empty() && !Path::new(&self.console.dir).join("index.html").exists() {
            return invalid(
                "console.dir",
                "must be a folder holding the built console (index.html)",
            );
        }
        if !link_ok(&self.console.promo_video_url) {
            return invalid(
                "console.promo_video_url",
                "must be empty, a path starting with /, or start with https:// or http://",
            );
        }
        for (key, value) in [
            (
                "callbacks.retry_interval_secs",
                self.callbacks.retry_interval_secs,
            ),
            ("callbacks.max_attempts", self.callbacks.max_attempts.into()),
            ("callbacks.timeout_secs", self.callbacks.timeout_secs as i64),
            ("devchain.confirmations", self.devchain.confirmations.into()),
        ] {
            if value <= 0 {
                return invalid(key, "must be greater than 0");
            }
        }
        if coffer_domain::amount::BaseUnits::from_decimal(&self.devchain.min_deposit, 6).is_err() {
            return invalid(
                "devchain.min_deposit",
                "a decimal with at most 6 decimals, like 0.01",
            );
        }
        // A lease outlives a few heartbeats and stays short enough to hand work over quickly.
        if !(1..=600).contains(&self.workers.lease_secs) {
            return invalid("workers.lease_secs", "must be 1 to 600");
        }
        // permissions and accounts (a year at most: chrono durations are bounded)
        if !(0..=8760).contains(&self.withdrawals.review_cooling_off_hours) {
            return invalid("withdrawals.review_cooling_off_hours", "must be 0 to 8760");
        }
        self.billing.validate()?;
        super::chains::validate_chains(&self.chains)
    }
}

/// A link the console may put in an href: nothing that runs (`javascript:`), no other scheme,
/// no protocol-relative `//host`, no whitespace or quotes.
fn link_ok(link: &str) -> bool {
    let rest = link
        .strip_prefix("https://")
        .or_else(|| link.strip_prefix("http://"));
    let shape_ok = match rest {
        Some(host_and_path) => !host_and_path.is_empty(),
        None => link.is_empty() || (link.starts_with('/') && !link.starts_with("//")),
    };
    shape_ok
        && link.len() <= 2000
        && !link
            .chars()
            .any(|c| c.is_whitespace() || c.is_control() || matches!(c, '"' | '\'' | '<' | '>'))
}

#[cfg(test)]
mod tests {
    use figment::providers::{Format, Toml};
    use std::path::Path;

    use super::super::{defaults, Config};

    fn promo(link: &str) -> Result<Config, String> {
        let toml = format!("[console]\npromo_video_url = {link:?}");
        Config::from_figment(defaults().merge(Toml::string(&toml))).map_err(|e| e.to_string())
    }

    #[test]
    fn the_promo_video_link_is_a_web_address_or_a_path_here() {
        for good in [
            "",
            "https://videos.example/intro",
            "http://10.0.0.5/v.mp4",
            "/media/intro.mp4",
        ] {
            assert_eq!(promo(good).unwrap().console.promo_video_url, good);
        }
        for bad in [
            "javascript:alert(1)",
            "data:text/html,x",
            "//evil.example/x",
            "https://",
            "videos.example/intro",
            "https://x.example/a b",
            "https://x.example/\"onclick",
        ] {
            let err = promo(bad).unwrap_err();
            assert!(err.contains("console.promo_video_url"), "{bad}: {err}");
        }
    }

    #[test]
    #[allow(clippy::result_large_err)] // figment's Jail API fixes the error type
    fn the_promo_video_link_comes_from_the_environment_too() {
        figment::Jail::expect_with(|jail| {
            jail.set_env("COFFER__CONSOLE__PROMO_VIDEO_URL", "https://videos.example/intro");
            let config = Config::load(Path::new("coffer.toml"), false).map_err(|e| e.to_string())?;
            assert_eq!(config.console.promo_video_url, "https://videos.example/intro");
            Ok(())
        });
    }
}
