//! The `coffer` binary's library: configuration, wiring and the command line, shared with
//! the integration tests.

pub mod admin_bills;
pub mod admin_energy;
pub mod admin_points;
pub mod admin_rates;
pub mod admin_wallets;
pub mod app;
pub mod chains;
pub mod cli;
pub mod collection;
pub mod config;
pub mod devchain_cli;
pub mod energy_rounds;
pub mod keys;
pub mod mailer;
pub mod points_rounds;
pub mod price_feed;
pub mod rates;
mod state;
pub mod telemetry;
pub mod transport;
pub mod withdrawals;
pub mod workers;
