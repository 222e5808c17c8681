//! Collect now: the chosen deposit addresses of a token are opened for collection once, with the
//! Google code; refusals change nothing; every attempt is in the operation log.

use coffer_store::entities::collection_run;
use coffer_testkit::{each_database, TestDb};
use sea_orm::{EntityTrait, PaginatorTrait};
use serde_json::{json, Value};

use crate::collection_plan::{app, cold_address_in_force, collections, deposit, save_collect};
use crate::console::Collection;
use crate::deposits::DEV;
use crate::helpers::{fields, TestApp};
use crate::wallets::{demo_merchant, google_code, list};

/// The open collections' addresses, in order of id.
async fn opened(app: &TestApp, merchant: i64) -> Vec<String> {
    collections(app, merchant)
        .await
        .into_iter()
        .filter(|(_, _, open)| *open)
        .map(|(address, _, _)| address)
        .collect()
}

async fn collect_now_opens_the_chosen_addresses_once(db: TestDb) {
    let app = app(db).await;
    let token = app.sign_in_demo().await;
    app.accept_token(&token, DEV, 1).await;
    let merchant = demo_merchant(&app).await;
    for (user, amount) in [("user-1", "20"), ("user-2", "0.5"), ("user-3", "30")] {
        deposit(&app, merchant, user, amount).await;
    }
    let address = |user: &'static str| app.deposit_address(merchant, DEV, user);
    let (user_1, user_2, user_3) = (
        address("user-1").await,
        address("user-2").await,
        address("user-3").await,
    );
    let ids = |rows: &crate::helpers::Answer| -> Vec<(String, i64)> {
        list(rows)
            .iter()
            .map(|r| {
                (
                    r["address"].as_str().unwrap().to_string(),
                    r["depositAddressId"].as_i64().unwrap(),
                )
            })
            .collect()
    };
    let waiting = app
        .collection(&token)
        .waiting(json!({"page": 1, "pageSize": 10}))
        .await;
    let id_of = |address: &str| ids(&waiting).into_iter().find(|(a, _)| a == address).unwrap().1;
    let now = |body: Value| app.collection(&token).collect_now(body);

    // Refused, changing nothing: a token not enabled, no cold address, too many addresses, no
    // authenticator, a wrong code.
    let no_token = now(json!({"chainId": DEV, "tokenId": 99, "googleCode": "123456"})).await;
    assert_eq!(no_token.code_and_msg(), (14003, "This token is not enabled"));
    let no_cold = now(json!({"chainId": DEV, "tokenId": 1, "googleCode": "123456"})).await;
    assert_eq!(
        no_cold.code_and_msg(),
        (
            14005,
            "This token has no collection address in force: request one under Token list"
        )
    );
    let secret = cold_address_in_force(&app, &token).await;
    let assets = app.assets(&token).list_all().await;
    let many: Vec<i64> = (1..=101).collect();
    let too_many = now(json!({"chainId": DEV, "tokenId": 1, "depositAddressIds": many, "googleCode": google_code(&app, &secret)})).await;
    assert_eq!(too_many.code_and_msg(), (16005, "Too many rows at once"));
    let wrong = now(json!({"chainId": DEV, "tokenId": 1, "googleCode": "000000"})).await;
    assert_eq!(wrong.code(), 11002, "{:?}", wrong.body);
    let empty = now(json!({"chainId": DEV, "tokenId": 1, "googleCode": ""})).await;
    assert_eq!(
        empty.code_and_msg(),
        (10422, "Google verification code cannot be empty")
    );
    let missing = now(json!({"chainId": DEV, "tokenId": 1})).await;
    assert_eq!(missing.code(), 10400, "{:?}", missing.body);
    assert_eq!(opened(&app, merchant).await, Vec::<String>::new());

    // The chosen ones: user-2 waits below the minimum of 1 (set below), user-1 is opened.
    save_collect(&app, &token, &assets.data()[0], 1).await;
    let minimum = app.assets(&token).list_all().await;
    assert_eq!(minimum.data()[0]["collect"]["minCollectAmount"], "10");
    let chosen = now(
        json!({"chainId": DEV, "tokenId": 1, "depositAddressIds": [id_of(&user_1), id_of(&user_2)],
                            "googleCode": google_code(&app, &secret)}),
    )
    .await;
    assert_eq!(chosen.code(), 1, "{:?}", chosen.body);
    assert_eq!(chosen.data()["opened"], 1);
    assert_eq!(opened(&app, merchant).await, vec![user_1.clone()]);
    // All: user-3 is opened; user-1 is not opened twice.
    let all = now(json!({"chainId": DEV, "tokenId": 1, "googleCode": google_code(&app, &secret)})).await;
    assert_eq!(all.data()["opened"], 1);
    assert_ne!(all.data()["runId"], chosen.data()["runId"]);
    assert_eq!(opened(&app, merchant).await, vec![user_1.clone(), user_3.clone()]);
    // Nothing due among the chosen: nothing opened, and no run is left behind.
    let runs = || async {
        collection_run::Entity::find()
            .count(app.store.connection())
            .await
            .unwrap()
    };
    let before = runs().await;
    let nothing = now(json!({"chainId": DEV, "tokenId": 1, "depositAddressIds": [id_of(&user_2)], "googleCode": google_code(&app, &secret)})).await;
    assert_eq!(
        fields(nothing.data(), &["runId", "opened"]),
        json!([null, 0]),
        "{:?}",
        nothing.body
    );
    assert_eq!(runs().await, before);
    // Each run's progress lists its own collections; an unknown state is refused.
    let run_of = |run: &Value| {
        app.collection(&token)
            .page(json!({"page": 1, "pageSize": 20, "runId": run, "status": 7}))
    };
    let addresses = |page: &crate::helpers::Answer| {
        list(page)
            .iter()
            .map(|c| c["address"].as_str().unwrap().to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(
        addresses(&run_of(&chosen.data()["runId"]).await),
        vec![user_1.clone()]
    );
    assert_eq!(
        addresses(&run_of(&all.data()["runId"]).await),
        vec![user_3.clone()]
    );
    let unknown = app
        .collection(&token)
        .page(json!({"page": 1, "pageSize": 20, "status": 8}))
        .await;
    assert_eq!(unknown.code_and_msg(), (10422, "Invalid status"));

    // Another merchant's addresses are never opened; the button needs 50201.
    let outsider = app.other_merchant().await;
    let foreign = app
        .collection(&outsider)
        .collect_now(json!({"chainId": DEV, "tokenId": 1, "depositAddressIds": [id_of(&user_3)], "googleCode": "123456"}))
        .await;
    assert_eq!(
        foreign.code(),
        14003,
        "the other merchant has no such token: {:?}",
        foreign.body
    );
    let viewer = app
        .operator("viewer@coffer.local", "Viewer-Pass-2026", &[5, 502])
        .await;
    let body = json!({"chainId": DEV, "tokenId": 1, "googleCode": "123456"});
    app.assert_gated(&viewer, Collection::COLLECT_NOW, &body, "50201")
        .await;
    assert_eq!(opened(&app, merchant).await, vec![user_1, user_3]);

    // Every attempt is in the operation log, the code masked: the three that ran, with the token.
    let logs = app
        .logs(&token)
        .operations(json!({"page": 1, "pageSize": 50, "action": "collect/now"}))
        .await;
    let entries = list(&logs);
    let masked = |e: &Value| {
        let after: Value = serde_json::from_str(e["after"].as_str().unwrap()).unwrap();
        after.get("googleCode").is_none_or(|code| code == "***")
    };
    assert!(entries.iter().all(masked), "{entries:?}");
    let done: Vec<&Value> = entries.iter().filter(|e| e["result"] == "success").collect();
    assert_eq!(done.len(), 3, "{entries:?}");
    // Named as a reader names it, not by numbers.
    assert!(done.iter().all(|e| e["target"] == "USDT (Devchain)"), "{done:?}");
}

each_database!(collect_now_opens_the_chosen_addresses_once);
