//! A billing period: a calendar month in the billing zone (whole hours east of UTC, the way
//! merchants' zones are kept), as the UTC instants it starts and ends at.

use chrono::{DateTime, Datelike, Duration, NaiveDate, TimeZone, Utc};

/// Bills of a period are issued this long after it ends, so a fee posted at its last moment
/// on any node is committed by then.
pub const ISSUE_GRACE_MINUTES: i64 = 10;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Period {
    /// "2026-11".
    pub label: String,
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
    /// Whole hours east of UTC.
    pub time_zone: i32,
}

impl Period {
    /// The month `year`-`month` in the zone `time_zone`.
    pub fn month(year: i32, month: u32, time_zone: i32) -> Option<Period> {
        let first = NaiveDate::from_ymd_opt(year, month, 1)?;
        let next = if month == 12 {
            NaiveDate::from_ymd_opt(year + 1, 1, 1)?
        } else {
            NaiveDate::from_ymd_opt(year, month + 1, 1)?
        };
        let utc = |day: NaiveDate| {
            Utc.from_utc_datetime(&day.and_hms_opt(0, 0, 0).expect("midnight"))
                - Duration::hours(i64::from(time_zone))
        };
        Some(Period {
            label: format!("{year:04}-{month:02}"),
            start: utc(first),
            end: utc(next),
            time_zone,
        })
    }

    /// The period "YYYY-MM" typed by the operator.
    pub fn parse(label: &str, time_zone: i32) -> Option<Period> {
        let (year, month) = label.trim().split_once('-')?;
        if year.len() != 4 || month.len() != 2 {
            return None;
        }
        Period::month(year.parse().ok()?, month.parse().ok()?, time_zone)
    }

    /// The period `at` falls in.
    pub fn containing(at: DateTime<Utc>, time_zone: i32) -> Period {
        let local = at + Duration::hours(i64::from(time_zone));
        Period::month(local.year(), local.month(), time_zone).expect("a real month")
    }

    /// The last period whose bills may be issued at `now`: ended at least the grace ago.
    pub fn last_issuable(now: DateTime<Utc>, time_zone: i32) -> Period {
        let current = Period::containing(now - Duration::minutes(ISSUE_GRACE_MINUTES), time_zone);
        Period::containing(current.start - Duration::seconds(1), time_zone)
    }

    /// Whether its bills may be issued at `now`.
    pub fn issuable(&self, now: DateTime<Utc>) -> bool {
        now >= self.end + Duration::minutes(ISSUE_GRACE_MINUTES)
    }

    /// How long a row valid over [from, to) was in force within the period.
    pub fn overlap(&self, from: DateTime<Utc>, to: Option<DateTime<Utc>>) -> Duration {
        let start = from.max(self.start);
        let end = to.map_or(self.end, |to| to.min(self.end));
        (end - start).max(Duration::zero())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> DateTime<Utc> {
        text.parse().unwrap()
    }

    #[test]
    fn a_month_starts_at_midnight_in_the_billing_zone() {
        let november = Period::month(2026, 11, 8).unwrap();
        assert_eq!(november.start, at("2026-10-31T16:00:00Z"));
        assert_eq!(november.end, at("2026-11-30T16:00:00Z"));
        let december = Period::month(2026, 12, -5).unwrap();
        assert_eq!(december.end, at("2027-01-01T05:00:00Z"));
        assert_eq!(Period::parse("2026-12", -5), Some(december));
        assert_eq!(Period::parse("2026-13", 0), None);
        assert_eq!(Period::parse("26-1", 0), None);
        // 2026-11-30T17:00Z is already December at UTC+8.
        assert_eq!(Period::containing(at("2026-11-30T17:00:00Z"), 8).label, "2026-12");
        assert_eq!(Period::containing(at("2026-11-30T17:00:00Z"), 0).label, "2026-11");
    }

    #[test]
    fn a_period_is_issuable_only_once_it_has_ended_and_the_grace_passed() {
        let november = Period::month(2026, 11, 0).unwrap();
        assert!(!november.issuable(at("2026-12-01T00:05:00Z")));
        assert!(november.issuable(at("2026-12-01T00:10:00Z")));
        assert_eq!(
            Period::last_issuable(at("2026-12-01T00:05:00Z"), 0).label,
            "2026-10"
        );
        assert_eq!(
            Period::last_issuable(at("2026-12-01T00:10:00Z"), 0).label,
            "2026-11"
        );
        assert_eq!(
            november.overlap(at("2026-11-16T00:00:00Z"), None),
            Duration::days(15)
        );
        assert_eq!(
            november.overlap(at("2026-10-01T00:00:00Z"), Some(at("2026-11-02T00:00:00Z"))),
            Duration::days(1)
        );
        assert_eq!(
            november.overlap(at("2026-12-05T00:00:00Z"), None),
            Duration::zero()
        );
    }
}
