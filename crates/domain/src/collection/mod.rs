//! Collection (issue 15; ../shared/design/collection.md): moving what users paid into deposit
//! addresses to the merchant's cold addresses. So far: when automatic collection runs ([`schedule`]), where a sweep goes ([`split`]) and
//! a collection's states ([`state`]).

pub mod schedule;
pub mod split;
pub mod state;
