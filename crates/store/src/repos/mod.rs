//! The domain's ports, implemented on [`crate::Store`].

mod access;
mod assets;
mod codes;
mod config;
mod ips;
mod logs;
mod seeds;
mod sessions;
pub(crate) mod users;
mod wallets;
