//! SeaORM entities, one per table.

pub mod app_user;
pub mod chain;
pub mod email_code;
pub mod login_log;
pub mod mail_outbox;
pub mod menu;
pub mod merchant;
pub mod operation_log;
pub mod partner_ip;
pub mod public_config;
pub mod role;
pub mod role_menu;
pub mod token;
pub mod user_session;
