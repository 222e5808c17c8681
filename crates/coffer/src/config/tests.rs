//! The configuration's layers, validation and secrets.

use super::*;

fn with(toml: &str) -> Result<Config, ConfigError> {
    Config::from_figment(defaults().merge(Toml::string(toml)))
}

#[test]
fn defaults_are_valid_and_use_sqlite() {
    let config = with("").unwrap();
    assert!(config.database.url.expose().starts_with("sqlite://"));
    assert_eq!(config.demo.password.expose(), "Demo-Pass-2026");
}

#[test]
fn replaced_lease_keys_still_load_and_are_named() {
    let config = with("[withdrawals]\nlease_secs = 60\n[collection]\nlease_secs = 60").unwrap();
    assert_eq!(
        config.replaced_keys(),
        vec![
            ("withdrawals.lease_secs", "workers.lease_secs"),
            ("collection.lease_secs", "workers.lease_secs")
        ]
    );
    assert_eq!(with("").unwrap().replaced_keys(), vec![]);
    assert_eq!(with("").unwrap().workers.lease_secs, 6);
}

#[test]
fn errors_name_the_bad_key() {
    let err = with("[server]\nbind = \"nowhere\"").unwrap_err().to_string();
    assert!(err.contains("server.bind"), "{err}");
    let err = with("[database]\nurl = \"mysql://x\"").unwrap_err().to_string();
    assert!(err.contains("database.url"), "{err}");
    let err = with("[log]\nformat = \"xml\"").unwrap_err().to_string();
    assert!(err.contains("format"), "{err}");
    let err = with("[server]\nbnid = \"x\"").unwrap_err().to_string();
    assert!(err.contains("bnid"), "{err}");
    let err = with("[security]\nmaster_key = \"abc\"").unwrap_err().to_string();
    assert!(err.contains("security.master_key"), "{err}");
    let err = with("[mail]\ntransport = \"smtp\"").unwrap_err().to_string();
    assert!(err.contains("mail.smtp.host"), "{err}");
}

#[test]
#[allow(clippy::result_large_err)] // figment's Jail API fixes the error type
fn environment_overrides_file() {
    figment::Jail::expect_with(|jail| {
        jail.create_file("coffer.toml", "[server]\nbind = \"127.0.0.1:9000\"")?;
        jail.set_env("COFFER__SERVER__BIND", "127.0.0.1:9100");
        let config = Config::load(Path::new("coffer.toml"), true).map_err(|e| e.to_string())?;
        assert_eq!(config.server.bind, "127.0.0.1:9100");
        Ok(())
    });
}

#[test]
fn secrets_never_print() {
    let mut config = Config::default();
    config.database.url = Secret("postgres://u:hunter2@db/coffer".into());
    config.mail.smtp.password = Secret("hunter2".into());
    config.security.master_key = Secret("ab".repeat(32));
    let printed = format!("{config:?} {}", serde_json::to_string(&config).unwrap());
    assert!(
        !printed.contains("hunter2") && !printed.contains("abab"),
        "{printed}"
    );
    assert!(printed.contains("[redacted]"));
}
