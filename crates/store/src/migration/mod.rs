//! One set of migrations for SQLite and PostgreSQL.

use sea_orm_migration::prelude::*;

mod m20261122_000001_foundation;
mod m20261122_000002_identity;
mod m20261122_000003_partner_ip;
mod m20261122_000004_drop_google_bound;
mod m20261122_000005_wallets;
mod m20261122_000006_devchain;
mod m20261122_000007_deposits;
mod m20261122_000008_merchant_api;
mod m20261122_000009_withdrawals;
// Callbacks
mod m20261123_000010_callback_order;
// Permissions and accounts
mod m20261123_000011_reviewer_cooling_off;
// Guessable secrets
mod m20261123_110001_auth_attempts;
// Callbacks: one pair of columns names the order of every kind
mod m20261124_000001_callback_order_kind;
// Console: the home config's cache version
mod m20261124_130001_config_version;
// Logs: the browser of an operation
mod m20261124_130002_operation_log_user_agent;
// Home and reports: hourly order totals, balances as last read
mod m20261125_000001_rollup_and_balances;
// Home: the chain tip each scanner last saw
mod m20261125_000002_scan_tip;
// The transaction list: keyset pages on (created time, id)
mod m20261125_000003_order_time_index;
// Home: the order buckets summed over all time
mod m20261126_000001_order_total;
// The lists: page counts from an index of the buckets
mod m20261126_000002_rollup_count_index;
// Collection: what waits per address and token, the sweeps and their runs
mod m20261127_000001_collection;
mod m20261128_000001_collection_steps;
// Home: what collections took per asset
mod m20261129_000001_asset_collected;
mod m20261129_000003_lease_heartbeat;
// The devchain's tables, from the devchain's own history; when each block was made
mod m20261130_000001_devchain_tables;
// Deposits never credited are never announced: their callback status says so
mod m20261130_000002_not_announced;
// Exports: the ones running now, counted across the nodes
mod m20261130_000003_export_run;
// Points: what merchants pay the provider
mod m20261201_000001_points;
// The rate card: what each service costs a merchant, over time
mod m20261201_000002_service_rate;
// Recharges: the platform's own merchant, whose addresses take the merchants' recharges
mod m20261202_000001_points_platform;
// Monthly bills: postpaid fees on one bill per merchant and month, paid on chain
mod m20261203_000001_bills;
// Points: the low-balance notice's mail, queued with the change that calls for it
mod m20261203_000010_mail_queue;
mod m20261204_000001_energy;
mod m20261205_000001_smart_collection;
mod m20261206_000001_exchange;
mod m20261207_000001_exchange_orders;
mod m20261207_000002_deposit_note_index;
mod schema;

pub struct Migrator;

#[async_trait::async_trait]
impl MigratorTrait for Migrator {
    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        vec![
            Box::new(m20261122_000001_foundation::Migration),
            Box::new(m20261122_000002_identity::Migration),
            Box::new(m20261122_000003_partner_ip::Migration),
            Box::new(m20261122_000004_drop_google_bound::Migration),
            Box::new(m20261122_000005_wallets::Migration),
            Box::new(m20261122_000006_devchain::Migration),
            Box::new(m20261122_000007_deposits::Migration),
            Box::new(m20261122_000008_merchant_api::Migration),
            Box::new(m20261122_000009_withdrawals::Migration),
            // Callbacks
            Box::new(m20261123_000010_callback_order::Migration),
            // Permissions and accounts
            Box::new(m20261123_000011_reviewer_cooling_off::Migration),
            // Guessable secrets
            Box::new(m20261123_110001_auth_attempts::Migration),
            // Callbacks: one pair of columns names the order of every kind
            Box::new(m20261124_000001_callback_order_kind::Migration),
            // Console: the home config's cache version
            Box::new(m20261124_130001_config_version::Migration),
            // Logs: the browser of an operation
            Box::new(m20261124_130002_operation_log_user_agent::Migration),
            // Home and reports: hourly order totals, balances as last read
            Box::new(m20261125_000001_rollup_and_balances::Migration),
            // Home: the chain tip each scanner last saw
            Box::new(m20261125_000002_scan_tip::Migration),
            // The transaction list: keyset pages on (created time, id)
            Box::new(m20261125_000003_order_time_index::Migration),
            // Home: the order buckets summed over all time
            Box::new(m20261126_000001_order_total::Migration),
            // The lists: page counts from an index of the buckets
            Box::new(m20261126_000002_rollup_count_index::Migration),
            // Collection: what waits per address and token, the sweeps and their runs
            Box::new(m20261127_000001_collection::Migration),
            // Collection: the sweeps' signed steps, the fee wallet and cap per chain
            Box::new(m20261128_000001_collection_steps::Migration),
            // Home: what collections took per asset
            Box::new(m20261129_000001_asset_collected::Migration),
            // Leases: the heartbeat renews a process's leases through an index
            Box::new(m20261129_000003_lease_heartbeat::Migration),
            // The devchain's tables, from the devchain's own history; when each block was made
            Box::new(m20261130_000001_devchain_tables::Migration),
            // Deposits never credited are never announced: their callback status says so
            Box::new(m20261130_000002_not_announced::Migration),
            // Exports: the ones running now, counted across the nodes
            Box::new(m20261130_000003_export_run::Migration),
            // Points: what merchants pay the provider
            Box::new(m20261201_000001_points::Migration),
            // The rate card: what each service costs a merchant, over time
            Box::new(m20261201_000002_service_rate::Migration),
            // Recharges: the platform's own merchant, whose addresses take the merchants' recharges
            Box::new(m20261202_000001_points_platform::Migration),
            // Monthly bills: postpaid fees on one bill per merchant and month, paid on chain
            Box::new(m20261203_000001_bills::Migration),
            // Points: the low-balance notice's mail, queued with the change that calls for it
            Box::new(m20261203_000010_mail_queue::Migration),
            // TRON energy: the platform's energy account and every transaction it signs
            Box::new(m20261204_000001_energy::Migration),
            // Smart collection: the switches, the delegation of a sweep, what a sweep paid against burning
            Box::new(m20261205_000001_smart_collection::Migration),
            // Exchange: pairs with their price sources, and quotes
            Box::new(m20261206_000001_exchange::Migration),
            // Exchange: the orders, by the merchant API or a payment to an exchange address
            Box::new(m20261207_000001_exchange_orders::Migration),
            Box::new(m20261207_000002_deposit_note_index::Migration),
        ]
    }
}
