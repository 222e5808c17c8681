//! The domain's ports, implemented on [`crate::Store`].

mod access;
mod assets;
mod callbacks;
mod codes;
mod config;
mod deposit_queries;
mod deposits;
mod housekeeping;
mod ips;
mod logs;
// issue 11: callbacks
mod merchant_api;
mod outbox;
mod seeds;
mod sessions;
pub(crate) mod users;
mod wallets;
mod withdrawal_leases;
mod withdrawal_queries;
pub(crate) mod withdrawals;
