//! The merchant API as docs/merchant-api.md states it: every call refuses unknown fields, and a
//! deposit query names only the states a deposit can have.

use coffer_testkit::{each_database, TestDb};
use serde_json::json;

use crate::helpers::{Answer, TestApp, DEMO_EMAIL, DEMO_PASSWORD};
use crate::merchant_signing::{integrate, Integration};
use crate::wallets::app_with_dev_seed;

async fn signed(app: &TestApp, m: &Integration, path: &str, body: serde_json::Value) -> Answer {
    let body = body.to_string();
    m.call(app, "POST", path, &body).await
}

async fn unknown_fields_and_statuses_are_refused(db: TestDb) {
    let app = app_with_dev_seed(db).await;
    let m = integrate(&app, DEMO_EMAIL, DEMO_PASSWORD, &["127.0.0.1"]).await;

    let typo = signed(
        &app,
        &m,
        "/merchant/v1/address",
        json!({"chainId": 1337, "openId": "u-1", "openid": "u-2"}),
    )
    .await;
    assert_eq!(typo.code(), 10400, "{:?}", typo.body);
    assert!(typo.msg().contains("openid"), "{}", typo.msg());
    let fine = signed(
        &app,
        &m,
        "/merchant/v1/address",
        json!({"chainId": 1337, "openId": "u-1"}),
    )
    .await;
    assert_eq!(fine.code(), 1, "{:?}", fine.body);

    for status in [0, 5, 9, 10, 12, -1] {
        let refused = signed(&app, &m, "/merchant/v1/deposits", json!({"status": status})).await;
        assert_eq!(
            refused.code_and_msg(),
            (
                10422,
                "A deposit's status is 7 (on-chain confirming), 8 (transaction complete) or 11 (void)"
            ),
            "{status}"
        );
    }
    for status in [7, 8, 11] {
        let listed = signed(&app, &m, "/merchant/v1/deposits", json!({"status": status})).await;
        assert_eq!(listed.code(), 1, "{status}: {:?}", listed.body);
    }
}

each_database!(unknown_fields_and_statuses_are_refused);
