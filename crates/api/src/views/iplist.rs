//! The IP list (menu 701).

use coffer_domain::codes::StoredCode;
use coffer_domain::iplist::IpRecord;
use coffer_domain::ports::ApplyStatus;
use serde::Serialize;

use super::time;

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct IpView {
    pub id: i64,
    pub ip: String,
    pub remark: String,
    /// 1 effective (approved), 0 not.
    pub status: i32,
    pub apply_status: i32,
    pub createtime: String,
    pub reviewtime: Option<String>,
}

impl From<IpRecord> for IpView {
    fn from(r: IpRecord) -> Self {
        IpView {
            id: r.id,
            status: i32::from(r.apply_status == ApplyStatus::Approved),
            ip: r.ip,
            remark: r.remark,
            apply_status: r.apply_status.code(),
            createtime: time(r.created_at),
            reviewtime: r.reviewed_at.map(time),
        }
    }
}
