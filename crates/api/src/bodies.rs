//! The request bodies and answers several areas share: a page, a row by id, what was created.

use coffer_domain::ports::PageRequest;
use serde::{Deserialize, Serialize};

/// The page a list call asks for (flattened into its filter body).
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PageQuery {
    pub page: Option<u64>,
    pub page_size: Option<u64>,
}

impl PageQuery {
    pub fn request(&self) -> Result<PageRequest, coffer_domain::AppError> {
        PageRequest::new(self.page, self.page_size)
    }
}

/// A call on one row.
#[derive(Deserialize)]
pub struct ById {
    pub id: i64,
}

/// The id of what a call created.
#[derive(Serialize)]
pub struct Created {
    pub id: i64,
}

/// A created row and its address (a hot wallet, a blacklisted address as stored).
#[derive(Serialize)]
pub struct CreatedAddress {
    pub id: i64,
    pub address: String,
}
