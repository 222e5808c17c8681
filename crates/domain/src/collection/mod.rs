//! Collection (issue 15; ../shared/design/collection.md): moving what users paid into deposit
//! addresses to the merchant's cold addresses. So far: where a sweep goes ([`split`]).

pub mod split;
