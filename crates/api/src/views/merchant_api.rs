//! Keys and access (menu 8): the API key, the merchant's RSA key, the whitelist and the address
//! blacklist.

use coffer_domain::merchant_api::{
    AllowIpRecord, ApiSecret, ApiSettingsRecord, BlacklistEntry, StoredClientKey,
};
use serde::Serialize;

use super::time;

/// What `/secret` shows: nothing secret.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ApiSettingsView {
    pub has_key: bool,
    pub key_id: Option<String>,
    /// When the current key was generated.
    pub createtime: Option<String>,
    /// "" when none is set.
    pub callback_url: String,
    /// The risk-control address asked before a withdrawal passes on its own; "" when none.
    pub risk_url: String,
    pub client_key: Option<ClientKeyView>,
    /// The platform key that signs callbacks: its id and public key (SubjectPublicKeyInfo PEM)
    /// for the merchant to verify them.
    pub platform_key_id: Option<String>,
    pub platform_public_key: Option<String>,
}

impl ApiSettingsView {
    /// The settings with the platform key (id, public key PEM) that signs callbacks.
    pub fn new(s: ApiSettingsRecord, (key_id, public_key): (String, String)) -> Self {
        ApiSettingsView {
            has_key: s.key_id.is_some(),
            key_id: s.key_id,
            createtime: s.key_created_at.map(time),
            callback_url: s.callback_url.unwrap_or_default(),
            risk_url: s.risk_url.unwrap_or_default(),
            client_key: s.client_key.map(ClientKeyView::from),
            platform_key_id: Some(key_id),
            platform_public_key: Some(public_key),
        }
    }
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ClientKeyView {
    pub fingerprint: String,
    pub bits: u32,
    /// The uploaded key, normalised to SubjectPublicKeyInfo PEM.
    pub public_key: String,
    pub updatetime: String,
}

impl From<StoredClientKey> for ClientKeyView {
    fn from(key: StoredClientKey) -> Self {
        ClientKeyView {
            fingerprint: key.fingerprint,
            bits: key.bits,
            public_key: key.pem,
            updatetime: time(key.updated_at),
        }
    }
}

/// The API key itself. The field is named `secret` so that nothing that logs bodies keeps it.
#[derive(Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ApiSecretView {
    pub key_id: String,
    pub secret: String,
    pub createtime: String,
}

impl From<ApiSecret> for ApiSecretView {
    fn from(s: ApiSecret) -> Self {
        ApiSecretView {
            key_id: s.key_id,
            secret: s.secret,
            createtime: time(s.created_at),
        }
    }
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AllowIpView {
    pub ip: String,
    pub createtime: String,
}

impl From<AllowIpRecord> for AllowIpView {
    fn from(r: AllowIpRecord) -> Self {
        AllowIpView {
            ip: r.ip,
            createtime: time(r.created_at),
        }
    }
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BlacklistView {
    pub id: i64,
    pub chain_id: i64,
    pub chainname: String,
    pub address: String,
    pub remark: String,
    pub createtime: String,
}

impl From<BlacklistEntry> for BlacklistView {
    fn from(e: BlacklistEntry) -> Self {
        BlacklistView {
            id: e.id,
            chain_id: e.chain_id,
            chainname: e.chain_name,
            address: e.address,
            remark: e.remark,
            createtime: time(e.created_at),
        }
    }
}
