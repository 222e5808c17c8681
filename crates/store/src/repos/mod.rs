//! The domain's ports, implemented on [`crate::Store`].

mod access;
mod announce;
mod assets;
// Guessable secrets
mod attempts;
mod callback_log;
mod callbacks;
mod codes;
mod config;
mod deposit_completion;
mod deposit_queries;
mod deposits;
mod housekeeping;
mod ips;
mod logs;
// Callbacks
mod merchant_api;
mod outbox;
mod seeds;
mod sessions;
mod text_filter;
pub(crate) mod users;
mod wallets;
mod withdrawal_leases;
mod withdrawal_queries;
pub(crate) mod withdrawals;
