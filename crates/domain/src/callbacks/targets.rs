//! Where Coffer may send merchant-facing HTTP (callbacks, risk control, the test ping): public
//! internet addresses only unless `callbacks.allow_private_targets`, so a merchant cannot make
//! Coffer call into its own network (SSRF). Checked when an address is saved (with the reason:
//! the address itself, and what its name resolves to then, through [`HostResolver`]) and again
//! for every address a name resolves to at delivery.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use crate::messages::MsgKey;

/// IPv6 forms that carry an IPv4 address (mapped `::ffff:a.b.c.d`, translated
/// `::ffff:0:a.b.c.d`, compatible `::a.b.c.d`, 6to4 `2002::/16`, NAT64 `64:ff9b::/96` and the
/// local-use `64:ff9b:1::/48`): refused outright, since they reach IPv4 networks past an IPv4
/// check and no public host needs them.
pub fn embeds_ipv4(v6: Ipv6Addr) -> bool {
    let s = v6.segments();
    let mapped = s[..5] == [0; 5] && s[5] == 0xffff;
    let translated = s[..4] == [0; 4] && s[4] == 0xffff && s[5] == 0;
    // `::` and `::1` are the unspecified and loopback addresses, not compatible forms.
    let compatible = s[..6] == [0; 6] && !v6.is_unspecified() && !v6.is_loopback();
    let six_to_four = s[0] == 0x2002;
    let nat64 = s[0] == 0x64 && s[1] == 0xff9b && (s[2..6] == [0; 4] || s[2] == 1);
    mapped || translated || compatible || six_to_four || nat64
}

fn public_v4(v4: Ipv4Addr) -> bool {
    let [a, b, ..] = v4.octets();
    !(v4.is_loopback()
        || v4.is_private()
        || v4.is_link_local()
        || v4.is_unspecified()
        || v4.is_multicast()
        || v4.is_broadcast()
        || v4.is_documentation()
        || a == 0
        || a >= 240
        || (a == 100 && (64..128).contains(&b))
        || (a == 192 && b == 0 && v4.octets()[2] == 0)
        || (a == 198 && (18..20).contains(&b)))
}

/// Addresses on the public internet only: not loopback, private, link-local, shared, reserved,
/// multicast, unspecified or documentation, and no IPv6 form that embeds an IPv4 address.
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => public_v4(v4),
        IpAddr::V6(v6) => {
            let first = v6.segments()[0];
            !(embeds_ipv4(v6)
                || v6.is_loopback()
                || v6.is_unspecified()
                || v6.is_multicast()
                || (first & 0xfe00) == 0xfc00
                || (first & 0xffc0) == 0xfe80
                || (first & 0xffc0) == 0xfec0
                || (first == 0x2001 && v6.segments()[1] == 0x0db8)
                || (first == 0x0100 && v6.segments()[1..4] == [0; 3]))
        }
    }
}

/// An http(s) URL with a host, no credentials or fragment, at most `max_chars` once
/// normalised: what Coffer calls (callbacks, price feeds).
pub fn is_plain_http_url(url: &url::Url, max_chars: usize) -> bool {
    matches!(url.scheme(), "http" | "https")
        && url.host_str().is_some_and(|h| !h.is_empty())
        && url.username().is_empty()
        && url.password().is_none()
        && url.fragment().is_none()
        && url.as_str().chars().count() <= max_chars
}

/// Why an address cannot be called; None when it can. `url` is already an http(s) URL.
pub fn target_problem(url: &url::Url, allow_private: bool) -> Option<MsgKey> {
    if !matches!(url.scheme(), "http" | "https") {
        return Some(MsgKey::CallbackUrlScheme);
    }
    let ip = match url.host()? {
        url::Host::Ipv4(v4) => IpAddr::V4(v4),
        url::Host::Ipv6(v6) => {
            if embeds_ipv4(v6) && !allow_private {
                return Some(MsgKey::CallbackTargetEmbedded);
            }
            IpAddr::V6(v6)
        }
        url::Host::Domain(name) => {
            let name = name.trim_end_matches('.').to_ascii_lowercase();
            let local = name == "localhost" || name.ends_with(".localhost");
            return (local && !allow_private).then_some(MsgKey::CallbackTargetPrivate);
        }
    };
    (!allow_private && !is_public(ip)).then_some(MsgKey::CallbackTargetPrivate)
}

/// Name resolution for the check on saving an address: the system's resolver in the binary,
/// a table in tests.
#[async_trait::async_trait]
pub trait HostResolver: Send + Sync {
    /// What `host` resolves to now; Err when it cannot be resolved (unknown, no answer in time).
    async fn addresses(&self, host: &str) -> std::io::Result<Vec<IpAddr>>;
}

/// Why an address whose host is a name cannot be called, from what the name resolves to now:
/// one address that is not public is enough (a name that points into a private network now may
/// point there at any send). A name that does not resolve (yet) passes: delivery checks every
/// address again when it sends. A host that is an address is [`target_problem`]'s.
pub async fn resolved_problem(url: &url::Url, resolver: &dyn HostResolver) -> Option<MsgKey> {
    let Some(url::Host::Domain(name)) = url.host() else {
        return None;
    };
    let addresses = resolver.addresses(name).await.ok()?;
    addresses
        .into_iter()
        .any(|ip| !is_public(ip))
        .then_some(MsgKey::CallbackNameResolvesPrivate)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn private_and_embedded_forms_are_not_public() {
        for private in [
            "127.0.0.1",
            "10.1.2.3",
            "172.16.0.1",
            "192.168.1.1",
            "169.254.169.254",
            "100.64.0.1",
            "0.0.0.0",
            "255.255.255.255",
            "240.0.0.1",
            "198.18.0.1",
            "::",
            "::1",
            "fc00::1",
            "fe80::1",
            "fec0::1",
            "::ffff:127.0.0.1",
            "::ffff:8.8.8.8",
            "::127.0.0.1",
            "::8.8.8.8",
            "64:ff9b::7f00:1",
            "64:ff9b::808:808",
            "64:ff9b:1::a00:1",
            "::ffff:0:7f00:1",
            "::ffff:0:808:808",
            "2002:7f00:1::1",
            "2002:808:808::1",
            "2001:db8::1",
        ] {
            assert!(!is_public(private.parse().unwrap()), "{private}");
        }
        for public in ["1.1.1.1", "8.8.8.8", "203.0.114.1", "2606:4700:4700::1111"] {
            assert!(is_public(public.parse().unwrap()), "{public}");
        }
    }

    #[test]
    fn saved_addresses_name_the_problem() {
        let problem = |raw: &str| target_problem(&url::Url::parse(raw).unwrap(), false);
        assert_eq!(problem("https://shop.example/hook"), None);
        assert_eq!(problem("https://8.8.8.8/hook"), None);
        assert_eq!(problem("ftp://shop.example/"), Some(MsgKey::CallbackUrlScheme));
        for private in [
            "http://127.0.0.1/",
            "http://localhost:8080/",
            "http://api.LOCALHOST./",
            "http://2130706433/",
            "http://0x7f.1/",
            "http://[::1]/",
            "http://0.0.0.0/",
            "http://10.0.0.1/",
        ] {
            assert_eq!(problem(private), Some(MsgKey::CallbackTargetPrivate), "{private}");
        }
        for embedded in [
            "http://[::ffff:8.8.8.8]/",
            "http://[::127.0.0.1]/",
            "http://[64:ff9b::8.8.8.8]/",
            "http://[::ffff:0:127.0.0.1]/",
            "http://[2002:7f00:1::]/",
            "http://[2002:c0a8:101::1]/",
        ] {
            assert_eq!(
                problem(embedded),
                Some(MsgKey::CallbackTargetEmbedded),
                "{embedded}"
            );
        }
        let allowed = target_problem(&url::Url::parse("http://127.0.0.1:9/").unwrap(), true);
        assert_eq!(allowed, None);
        let six_to_four = target_problem(&url::Url::parse("http://[2002:7f00:1::]/").unwrap(), true);
        assert_eq!(six_to_four, None, "allowed with private targets");
    }

    /// A resolver answering from a table (no entry: the name does not resolve).
    struct Table(Vec<(&'static str, Vec<&'static str>)>);

    #[async_trait::async_trait]
    impl HostResolver for Table {
        async fn addresses(&self, host: &str) -> std::io::Result<Vec<IpAddr>> {
            let (_, found) = self
                .0
                .iter()
                .find(|(name, _)| *name == host)
                .ok_or_else(|| std::io::Error::new(std::io::ErrorKind::NotFound, "no such name"))?;
            Ok(found.iter().map(|ip| ip.parse().unwrap()).collect())
        }
    }

    #[tokio::test]
    async fn a_name_that_resolves_into_a_private_network_is_refused() {
        let table = Table(vec![
            ("loop.example", vec!["127.0.0.1"]),
            ("office.example", vec!["10.0.0.7"]),
            ("six.example", vec!["2002:7f00:1::1"]),
            ("split.example", vec!["93.184.216.34", "::1"]),
            ("shop.example", vec!["93.184.216.34", "2606:2800:220:1::1"]),
        ]);
        let problem = |raw: &str| {
            let url = url::Url::parse(raw).unwrap();
            let table = &table;
            async move { resolved_problem(&url, table).await }
        };
        for private in [
            "http://loop.example:8080/hook",
            "https://office.example/",
            "https://six.example/",
            "https://split.example/",
        ] {
            assert_eq!(
                problem(private).await,
                Some(MsgKey::CallbackNameResolvesPrivate),
                "{private}"
            );
        }
        assert_eq!(problem("https://shop.example/hook").await, None);
        assert_eq!(
            problem("https://unknown.example/").await,
            None,
            "checked again at send"
        );
        assert_eq!(
            problem("http://10.0.0.1/").await,
            None,
            "an address is not a name"
        );
    }
}
