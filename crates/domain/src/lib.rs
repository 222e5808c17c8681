//! Coffer's domain: rules, types and services. Knows no HTTP framework and no SQL; storage and
//! mail are reached through the ports in [`ports`].

pub mod access;
pub mod amount;
pub mod auth;
pub mod batches;
pub mod bills;
pub mod callbacks;
pub mod chains;
pub mod clock;
pub mod codes;
pub mod collection;
pub mod config;
pub mod crypto;
pub mod deposits;
pub mod energy;
pub mod error;
pub mod exchange;
pub mod google;
pub mod heartbeat;
// Guessable secrets
mod guessing;
pub mod identity;
pub mod iplist;
pub mod limits;
pub mod locale;
pub mod logs;
pub mod mail;
pub mod mail_sender;
pub mod menu;
pub mod merchant_api;
pub mod messages;
pub mod orders;
pub mod password_reset;
pub mod points;
pub mod ports;
pub mod rates;
pub mod registration;
pub mod reports;
mod signin;
pub mod totp;
pub mod transactions;
pub mod vault;
pub mod wallets;
pub mod withdrawals;

pub use error::{AppError, ErrorCode};
pub use locale::Locale;

/// The name of the role that holds every menu (its `is_admin` flag makes it so).
pub const ADMIN_ROLE: &str = "admin";
