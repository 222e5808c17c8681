//! Integration tests: the real server on port 0, a fresh database each, every story on SQLite
//! and PostgreSQL. One test binary (linking is the slow part on small machines).

mod helpers;

mod access;
mod assets;
mod envelope;
mod identity;
mod iplist;
mod mail;
mod parity;
mod session;
mod sign_in;
mod vault;
mod wallets;
