//! SeaORM entities, one per table.

pub mod app_user;
pub mod chain;
pub mod cold_address;
pub mod deposit_address;
pub mod email_code;
pub mod hot_wallet;
pub mod key_check;
pub mod key_counter;
pub mod login_log;
pub mod mail_outbox;
pub mod menu;
pub mod merchant;
pub mod merchant_asset;
pub mod merchant_seed;
pub mod operation_log;
pub mod partner_ip;
pub mod public_config;
pub mod role;
pub mod role_menu;
pub mod token;
pub mod token_request;
pub mod user_session;
