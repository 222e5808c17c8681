//! The extractor every merchant API handler names: the call verified by the domain's gate
//! (API key, caller IP, timestamp, nonce, RSA signature over the raw body), or the refusal.

use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use coffer_domain::merchant_api::SignedCall;
use coffer_domain::ports::MerchantId;
use coffer_domain::AppError;
use serde::de::DeserializeOwned;

use crate::envelope::ApiError;
use crate::session::client_meta;
use crate::AppState;

pub const API_KEY_HEADER: &str = "x-api-key";
pub const TIMESTAMP_HEADER: &str = "x-timestamp";
pub const NONCE_HEADER: &str = "x-nonce";
pub const SIGNATURE_HEADER: &str = "x-signature";

/// A verified call: the merchant it is from and the exact body that was signed.
pub struct MerchantCall {
    pub merchant_id: MerchantId,
    body: Bytes,
}

impl MerchantCall {
    /// The signed body read as JSON (10400 naming the field when it does not fit).
    pub fn json<T: DeserializeOwned>(&self) -> Result<T, ApiError> {
        axum::Json::<T>::from_bytes(&self.body)
            .map(|axum::Json(value)| value)
            .map_err(|rejection| {
                ApiError(AppError::BadRequest {
                    detail: rejection.body_text(),
                })
            })
    }
}

impl FromRequest<AppState> for MerchantCall {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &AppState) -> Result<Self, Self::Rejection> {
        let (parts, body) = request.into_parts();
        let body = axum::body::to_bytes(body, state.body_limit_bytes)
            .await
            .map_err(|_| ApiError(AppError::PayloadTooLarge))?;
        let header = |name: &str| parts.headers.get(name).and_then(|v| v.to_str().ok());
        let client = client_meta(&parts, state.trust_forwarded_for);
        let path = parts
            .uri
            .path_and_query()
            .map_or_else(|| parts.uri.path(), |p| p.as_str());
        let call = SignedCall {
            api_key: header(API_KEY_HEADER),
            timestamp: header(TIMESTAMP_HEADER),
            nonce: header(NONCE_HEADER),
            signature: header(SIGNATURE_HEADER),
            method: parts.method.as_str(),
            path,
            body: &body,
            caller_ip: &client.ip,
        };
        let merchant_id = state.merchant_api.authenticate(&call).await?;
        Ok(MerchantCall { merchant_id, body })
    }
}
