//! The domain's ports, implemented on [`crate::Store`].

mod access;
mod codes;
mod config;
mod ips;
mod logs;
mod sessions;
pub(crate) mod users;
