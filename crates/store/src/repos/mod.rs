//! The domain's ports, implemented on [`crate::Store`].

mod access;
mod assets;
// Guessable secrets
mod attempts;
mod callbacks;
mod codes;
mod config;
mod deposit_completion;
mod deposits;
mod housekeeping;
mod ips;
mod logs;
// Callbacks
mod merchant_api;
mod order_queries;
mod outbox;
mod seeds;
mod sessions;
mod text_filter;
pub(crate) mod users;
mod wallets;
mod withdrawal_leases;
mod withdrawal_queries;
pub(crate) mod withdrawals;
