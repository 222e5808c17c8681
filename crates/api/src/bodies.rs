//! The request bodies and answers several areas share: a page, a row by id, what was created,
//! a text filter.

use coffer_domain::messages::MsgKey;
use coffer_domain::ports::PageRequest;
use coffer_domain::AppError;
use serde::{Deserialize, Serialize};

/// The longest text filter taken (an order number, address, hash, OpenID, e-mail, event id,
/// action): far above any real value, far below what the database's LIKE can take.
pub const MAX_FILTER_CHARS: usize = 256;

/// A text filter as the caller typed it. It is read only through [`FilterText::bounded`], so
/// no list, export or query reaches the database with an unbounded text.
#[derive(Deserialize, Clone, Default)]
#[serde(transparent)]
pub struct FilterText(String);

impl FilterText {
    /// The text; 10422 when it is longer than [`MAX_FILTER_CHARS`].
    pub fn bounded(self) -> Result<String, AppError> {
        if self.0.chars().count() > MAX_FILTER_CHARS {
            return Err(AppError::Invalid(MsgKey::FilterTextTooLong));
        }
        Ok(self.0)
    }

    /// An optional filter, bounded.
    pub fn optional(text: Option<FilterText>) -> Result<Option<String>, AppError> {
        text.map(FilterText::bounded).transpose()
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_filter_text_is_bounded_in_characters() {
        let text = |s: String| FilterText(s).bounded();
        assert_eq!(
            text("é".repeat(MAX_FILTER_CHARS)).unwrap().chars().count(),
            MAX_FILTER_CHARS
        );
        assert!(matches!(
            text("a".repeat(MAX_FILTER_CHARS + 1)),
            Err(AppError::Invalid(MsgKey::FilterTextTooLong))
        ));
        assert_eq!(FilterText::optional(None).unwrap(), None);
    }
}
