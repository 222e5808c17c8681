//! The spacing of Chinese texts, as in Ant Design's Chinese documentation (the console's
//! `web/src/locales/chinese.test.ts` checks its own texts the same way): one space between
//! Chinese characters and Latin letters, digits or a placeholder (`最多 512 个字符`,
//! `Google 验证码`, `{code}，`), no space next to full-width punctuation nor between two Chinese
//! characters, none between a number and `%` or `°`. Tests of every table of Chinese texts
//! (messages, menus, mails, the getting-started page) call [`chinese_spacing_faults`].

const FULL_WIDTH: &str = "，。：；！？、（）「」『』《》“”";

fn is_han(c: char) -> bool {
    matches!(c, '\u{3400}'..='\u{4dbf}' | '\u{4e00}'..='\u{9fff}')
}

fn is_full_width(c: char) -> bool {
    FULL_WIDTH.contains(c)
}

/// Latin letters, digits, and `%` (a number's unit: `15% 的`).
fn is_latin(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '%'
}

/// The text as read: HTML tags dropped; placeholders (`{{max}}`, `{code}`), code in backticks
/// and URLs each become one Latin letter, so what stands next to them is still checked.
fn prose(text: &str) -> Vec<char> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::with_capacity(chars.len());
    let mut i = 0;
    while i < chars.len() {
        let rest = &chars[i..];
        let until = |end: char| rest[1..].iter().position(|&c| c == end).map(|p| i + p + 2);
        let skipped = match rest[0] {
            '<' if rest.get(1).is_some_and(|c| c.is_ascii_alphabetic() || *c == '/') => {
                until('>').map(|next| (next, None))
            }
            '{' if !rest[1..].iter().take_while(|&&c| c != '}').any(|&c| is_han(c)) => {
                let close = if rest.get(1) == Some(&'{') { 2 } else { 1 };
                until('}').map(|next| (next + close - 1, Some('X')))
            }
            '`' => until('`').map(|next| (next, Some('X'))),
            'h' if text_at(rest, "http://") || text_at(rest, "https://") => {
                let len = rest
                    .iter()
                    .position(|&c| c.is_whitespace() || is_han(c) || is_full_width(c))
                    .unwrap_or(rest.len());
                Some((i + len, Some('X')))
            }
            _ => None,
        };
        match skipped {
            Some((next, stand_in)) => {
                out.extend(stand_in);
                i = next;
            }
            None => {
                out.push(rest[0]);
                i += 1;
            }
        }
    }
    out
}

fn text_at(chars: &[char], word: &str) -> bool {
    chars.iter().copied().take(word.chars().count()).eq(word.chars())
}

/// Each misplaced, missing or doubled space of a Chinese text, as the few characters around it.
pub fn chinese_spacing_faults(text: &str) -> Vec<String> {
    let chars = prose(text);
    let mut faults = Vec::new();
    for pair in chars.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        if (is_han(a) && is_latin(b)) || (is_latin(a) && is_han(b)) {
            faults.push(pair.iter().collect());
        }
    }
    let mut i = 0;
    while i < chars.len() {
        if chars[i] != ' ' {
            i += 1;
            continue;
        }
        let start = i;
        while i < chars.len() && chars[i] == ' ' {
            i += 1;
        }
        let (Some(&before), Some(&after)) = (start.checked_sub(1).and_then(|s| chars.get(s)), chars.get(i))
        else {
            continue;
        };
        let chinese = |c: char| is_han(c) || is_full_width(c);
        let wrong = i - start > 1
            || is_full_width(before)
            || is_full_width(after)
            || (chinese(before) && chinese(after))
            || (before.is_ascii_digit() && matches!(after, '%' | '°'));
        if wrong {
            faults.push(chars[start - 1..=i].iter().collect());
        }
    }
    faults
}

#[cfg(test)]
mod tests {
    use super::chinese_spacing_faults as faults;

    #[test]
    fn finds_a_missing_doubled_or_misplaced_space() {
        assert_eq!(faults("最多512个字符"), ["多5", "2个"]);
        assert_eq!(faults("查看API密钥"), ["看A", "I密"]);
        assert_eq!(faults("共{count}条"), ["共X", "X条"]);
        assert_eq!(faults("共{{count}}条"), ["共X", "X条"]);
        assert_eq!(faults("上限15%的"), ["限1", "%的"]);
        assert_eq!(faults("最多  512 个字符"), ["多  5"]);
        assert_eq!(faults("请输入（ X-Nonce ）"), ["（ X", "e ）"]);
        assert_eq!(faults("已保存 。在 订单"), ["存 。", "在 订"]);
        assert_eq!(faults("上限 15 % 的"), ["5 %"]);
    }

    #[test]
    fn reads_placeholders_urls_code_and_tags_as_latin() {
        assert_eq!(
            faults("最多 512 个字符，Google 验证码，共 {count} 条，上限 15% 的（X-Nonce）"),
            Vec::<String>::new()
        );
        assert!(faults("须以 http:// 或 https://shop.example/a?b=1 开头").is_empty());
        assert_eq!(faults("访问https://shop.example/a，或"), ["问X"]);
        assert!(faults("须返回 {\"code\":0} 才算成功，`ok` 字段").is_empty());
        assert!(faults("（<a href=\"/x\">OpenAPI 文档</a>）").is_empty());
        assert_eq!(faults("的<code>API</code>密钥"), ["的A", "I密"]);
    }
}
