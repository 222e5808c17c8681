//! Collection (issue 15; ../shared/design/collection.md): moving what users paid into deposit
//! addresses to the merchant's cold addresses. So far: when automatic collection runs
//! ([`schedule`]), who opens the collections due ([`planner`]), where a sweep goes ([`split`]),
//! what a sweep takes and how its fee is paid ([`sweep`]), a collection's states ([`state`]),
//! and the executor that signs, sends and follows the top-ups and sweeps ([`executor`],
//! [`follow`], [`top_up`]), a TRON sweep on the provider's energy (smart collection, `energy`).

mod energy;
pub mod executor;
pub mod fees;
pub mod follow;
mod leftover;
pub mod planner;
pub mod records;
pub mod schedule;
pub mod service;
mod signing;
pub mod split;
pub mod state;
pub mod sweep;
mod top_up;
