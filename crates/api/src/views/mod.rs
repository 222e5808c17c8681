//! The console's wire shapes of what the domain returns: camelCase fields and the legacy names
//! the console and integrators already read (`createtime`, `chainname`). Serde writes fields in
//! declaration order, so the order here is part of the answer.

pub mod access;
pub mod asset_settings;
pub mod callbacks;
pub mod config;
pub mod iplist;
pub mod merchant_api;
pub mod reports;
pub mod session;
pub mod wallets;

use chrono::{DateTime, SecondsFormat, Utc};
use coffer_domain::ports::Paged;

/// A time as the console shows it (RFC 3339, UTC, whole seconds).
pub fn time(at: DateTime<Utc>) -> String {
    at.to_rfc3339_opts(SecondsFormat::Secs, true)
}

/// A page of domain values in their wire shape.
pub fn paged<T, V: From<T>>(found: Paged<T>) -> Paged<V> {
    found.map(V::from)
}

/// A list of domain values in their wire shape.
pub fn listed<T, V: From<T>>(found: Vec<T>) -> Vec<V> {
    found.into_iter().map(V::from).collect()
}
