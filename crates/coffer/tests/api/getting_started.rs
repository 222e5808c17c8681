//! The header's promotional video link: the configured address, else the getting-started page
//! the binary serves.

use coffer_testkit::{each_database, TestDb};

use crate::helpers::{spawn_app, spawn_app_with};

async fn without_a_video_the_link_is_the_getting_started_page(db: TestDb) {
    let app = spawn_app(db).await;
    let config = app.get("/common/configKey/promoVideoUrl,siteName").await;
    assert_eq!(config.code(), 1, "{:?}", config.body);
    assert_eq!(config.data()["promoVideoUrl"], "/getting-started");
    assert_eq!(
        config.data()["siteName"],
        "Coffer",
        "other keys still come from the database"
    );

    let page = app.fetch("/getting-started").await;
    assert_eq!(page.status(), 200);
    let content_type = page.headers()["content-type"].to_str().unwrap().to_string();
    assert_eq!(content_type, "text/html; charset=utf-8");
    assert!(page.headers().contains_key("content-security-policy"));
    let html = page.text().await.unwrap();
    for piece in [
        "Getting started with Coffer",
        "id=\"zh-CN\"",
        "使用邮箱及邮件中的验证码注册",
        "id=\"zh-HK\"",
        "使用郵箱及郵件中的驗證碼註冊",
        "href=\"/#/login\"",
    ] {
        assert!(html.contains(piece), "{piece}");
    }
}

async fn a_configured_video_replaces_the_link(db: TestDb) {
    let app = spawn_app_with(db, |c| {
        c.console.promo_video_url = "https://videos.example/coffer-intro".into();
    })
    .await;
    let config = app.get("/common/configKey/promoVideoUrl").await;
    assert_eq!(
        config.data()["promoVideoUrl"],
        "https://videos.example/coffer-intro"
    );
    assert_eq!(
        app.fetch("/getting-started").await.status(),
        200,
        "the page stays"
    );
}

each_database!(
    without_a_video_the_link_is_the_getting_started_page,
    a_configured_video_replaces_the_link,
);
