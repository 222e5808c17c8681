//! The gate of the merchant API: who is calling, from where, and did they sign this very
//! request. Checks run in a fixed order and each refusal has its own code; a nonce is kept only
//! once the signature has verified, so nobody can burn a merchant's nonces.

use base64::Engine;
use chrono::{DateTime, Duration, Utc};
use std::net::IpAddr;

use super::keys;
use super::MerchantApiService;
use crate::error::{ApiRefusal, AppError, AppResult};
use crate::ports::{MerchantId, MerchantStatus};

/// How far `X-Timestamp` may be from the server's clock, either way.
pub const TIMESTAMP_WINDOW_MS: i64 = 5 * 60 * 1000;
/// Nonces are kept a minute longer than any request carrying them could be accepted.
const NONCE_MARGIN_MS: i64 = 60 * 1000;
const MAX_API_KEY_CHARS: usize = 128;
/// A 4096-bit signature is 512 bytes; anything much longer is not one.
const MAX_SIGNATURE_CHARS: usize = 1024;

/// One incoming call as the HTTP layer saw it. Header values are as sent (None when absent).
pub struct SignedCall<'a> {
    pub api_key: Option<&'a str>,
    pub timestamp: Option<&'a str>,
    pub nonce: Option<&'a str>,
    pub signature: Option<&'a str>,
    pub method: &'a str,
    /// Path and query as in the request line.
    pub path: &'a str,
    pub body: &'a [u8],
    /// The caller's address (peer, or the first X-Forwarded-For behind a trusted proxy).
    pub caller_ip: &'a str,
}

fn refuse(reason: ApiRefusal) -> AppError {
    AppError::MerchantApi(reason)
}

/// Milliseconds since the epoch, digits only.
fn parse_timestamp(raw: Option<&str>) -> Option<i64> {
    let raw = raw?.trim();
    if raw.is_empty() || raw.len() > 16 || !raw.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    raw.parse().ok()
}

fn check_nonce(raw: Option<&str>) -> Option<&str> {
    let nonce = raw?;
    let ok = (16..=64).contains(&nonce.len())
        && nonce
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    ok.then_some(nonce)
}

fn caller_ip(raw: &str) -> Option<String> {
    raw.trim()
        .parse::<IpAddr>()
        .ok()
        .map(|ip| ip.to_canonical().to_string())
}

impl MerchantApiService {
    /// The merchant a call is from, or why it is refused. Order: API key, merchant active, IP,
    /// uploaded RSA key, timestamp, nonce format, nonce unused, signature; then the nonce is
    /// recorded.
    pub async fn authenticate(&self, call: &SignedCall<'_>) -> AppResult<MerchantId> {
        let repo = &self.ports.merchant_api;
        let api_key = call
            .api_key
            .map(str::trim)
            .filter(|k| !k.is_empty() && k.len() <= MAX_API_KEY_CHARS)
            .ok_or(refuse(ApiRefusal::ApiKeyInvalid))?;
        let caller = repo
            .caller_by_key_hash(&keys::key_hash(api_key))
            .await?
            .ok_or(refuse(ApiRefusal::ApiKeyInvalid))?;
        let merchant_id = caller.merchant_id;
        if caller.merchant_status != MerchantStatus::Active {
            return Err(AppError::AccountUnavailable);
        }

        let ip = caller_ip(call.caller_ip).ok_or(refuse(ApiRefusal::IpNotAllowed))?;
        if !self.ports.ips.caller_ip_allowed(merchant_id, &ip).await? {
            tracing::info!(merchant_id, %ip, "merchant API call from an address not allowed");
            return Err(refuse(ApiRefusal::IpNotAllowed));
        }
        let client_key = caller
            .client_key_pem
            .ok_or(refuse(ApiRefusal::ClientKeyMissing))?;

        let now = self.ports.clock.now();
        let timestamp = parse_timestamp(call.timestamp)
            .filter(|ts| (now.timestamp_millis() - ts).abs() <= TIMESTAMP_WINDOW_MS)
            .ok_or(refuse(ApiRefusal::TimestampOutOfWindow))?;
        let nonce = check_nonce(call.nonce).ok_or(refuse(ApiRefusal::NonceInvalid))?;
        if repo.nonce_used(merchant_id, nonce, now).await? {
            return Err(refuse(ApiRefusal::NonceReused));
        }

        let signature = call
            .signature
            .map(str::trim)
            .filter(|s| !s.is_empty() && s.len() <= MAX_SIGNATURE_CHARS)
            .and_then(|s| base64::engine::general_purpose::STANDARD.decode(s).ok())
            .ok_or(refuse(ApiRefusal::SignatureInvalid))?;
        let message = keys::canonical_string(
            call.method,
            call.path,
            call.timestamp.unwrap_or_default().trim(),
            nonce,
            call.body,
        );
        if !keys::verify_signature(&client_key, message.as_bytes(), &signature) {
            return Err(refuse(ApiRefusal::SignatureInvalid));
        }

        // A replay is refused by the timestamp once `timestamp + window` has passed.
        let until = DateTime::<Utc>::from_timestamp_millis(timestamp.max(now.timestamp_millis()))
            .unwrap_or(now)
            + Duration::milliseconds(TIMESTAMP_WINDOW_MS + NONCE_MARGIN_MS);
        if !repo.use_nonce(merchant_id, nonce, until, now).await? {
            return Err(refuse(ApiRefusal::NonceReused));
        }
        Ok(merchant_id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_formats() {
        assert_eq!(parse_timestamp(Some(" 1795334400000 ")), Some(1_795_334_400_000));
        for bad in [
            None,
            Some(""),
            Some("-1"),
            Some("1.5"),
            Some("1e12"),
            Some("12345678901234567"),
        ] {
            assert_eq!(parse_timestamp(bad), None, "{bad:?}");
        }
        assert!(check_nonce(Some("8f14e45fceea167a5a36dedd4bea2543")).is_some());
        assert!(check_nonce(Some("0b9f1c2e-5d3a-4f7b-9c1d-2e3f4a5b6c7d")).is_some());
        for bad in [
            None,
            Some("short"),
            Some(&"a".repeat(65)),
            Some("with space 123456"),
            Some("ünïcödé-nonce-123"),
        ] {
            assert!(check_nonce(bad).is_none(), "{bad:?}");
        }
        assert_eq!(caller_ip("::ffff:127.0.0.1").as_deref(), Some("127.0.0.1"));
        assert_eq!(caller_ip("").as_deref(), None);
    }
}
