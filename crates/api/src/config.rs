//! Configuration a console reads: public keys (no session) and the home config.

use axum::extract::{Path, State};
use coffer_domain::ports::chain::ChainFamily;
use serde::Serialize;
use std::collections::BTreeMap;

use crate::envelope::{ok, ApiResult};
use crate::session::Session;
use crate::views::config::HomeConfigView;
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

pub async fn home_config(State(state): State<AppState>, Session(ctx): Session) -> ApiResult<HomeConfigView> {
    ok(state.config.home_config(ctx.merchant_id).await?.into())
}

/// `/check/cache/update`: where the caller's home config stands (silent on the console).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CacheVersionView {
    home_config: String,
}

pub async fn cache_version(
    State(state): State<AppState>,
    Session(ctx): Session,
) -> ApiResult<CacheVersionView> {
    let version = state.config.config_version(ctx.merchant_id).await?;
    ok(CacheVersionView {
        home_config: version.token(),
    })
}

/// How the console checks an address typed for a chain (`/api/partner/chain/addressRules`).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AddressRuleView {
    chain_id: i64,
    family: &'static str,
    /// A regular expression the trimmed address must match whole.
    pattern: &'static str,
    example: &'static str,
    /// False when addresses differing only in letter case are the same (hex).
    case_sensitive: bool,
}

impl AddressRuleView {
    fn new((chain_id, family): (i64, ChainFamily)) -> AddressRuleView {
        AddressRuleView {
            chain_id,
            family: family.name,
            pattern: family.address.pattern,
            example: family.address.example,
            case_sensitive: family.address.case_sensitive,
        }
    }
}

pub async fn address_rules(
    State(state): State<AppState>,
    Session(_): Session,
) -> ApiResult<Vec<AddressRuleView>> {
    ok(state
        .config
        .chain_families()
        .into_iter()
        .map(AddressRuleView::new)
        .collect())
}
