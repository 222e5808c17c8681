//! The master key: a wrong one is refused at start; rotation re-seals every secret so seeds
//! and authenticators keep working under the new key only.

use coffer::app::App;
use coffer::config::Secret;
use coffer_domain::clock::{Clock, ManualClock, SystemClock};
use coffer_domain::crypto::SecretBox;
use coffer_domain::totp;
use coffer_testkit::{each_database, TestDb};
use serde_json::json;
use std::sync::Arc;

use crate::helpers::spawn_app_with;
use crate::wallets::{bind_google, demo_merchant, offline_chains, EVM};

fn hex_key() -> String {
    hex::encode(SecretBox::generate_key())
}

async fn a_wrong_master_key_is_refused_and_rotation_keeps_every_secret(db: TestDb) {
    let key = hex_key();
    let url = db.url.clone();
    let app = spawn_app_with(db, |c| {
        offline_chains(c);
        c.security.master_key = Secret::new(key.clone());
    })
    .await;
    let merchant = demo_merchant(&app).await;
    let before = app
        .wallets
        .deposit_address(merchant, EVM, "user-1")
        .await
        .unwrap();
    let token = app.sign_in_demo().await;
    let secret = bind_google(&app, &token).await;

    // The same database with another key: a clear error, not garbage.
    let mut config = coffer::config::Config::default();
    config.server.bind = "127.0.0.1:0".into();
    config.database.url = Secret::new(url.clone());
    config.devchain.block_interval_ms = 0;
    offline_chains(&mut config);
    config.security.master_key = Secret::new(hex_key());
    let refused = App::build(&config, Arc::new(SystemClock) as Arc<dyn Clock>).await;
    let error = format!("{:#}", refused.err().expect("a wrong key must not start"));
    assert!(error.contains("master key does not match"), "{error}");

    // Rotate to a new key held in a file.
    let dir = tempfile::tempdir().unwrap();
    let next_file = dir.path().join("next.key");
    config.security.master_key = Secret::new(key.clone());
    let (_, vault) = coffer::app::open_vault(&config, &app.store).await.unwrap();
    let next_key = SecretBox::generate_key();
    std::fs::write(&next_file, hex::encode(next_key)).unwrap();
    let count = vault.rotate(&SecretBox::new(&next_key)).await.unwrap();
    assert_eq!(
        count, 4,
        "key check, the demo seed, the platform key, one authenticator"
    );

    // The old key is refused now; the new one opens the seed and the authenticator.
    assert!(App::build(&config, Arc::new(SystemClock) as Arc<dyn Clock>)
        .await
        .is_err());
    config.security.master_key = Secret::default();
    config.security.master_key_file = next_file.display().to_string();
    let clock = Arc::new(ManualClock::new(app.clock.now() + chrono::Duration::seconds(60)));
    let rotated = App::build(&config, clock.clone() as Arc<dyn Clock>)
        .await
        .unwrap();
    let after = rotated
        .wallets
        .deposit_address(merchant, EVM, "user-2")
        .await
        .unwrap();
    let expected = rotated
        .wallets
        .deposit_address(merchant, EVM, "user-1")
        .await
        .unwrap();
    assert_eq!(expected.address, before.address);
    assert_ne!(after.address, before.address);
    // Derivation continued from the same seed: index 1 of the same account.
    assert_eq!(after.key_index, 1);

    // The authenticator secret opens under the new key: unbinding with a current code works.
    let base = format!("http://{}", rotated.local_addr());
    tokio::spawn(rotated.serve(std::future::pending()));
    let code = totp::code_at_step(&secret, totp::step_at(clock.now())).unwrap();
    let answer: serde_json::Value = reqwest::Client::new()
        .post(format!("{base}/api/partner/google/unbind"))
        .header("sessionCode", &token)
        .json(&json!({"code": code}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(answer["code"], 1, "{answer}");
}

each_database!(a_wrong_master_key_is_refused_and_rotation_keeps_every_secret);
