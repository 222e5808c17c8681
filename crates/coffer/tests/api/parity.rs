//! The same calls answered by an app on SQLite and one on PostgreSQL give identical answers
//! (once per-run values such as tokens and times are masked).

use coffer_testkit::{DbKind, TestDb};
use serde_json::{json, Value};

use crate::console::Me;
use crate::helpers::{spawn_app, TestApp, DEMO_EMAIL, DEMO_PASSWORD};

async fn script(app: &TestApp) -> Vec<Value> {
    let mut answers = Vec::new();
    answers.push(
        app.get("/common/configKey/siteName,supportEmail,privacyPolicyUrl,nope")
            .await
            .body,
    );
    answers.push(app.get("/common/configKey/").await.body);
    answers.push(app.auth().check_password(DEMO_EMAIL, "Bad-Pass-1").await.body);
    answers.push(app.auth().check_password(DEMO_EMAIL, DEMO_PASSWORD).await.body);
    answers.push(
        app.auth()
            .send_code(json!({"email": DEMO_EMAIL, "type": 2}))
            .await
            .body,
    );
    answers.push(
        app.auth()
            .send_code(json!({"email": DEMO_EMAIL, "type": 2}))
            .await
            .body,
    );
    let code = app.last_code(DEMO_EMAIL).await;
    let login = app
        .auth()
        .login(json!({"email": DEMO_EMAIL, "password": DEMO_PASSWORD, "code": code}))
        .await;
    let token = login.data()["sessionCode"].as_str().unwrap().to_string();
    answers.push(login.body);
    for path in [Me::INFO, Me::HOME_CONFIG, Me::LOGOUT, Me::INFO] {
        answers.push(app.post_as(&token, path, json!({})).await.body);
    }
    answers
}

fn mask(mut value: Value) -> Value {
    if let Some(data) = value.get_mut("data").and_then(Value::as_object_mut) {
        for key in ["sessionCode", "createtime"] {
            if data.contains_key(key) {
                data.insert(key.into(), json!("<masked>"));
            }
        }
    }
    value
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_and_postgres_answer_identically() {
    let sqlite = spawn_app(TestDb::new(DbKind::Sqlite).await).await;
    let postgres = spawn_app(TestDb::new(DbKind::Postgres).await).await;
    let (a, b) = (script(&sqlite).await, script(&postgres).await);
    assert_eq!(a.len(), b.len());
    for (i, (x, y)) in a.into_iter().zip(b).enumerate() {
        assert_eq!(
            mask(x),
            mask(y),
            "answer {i} differs between SQLite and PostgreSQL"
        );
    }
    assert_eq!(
        (sqlite.db.kind, postgres.db.kind),
        (DbKind::Sqlite, DbKind::Postgres)
    );
}
