//! Typed calls to the console API, one module per area, so a test says what it does
//! (`app.roles(&admin).add(body)`) instead of repeating paths. Every call answers the
//! envelope ([`Answer`]), so the tests check codes, messages and data as before.
//!
//! A test that deliberately sends a malformed path keeps calling `app.post` directly; tables
//! that walk every endpoint of a menu use the path constants (`Roles::ADD`).

use serde_json::{json, Value};

use crate::helpers::{Answer, TestApp};

mod access;
mod assets;
mod callbacks;
mod collection;
mod deposits;
mod merchant_keys;
mod reports;
mod service;
mod sign_in;
mod wallets;
mod withdrawals;

pub use access::{Accounts, IpList, Logs, Roles};
pub use assets::Assets;
pub use callbacks::Callbacks;
pub use collection::Collection;
pub use deposits::Deposits;
pub use merchant_keys::MerchantKeys;
pub use reports::Reports;
pub use service::ServiceList;
pub use sign_in::{Auth, Me};
pub use wallets::Wallets;
pub use withdrawals::Withdrawals;

/// Whose session a call carries: a token (`&str`, `&String`) or [`NO_SESSION`].
#[derive(Clone, Copy)]
pub struct Session<'a>(Option<&'a str>);

/// For checking that an endpoint refuses callers without a session.
pub const NO_SESSION: Session<'static> = Session(None);

impl<'a> From<&'a str> for Session<'a> {
    fn from(token: &'a str) -> Self {
        Session(Some(token))
    }
}

impl<'a> From<&'a String> for Session<'a> {
    fn from(token: &'a String) -> Self {
        Session(Some(token))
    }
}

impl<'a> From<&&'a str> for Session<'a> {
    fn from(token: &&'a str) -> Self {
        Session(Some(token))
    }
}

/// The app and the session an area's calls go out with. Areas are `Copy` and their calls take
/// `self`, so a closure may return `app.roles(&admin).page()` without borrowing a temporary.
#[derive(Clone, Copy)]
pub struct Caller<'a> {
    app: &'a TestApp,
    session: Session<'a>,
    language: Option<&'a str>,
}

impl<'a> Caller<'a> {
    fn new(app: &'a TestApp, session: Session<'a>) -> Self {
        Caller {
            app,
            session,
            language: None,
        }
    }

    async fn send(self, path: &str, body: Value) -> Answer {
        self.app.call(path, body, self.session.0, self.language).await
    }
}

/// `{"page": page, "pageSize": size}`, the body of most list calls.
pub fn paging(page: u32, size: u32) -> Value {
    json!({"page": page, "pageSize": size})
}

/// Declares an area: its struct, the `TestApp` method that opens it, and one constant plus
/// one call per endpoint. `name(body)` sends the given JSON; `name()` sends `{}`.
macro_rules! area {
    (
        $(#[$doc:meta])*
        $area:ident = $accessor:ident($($session:ident)?) {
            $($konst:ident $path:literal => $call:ident($($body:ident)?);)*
        }
    ) => {
        $(#[$doc])*
        #[derive(Clone, Copy)]
        pub struct $area<'a>($crate::console::Caller<'a>);

        impl $crate::helpers::TestApp {
            pub fn $accessor<'a>(
                &'a self
                $(, $session: impl Into<$crate::console::Session<'a>>)?
            ) -> $area<'a> {
                let session = $crate::console::area!(@session $($session)?);
                $area($crate::console::Caller::new(self, session))
            }
        }

        #[allow(dead_code)]
        impl<'a> $area<'a> {
            $(pub const $konst: &'static str = $path;)*

            /// Asks for the answer in a language (`Accept-Language`).
            pub fn in_language(mut self, language: &'a str) -> Self {
                self.0.language = Some(language);
                self
            }

            $(
                pub async fn $call(self $(, $body: serde_json::Value)?) -> $crate::helpers::Answer {
                    self.0.send($path, $crate::console::area!(@body $($body)?)).await
                }
            )*
        }
    };
    (@session) => { $crate::console::NO_SESSION };
    (@session $session:ident) => { $session.into() };
    (@body) => { serde_json::json!({}) };
    (@body $body:ident) => { $body };
}
pub(crate) use area;
