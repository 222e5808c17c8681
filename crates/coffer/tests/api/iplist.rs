//! The IP list: requests, the limit of 10, operator review, deletion.

use coffer_testkit::{each_database, TestDb};
use serde_json::json;

use crate::console::{paging, IpList};
use crate::helpers::spawn_app;

async fn ip_requests_are_checked_reviewed_and_deleted(db: TestDb) {
    let app = spawn_app(db).await;
    let admin = app.sign_in_demo().await;
    let request = |ip: &str| json!({"ip": ip, "remark": "office"});
    for bad in ["", "203.0.113", "10.0.0.0/8", "example.com"] {
        let refused = app.ip_list(&admin).request(request(bad)).await;
        assert_eq!(refused.code_and_msg(), (10422, "Invalid IP address"), "{bad:?}");
    }
    let long = json!({"ip": "203.0.113.9", "remark": "x".repeat(101)});
    assert_eq!(app.ip_list(&admin).request(long).await.code(), 10422);

    let first = app.ip_list(&admin).request(request("0:0:0:0:0:0:0:1")).await;
    assert_eq!(first.code(), 1, "{:?}", first.body);
    let id = first.data()["id"].as_i64().unwrap();
    let dup = app.ip_list(&admin).request(request("::1")).await;
    assert_eq!(
        dup.code_and_msg(),
        (17002, "This IP address is already listed"),
        "canonical form"
    );
    for n in 2..=10 {
        let ok = app
            .ip_list(&admin)
            .request(request(&format!("203.0.113.{n}")))
            .await;
        assert_eq!(ok.code(), 1);
    }
    let eleventh = app.ip_list(&admin).request(request("203.0.113.99")).await;
    assert_eq!(eleventh.code_and_msg(), (16002, "At most 10 IP addresses"));

    let page = app.ip_list(&admin).page(paging(1, 5)).await;
    assert_eq!(page.data()["total"], 10);
    assert_eq!(page.data()["list"].as_array().unwrap().len(), 5);
    let entry = |page: &serde_json::Value| {
        page["list"]
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["id"] == id)
            .cloned()
            .expect("the ::1 entry")
    };
    let all = app.ip_list(&admin).page(paging(1, 20)).await;
    let pending = entry(all.data());
    assert_eq!(
        (
            pending["ip"].as_str(),
            pending["applyStatus"].as_i64(),
            pending["status"].as_i64()
        ),
        (Some("::1"), Some(0), Some(0))
    );
    assert!(pending["reviewtime"].is_null());

    assert!(app.store.review_ip(id, true).await.unwrap());
    assert!(
        !app.store.review_ip(id, false).await.unwrap(),
        "only pending requests are reviewed"
    );
    let all = app.ip_list(&admin).page(paging(1, 20)).await;
    let approved = entry(all.data());
    assert_eq!(
        (approved["applyStatus"].as_i64(), approved["status"].as_i64()),
        (Some(1), Some(1))
    );
    assert!(approved["reviewtime"].is_string());

    // A rejected request frees its place; a deleted one too.
    let second = all.data()["list"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["ip"] == "203.0.113.2")
        .unwrap()["id"]
        .as_i64()
        .unwrap();
    assert!(app.store.review_ip(second, false).await.unwrap());
    assert_eq!(
        app.ip_list(&admin).request(request("203.0.113.99")).await.code(),
        1
    );
    assert_eq!(app.ip_list(&admin).delete(json!({"id": id})).await.code(), 1);
    assert_eq!(app.ip_list(&admin).delete(json!({"id": id})).await.code(), 17001);
    let log = app.logs(&admin).operations(paging(1, 2)).await;
    let (refused, deleted) = (&log.data()["list"][0], &log.data()["list"][1]);
    let delete_path = Some(IpList::DELETE);
    assert_eq!(
        (refused["action"].as_str(), refused["result"].as_str()),
        (delete_path, Some("failure"))
    );
    assert_eq!(
        (deleted["action"].as_str(), deleted["result"].as_str()),
        (delete_path, Some("success"))
    );
    assert!(deleted["before"].as_str().unwrap().contains("::1"), "{deleted}");
}

each_database!(ip_requests_are_checked_reviewed_and_deleted);
