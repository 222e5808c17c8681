//! The merchant API's refusals, each with its own code: unknown keys, callers off the
//! allow-list, missing keys, stale timestamps, bad or reused nonces, forged signatures, reset
//! and replaced keys, disabled merchants.

use coffer_domain::ports::MerchantStatus;
use coffer_testkit::{each_database, TestDb};
use serde_json::json;

use crate::helpers::{Answer, DEMO_EMAIL};
use crate::merchant_signing::*;
use crate::wallets::{app_with_dev_seed, bind_google, EVM};

async fn every_refusal_has_its_own_code(db: TestDb) {
    let app = app_with_dev_seed(db).await;
    let token = app.sign_in_demo().await;
    let google = bind_google(&app, &token).await;
    let body = address_body(EVM, "user-1");
    let code_of = |a: &Answer| (a.code(), a.msg().to_string());

    // Nothing set up yet: no key at all, then an unknown one.
    let nobody = Signed {
        api_key: None,
        timestamp: None,
        nonce: None,
        signature: None,
    };
    let missing = send(&app, "POST", ADDRESS, &body, &nobody).await;
    assert_eq!(
        code_of(&missing),
        (13001, "Missing or unknown API key (X-Api-Key)".into())
    );
    let unknown = Signed {
        api_key: Some("ck_0000000000000000_00".into()),
        ..nobody
    };
    assert_eq!(send(&app, "GET", PING, "", &unknown).await.code(), 13001);

    let api_key = reset_key(&app, &token, &google).await;
    let mut m = Integration {
        token: token.clone(),
        google: google.clone(),
        api_key,
        pair: new_key(),
    };
    // The key is known; the caller's address is on no list.
    let refused = m.ping(&app).await;
    assert_eq!(
        code_of(&refused),
        (13005, "The calling IP address is not on the allow-list".into())
    );
    // X-Forwarded-For is not trusted by default: naming a listed address does not help.
    let listed = app
        .merchant_keys(&token)
        .edit_allowed_ips(json!({"ips": ["203.0.113.9"]}))
        .await;
    assert_eq!(listed.code(), 1);
    let forwarded = send_with(
        &app,
        "GET",
        PING,
        "",
        &m.sign(&app, "GET", PING, ""),
        &[("X-Forwarded-For", "203.0.113.9")],
    )
    .await;
    assert_eq!(forwarded.code(), 13005);
    // An address approved on the reviewed IP list (ipConfigs) is allowed as well.
    let requested = app
        .ip_list(&token)
        .request(json!({"ip": "127.0.0.1", "remark": "server"}))
        .await;
    let ip_id = requested.data()["id"].as_i64().unwrap();
    assert_eq!(m.ping(&app).await.code(), 13005, "pending is not enough");
    assert!(app.store.review_ip(ip_id, true).await.unwrap());
    let no_key = m.ping(&app).await;
    assert_eq!(
        code_of(&no_key),
        (
            13006,
            "Upload your RSA public key before calling the merchant API".into()
        )
    );
    // Now through the whitelist only.
    assert_eq!(app.ip_list(&token).delete(json!({"id": ip_id})).await.code(), 1);
    app.merchant_keys(&token)
        .edit_allowed_ips(json!({"ips": ["::1", "127.0.0.1"]}))
        .await;
    assert_eq!(upload_key(&app, &token, &google, &m.pair).await.code(), 1);
    assert_eq!(m.ping(&app).await.code(), 1);

    // Timestamps: 5 minutes either way is the window, inclusive.
    for (offset, code) in [
        (-300_000, 1),
        (300_000, 1),
        (-300_001, 13003),
        (300_001, 13003),
        (-86_400_000, 13003),
    ] {
        let answer = send(
            &app,
            "POST",
            ADDRESS,
            &body,
            &m.sign_at(&app, "POST", ADDRESS, &body, offset),
        )
        .await;
        assert_eq!(answer.code(), code, "offset {offset} ms: {:?}", answer.body);
    }
    for bad in [
        None,
        Some("".to_string()),
        Some("1795334400".to_string() + "000.5"),
        Some("soon".into()),
    ] {
        let mut headers = m.sign(&app, "POST", ADDRESS, &body);
        headers.timestamp = bad;
        assert_eq!(send(&app, "POST", ADDRESS, &body, &headers).await.code(), 13003);
    }

    // Nonces: format, then reuse.
    for bad in [
        None,
        Some("short".to_string()),
        Some("x".repeat(65)),
        Some("has space in it 0123".into()),
    ] {
        let mut headers = m.sign(&app, "POST", ADDRESS, &body);
        headers.nonce = bad;
        let answer = send(&app, "POST", ADDRESS, &body, &headers).await;
        assert_eq!(answer.code(), 13007, "{:?}", answer.body);
    }

    // Signatures: missing, not base64, of another body, path, key, timestamp or nonce.
    let signed = m.sign(&app, "POST", ADDRESS, &body);
    let other_body = address_body(EVM, "user-2");
    let ts = signed.timestamp.clone().unwrap();
    let nonce = signed.nonce.clone().unwrap();
    let forgeries = [
        None,
        Some("not base64 !".to_string()),
        Some(sign(
            &m.pair,
            &canonical("POST", ADDRESS, &ts, &nonce, &other_body),
        )),
        Some(sign(&m.pair, &canonical("POST", PING, &ts, &nonce, &body))),
        Some(sign(&m.pair, &canonical("GET", ADDRESS, &ts, &nonce, &body))),
        Some(sign(&new_key(), &canonical("POST", ADDRESS, &ts, &nonce, &body))),
        Some(sign(
            &m.pair,
            &canonical(
                "POST",
                ADDRESS,
                &(ts.parse::<i64>().unwrap() + 1).to_string(),
                &nonce,
                &body,
            ),
        )),
        Some(sign(
            &m.pair,
            &canonical("POST", ADDRESS, &ts, &fresh_nonce(), &body),
        )),
    ];
    for forged in forgeries {
        let headers = Signed {
            signature: forged.clone(),
            ..m.sign(&app, "POST", ADDRESS, &body)
        };
        let headers = Signed {
            timestamp: Some(ts.clone()),
            nonce: Some(nonce.clone()),
            ..headers
        };
        let answer = send(&app, "POST", ADDRESS, &body, &headers).await;
        assert_eq!(
            code_of(&answer),
            (13002, "Missing or invalid signature (X-Signature)".into()),
            "{forged:?}"
        );
    }
    // The signed body is the body sent: the right signature with another body is refused.
    let swapped = send(
        &app,
        "POST",
        ADDRESS,
        &other_body,
        &m.sign(&app, "POST", ADDRESS, &body),
    )
    .await;
    assert_eq!(swapped.code(), 13002);
    // Failed attempts did not use up the nonce: the genuine request still goes through, once.
    let genuine = send(&app, "POST", ADDRESS, &body, &signed).await;
    assert_eq!(genuine.code(), 1, "{:?}", genuine.body);
    let replay = send(&app, "POST", ADDRESS, &body, &signed).await;
    assert_eq!(
        code_of(&replay),
        (13004, "This nonce was already used (X-Nonce)".into())
    );

    // Two copies of one request at once: exactly one is served.
    let twin = m.sign(&app, "POST", ADDRESS, &body);
    let (a, b) = tokio::join!(
        send(&app, "POST", ADDRESS, &body, &twin),
        send(&app, "POST", ADDRESS, &body, &twin)
    );
    let mut codes = [a.code(), b.code()];
    codes.sort_unstable();
    assert_eq!(codes, [1, 13004]);

    // Once its request can no longer be accepted, a nonce may come back in a new request.
    app.clock.advance(chrono::Duration::minutes(7));
    let later = Signed {
        nonce: signed.nonce.clone(),
        ..m.sign(&app, "POST", ADDRESS, &body)
    };
    let later = Signed {
        signature: Some(sign(
            &m.pair,
            &canonical(
                "POST",
                ADDRESS,
                later.timestamp.as_deref().unwrap(),
                later.nonce.as_deref().unwrap(),
                &body,
            ),
        )),
        ..later
    };
    assert_eq!(send(&app, "POST", ADDRESS, &body, &later).await.code(), 1);
    assert_eq!(m.ping(&app).await.code(), 1);

    // A reset key stops the old one at once.
    let old_key = m.api_key.clone();
    m.api_key = reset_key(&app, &token, &google).await;
    let stale = Signed {
        api_key: Some(old_key),
        ..m.sign(&app, "GET", PING, "")
    };
    assert_eq!(send(&app, "GET", PING, "", &stale).await.code(), 13001);
    assert_eq!(m.ping(&app).await.code(), 1);

    // A new uploaded key replaces the old one for verification.
    let old_pair = std::mem::replace(&mut m.pair, new_key());
    assert_eq!(upload_key(&app, &token, &google, &m.pair).await.code(), 1);
    let by_old = Integration {
        pair: old_pair,
        api_key: m.api_key.clone(),
        token: m.token.clone(),
        google: m.google.clone(),
    };
    assert_eq!(by_old.ping(&app).await.code(), 13002);
    assert_eq!(m.ping(&app).await.code(), 1);

    // A disabled merchant's key opens nothing.
    app.store
        .set_merchant_status(DEMO_EMAIL, MerchantStatus::Disabled)
        .await
        .unwrap();
    assert_eq!(m.ping(&app).await.code(), 11003);
}

each_database!(every_refusal_has_its_own_code);
