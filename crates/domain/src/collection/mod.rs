//! Collection (issue 15; ../shared/design/collection.md): moving what users paid into deposit
//! addresses to the merchant's cold addresses. So far: when automatic collection runs
//! ([`schedule`]), who opens the collections due ([`planner`]), where a sweep goes ([`split`]),
//! what a sweep takes and how its fee is paid ([`sweep`]) and a collection's states ([`state`]).

pub mod planner;
pub mod schedule;
pub mod service;
pub mod split;
pub mod state;
pub mod sweep;
