//! SeaORM entities, one per table.

pub mod address_blacklist;
pub mod app_user;
pub mod balance_reading;
// Guessable secrets
pub mod auth_attempt;
pub mod callback_attempt;
pub mod callback_event;
pub mod chain;
pub mod cold_address;
pub mod collectable;
pub mod collection;
pub mod collection_run;
mod columns;
pub mod config_version;
pub mod deposit;
pub mod deposit_address;
pub mod email_code;
pub mod hot_wallet;
pub mod key_check;
pub mod key_counter;
pub mod login_log;
pub mod mail_outbox;
pub mod menu;
pub mod merchant;
pub mod merchant_allow_ip;
pub mod merchant_api_nonce;
pub mod merchant_api_setting;
pub mod merchant_asset;
pub mod merchant_ip;
pub mod merchant_seed;
pub mod operation_log;
pub mod order_rollup;
pub mod order_total;
pub mod platform_key;
pub mod public_config;
pub mod role;
pub mod role_menu;
pub mod scan_cursor;
pub mod scanned_block;
pub mod token;
pub mod token_request;
pub mod user_session;
pub mod withdrawal;
pub mod withdrawal_review;

pub use columns::{ColumnValue, Stored};
