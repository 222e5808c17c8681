//! The permission matrix of accounts, roles, the console IP list and the logs: no session, no
//! menu, another merchant.

use coffer_testkit::{each_database, TestDb};
use serde_json::{json, Value};

use crate::access::{account_id_of, role_id_of};
use crate::console::{paging, Accounts, IpList, Logs, Me, Roles};
use crate::helpers::{spawn_app, strings};

/// Every endpoint behind a menu id, with a body that would otherwise be acceptable.
fn gated_calls(role_id: i64, user_id: i64, ip_id: i64) -> Vec<(&'static str, i64, Value)> {
    vec![
        (Accounts::PAGE, 702, paging(1, 10)),
        (
            Accounts::ADD,
            70201,
            json!({"email": "new@x.example", "username": "New", "roleId": role_id}),
        ),
        (
            Accounts::EDIT,
            70202,
            json!({"id": user_id, "username": "Renamed", "roleId": role_id, "status": 1}),
        ),
        (
            Accounts::RESET_PASSWORD,
            70203,
            json!({"id": user_id, "password": "Reset-Pass-2026", "passwordVerify": "Reset-Pass-2026"}),
        ),
        (Accounts::DELETE, 70204, json!({"id": user_id})),
        (Accounts::ROLE_OPTIONS, 702, json!({})),
        (Roles::PAGE, 703, json!({})),
        (Roles::MENUS, 703, json!({})),
        (Roles::ADD, 70301, json!({"name": "Clerks", "menuIds": [1]})),
        (
            Roles::EDIT,
            70302,
            json!({"id": role_id, "name": "Clerks", "menuIds": [1]}),
        ),
        (Roles::DELETE, 70303, json!({"id": role_id})),
        (IpList::PAGE, 701, paging(1, 10)),
        (IpList::REQUEST, 70101, json!({"ip": "198.51.100.1"})),
        (IpList::DELETE, 70102, json!({"id": ip_id})),
        (Logs::LOGINS, 901, paging(1, 10)),
        (Logs::OPERATIONS, 902, paging(1, 10)),
    ]
}

/// Every endpoint that needs only a session.
const SESSION_CALLS: [&str; 12] = [
    Me::INFO,
    Me::LOGOUT,
    Me::HOME_CONFIG,
    Me::CHANGE_PASSWORD,
    "/admin/user/password/edit",
    Me::GOOGLE_CODE,
    Me::GOOGLE_BIND,
    Me::GOOGLE_UNBIND,
    Me::SET_TIME_ZONE,
    Me::MY_LOGS,
    Accounts::PAGE,
    Logs::LOGINS,
];

async fn permission_matrix(db: TestDb) {
    let app = spawn_app(db).await;
    let viewer = app
        .operator("viewer@coffer.local", "Viewer-Pass-2026", &[1])
        .await;
    let outsider = app.other_merchant().await;
    let admin = app.sign_in_demo().await;
    let role = role_id_of(&app, &admin, "viewer").await;
    let user = account_id_of(&app, &admin, "viewer@coffer.local").await;

    let requested = app.ip_list(&admin).request(json!({"ip": "192.0.2.1"})).await;
    let ip_id = requested.data()["id"].as_i64().unwrap();
    for (path, menu, body) in gated_calls(role, user, ip_id) {
        app.assert_gated(&viewer, path, &body, &format!("menu {menu}"))
            .await;
        // The other merchant's admin holds every menu, yet cannot touch our records.
        let foreign = app.post_as(&outsider, path, body).await;
        if body_names_a_record(path) {
            assert_eq!(
                foreign.code_and_msg(),
                (17001, "No such record"),
                "{path} across merchants"
            );
        }
    }
    for path in SESSION_CALLS {
        assert_eq!(
            app.post(path, json!({})).await.code(),
            10506,
            "{path} without a session"
        );
    }
    // The other merchant's lists never show our rows.
    let theirs = app.accounts(&outsider).page(paging(1, 100)).await;
    let emails = strings(&theirs.data()["list"], "email");
    assert_eq!(emails, vec!["boss@other.example"]);
    let their_logs = app.logs(&outsider).logins(paging(1, 100)).await;
    assert!(their_logs.data()["list"]
        .as_array()
        .unwrap()
        .iter()
        .all(|e| e["email"] == "boss@other.example"));
    let their_roles = app.roles(&outsider).page().await;
    let names = strings(&their_roles.data()["list"], "name");
    assert!(!names.iter().any(|n| n.contains("viewer")), "{names:?}");
}

fn body_names_a_record(path: &str) -> bool {
    ["edit", "delete", "resetPassword", "account/add"]
        .iter()
        .any(|p| path.contains(p))
}

each_database!(permission_matrix);
