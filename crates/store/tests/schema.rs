//! The schema the store's migrations build, compared with the snapshot per database in
//! tests/snapshots (a new migration updates it on purpose: see coffer_testkit::schema).

use coffer_store::{PoolSettings, Store};
use coffer_testkit::schema::{assert_snapshot, schema_of};
use coffer_testkit::{each_database, DbKind, TestDb};
use std::path::PathBuf;

async fn migrated_schema(db: TestDb) {
    let store = Store::connect(
        &db.url,
        PoolSettings {
            max_connections: 2,
            connect_timeout: std::time::Duration::from_secs(10),
        },
    )
    .await
    .unwrap();
    store.migrate().await.unwrap();
    let file = match db.kind {
        DbKind::Sqlite => "schema.sqlite.txt",
        DbKind::Postgres => "schema.postgres.txt",
    };
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/snapshots")
        .join(file);
    assert_snapshot(&path, &schema_of(store.connection(), "%").await);
}

each_database!(migrated_schema);

/// Databases record each applied migration by name, and the migrator refuses to run when a
/// recorded one is missing: the released names never change, whatever builds them.
#[test]
fn released_migrations_keep_their_names() {
    use coffer_store::Migrator;
    use sea_orm_migration::MigratorTrait;
    let released = [
        "m20261122_000001_foundation",
        "m20261122_000002_identity",
        "m20261122_000003_partner_ip",
        "m20261122_000004_drop_google_bound",
        "m20261122_000005_wallets",
        "m20261122_000006_devchain",
        "m20261122_000007_deposits",
        "m20261122_000008_merchant_api",
        "m20261122_000009_withdrawals",
        "m20261123_000010_callback_order",
        "m20261123_000011_reviewer_cooling_off",
        "m20261123_110001_auth_attempts",
        "m20261124_000001_callback_order_kind",
        "m20261124_130001_config_version",
        "m20261124_130002_operation_log_user_agent",
        "m20261125_000001_rollup_and_balances",
        "m20261125_000002_scan_tip",
        "m20261125_000003_order_time_index",
        "m20261126_000001_order_total",
        "m20261126_000002_rollup_count_index",
        "m20261127_000001_collection",
        "m20261128_000001_collection_steps",
        "m20261129_000001_asset_collected",
        "m20261129_000003_lease_heartbeat",
        "m20261130_000001_devchain_tables",
        "m20261130_000002_not_announced",
        "m20261130_000003_export_run",
        "m20261201_000001_points",
        "m20261201_000002_service_rate",
        "m20261202_000001_points_platform",
        "m20261203_000001_bills",
        "m20261203_000010_mail_queue",
        "m20261204_000001_energy",
        "m20261205_000001_smart_collection",
        "m20261206_000001_exchange",
        "m20261207_000001_exchange_orders",
        "m20261207_000002_deposit_note_index",
    ];
    let names: Vec<String> = Migrator::migrations()
        .iter()
        .map(|migration| migration.name().to_owned())
        .collect();
    assert_eq!(names[..released.len()], released);
}
