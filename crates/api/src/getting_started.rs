//! The product's own getting-started page, in three languages: where the header's promotional
//! video link points while no video is configured (`console.promo_video_url`). Served from the
//! binary so it exists even when the console is read from a folder or not built.
//!
//! The page (`getting_started.html`) holds the shell; each language is one section of the same
//! shape, rendered from the table [`GUIDES`] as the message catalogue keeps its texts.

use std::sync::LazyLock;

use axum::http::header;
use axum::response::IntoResponse;

const SHELL: &str = include_str!("getting_started.html");

/// One language's section: its id (also its `lang`), its name, and the steps (HTML).
struct Guide {
    lang: &'static str,
    name: &'static str,
    steps: [&'static str; 6],
}

const GUIDES: [Guide; 3] = [
    Guide {
        lang: "en",
        name: "English",
        steps: [
            "Register with your e-mail and the code mailed to it. The operator of this installation activates your merchant and contacts you.",
            "Sign in with your password and the e-mail code. In the personal centre, bind a Google authenticator: keys, withdrawals and account changes ask for its code.",
            "Under Account, invite your staff and give each role only the menus and buttons it needs.",
            "Under Token, enable the tokens you accept, set their risk limits and your cold address.",
            "Under System, generate your API key, upload your RSA public key, set your callback address and the IP addresses allowed to call the merchant API.",
            "Your server asks for deposit addresses and sends withdrawals through the merchant API (<a href=\"/merchant/v1/openapi.json\">OpenAPI document</a>); Coffer calls your callback address as deposits and withdrawals change.",
        ],
    },
    Guide {
        lang: "zh-CN",
        name: "简体中文",
        steps: [
            "使用邮箱及邮件中的验证码注册。本系统的运营方会启用您的商户并与您联系。",
            "使用密码及邮箱验证码登录。在个人中心绑定谷歌验证器：密钥、提币及账户变更都需要输入其验证码。",
            "在“账户”中邀请员工，并只为每个角色分配所需的菜单和按钮。",
            "在“代币”中启用接受的代币，设置风控限额和冷钱包地址。",
            "在“系统”中生成 API 密钥，上传 RSA 公钥，设置回调地址及允许调用商户 API 的 IP 地址。",
            "您的服务器通过商户 API 获取充值地址并发起提币（<a href=\"/merchant/v1/openapi.json\">OpenAPI 文档</a>）；充值和提币状态变化时，Coffer 会调用您的回调地址。",
        ],
    },
    Guide {
        lang: "zh-HK",
        name: "繁體中文",
        steps: [
            "使用郵箱及郵件中的驗證碼註冊。本系統的營運方會啟用您的商戶並與您聯繫。",
            "使用密碼及郵箱驗證碼登入。在個人中心綁定谷歌驗證器：密鑰、提幣及賬戶變更都需要輸入其驗證碼。",
            "在「賬戶」中邀請員工，並只為每個角色分配所需的選單和按鈕。",
            "在「代幣」中啟用接受的代幣，設定風控限額和冷錢包地址。",
            "在「系統」中生成 API 密鑰，上傳 RSA 公鑰，設定回調地址及允許調用商戶 API 的 IP 地址。",
            "您的伺服器透過商戶 API 獲取充值地址並發起提幣（<a href=\"/merchant/v1/openapi.json\">OpenAPI 文件</a>）；充值和提幣狀態變化時，Coffer 會調用您的回調地址。",
        ],
    },
];

impl Guide {
    fn link(&self) -> String {
        format!(
            "<a href=\"#{lang}\" lang=\"{lang}\">{name}</a>",
            lang = self.lang,
            name = self.name
        )
    }

    fn section(&self) -> String {
        let steps: String = self
            .steps
            .iter()
            .map(|step| format!("      <li>{step}</li>\n"))
            .collect();
        format!(
            "  <section id=\"{lang}\" lang=\"{lang}\">\n    <h2>{name}</h2>\n    <ol>\n{steps}    </ol>\n  </section>\n",
            lang = self.lang,
            name = self.name,
        )
    }
}

static PAGE: LazyLock<String> = LazyLock::new(|| {
    SHELL
        .replace("{nav}", &GUIDES.iter().map(Guide::link).collect::<String>())
        .replace(
            "{sections}",
            &GUIDES.iter().map(Guide::section).collect::<Vec<_>>().join("\n"),
        )
});

pub async fn page() -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        PAGE.as_str(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use coffer_domain::messages::chinese_spacing_faults;

    #[test]
    fn every_language_is_one_section_with_its_link() {
        for guide in &GUIDES {
            assert_eq!(
                PAGE.matches(&format!("<section id=\"{}\"", guide.lang)).count(),
                1
            );
            assert!(
                PAGE.contains(&format!("href=\"#{}\"", guide.lang)),
                "{}",
                guide.lang
            );
        }
        assert_eq!(PAGE.matches("<li>").count(), 3 * 6);
        assert!(!PAGE.contains("{nav}") && !PAGE.contains("{sections}"));
    }

    #[test]
    fn chinese_steps_are_spaced_natively() {
        for guide in GUIDES.iter().filter(|g| g.lang.starts_with("zh")) {
            for text in guide.steps.iter().chain([&guide.name]) {
                assert_eq!(chinese_spacing_faults(text), Vec::<String>::new(), "{text}");
            }
        }
    }
}
