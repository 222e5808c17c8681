//! The domain's ports, implemented on [`crate::Store`].

mod access;
mod assets;
// Guessable secrets
mod attempts;
mod callbacks;
mod codes;
mod config;
mod deposit_queries;
mod deposits;
mod housekeeping;
mod ips;
mod logs;
// Callbacks
mod merchant_api;
mod outbox;
mod platform_key;
mod scan;
mod seeds;
mod sessions;
mod text_filter;
pub(crate) mod users;
mod wallets;
mod withdrawal_leases;
mod withdrawal_queries;
pub(crate) mod withdrawals;
