//! Accounts and roles, the permission matrix, tenant isolation and the operation log.

use coffer_testkit::{each_database, TestDb};
use serde_json::{json, Value};

use crate::console::{paging, Accounts, Me};
use crate::escalation::{invite_and_sign_in, INVITEE_PASSWORD};
use crate::helpers::{menu_ids, spawn_app, strings, TestApp, DEMO_EMAIL};
use crate::wallets::{bind_google, google_code};

pub async fn role_id_of(app: &TestApp, token: &str, name_part: &str) -> i64 {
    let roles = app.roles(token).page().await;
    roles.data()["list"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["name"].as_str().unwrap().contains(name_part))
        .unwrap()["id"]
        .as_i64()
        .unwrap()
}

pub async fn account_id_of(app: &TestApp, token: &str, email: &str) -> i64 {
    let page = app
        .accounts(token)
        .page(json!({"page": 1, "pageSize": 100, "email": email}))
        .await;
    page.data()["list"][0]["id"].as_i64().unwrap()
}

async fn accounts_and_roles_lifecycle(db: TestDb) {
    let app = spawn_app(db).await;
    let admin = app.sign_in_demo().await;
    let google = bind_google(&app, &admin).await;
    let role_body = |name: &str, menus: Value| json!({"name": name, "menuIds": menus, "googleCode": google_code(&app, &google)});
    let add_role = app.roles(&admin).add(role_body("  ", json!([1]))).await;
    assert_eq!(add_role.code(), 10422);
    let unknown = app.roles(&admin).add(role_body("Ops", json!([1, 424242]))).await;
    assert_eq!(unknown.code(), 10422);
    let created = app
        .roles(&admin)
        .add(role_body("Ops", json!([1, 3, 301, 301])))
        .await;
    assert_eq!(created.code(), 1, "{:?}", created.body);
    let ops = created.data()["id"].as_i64().unwrap();

    let account = |email: &str, name: &str| json!({"email": email, "username": name, "roleId": ops, "googleCode": google_code(&app, &google)});
    let nameless = app.accounts(&admin).add(account("ops@coffer.local", " ")).await;
    assert_eq!(nameless.code_and_msg(), (10422, "Nickname is empty"));
    let ops_token = invite_and_sign_in(&app, &admin, &google, "ops@coffer.local", ops).await;
    let ops_user = crate::escalation::account_id(&app, &admin, "ops@coffer.local")
        .await
        .as_i64()
        .unwrap();
    let dup = app
        .accounts(&admin)
        .add(account("OPS@coffer.local", "Ops 2"))
        .await;
    assert_eq!(dup.code(), 11005);

    let menus = app.me(&ops_token).info().await;
    let ids: Vec<i64> = menu_ids(&menus.data()["menuList"]);
    assert_eq!(ids, vec![1, 3, 301]);

    // The role in use cannot be deleted; the admin role is read-only.
    assert_eq!(app.roles(&admin).delete(json!({"id": ops})).await.code(), 11011);
    let admin_role = role_id_of(&app, &admin, "admin").await;
    let edit_admin = app
        .roles(&admin)
        .edit(
            json!({"id": admin_role, "name": "x", "menuIds": [1], "googleCode": google_code(&app, &google)}),
        )
        .await;
    assert_eq!(edit_admin.code(), 11011);

    // Editing the role changes what its users may do at once.
    let edit = app
        .roles(&admin)
        .edit(
            json!({"id": ops, "name": "Ops", "menuIds": [1, 702], "googleCode": google_code(&app, &google)}),
        )
        .await;
    assert_eq!(edit.code(), 1);
    assert_eq!(app.accounts(&ops_token).page(paging(1, 5)).await.code(), 1);

    // Disabling the user ends their sessions; deleting it frees the role.
    let disable = json!({"id": ops_user, "username": "Ops", "roleId": ops, "status": 0});
    assert_eq!(app.accounts(&admin).edit(disable).await.code(), 1);
    assert_eq!(app.me(&ops_token).info().await.code(), 10506);
    let disabled = app
        .auth()
        .check_password("ops@coffer.local", INVITEE_PASSWORD)
        .await;
    assert_eq!(disabled.code(), 11003);
    assert_eq!(
        app.accounts(&admin).delete(json!({"id": ops_user})).await.code(),
        1
    );
    assert_eq!(app.roles(&admin).delete(json!({"id": ops})).await.code(), 1);
}

async fn operators_cannot_lock_themselves_out(db: TestDb) {
    let app = spawn_app(db).await;
    let admin = app.sign_in_demo().await;
    let me = account_id_of(&app, &admin, DEMO_EMAIL).await;
    let admin_role = role_id_of(&app, &admin, "admin").await;
    assert_eq!(app.accounts(&admin).delete(json!({"id": me})).await.code(), 11010);
    let disable_me = json!({"id": me, "username": "Me", "roleId": admin_role, "status": 0});
    assert_eq!(app.accounts(&admin).edit(disable_me).await.code(), 11010);
    let rename = json!({"id": me, "username": "Renamed admin", "roleId": admin_role, "status": 1});
    assert_eq!(
        app.accounts(&admin).edit(rename).await.code(),
        1,
        "a rename is fine"
    );

    // A second admin may not remove the last other admin either... but may once two exist.
    let google = bind_google(&app, &admin).await;
    let second = invite_and_sign_in(&app, &admin, &google, "second@coffer.local", admin_role).await;
    assert_eq!(app.accounts(&second).delete(json!({"id": me})).await.code(), 1);
    let second_id = account_id_of(&app, &second, "second@coffer.local").await;
    assert_eq!(
        app.accounts(&second)
            .delete(json!({"id": second_id}))
            .await
            .code(),
        11010
    );
}

async fn mutating_calls_are_in_the_operation_log(db: TestDb) {
    let app = spawn_app(db).await;
    let admin = app.sign_in_demo().await;
    let viewer = app
        .operator("viewer@coffer.local", "Viewer-Pass-2026", &[1])
        .await;
    let user = account_id_of(&app, &admin, "viewer@coffer.local").await;
    let role = role_id_of(&app, &admin, "viewer").await;
    let edit = json!({"id": user, "username": "Viewer two", "roleId": role, "status": 1});
    assert_eq!(app.accounts(&admin).edit(edit).await.code(), 1);
    let reset = json!({"id": user, "password": "Reset-Pass-2026", "passwordVerify": "Reset-Pass-2026"});
    assert_eq!(app.accounts(&admin).reset_password(reset).await.code(), 1);
    // A refused call is recorded too.
    assert_eq!(
        app.roles(&viewer)
            .add(json!({"name": "x", "menuIds": []}))
            .await
            .code(),
        10506
    );
    let zone = app.me(&admin).set_time_zone(json!({"timeZone": 14})).await;
    assert_eq!(zone.code(), 10422);
    assert_eq!(
        app.me(&admin).set_time_zone(json!({"timeZone": -5})).await.code(),
        1
    );
    let config = app.me(&admin).home_config().await;
    assert_eq!(config.data()["timeZone"], -5);

    let log = app.logs(&admin).operations(paging(1, 50)).await;
    let entries = log.data()["list"].as_array().unwrap();
    let actions: Vec<&str> = entries.iter().map(|e| e["action"].as_str().unwrap()).collect();
    assert_eq!(actions[0], Me::SET_TIME_ZONE);
    assert_eq!(entries[1]["result"], "failure", "the refused time zone");
    let edit_entry = entries.iter().find(|e| e["action"] == Accounts::EDIT).unwrap();
    assert_eq!(
        edit_entry["target"], "viewer@coffer.local",
        "the account, by its e-mail"
    );
    assert_eq!(edit_entry["ip"], "127.0.0.1");
    assert!(edit_entry["before"]
        .as_str()
        .unwrap()
        .contains("viewer@coffer.local"));
    assert!(edit_entry["after"].as_str().unwrap().contains("Viewer two"));
    let reset_entry = entries
        .iter()
        .find(|e| e["action"] == Accounts::RESET_PASSWORD)
        .unwrap();
    assert!(
        !reset_entry["after"].as_str().unwrap().contains("Reset-Pass-2026"),
        "secrets masked"
    );
    assert_eq!(reset_entry["target"], "viewer@coffer.local");

    let mine = app.me(&admin).my_logs(paging(1, 2)).await;
    assert_eq!(mine.data()["list"].as_array().unwrap().len(), 2);
    assert!(mine.data()["total"].as_u64().unwrap() >= 4);
    let bad_page = app.me(&admin).my_logs(paging(0, 2)).await;
    assert_eq!(bad_page.code(), 10422);
    // The viewer (no admin role) may not set the merchant's time zone.
    let viewer = app.sign_in("viewer@coffer.local", "Reset-Pass-2026").await;
    assert_eq!(
        app.me(&viewer).set_time_zone(json!({"timeZone": 1})).await.code(),
        10403
    );
}

/// Being an administrator comes from the role's flag, never from its name.
async fn admin_is_a_flag_not_a_name(db: TestDb) {
    let app = spawn_app(db).await;
    let admin = app.sign_in_demo().await;
    for name in ["admin", " ADMIN "] {
        let fake = app.roles(&admin).add(json!({"name": name, "menuIds": [1]})).await;
        assert_eq!(
            fake.code_and_msg(),
            (17005, "A role with this name already exists"),
            "{name:?}"
        );
    }
    let all_menus: Vec<i64> = menu_ids(app.roles(&admin).menus().await.data());
    let google = bind_google(&app, &admin).await;
    let everything = app
        .roles(&admin)
        .add(json!({"name": "Everything", "menuIds": all_menus, "googleCode": google_code(&app, &google)}))
        .await;
    let role = everything.data()["id"].as_i64().unwrap();
    let power = invite_and_sign_in(&app, &admin, &google, "power@coffer.local", role).await;
    let info = app.me(&power).info().await;
    assert_eq!(info.data()["isAdmin"], false);
    assert_eq!(app.me(&admin).info().await.data()["isAdmin"], true);
    assert_eq!(
        app.me(&power).set_time_zone(json!({"timeZone": 1})).await.code(),
        10403
    );

    // Role options for account forms need only the account list's menu.
    let clerk = app
        .operator("clerk@coffer.local", "Clerk-Pass-2026", &[7, 702, 70201])
        .await;
    let options = app.accounts(&clerk).role_options().await;
    assert_eq!(options.code(), 1);
    let names = strings(options.data(), "name");
    assert!(
        names.contains(&"admin") && names.contains(&"Everything"),
        "{names:?}"
    );
    assert_eq!(app.roles(&clerk).page().await.code(), 10403);
}

/// A role name may not read like another role's or like "admin": a letter of another script,
/// `rn` for `m` or `l` for `I` is refused on adding and on renaming; a distinct name passes.
async fn role_names_may_not_look_like_another(db: TestDb) {
    let app = spawn_app(db).await;
    let admin = app.sign_in_demo().await;
    let google = bind_google(&app, &admin).await;
    let look_alike = (
        17007,
        "This role name looks like an existing role's name or like \"admin\": choose a name that reads differently",
    );
    let add = |name: &str| {
        let body = json!({"name": name, "menuIds": [1], "googleCode": google_code(&app, &google)});
        let roles = app.roles(&admin);
        async move { roles.add(body).await }
    };
    for twin in ["\u{0410}dmin", "adrnin", "ADMlN"] {
        assert_eq!(add(twin).await.code_and_msg(), look_alike, "{twin:?}");
    }
    let finance = add("Finance").await;
    assert_eq!(finance.code(), 1, "{:?}", finance.body);
    assert_eq!(add("F\u{0456}nance").await.code_and_msg(), look_alike);
    let auditors = add("Auditors").await;
    assert_eq!(
        auditors.code(),
        1,
        "a name that reads differently: {:?}",
        auditors.body
    );
    let rename = |name: &str| {
        let body = json!({"id": auditors.data()["id"], "name": name, "menuIds": [1], "googleCode": google_code(&app, &google)});
        let roles = app.roles(&admin);
        async move { roles.edit(body).await }
    };
    assert_eq!(rename("FlNANCE").await.code_and_msg(), look_alike);
    assert_eq!(rename("Audit team").await.code(), 1);
    let roles = app.roles(&admin).page().await;
    let mut names = strings(&roles.data()["list"], "name");
    names.sort();
    assert_eq!(
        names,
        vec!["Audit team", "Finance", "admin"],
        "nothing else was added"
    );
}

each_database!(
    role_names_may_not_look_like_another,
    admin_is_a_flag_not_a_name,
    accounts_and_roles_lifecycle,
    operators_cannot_lock_themselves_out,
    mutating_calls_are_in_the_operation_log,
);
