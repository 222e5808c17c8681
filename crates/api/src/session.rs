//! Who is calling: the session extractor. Every protected handler names it in its signature,
//! so no handler checks by hand. (The permission extractor joins it with the first endpoint
//! gated by a menu id, in the identity issue.)

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use coffer_domain::auth::AuthContext;

use crate::envelope::ApiError;
use crate::AppState;

/// The header carrying the session token (spec section 7).
pub const SESSION_HEADER: &str = "sessionCode";

/// A signed-in caller.
pub struct Session(pub AuthContext);

impl FromRequestParts<AppState> for Session {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let token = parts.headers.get(SESSION_HEADER).and_then(|v| v.to_str().ok());
        let ctx = state.auth.authenticate(token).await?;
        tracing::Span::current().record("user_id", ctx.user_id);
        Ok(Session(ctx))
    }
}
