//! Exchange (Token > Trade): an end user sends one token and gets another back on the same
//! chain, paid from the merchant's hot wallet at a live market rate less the merchant's spread
//! (docs/api.md "Exchange"). Never at a stale or invented rate: a pair whose price source fails
//! or is older than its limit stops with the reason shown.

pub mod decide;
pub(crate) mod events;
pub mod held;
mod inventory;
mod link;
pub mod lists;
pub mod order;
pub mod orders;
pub mod pairs;
pub mod price;
pub mod quote;
pub mod quotes;
pub mod round;
pub mod service;
mod settle;
pub mod sides;
pub mod sources;
pub mod state;
