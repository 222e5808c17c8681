//! The `coffer` binary's library: configuration, wiring and the command line, shared with
//! the integration tests.

pub mod app;
pub mod cli;
pub mod config;
pub mod keys;
pub mod mailer;
pub mod telemetry;
