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

#[test]
fn built_in_rates_charge_nothing_and_bad_rates_name_their_key() {
    use coffer_domain::rates::{ChargeMode, DefaultRates, PeggedTokens};
    let config = with("").unwrap();
    assert_eq!(config.billing.defaults(), DefaultRates::default());
    assert!(config
        .billing
        .defaults()
        .0
        .iter()
        .all(|(_, terms)| terms.fixed == 0 && terms.percent_ppm == 0));
    assert_eq!(
        config.billing.pegged(),
        PeggedTokens(vec!["USDT".into(), "USDC".into()])
    );
    let set =
        with("[billing.payment]\nmode = \"percent\"\npercent = \"0.5\"\nmin = \"0.1\"\npay = \"postpaid\"")
            .unwrap();
    let payment = set.billing.defaults().0[1].1;
    assert_eq!(
        (payment.mode, payment.percent_ppm, payment.min),
        (ChargeMode::Percent, 5000, Some(100_000))
    );
    let err = with("[billing.payment]\nmode = \"percent\"\npercent = \"101\"\npay = \"prepaid\"")
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("billing.payment") && err.contains("0 to 100"),
        "{err}"
    );
    let err = with("[billing.monthly]\nmode = \"fixed\"\npay = \"prepaid\"")
        .unwrap_err()
        .to_string();
    assert!(err.contains("billing.monthly"), "{err}");
    let err = with("[billing]\npegged_tokens = [\"US DT\"]")
        .unwrap_err()
        .to_string();
    assert!(err.contains("billing.pegged_tokens"), "{err}");
    let err = with("[billing]\ntime_zone = 14").unwrap_err().to_string();
    assert!(err.contains("billing.time_zone"), "{err}");
    assert_eq!(with("[billing]\ntime_zone = -5").unwrap().billing.time_zone, -5);
}

#[test]
#[allow(clippy::result_large_err)] // figment's Jail API fixes the error type
fn low_balance_thresholds_are_exact_points_layered_and_checked() {
    let defaults = with("").unwrap().points.low_balance();
    assert_eq!((defaults.usdt, defaults.trx), (10_000_000, 100_000_000));
    let off = with("[points]\nlow_usdt = \"0\"\nlow_trx = \"2.5\"").unwrap();
    assert_eq!(
        (off.points.low_balance().usdt, off.points.low_balance().trx),
        (0, 2_500_000)
    );
    for bad in ["-1", "0.0000001", "ten", ""] {
        let err = with(&format!("[points]\nlow_trx = \"{bad}\""))
            .unwrap_err()
            .to_string();
        assert!(err.contains("points.low_trx"), "{bad}: {err}");
    }
    figment::Jail::expect_with(|jail| {
        jail.create_file("coffer.toml", "[points]\nlow_usdt = \"20\"")?;
        jail.set_env("COFFER__POINTS__LOW_USDT", "30.5");
        let config = Config::load(Path::new("coffer.toml"), true).map_err(|e| e.to_string())?;
        assert_eq!(config.points.low_balance().usdt, 30_500_000);
        Ok(())
    });
}
