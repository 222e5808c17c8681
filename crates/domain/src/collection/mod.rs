//! Collection (issue 15; ../shared/design/collection.md): moving what users paid into deposit
//! addresses to the merchant's cold addresses. So far: when automatic collection runs ([`schedule`]) and where a sweep goes ([`split`]).

pub mod schedule;
pub mod split;
