//! Configuration a console reads: public keys (no session) and the home config.

use axum::extract::{Path, State};
use coffer_domain::config::HomeConfig;
use std::collections::BTreeMap;

use crate::envelope::{ok, ApiResult};
use crate::session::Session;
use crate::AppState;

pub async fn config_keys(
    State(state): State<AppState>,
    Path(keys): Path<String>,
) -> ApiResult<BTreeMap<String, Option<String>>> {
    ok(state.config.public_values(&keys).await?)
}

/// `/common/configKey/` with nothing after it: the empty list the spec says to reject.
pub async fn config_keys_empty(State(state): State<AppState>) -> ApiResult<BTreeMap<String, Option<String>>> {
    ok(state.config.public_values("").await?)
}

pub async fn home_config(State(state): State<AppState>, Session(ctx): Session) -> ApiResult<HomeConfig> {
    ok(state.config.home_config(ctx.merchant_id).await?)
}
