//! The three interface languages and how an `accept-language` header picks one.

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Locale {
    EnUs,
    ZhCn,
    ZhHk,
}

impl Locale {
    pub const ALL: [Locale; 3] = [Locale::EnUs, Locale::ZhCn, Locale::ZhHk];

    /// The server code of the spec (en_US, zh_CN, zh_HK).
    pub fn code(self) -> &'static str {
        match self {
            Locale::EnUs => "en_US",
            Locale::ZhCn => "zh_CN",
            Locale::ZhHk => "zh_HK",
        }
    }

    /// Parses one language tag: the server codes, BCP 47 tags and their script forms.
    /// Traditional-script Chinese (HK, TW, MO, Hant) reads as zh_HK, any other Chinese as zh_CN.
    pub fn from_tag(tag: &str) -> Option<Locale> {
        let tag = tag.trim().replace('_', "-").to_ascii_lowercase();
        let mut parts = tag.split('-');
        match parts.next()? {
            "en" => Some(Locale::EnUs),
            "zh" => {
                let rest: Vec<&str> = parts.collect();
                let traditional = rest.iter().any(|p| matches!(*p, "hk" | "tw" | "mo" | "hant"));
                Some(if traditional { Locale::ZhHk } else { Locale::ZhCn })
            }
            _ => None,
        }
    }

    /// Picks the best supported language of an `accept-language` value (weights honoured),
    /// falling back to en_US.
    pub fn negotiate(header: Option<&str>) -> Locale {
        let Some(header) = header else { return Locale::EnUs };
        let mut best: Option<(f32, Locale)> = None;
        for item in header.split(',') {
            let mut pieces = item.split(';');
            let tag = pieces.next().unwrap_or_default();
            let weight = pieces
                .find_map(|p| p.trim().strip_prefix("q="))
                .and_then(|q| q.trim().parse::<f32>().ok())
                .unwrap_or(1.0);
            if let Some(locale) = Locale::from_tag(tag) {
                if weight > 0.0 && best.is_none_or(|(w, _)| weight > w) {
                    best = Some((weight, locale));
                }
            }
        }
        best.map(|(_, l)| l).unwrap_or(Locale::EnUs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn server_codes_and_browser_tags_are_understood() {
        assert_eq!(Locale::negotiate(Some("zh_CN")), Locale::ZhCn);
        assert_eq!(Locale::negotiate(Some("zh_HK")), Locale::ZhHk);
        assert_eq!(Locale::negotiate(Some("en_US")), Locale::EnUs);
        assert_eq!(Locale::negotiate(Some("zh-TW")), Locale::ZhHk);
        assert_eq!(Locale::negotiate(Some("zh-Hant-HK")), Locale::ZhHk);
        assert_eq!(Locale::negotiate(Some("zh-Hans")), Locale::ZhCn);
        assert_eq!(Locale::negotiate(Some("zh")), Locale::ZhCn);
    }

    #[test]
    fn weights_pick_the_preferred_supported_language() {
        assert_eq!(
            Locale::negotiate(Some("fr-FR,zh-HK;q=0.8,en;q=0.5")),
            Locale::ZhHk
        );
        assert_eq!(Locale::negotiate(Some("en;q=0.9,zh-CN")), Locale::ZhCn);
        assert_eq!(Locale::negotiate(Some("zh-CN;q=0,en")), Locale::EnUs);
    }

    #[test]
    fn unknown_or_missing_falls_back_to_english() {
        assert_eq!(Locale::negotiate(None), Locale::EnUs);
        assert_eq!(Locale::negotiate(Some("de-DE, fr")), Locale::EnUs);
        assert_eq!(Locale::negotiate(Some("")), Locale::EnUs);
    }
}
