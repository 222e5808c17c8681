//! `/api/partner/chain/addressRules`: each configured chain's address rule, from its adapter,
//! for the console to check typed addresses with.

use coffer_testkit::{each_database, TestDb};
use serde_json::{json, Value};

use crate::console::NO_SESSION;
use crate::helpers::spawn_app_with;
use crate::wallets::{offline_chains, EVM, TRON};

const DEV: i64 = 1337;

async fn every_chain_has_its_familys_address_rule(db: TestDb) {
    let app = spawn_app_with(db, offline_chains).await;
    let anonymous = app.chains(NO_SESSION).address_rules().await;
    assert_eq!(anonymous.code(), 10506, "a session is needed");

    let token = app.sign_in_demo().await;
    let answer = app.chains(&token).address_rules().await;
    assert_eq!(answer.code(), 1);
    let hex = json!("^0x[0-9a-fA-F]{40}$");
    let base58 = json!("^T[1-9A-HJ-NP-Za-km-z]{33}$");
    assert_eq!(
        answer.data(),
        &json!([
            { "chainId": DEV, "family": "dev", "pattern": hex,
              "example": "0x5FbDB2315678afecb367f032d93F642f64180aa3", "caseSensitive": false },
            { "chainId": EVM, "family": "evm", "pattern": hex,
              "example": "0x5FbDB2315678afecb367f032d93F642f64180aa3", "caseSensitive": false },
            { "chainId": TRON, "family": "tron", "pattern": base58,
              "example": "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", "caseSensitive": true },
        ])
    );

    // The same chains, in the same order, as home/config's catalogue; and each example is an
    // address its chain accepts.
    let config = app.me(&token).home_config().await;
    let catalogue: Vec<(i64, &str)> = config.data()["chainNodes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["chainid"].as_i64().unwrap(), c["family"].as_str().unwrap()))
        .collect();
    let rules: Vec<&Value> = answer.data().as_array().unwrap().iter().collect();
    let ruled: Vec<(i64, &str)> = rules
        .iter()
        .map(|r| (r["chainId"].as_i64().unwrap(), r["family"].as_str().unwrap()))
        .collect();
    assert_eq!(ruled, catalogue);
    for rule in rules {
        let chain = app
            .scanner
            .chains
            .require(rule["chainId"].as_i64().unwrap())
            .unwrap();
        let example = rule["example"].as_str().unwrap();
        assert_eq!(chain.parse_address(example).as_deref(), Ok(example));
    }
}

each_database!(every_chain_has_its_familys_address_rule);
