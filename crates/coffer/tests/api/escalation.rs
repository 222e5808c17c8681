//! Privilege escalation inside a merchant: nobody grants what they do not hold, only
//! an admin makes or changes an admin, nobody changes their own role, account and role changes
//! need the authenticator, and a new reviewer cools off before passing withdrawals.

use chrono::Duration;
use coffer_testkit::{each_database, TestDb};
use serde_json::{json, Value};

use crate::console::{paging, Accounts, Roles};
use crate::helpers::{menu_ids, spawn_app, spawn_app_with, Answer, TestApp, DEMO_EMAIL};
use crate::wallets::{bind_google, google_code, offline_chains};
use crate::withdrawals::{payer, withdraw, Payer};

pub const INVITEE_PASSWORD: &str = "Invited-Pass-2026";

/// Invites an account with the caller's authenticator.
pub async fn invite(app: &TestApp, token: &str, google: &str, email: &str, role: i64) -> Answer {
    let body = json!({"email": email, "username": "Invitee", "roleId": role,
                      "googleCode": google_code(app, google)});
    app.accounts(token).add(body).await
}

/// The invitee sets a password with the code of the newest mail.
pub async fn accept(app: &TestApp, email: &str) -> Answer {
    let code = app.last_code(email).await;
    let body = json!({"email": email, "code": code, "password": INVITEE_PASSWORD,
                      "passwordVerify": INVITEE_PASSWORD});
    app.auth().accept_invite(body).await
}

/// Invites, accepts and signs in; returns the invitee's session.
pub async fn invite_and_sign_in(app: &TestApp, token: &str, google: &str, email: &str, role: i64) -> String {
    let invited = invite(app, token, google, email, role).await;
    assert_eq!(invited.code(), 1, "{:?}", invited.body);
    let accepted = accept(app, email).await;
    assert_eq!(accepted.code(), 1, "{:?}", accepted.body);
    app.sign_in(email, INVITEE_PASSWORD).await
}

pub async fn roles(app: &TestApp, token: &str) -> Vec<Value> {
    let page = app.roles(token).page().await;
    page.data()["list"].as_array().unwrap().clone()
}

pub async fn role_named(app: &TestApp, token: &str, part: &str) -> Value {
    roles(app, token)
        .await
        .into_iter()
        .find(|r| r["name"].as_str().unwrap().contains(part))
        .unwrap_or_else(|| panic!("no role named like {part}"))
}

pub async fn accounts(app: &TestApp, token: &str) -> Vec<Value> {
    let page = app.accounts(token).page(paging(1, 100)).await;
    page.data()["list"].as_array().unwrap().clone()
}

/// The id of the account with `email`.
pub async fn account_id(app: &TestApp, token: &str, email: &str) -> Value {
    let all = accounts(app, token).await;
    let account = all.iter().find(|a| a["email"] == email);
    account.unwrap_or_else(|| panic!("no account {email}"))["id"].clone()
}

async fn add_role(app: &TestApp, token: &str, google: &str, name: &str, menus: Value) -> i64 {
    let body = json!({"name": name, "menuIds": menus, "googleCode": google_code(app, google)});
    let added = app.roles(token).add(body).await;
    assert_eq!(added.code(), 1, "{:?}", added.body);
    added.data()["id"].as_i64().unwrap()
}

fn refused(answer: &Answer, msg: &str) {
    assert_eq!(answer.code_and_msg(), (10403, msg), "{:?}", answer.body);
}

const BEYOND: &str = "You cannot grant a permission you do not hold yourself";
const ADMIN_ONLY: &str =
    "Only an administrator can assign the administrator role or change an administrator's role";
const OWN_ROLE: &str = "You cannot change your own role or the role you belong to";
const OUTRANKS: &str = "This account or role holds permissions you do not hold; you cannot change it";

/// The probe's first finding: "Add account" alone made an admin.
async fn add_account_alone_grants_nothing_beyond_its_own(db: TestDb) {
    let app = spawn_app(db).await;
    let admin = app.sign_in_demo().await;
    let admin_google = bind_google(&app, &admin).await;
    let reviewers = add_role(&app, &admin, &admin_google, "Reviewers", json!([4, 403, 40301])).await;
    let readers = add_role(&app, &admin, &admin_google, "Readers", json!([7, 702])).await;
    let admin_role = role_named(&app, &admin, "admin").await["id"].as_i64().unwrap();
    let clerk = app
        .operator("clerk@coffer.local", "Clerk-Pass-2026", &[7, 702, 70201])
        .await;
    let clerk_google = bind_google(&app, &clerk).await;

    let as_admin = invite(&app, &clerk, &clerk_google, "evil@x.example", admin_role).await;
    refused(&as_admin, ADMIN_ONLY);
    let as_reviewer = invite(&app, &clerk, &clerk_google, "evil@x.example", reviewers).await;
    refused(&as_reviewer, BEYOND);
    assert!(!accounts(&app, &admin)
        .await
        .iter()
        .any(|a| a["email"] == "evil@x.example"));
    assert!(app.mails_to("evil@x.example").await.is_empty());

    // What the clerk holds it may hand out.
    let reader = invite(&app, &clerk, &clerk_google, "reader@x.example", readers).await;
    assert_eq!(reader.code(), 1, "{:?}", reader.body);

    // Nor may it move an account into a stronger role: it lacks 70202 (menu), and one that
    // has it is bound by the same rule.
    let mover = app
        .operator("mover@coffer.local", "Mover-Pass-2026", &[7, 702, 70202])
        .await;
    let mover_google = bind_google(&app, &mover).await;
    let reader_id = account_id(&app, &admin, "reader@x.example").await;
    let mover_id = account_id(&app, &admin, "mover@coffer.local").await;
    let demo_id = account_id(&app, &admin, DEMO_EMAIL).await;
    let edit = |id: &Value, role: i64| {
        json!({"id": id, "username": "X", "roleId": role, "status": 1,
               "googleCode": google_code(&app, &mover_google)})
    };
    for (id, role, msg) in [
        (&reader_id, admin_role, ADMIN_ONLY),
        (&reader_id, reviewers, BEYOND),
        (&mover_id, readers, OWN_ROLE),
        (&demo_id, readers, ADMIN_ONLY),
    ] {
        let answer = app.accounts(&mover).edit(edit(id, role)).await;
        refused(&answer, msg);
    }
    let after = accounts(&app, &admin).await;
    let role_of = |email: &str| after.iter().find(|a| a["email"] == email).unwrap()["roleId"].clone();
    assert_eq!(role_of("reader@x.example"), readers);
    assert_eq!(role_of(DEMO_EMAIL), admin_role);
    assert_eq!(
        after.iter().find(|a| a["email"] == "reader@x.example").unwrap()["username"],
        "Invitee"
    );

    // Nor reset the password of, or delete, an account stronger than itself.
    let janitor = app
        .operator(
            "janitor@coffer.local",
            "Janitor-Pass-2026",
            &[7, 702, 70203, 70204],
        )
        .await;
    let reset = json!({"id": demo_id, "password": "Taken-Over-2026", "passwordVerify": "Taken-Over-2026"});
    let taken = app.accounts(&janitor).reset_password(reset).await;
    refused(&taken, ADMIN_ONLY);
    let deleted = app.accounts(&janitor).delete(json!({"id": mover_id})).await;
    refused(&deleted, OUTRANKS);
    assert_eq!(accounts(&app, &admin).await.len(), after.len() + 1, "the janitor");
    let password_kept = json!({"email": DEMO_EMAIL, "password": crate::helpers::DEMO_PASSWORD});
    assert_eq!(app.auth().verify(password_kept).await.code(), 1);
}

/// The probe's second finding: "Edit role" alone gave its own role every permission.
async fn edit_role_alone_cannot_widen_any_role(db: TestDb) {
    let app = spawn_app(db).await;
    let admin = app.sign_in_demo().await;
    let admin_google = bind_google(&app, &admin).await;
    let clerks = add_role(&app, &admin, &admin_google, "Clerks", json!([1])).await;
    let strong = add_role(&app, &admin, &admin_google, "Strong", json!([1, 4, 403, 40301])).await;
    let editor = app
        .operator("editor@coffer.local", "Editor-Pass-2026", &[1, 7, 703, 70302])
        .await;
    let google = bind_google(&app, &editor).await;
    let own = role_named(&app, &admin, "editor").await["id"].as_i64().unwrap();
    let everything: Vec<i64> = menu_ids(app.roles(&admin).menus().await.data());
    let edit = |id: i64, menus: Value| json!({"id": id, "name": "Renamed", "menuIds": menus, "googleCode": google_code(&app, &google)});
    let before = roles(&app, &admin).await;
    for (id, menus, msg) in [
        (own, json!(everything), OWN_ROLE),
        (own, json!([1]), OWN_ROLE),
        (clerks, json!([1, 40301]), BEYOND),
        (strong, json!([1]), OUTRANKS),
    ] {
        let answer = app.roles(&editor).edit(edit(id, menus)).await;
        refused(&answer, msg);
    }
    let added = app
        .roles(&editor)
        .add(json!({"name": "Mine", "menuIds": [1, 703], "googleCode": google_code(&app, &google)}))
        .await;
    assert_eq!(added.code(), 10403, "the editor lacks 70301");
    assert_eq!(roles(&app, &admin).await, before, "nothing changed");
    // Within its own permissions it may edit another role.
    let fine = app.roles(&editor).edit(edit(clerks, json!([1, 7]))).await;
    assert_eq!(fine.code(), 1, "{:?}", fine.body);
}

/// Each call that changes who may do what needs a current authenticator code; without one,
/// or with a wrong one, nothing is stored.
async fn account_and_role_changes_need_the_authenticator(db: TestDb) {
    let app = spawn_app(db).await;
    let admin = app.sign_in_demo().await;
    let clerks = json!({"name": "Clerks", "menuIds": [1]});
    let unbound = app.roles(&admin).add(clerks.clone()).await;
    assert_eq!(
        unbound.code_and_msg(),
        (11008, "Please bind Google verification code first")
    );
    let google = bind_google(&app, &admin).await;
    let role = add_role(&app, &admin, &google, "Base", json!([1])).await;
    invite_and_sign_in(&app, &admin, &google, "viewer@x.example", role).await;
    let viewer_id = account_id(&app, &admin, "viewer@x.example").await;
    let other = add_role(&app, &admin, &google, "Other", json!([1, 3])).await;
    let calls = [
        (Roles::ADD, clerks.clone()),
        (
            Roles::EDIT,
            json!({"id": role, "name": "Base", "menuIds": [1, 3]}),
        ),
        (
            Accounts::ADD,
            json!({"email": "new@x.example", "username": "New", "roleId": role}),
        ),
        (
            Accounts::EDIT,
            json!({"id": viewer_id, "username": "V", "roleId": other, "status": 1}),
        ),
    ];
    let before = (roles(&app, &admin).await, accounts(&app, &admin).await);
    for (path, mut body) in calls {
        let missing = app.post_as(&admin, path, body.clone()).await;
        assert_eq!(missing.code(), 10422, "{path}: {:?}", missing.body);
        body["googleCode"] = json!("000000");
        let wrong = app.post_as(&admin, path, body).await;
        assert_eq!(wrong.code(), 11002, "{path}: {:?}", wrong.body);
    }
    assert_eq!((roles(&app, &admin).await, accounts(&app, &admin).await), before);
    assert!(app.mails_to("new@x.example").await.is_empty());
}

/// A 1000 USDT withdrawal waiting for review, and a second admin just invited, signed in with
/// its authenticator bound: (the payer, the order id, the admin's session, its secret).
async fn an_order_and_a_new_admin(app: &TestApp) -> (Payer, Value, String, String) {
    let p = payer(app, "10000").await;
    let order = withdraw(app, &p, "1000", json!({})).await.data()["id"].clone();
    app.executor.step().await.unwrap();
    let admin_role = role_named(app, &p.token, "admin").await["id"].as_i64().unwrap();
    let second = invite_and_sign_in(app, &p.token, &p.google, "second@x.example", admin_role).await;
    let second_google = bind_google(app, &second).await;
    (p, order, second, second_google)
}

/// The probe's third finding: a new admin passed the first admin's withdrawal at once.
async fn a_new_reviewer_cools_off_before_passing(db: TestDb) {
    let app = spawn_app_with(db, offline_chains).await;
    assert_eq!(app.config.withdrawals.review_cooling_off_hours, 24, "the default");
    let (p, order, second, second_google) = an_order_and_a_new_admin(&app).await;
    let pass = |secret: &str| json!({"ids": [order], "action": 1, "googleCode": google_code(&app, secret)});
    let early = app.withdrawals(&second).check(pass(&second_google)).await;
    assert_eq!(early.code(), 1, "{:?}", early.body);
    assert_eq!(early.data()["done"], 0);
    assert_eq!(early.data()["results"][0]["code"], 15004);
    assert_eq!(
        early.data()["results"][0]["msg"],
        "Your permission to pass withdrawals is too recent; you can pass withdrawals once the cooling-off period has ended"
    );

    // A settled reviewer whose role gains the pass button cools off too.
    app.store
        .add_user(
            DEMO_EMAIL,
            "checker@coffer.local",
            "Checker-Pass-2026",
            &[4, 403, 40302],
        )
        .await
        .unwrap();
    let checker_role = role_named(&app, &p.token, "checker").await["id"]
        .as_i64()
        .unwrap();
    let widen = json!({"id": checker_role, "name": "Checkers", "menuIds": [4, 403, 40301, 40302],
                       "googleCode": google_code(&app, &p.google)});
    assert_eq!(app.roles(&p.token).edit(widen).await.code(), 1);
    let checker = app.sign_in("checker@coffer.local", "Checker-Pass-2026").await;
    let checker_google = bind_google(&app, &checker).await;
    let widened = app.withdrawals(&checker).check(pass(&checker_google)).await;
    assert_eq!(widened.data()["done"], 0, "{:?}", widened.body);

    app.clock.advance(Duration::hours(24));
    // Signed in again (the session idled out): with the authenticator it has bound.
    let login = json!({"email": "second@x.example", "password": INVITEE_PASSWORD,
                       "code": google_code(&app, &second_google)});
    let second = app.auth().login(login).await.data()["sessionCode"]
        .as_str()
        .expect("signed in with the authenticator")
        .to_string();
    let later = app.withdrawals(&second).check(pass(&second_google)).await;
    assert_eq!(later.data()["done"], 1, "{:?}", later.body);
}

async fn no_cooling_off_when_configured_to_zero(db: TestDb) {
    let app = spawn_app_with(db, |c| {
        offline_chains(c);
        c.withdrawals.review_cooling_off_hours = 0;
    })
    .await;
    let (_, order, second, second_google) = an_order_and_a_new_admin(&app).await;
    let pass = json!({"ids": [order], "action": 1, "googleCode": google_code(&app, &second_google)});
    let at_once = app.withdrawals(&second).check(pass).await;
    assert_eq!(at_once.data()["done"], 1, "{:?}", at_once.body);
}

each_database!(
    add_account_alone_grants_nothing_beyond_its_own,
    edit_role_alone_cannot_widen_any_role,
    account_and_role_changes_need_the_authenticator,
    a_new_reviewer_cools_off_before_passing,
    no_cooling_off_when_configured_to_zero,
);
