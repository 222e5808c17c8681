//! The domain's ports, implemented on [`crate::Store`].

mod access;
pub(crate) mod announce;
mod assets;
// Guessable secrets
mod attempts;
pub(crate) mod balances;
mod blacklist;
mod callback_log;
mod codes;
pub(crate) mod collectable;
mod collected_totals;
mod collection_context;
mod collection_plans;
mod collection_queries;
mod collection_work;
mod config;
pub(crate) mod config_version;
mod deposit_addresses;
mod deposits;
mod export_runs;
mod held;
mod hot_wallets;
mod housekeeping;
mod ips;
mod leases;
mod logs;
// Callbacks
mod merchant_api;
mod order_keyset;
mod order_queries;
mod order_sums;
mod outbox;
mod platform_key;
mod query;
mod rates;
mod roles;
pub(crate) mod rollup;
mod rollup_audit;
pub(crate) mod rollup_shift;
mod scan;
mod seeds;
mod sessions;
mod text_filter;
mod token_requests;
pub(crate) mod users;
mod withdrawal_leases;
pub(crate) mod withdrawals;
