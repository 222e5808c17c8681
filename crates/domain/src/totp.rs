//! Time-based one-time passwords (RFC 6238: HMAC-SHA1, 30-second steps, 6 digits), as Google
//! Authenticator computes them.

use chrono::{DateTime, Utc};
use data_encoding::BASE32_NOPAD;
use hmac::{Hmac, Mac};
use rand::RngCore;
use sha1::Sha1;

use crate::identity::constant_time_eq;

pub const STEP_SECONDS: i64 = 30;
/// Codes of the previous and next step are accepted too (clock drift of the phone).
const DRIFT_STEPS: i64 = 1;

/// A fresh 160-bit secret in base32, as authenticator apps expect.
pub fn new_secret() -> String {
    let mut bytes = [0u8; 20];
    rand::thread_rng().fill_bytes(&mut bytes);
    BASE32_NOPAD.encode(&bytes)
}

pub fn step_at(time: DateTime<Utc>) -> i64 {
    time.timestamp().div_euclid(STEP_SECONDS)
}

pub fn code_at_step(secret_base32: &str, step: i64) -> Option<String> {
    let key = BASE32_NOPAD
        .decode(secret_base32.trim_end_matches('=').as_bytes())
        .ok()?;
    let mut mac = Hmac::<Sha1>::new_from_slice(&key).ok()?;
    mac.update(&step.to_be_bytes());
    let digest = mac.finalize().into_bytes();
    let offset = (digest[19] & 0x0f) as usize;
    let binary = u32::from_be_bytes([
        digest[offset] & 0x7f,
        digest[offset + 1],
        digest[offset + 2],
        digest[offset + 3],
    ]);
    Some(format!("{:06}", binary % 1_000_000))
}

/// The step whose code matches, if any, within the drift window around `now`.
pub fn matching_step(secret_base32: &str, code: &str, now: DateTime<Utc>) -> Option<i64> {
    let current = step_at(now);
    (current - DRIFT_STEPS..=current + DRIFT_STEPS).find(|step| {
        code_at_step(secret_base32, *step).is_some_and(|expected| constant_time_eq(&expected, code))
    })
}

pub fn otpauth_uri(issuer: &str, account: &str, secret_base32: &str) -> String {
    let enc = |s: &str| {
        s.replace('%', "%25")
            .replace(' ', "%20")
            .replace(':', "%3A")
            .replace('@', "%40")
    };
    format!(
        "otpauth://totp/{}:{}?secret={secret_base32}&issuer={}&algorithm=SHA1&digits=6&period=30",
        enc(issuer),
        enc(account),
        enc(issuer)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    // RFC 6238 appendix B: the SHA1 secret is ASCII "12345678901234567890"; the RFC prints 8
    // digits, of which a 6-digit code is the last six.
    const RFC_SECRET: &[u8] = b"12345678901234567890";

    #[test]
    fn matches_the_rfc_6238_vectors() {
        let secret = BASE32_NOPAD.encode(RFC_SECRET);
        for (time, eight_digits) in [
            (59, "94287082"),
            (1111111109, "07081804"),
            (1234567890, "89005924"),
            (2000000000, "69279037"),
        ] {
            let at = Utc.timestamp_opt(time, 0).unwrap();
            assert_eq!(
                code_at_step(&secret, step_at(at)).unwrap(),
                eight_digits[2..],
                "t={time}"
            );
        }
    }

    #[test]
    fn accepts_one_step_of_drift_and_no_more() {
        let secret = new_secret();
        let now = Utc.timestamp_opt(1_800_000_000, 0).unwrap();
        let step = step_at(now);
        for delta in [-1, 0, 1] {
            let code = code_at_step(&secret, step + delta).unwrap();
            assert_eq!(matching_step(&secret, &code, now), Some(step + delta));
        }
        for delta in [-3, 3] {
            let code = code_at_step(&secret, step + delta).unwrap();
            assert_eq!(matching_step(&secret, &code, now), None, "delta {delta}");
        }
    }

    #[test]
    fn uri_names_issuer_and_account() {
        let uri = otpauth_uri("Coffer", "demo@coffer.local", "ABC");
        assert_eq!(uri, "otpauth://totp/Coffer:demo%40coffer.local?secret=ABC&issuer=Coffer&algorithm=SHA1&digits=6&period=30");
    }
}
