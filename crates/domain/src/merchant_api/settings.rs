//! The console side of keys and access: the API key (shown and reset with the authenticator),
//! the merchant's RSA public key, the callback address and the caller whitelist.

use chrono::{DateTime, Utc};
use std::net::IpAddr;
use zeroize::Zeroizing;

use super::keys::{self, API_KEY_PURPOSE};
use super::{AllowIpRecord, ApiSettingsRecord, MerchantApiService, NewApiKey, StoredClientKey};
use crate::auth::AuthContext;
use crate::callbacks::targets::resolved_problem;
use crate::error::{AppError, AppResult};
use crate::iplist::{canonical_ip, MAX_LISTED_IPS};
use crate::messages::MsgKey;

const MAX_CALLBACK_URL_CHARS: usize = 512;

/// The API key itself (shown with the authenticator); deliberately not `Debug`.
#[derive(Clone)]
pub struct ApiSecret {
    pub key_id: String,
    pub secret: String,
    pub created_at: DateTime<Utc>,
}

/// An http(s) URL with a host and no credentials or fragment, that Coffer may call (a public
/// address unless `allow_private`); "" clears the address.
pub fn check_callback_url(raw: &str, allow_private: bool) -> AppResult<Option<String>> {
    let raw = raw.trim();
    if raw.is_empty() {
        return Ok(None);
    }
    let bad = || AppError::Invalid(MsgKey::CallbackUrlInvalid);
    if raw.chars().count() > MAX_CALLBACK_URL_CHARS
        || raw.chars().any(|c| c.is_whitespace() || c.is_control())
    {
        return Err(bad());
    }
    let url = url::Url::parse(raw).map_err(|_| bad())?;
    if let Some(problem) = crate::callbacks::targets::target_problem(&url, allow_private) {
        return Err(AppError::Invalid(problem));
    }
    crate::callbacks::targets::is_plain_http_url(&url, MAX_CALLBACK_URL_CHARS)
        .then(|| Some(url.to_string()))
        .ok_or_else(bad)
}

/// A whitelist entry: one IPv4 or IPv6 address, canonical, an IPv4-mapped IPv6 address as IPv4
/// (the form a dual-stack listener reports an IPv4 peer in, once normalised).
pub fn allow_entry(raw: &str) -> AppResult<String> {
    let ip: IpAddr = canonical_ip(raw)?
        .parse::<IpAddr>()
        .map_err(|_| AppError::Invalid(MsgKey::InvalidIp))?
        .to_canonical();
    // No request comes from these: an entry of them lets nobody in and hides a mistake.
    let impossible =
        ip.is_unspecified() || ip.is_multicast() || matches!(ip, IpAddr::V4(v4) if v4.is_broadcast());
    if impossible {
        return Err(AppError::Invalid(MsgKey::AllowIpUnspecified));
    }
    Ok(ip.to_string())
}

impl MerchantApiService {
    pub async fn settings(&self, ctx: &AuthContext) -> AppResult<ApiSettingsRecord> {
        self.ports.merchant_api.api_settings(ctx.merchant_id).await
    }

    /// The current API key, to a caller who gives a current authenticator code.
    pub async fn show_secret(&self, ctx: &AuthContext, google_code: &str) -> AppResult<ApiSecret> {
        self.auth.require_google(ctx, google_code).await?;
        let s = self.ports.merchant_api.api_settings(ctx.merchant_id).await?;
        let (Some(key_id), Some(sealed), Some(created)) = (s.key_id, s.key_sealed, s.key_created_at) else {
            return Err(AppError::Invalid(MsgKey::ApiKeyNone));
        };
        let plain = Zeroizing::new(self.sealer.open(API_KEY_PURPOSE, &sealed)?);
        let secret =
            String::from_utf8(plain.to_vec()).map_err(|_| AppError::internal("API key is not text"))?;
        tracing::info!(merchant_id = ctx.merchant_id, user_id = ctx.user_id, %key_id, "API key shown");
        Ok(ApiSecret {
            key_id,
            secret,
            created_at: created,
        })
    }

    /// Generates a new API key (the first one, or a replacement: the old one stops at once).
    pub async fn reset_secret(&self, ctx: &AuthContext, google_code: &str) -> AppResult<ApiSecret> {
        self.auth.require_google(ctx, google_code).await?;
        let key = keys::generate_api_key()?;
        let sealed = self.sealer.seal(API_KEY_PURPOSE, key.secret.as_bytes())?;
        let at = self.ports.clock.now();
        self.ports
            .merchant_api
            .set_api_key(
                ctx.merchant_id,
                NewApiKey {
                    key_id: &key.key_id,
                    key_hash: &keys::key_hash(&key.secret),
                    sealed: &sealed,
                    at,
                },
            )
            .await?;
        tracing::info!(merchant_id = ctx.merchant_id, user_id = ctx.user_id, key_id = %key.key_id, "API key reset");
        Ok(ApiSecret {
            secret: key.secret.to_string(),
            key_id: key.key_id,
            created_at: at,
        })
    }

    /// Stores the merchant's RSA public key (replacing one before). The upload is checked
    /// before the authenticator code, so a private key pasted by mistake is named as such.
    pub async fn save_client_key(
        &self,
        ctx: &AuthContext,
        pem: &str,
        google_code: &str,
    ) -> AppResult<StoredClientKey> {
        let key = keys::parse_client_key(pem)?;
        self.auth.require_google(ctx, google_code).await?;
        let stored = StoredClientKey {
            pem: key.pem,
            fingerprint: key.fingerprint,
            bits: key.bits,
            updated_at: self.ports.clock.now(),
        };
        self.ports
            .merchant_api
            .set_client_key(ctx.merchant_id, &stored)
            .await?;
        tracing::info!(merchant_id = ctx.merchant_id, fingerprint = %stored.fingerprint, "merchant RSA key saved");
        Ok(stored)
    }

    /// [`check_callback_url`], then what the address's name resolves to now (not when
    /// private targets are allowed).
    async fn callable_url(&self, raw: &str) -> AppResult<Option<String>> {
        let url = check_callback_url(raw, self.allow_private_targets)?;
        if let (Some(url), false) = (&url, self.allow_private_targets) {
            let parsed = url::Url::parse(url).map_err(AppError::internal)?;
            if let Some(problem) = resolved_problem(&parsed, self.resolver.as_ref()).await {
                return Err(AppError::Invalid(problem));
            }
        }
        Ok(url)
    }

    /// Sets the callback address ("" clears it); returns the stored form.
    pub async fn save_callback_url(&self, ctx: &AuthContext, raw: &str) -> AppResult<String> {
        let url = self.callable_url(raw).await?;
        self.ports
            .merchant_api
            .set_callback_url(ctx.merchant_id, url.as_deref(), self.ports.clock.now())
            .await?;
        Ok(url.unwrap_or_default())
    }

    /// The risk-control address: the same rules as the callback address.
    pub async fn save_risk_url(&self, ctx: &AuthContext, raw: &str) -> AppResult<String> {
        let url = self.callable_url(raw).await?;
        self.ports
            .merchant_api
            .set_risk_url(ctx.merchant_id, url.as_deref(), self.ports.clock.now())
            .await?;
        Ok(url.unwrap_or_default())
    }

    pub async fn allow_ips(&self, ctx: &AuthContext) -> AppResult<Vec<AllowIpRecord>> {
        self.ports.ips.allow_ips(ctx.merchant_id).await
    }

    /// Replaces the whitelist: at most 10 addresses, canonical, repeats dropped. Returns the
    /// list before and after.
    pub async fn edit_allow_ips(
        &self,
        ctx: &AuthContext,
        ips: &[String],
    ) -> AppResult<(Vec<AllowIpRecord>, Vec<AllowIpRecord>)> {
        let mut wanted: Vec<String> = Vec::with_capacity(ips.len());
        for raw in ips {
            let ip = allow_entry(raw)?;
            if !wanted.contains(&ip) {
                wanted.push(ip);
            }
        }
        if wanted.len() as u64 > MAX_LISTED_IPS {
            return Err(AppError::Invalid(MsgKey::IpLimit));
        }
        let before = self.allow_ips(ctx).await?;
        self.ports
            .ips
            .replace_allow_ips(ctx.merchant_id, &wanted, self.ports.clock.now())
            .await?;
        Ok((before, self.allow_ips(ctx).await?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn callback_urls_are_http_with_a_host() {
        let check_callback_url = |raw: &str| check_callback_url(raw, false);
        assert_eq!(check_callback_url("  ").unwrap(), None);
        assert_eq!(
            check_callback_url(" https://shop.example/coffer/callback?x=1 ").unwrap(),
            Some("https://shop.example/coffer/callback?x=1".into())
        );
        assert_eq!(
            check_callback_url("http://8.8.8.8:8080").unwrap(),
            Some("http://8.8.8.8:8080/".into())
        );
        for bad in [
            "shop.example/callback",
            "ftp://shop.example/",
            "javascript:alert(1)",
            "https://",
            "https://user:pass@shop.example/",
            "https://shop.example/#frag",
            "https://shop example/",
            &format!("https://shop.example/{}", "a".repeat(500)),
        ] {
            assert!(check_callback_url(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn whitelist_entries_are_canonical() {
        assert_eq!(allow_entry(" 0:0:0:0:0:0:0:1 ").unwrap(), "::1");
        assert_eq!(allow_entry("::ffff:203.0.113.7").unwrap(), "203.0.113.7");
        assert_eq!(allow_entry("2001:DB8::1").unwrap(), "2001:db8::1");
        assert!(allow_entry("10.0.0.0/8").is_err());
        for impossible in [
            "0.0.0.0",
            "::",
            "0:0:0:0:0:0:0:0",
            "::ffff:0.0.0.0",
            "255.255.255.255",
            "224.0.0.1",
            "ff02::1",
        ] {
            assert!(
                matches!(
                    allow_entry(impossible),
                    Err(AppError::Invalid(MsgKey::AllowIpUnspecified))
                ),
                "{impossible}"
            );
        }
    }

    #[test]
    fn callback_addresses_coffer_cannot_call_are_refused_with_the_reason() {
        let refused = |raw: &str| match check_callback_url(raw, false) {
            Err(AppError::Invalid(key)) => key,
            other => panic!("{raw}: {other:?}"),
        };
        assert_eq!(refused("ftp://shop.example/"), MsgKey::CallbackUrlScheme);
        assert_eq!(
            refused("http://127.0.0.1:8080/hook"),
            MsgKey::CallbackTargetPrivate
        );
        assert_eq!(
            refused("http://[::ffff:10.0.0.1]/"),
            MsgKey::CallbackTargetEmbedded
        );
        assert_eq!(
            refused("http://[64:ff9b::a00:1]/"),
            MsgKey::CallbackTargetEmbedded
        );
        assert_eq!(refused("not a url"), MsgKey::CallbackUrlInvalid);
        assert!(check_callback_url("http://127.0.0.1:8080/hook", true).is_ok());
    }
}
