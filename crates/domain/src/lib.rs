//! Coffer's domain: rules, types and services. Knows no HTTP framework and no SQL; storage and
//! mail are reached through the ports in [`ports`].

pub mod auth;
pub mod clock;
pub mod config;
pub mod error;
pub mod identity;
pub mod locale;
pub mod mail;
pub mod menu;
pub mod messages;
pub mod ports;

pub use error::{AppError, ErrorCode};
pub use locale::Locale;
