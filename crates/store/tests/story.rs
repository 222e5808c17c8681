//! The storage story, run on SQLite and PostgreSQL: migrate (twice), seed, and every
//! repository's round trip through the same code path.

use chrono::{Duration, TimeZone, Utc};
use coffer_domain::identity::{CodePurpose, Email};
use coffer_domain::ports::{CodeRepo, ConfigRepo, SessionRepo, UserRepo};
use coffer_store::{PoolSettings, Store};
use coffer_testkit::{each_database, DbKind, TestDb};
use sea_orm::{ConnectionTrait, Statement};

async fn open(db: &TestDb) -> Store {
    let settings = PoolSettings {
        max_connections: 4,
        connect_timeout: std::time::Duration::from_secs(5),
    };
    Store::connect(&db.url, settings).await.expect("connecting")
}

async fn storage_story(db: TestDb) {
    let store = open(&db).await;
    store.migrate().await.unwrap();
    store.migrate().await.expect("migrating again is a no-op");
    assert_eq!(
        store.backend_name(),
        if db.kind == DbKind::Sqlite {
            "sqlite"
        } else {
            "postgres"
        }
    );

    // A bad demo password is refused and nothing is stored.
    assert!(store.seed_demo("demo@coffer.local", "weak").await.is_err());
    let email = Email::parse("demo@coffer.local").unwrap();
    assert!(store.find_by_email(&email).await.unwrap().is_none());

    store
        .seed_demo("demo@coffer.local", "Demo-Pass-2026")
        .await
        .unwrap();
    let user = store
        .find_by_email(&email)
        .await
        .unwrap()
        .expect("the demo admin");
    assert!(
        user.merchant_status == coffer_domain::ports::MerchantStatus::Active
            && user.status == coffer_domain::ports::AccountStatus::Enabled
            && user.role_name == "admin"
    );
    let menus = store.role_menus(user.role_id).await.unwrap();
    assert_eq!(
        menus.len(),
        coffer_domain::menu::catalogue::MENUS.len(),
        "admin holds every menu"
    );
    assert!(menus.windows(2).all(|w| w[0].sort < w[1].sort));

    // Sessions: insert, find, touch, delete others, delete.
    let t0 = Utc.with_ymd_and_hms(2026, 11, 22, 8, 0, 0).unwrap();
    let a = store.create_session("digest-a", &user, t0).await.unwrap();
    let b = store.create_session("digest-b", &user, t0).await.unwrap();
    let found = store.find_session("digest-a").await.unwrap().unwrap();
    assert_eq!(
        (found.id, found.created_at, found.last_seen_at),
        (a, t0, t0),
        "times round-trip exactly"
    );
    store.touch_session(a, t0 + Duration::minutes(5)).await.unwrap();
    assert_eq!(
        store
            .find_session("digest-a")
            .await
            .unwrap()
            .unwrap()
            .last_seen_at,
        t0 + Duration::minutes(5)
    );
    store.delete_other_sessions(user.id, a).await.unwrap();
    assert!(store.find_session("digest-b").await.unwrap().is_none());
    let _ = b;
    store.delete_session(a).await.unwrap();
    assert!(store.find_session("digest-a").await.unwrap().is_none());

    // Codes: newest wins, failed attempts count, consumption happens once.
    store
        .insert_code(&email, CodePurpose::Login, "old", t0, t0 + Duration::minutes(10))
        .await
        .unwrap();
    store
        .insert_code(&email, CodePurpose::Login, "new", t0, t0 + Duration::minutes(10))
        .await
        .unwrap();
    let code = store
        .latest_code(&email, CodePurpose::Login)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(code.code_digest, "new");
    assert!(store
        .latest_code(&email, CodePurpose::Register)
        .await
        .unwrap()
        .is_none());
    store.record_failed_attempt(code.id).await.unwrap();
    store.record_failed_attempt(code.id).await.unwrap();
    assert_eq!(
        store
            .latest_code(&email, CodePurpose::Login)
            .await
            .unwrap()
            .unwrap()
            .failed_attempts,
        2
    );
    assert!(store.consume_code(code.id).await.unwrap());
    assert!(
        !store.consume_code(code.id).await.unwrap(),
        "a code is consumed once"
    );

    // Configuration.
    let values = store
        .public_values(&["supportEmail".into(), "nope".into()])
        .await
        .unwrap();
    assert_eq!(values.len(), 1);
    let chains = store.chain_nodes().await.unwrap();
    assert_eq!(chains[0].tokens[0].symbol, "USDT");
    store.ping().await.unwrap();

    // An operator's change to a public value survives the next migration's catalogue sync.
    store
        .connection()
        .execute_unprepared(
            "UPDATE public_config SET value = 'help@merchant.example' WHERE key = 'supportEmail'",
        )
        .await
        .unwrap();
    store.migrate().await.unwrap();
    let values = store.public_values(&["supportEmail".into()]).await.unwrap();
    assert_eq!(values["supportEmail"], "help@merchant.example");
}

async fn sqlite_runs_with_wal_and_foreign_keys(db: TestDb) {
    if db.kind != DbKind::Sqlite {
        return; // SQLite pragmas only; the PostgreSQL variant checks that FKs hold there too.
    }
    let store = open(&db).await;
    store.migrate().await.unwrap();
    let conn = store.connection();
    let row = |sql: &str| {
        conn.query_one(Statement::from_string(
            conn.get_database_backend(),
            sql.to_string(),
        ))
    };
    let mode: String = row("PRAGMA journal_mode")
        .await
        .unwrap()
        .unwrap()
        .try_get_by_index(0)
        .unwrap();
    assert_eq!(mode, "wal");
    let fk: i32 = row("PRAGMA foreign_keys")
        .await
        .unwrap()
        .unwrap()
        .try_get_by_index(0)
        .unwrap();
    assert_eq!(fk, 1);
}

async fn foreign_keys_hold(db: TestDb) {
    let store = open(&db).await;
    store.migrate().await.unwrap();
    let orphan = store
        .connection()
        .execute_unprepared("INSERT INTO token (id, chain_id, symbol, price, decimals, contract) VALUES (99, 424242, 'X', '1', 6, 'x')")
        .await;
    assert!(orphan.is_err(), "a token of an unknown chain is refused");
}

each_database!(
    storage_story,
    sqlite_runs_with_wal_and_foreign_keys,
    foreign_keys_hold
);
