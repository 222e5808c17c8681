//! `/api/partner/check/cache/update`: the home config's version moves on with every change of
//! the chains and tokens or of the merchant's own settings, with nothing else, and never with
//! another merchant's changes.

use coffer_testkit::{each_database, TestDb};
use serde_json::json;

use crate::assets::{collect, hot_wallet, risk, DEV};
use crate::console::NO_SESSION;
use crate::helpers::TestApp;
use crate::wallets::app_with_dev_seed;

/// What `check/cache/update` answers the session now.
async fn version(app: &TestApp, token: &str) -> String {
    let answer = app.me(token).cache_version().await;
    assert_eq!(answer.code(), 1, "{:?}", answer.body);
    answer.data()["homeConfig"].as_str().unwrap().to_string()
}

async fn home_config_version_follows_what_the_console_caches(db: TestDb) {
    let app = app_with_dev_seed(db).await;
    let mine = app.sign_in_demo().await;
    let theirs = app.other_merchant().await;
    assert_eq!(
        app.me(NO_SESSION).cache_version().await.code(),
        10506,
        "a session is needed"
    );

    // The home config says which version it is; asking again changes nothing.
    let start = version(&app, &mine).await;
    let config = app.me(&mine).home_config().await;
    assert_eq!(config.data()["cacheVersion"], start.as_str());
    assert_eq!(version(&app, &mine).await, start);

    // Unrelated changes: the API key's IP whitelist, a new hot wallet.
    let ips = app
        .merchant_keys(&mine)
        .edit_allowed_ips(json!({"ips": ["10.0.0.1"]}))
        .await;
    assert_eq!(ips.code(), 1, "{:?}", ips.body);
    let payer = hot_wallet(&app, &mine, DEV).await;
    assert_eq!(
        version(&app, &mine).await,
        start,
        "nothing of the home config changed"
    );

    // The merchant's time zone.
    assert_eq!(
        app.me(&mine).set_time_zone(json!({"timeZone": -5})).await.code(),
        1
    );
    let zoned = version(&app, &mine).await;
    assert_ne!(zoned, start);
    let config = app.me(&mine).home_config().await;
    assert_eq!(
        (
            config.data()["timeZone"].clone(),
            config.data()["cacheVersion"].clone()
        ),
        (json!(-5), json!(zoned))
    );

    // Another merchant's settings are not mine, and mine are not theirs.
    let theirs_before = version(&app, &theirs).await;
    assert_eq!(
        app.me(&theirs).set_time_zone(json!({"timeZone": 3})).await.code(),
        1
    );
    let theirs_zoned = version(&app, &theirs).await;
    assert_ne!(theirs_zoned, theirs_before);
    assert_eq!(version(&app, &mine).await, zoned, "another merchant's change");

    // Adding a token (its chain becomes one of the merchant's), editing it (not in the home
    // config) and switching it off.
    let added = app
        .assets(&mine)
        .add_v2(json!({"chainId": DEV, "tokenId": 1, "paymentAddress": payer, "collect": collect(), "risk": risk()}))
        .await;
    assert_eq!(added.code(), 1, "{:?}", added.body);
    let with_token = version(&app, &mine).await;
    assert_ne!(with_token, zoned);
    let refused = app
        .assets(&mine)
        .add_v2(json!({"chainId": DEV, "tokenId": 1, "paymentAddress": payer, "collect": collect(), "risk": risk()}))
        .await;
    assert_eq!(refused.msg(), "This token is already added");
    assert_eq!(
        version(&app, &mine).await,
        with_token,
        "a refused change changes nothing"
    );
    let id = app.assets(&mine).list_all().await.data()[0]["id"]
        .as_i64()
        .unwrap();
    let mut settings = collect();
    settings["autoCollect"] = json!(false);
    let edited = app
        .assets(&mine)
        .edit(json!({"id": id, "paymentAddress": payer, "collect": settings, "risk": risk()}))
        .await;
    assert_eq!(edited.code(), 1, "{:?}", edited.body);
    assert_eq!(
        version(&app, &mine).await,
        with_token,
        "collection settings are not in the home config"
    );
    assert_eq!(
        app.assets(&mine)
            .set_status(json!({"id": id, "status": 0}))
            .await
            .code(),
        1
    );
    let switched_off = version(&app, &mine).await;
    assert_ne!(switched_off, with_token);
    // Another merchant cannot touch my token, nor move my version.
    let foreign = app
        .assets(&theirs)
        .set_status(json!({"id": id, "status": 1}))
        .await;
    assert_ne!(foreign.code(), 1);
    assert_eq!(version(&app, &mine).await, switched_off);
    assert_eq!(
        version(&app, &theirs).await,
        theirs_zoned,
        "my tokens are not theirs"
    );

    // The chains and tokens: a restart with the same configuration changes nothing, a changed
    // price moves every merchant's version on.
    let mut specs = coffer::chains::specs(&app.config);
    coffer_store::catalogue::sync_chains(app.store.connection(), &specs)
        .await
        .unwrap();
    assert_eq!(version(&app, &mine).await, switched_off, "the same chains again");
    specs[0].tokens[0].price = "0.99".into();
    coffer_store::catalogue::sync_chains(app.store.connection(), &specs)
        .await
        .unwrap();
    assert_ne!(version(&app, &mine).await, switched_off);
    assert_ne!(version(&app, &theirs).await, theirs_zoned);
    let config = app.me(&mine).home_config().await;
    assert_eq!(config.data()["chainNodes"][0]["tokens"][0]["price"], "0.99");
    assert_eq!(config.data()["cacheVersion"], version(&app, &mine).await.as_str());
}

each_database!(home_config_version_follows_what_the_console_caches);
