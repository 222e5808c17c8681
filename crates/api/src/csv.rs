//! CSV text as every export writes it (orders and reports): RFC 4180 lines, and cells a
//! spreadsheet never runs as formulas.

/// Excel reads a UTF-8 file as such when it starts with the byte-order mark.
pub(crate) const BOM: &str = "\u{FEFF}";

/// One CSV line (RFC 4180, CRLF).
pub(crate) fn line<S: AsRef<str>>(cells: impl IntoIterator<Item = S>) -> String {
    let mut out = String::new();
    push_line(&mut out, cells);
    out
}

/// Appends one CSV line to `out` (an export writes its lines into one piece of the body).
pub(crate) fn push_line<S: AsRef<str>>(out: &mut String, cells: impl IntoIterator<Item = S>) {
    for (i, cell) in cells.into_iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        push_field(out, cell.as_ref());
    }
    out.push_str("\r\n");
}

/// One field: quoted when it holds a comma, quote or line break; text a spreadsheet would run
/// as a formula (= + - @ tab CR first) gets a leading apostrophe, numbers excepted.
#[cfg(test)]
pub(crate) fn field(value: &str) -> String {
    let mut out = String::new();
    push_field(&mut out, value);
    out
}

fn push_field(out: &mut String, value: &str) {
    let formula = value.starts_with(['=', '+', '-', '@', '\t', '\r']) && !is_number(value);
    let quoted = value.contains([',', '"', '\r', '\n']);
    if quoted {
        out.push('"');
    }
    if formula {
        out.push('\'');
    }
    if quoted {
        for part in value.split_inclusive('"') {
            out.push_str(part);
            if part.ends_with('"') {
                out.push('"');
            }
        }
        out.push('"');
    } else {
        out.push_str(value);
    }
}

/// `-12`, `-0.5`: a signed decimal, which a spreadsheet reads as a number, not a formula.
fn is_number(value: &str) -> bool {
    let digits = value.strip_prefix('-').unwrap_or(value);
    let mut parts = digits.splitn(2, '.');
    let whole = parts.next().unwrap_or("");
    let all_digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    all_digits(whole) && parts.next().is_none_or(all_digits)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_formula_is_written_as_text_and_a_number_as_it_is() {
        assert_eq!(field("=HYPERLINK(\"x\")"), "\"'=HYPERLINK(\"\"x\"\")\"");
        assert_eq!(field("+1 555"), "'+1 555");
        assert_eq!(field("@SUM(A1)"), "'@SUM(A1)");
        assert_eq!(field("\tcmd"), "'\tcmd");
        assert_eq!(field("\rcmd"), "\"'\rcmd\"");
        assert_eq!(field("-0.5"), "-0.5");
        assert_eq!(field("-1"), "-1");
        assert_eq!(field("-1+1"), "'-1+1");
        assert_eq!(field("-"), "'-");
        assert_eq!(field("a,b"), "\"a,b\"");
        assert_eq!(field("line\nbreak"), "\"line\nbreak\"");
        assert_eq!(field("plain"), "plain");
        assert_eq!(field("30.5"), "30.5");
    }

    #[test]
    fn a_line_joins_its_fields_and_ends_in_crlf() {
        assert_eq!(line(["a", "=b", ""]), "a,'=b,\r\n");
    }
}
