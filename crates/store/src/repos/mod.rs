//! The domain's ports, implemented on [`crate::Store`].

mod codes;
mod config;
mod sessions;
mod users;
