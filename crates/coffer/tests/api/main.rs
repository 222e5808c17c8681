//! Integration tests: the real server on port 0, a fresh database each, every story on SQLite
//! and PostgreSQL. One test binary (linking is the slow part on small machines).

mod console;
mod helpers;

mod access;
mod access_matrix;
mod address_rules;
mod anvil_deposits;
mod asset_matrix;
mod assets;
mod bounds;
mod callback_order;
mod callback_retries;
mod deposit_guards;
mod deposits;
mod envelope;
mod error_codes;
mod escalation;
mod funds;
mod guessing;
mod hash_scan;
mod housekeeping;
mod identity;
mod invitation;
mod iplist;
mod mail;
mod merchant_api;
mod merchant_contract;
mod merchant_key_upload;
mod merchant_refusals;
mod merchant_signing;
mod parity;
mod receiver;
mod restart;
mod session;
mod sign_in;
mod system;
mod system_matrix;
mod tron_deposits;
mod vault;
mod wallets;
mod withdrawal_chains;
mod withdrawal_guards;
mod withdrawal_restart;
mod withdrawal_review;
mod withdrawals;
