//! The merchant's RSA public key, uploaded at the console: checked, and private keys refused.

use coffer_testkit::{each_database, TestDb};
use serde_json::json;
use std::process::Command;

use crate::helpers::spawn_app;
use crate::merchant_signing::{new_key, private_pem, public_pem};
use crate::system::operation_log;
use crate::wallets::{bind_google, google_code};

fn openssl(args: &[&str], dir: &std::path::Path) -> String {
    let out = Command::new("openssl")
        .args(args)
        .current_dir(dir)
        .output()
        .expect("openssl runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).to_string()
}

async fn the_merchant_key_is_checked_and_private_keys_refused(db: TestDb) {
    let app = spawn_app(db).await;
    let token = app.sign_in_demo().await;
    let google = bind_google(&app, &token).await;
    let save = |pem: String, code: String| {
        let token = token.clone();
        let app = &app;
        async move {
            app.merchant_keys(&token)
                .save_client_key(json!({"publicKey": pem, "googleCode": code}))
                .await
        }
    };
    let dir = tempfile::tempdir().unwrap();
    let pair = new_key();
    std::fs::write(dir.path().join("pub.pem"), public_pem(&pair)).unwrap();
    // The fingerprint is what openssl prints for the key's DER.
    openssl(
        &[
            "pkey", "-pubin", "-in", "pub.pem", "-outform", "DER", "-out", "pub.der",
        ],
        dir.path(),
    );
    let fingerprint = openssl(&["dgst", "-sha256", "-r", "pub.der"], dir.path())
        .split_whitespace()
        .next()
        .unwrap()
        .to_string();

    let wrong_code = save(public_pem(&pair), "000000".into()).await;
    assert_eq!(wrong_code.code(), 11002);
    let saved = save(public_pem(&pair), google_code(&app, &google)).await;
    assert_eq!(saved.code(), 1, "{:?}", saved.body);
    assert_eq!(saved.data()["fingerprint"], fingerprint.as_str());
    assert_eq!(saved.data()["bits"], 2048);
    assert_eq!(saved.data()["publicKey"], public_pem(&pair).as_str());

    // PKCS#1 ("RSA PUBLIC KEY") is accepted and stored as the same key.
    openssl(
        &[
            "rsa",
            "-pubin",
            "-in",
            "pub.pem",
            "-RSAPublicKey_out",
            "-out",
            "pkcs1.pem",
        ],
        dir.path(),
    );
    let pkcs1 = std::fs::read_to_string(dir.path().join("pkcs1.pem")).unwrap();
    assert!(pkcs1.starts_with("-----BEGIN RSA PUBLIC KEY-----"));
    let again = save(pkcs1, google_code(&app, &google)).await;
    assert_eq!(again.data()["fingerprint"], fingerprint.as_str());

    let garbage = save(
        "ssh-rsa AAAAB3NzaC1yc2E me@host".into(),
        google_code(&app, &google),
    )
    .await;
    assert_eq!(
        garbage.code_and_msg(),
        (
            10422,
            "Not an RSA public key in PEM format (-----BEGIN PUBLIC KEY-----)"
        )
    );
    let private = private_pem(&new_key());
    let refused = save(private.clone(), google_code(&app, &google)).await;
    assert_eq!(
        refused.code_and_msg(),
        (
            10422,
            "This is a private key: paste only the public key. The private key was not saved; keep it secret"
        )
    );
    openssl(
        &[
            "genpkey",
            "-algorithm",
            "RSA",
            "-pkeyopt",
            "rsa_keygen_bits:1024",
            "-out",
            "small.key",
        ],
        dir.path(),
    );
    openssl(
        &["pkey", "-in", "small.key", "-pubout", "-out", "small.pem"],
        dir.path(),
    );
    let small = save(
        std::fs::read_to_string(dir.path().join("small.pem")).unwrap(),
        google_code(&app, &google),
    )
    .await;
    assert_eq!(
        small.code_and_msg(),
        (10422, "The RSA key must be 2048 to 4096 bits long")
    );

    // The key in force is still the good one, and the private key was written nowhere.
    let settings = app.merchant_keys(&token).settings().await;
    assert_eq!(settings.data()["clientKey"]["fingerprint"], fingerprint.as_str());
    let entries = operation_log(&app, &token, "clientkey").await;
    assert_eq!(entries.len(), 6, "every attempt is recorded");
    let body_line = private.lines().nth(1).unwrap();
    let text = serde_json::to_string(&entries).unwrap();
    assert!(!text.contains(body_line) && !text.contains("PRIVATE"), "{text}");
    assert!(entries
        .iter()
        .all(|e| e["after"].as_str().unwrap().contains(r#""publicKey":"***""#)));
}

each_database!(the_merchant_key_is_checked_and_private_keys_refused);
