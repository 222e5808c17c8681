// System › API detail (menu 801): the merchant API reference; the screen shows the OpenAPI
// document's own texts (summaries, field descriptions) as the service wrote them, in English.
// Also the hash scan of Transactions › Deposit list (40101), kept here with the other
// merchant-integration texts.
const apiDetail = {
  api_detail_title: 'API detail',
  api_detail_load_failed: 'The API description could not be loaded',
  api_detail_retry: 'Retry',

  // Intro and setting up
  api_detail_intro_title: 'Merchant API',
  api_detail_intro:
    'Your servers call these endpoints to work with Coffer, for example to get the deposit address of one of your users. Every call is signed with your RSA key; deposits are announced to your callback address, signed with the platform key.',
  api_detail_base_url: 'Base URL',
  api_detail_openapi_doc: 'OpenAPI document',
  api_detail_version: 'Version',
  api_detail_setup_title: 'Setting up',
  api_detail_step_google: 'Bind Google Authenticator: showing the API key and uploading the RSA key ask for its code.',
  api_detail_step_rsa:
    'Make an RSA key pair (2048 to 4096 bits) and upload its public key. The private key never leaves your servers.',
  api_detail_step_key: 'Generate the API key (ck_…). Resetting it makes the old key stop working at once.',
  api_detail_step_whitelist:
    'Allow your servers’ IP addresses: on the whitelist (effective at once) or the IP list (reviewed by an operator). Calls from any other address are refused (13005).',
  api_detail_step_callback: 'Set the callback address that receives the signed deposit notifications (see Verifying callbacks below).',
  api_detail_go_personal: 'Personal centre',
  api_detail_go_api_key: 'System › API key',
  api_detail_go_whitelist: 'System › Whitelist',
  api_detail_go_ip_list: 'Account › IP list',
  api_detail_go_callback: 'System › Callback',
  api_detail_envelope:
    'Every answer is HTTP 200 with the envelope {code, msg, data}: code 1 is success, any other code is one of the error codes; msg is in the language of Accept-Language (en_US, zh_CN, zh_HK).',

  // Authentication
  api_detail_auth_title: 'Authentication',
  api_detail_auth_intro: 'Every signed call carries these four headers.',
  api_detail_header: 'Header',
  api_detail_required: 'Required',
  api_detail_optional: 'Optional',
  api_detail_description: 'Description',
  api_detail_rules: 'Rules',
  api_detail_example: 'Example',
  api_detail_canonical_title: 'Canonical string',
  api_detail_canonical_intro:
    'X-Signature is the base64 RSASSA-PKCS1-v1_5 SHA-256 signature, by your private key, of these five lines joined by a single \\n (no newline at the end):',
  api_detail_canonical_method: 'METHOD: GET or POST, upper case.',
  api_detail_canonical_path: 'PATH: the path as in the request line, with the query string if there is one (/merchant/v1/address).',
  api_detail_canonical_ts_nonce: 'TIMESTAMP, NONCE: exactly the header values.',
  api_detail_canonical_body: 'BODY_SHA256: lowercase hex SHA-256 of the raw body bytes as sent; for a GET, of the empty string.',
  api_detail_doc_text: 'From the OpenAPI document',

  // Operations
  api_detail_operations_title: 'Operations',
  api_detail_operation_id: 'Operation id',
  api_detail_auth: 'Authentication',
  api_detail_auth_signed: 'Signed: X-Api-Key, X-Timestamp, X-Nonce, X-Signature',
  api_detail_auth_none: 'None',
  api_detail_headers: 'Headers',
  api_detail_request_body: 'Request body',
  api_detail_no_body: 'No body: BODY_SHA256 is the SHA-256 of the empty string.',
  api_detail_field: 'Field',
  api_detail_type: 'Type',
  api_detail_request_example: 'Example body',
  api_detail_response: 'Response',
  api_detail_response_fields: 'Fields of data',
  api_detail_response_example: 'Example answer',
  api_detail_error_codes: 'Error codes',
  api_detail_code: 'Code',
  api_detail_code_name: 'Name',
  api_detail_code_when: 'When',

  // Worked signing example
  api_detail_example_title: 'Worked signing example',
  api_detail_example_intro:
    'The sample values of the merchant API guide. Signing the canonical string with the sample private key gives exactly this signature: PKCS#1 v1.5 is deterministic.',
  api_detail_example_request: 'Request',
  api_detail_example_body: 'Body',
  api_detail_example_timestamp: 'Timestamp',
  api_detail_example_nonce: 'Nonce',
  api_detail_example_canonical: 'Canonical string',
  api_detail_example_signature: 'Signature (X-Signature)',
  api_detail_example_openssl: 'openssl and curl',
  api_detail_example_openssl_tip: 'Sent for real, this request would be refused with 13003 because its timestamp is old: use the live lines.',
  api_detail_example_verify: 'Check a signature the way Coffer does (prints Verified OK)',
  api_detail_example_node: 'Node.js',
  api_detail_sample_keys: 'Sample key pair: never use it for anything real',
  api_detail_sample_private: 'Sample private key',
  api_detail_sample_public: 'Sample public key',

  // Verifying callbacks
  api_detail_callbacks_title: 'Verifying callbacks',
  api_detail_callbacks_intro:
    'For each change of a credited deposit (deposit.confirming, deposit.confirmed, deposit.void) Coffer POSTs a JSON body to your callback address. Answer HTTP 2xx with JSON whose code is 0; anything else is retried, and after the last attempt the event is failed until it is re-pushed on System › Callback.',
  api_detail_cb_event_id: 'The event id, the same on every attempt: de-duplicate on it. Equals eventId in the body.',
  api_detail_cb_timestamp: 'Unix milliseconds of this attempt.',
  api_detail_cb_key_id: 'Which platform key signed.',
  api_detail_cb_signature: 'base64 of the SHA256withRSA (PKCS#1 v1.5) signature of the signing string by the platform key.',
  api_detail_cb_signing: 'Signing string',
  api_detail_cb_signing_tip:
    'The X-Coffer-Timestamp header, a newline, then the body bytes exactly as received: verify before parsing, never re-serialised JSON.',
  api_detail_cb_openssl: 'openssl (platform.pem: the key below; body.json: the raw body; TS, SIG: the headers)',
  api_detail_cb_node: 'Node.js receiver',
  api_detail_platform_key: 'Platform public key',
  api_detail_platform_key_id: 'Key id',
  api_detail_platform_key_unavailable: 'Your role cannot read the platform public key here; it is shown on System › API key.',

  // Transactions › Deposit list: scanning a missed transaction hash (button 40101)
  hash_scan_button: 'Scan transaction hash',
  hash_scan_title: 'Scan a transaction hash',
  hash_scan_tip:
    'Paste the hash of a transaction that paid one of your deposit addresses but is missing from the list. Coffer reads it from the chain and records its transfers once, as the scanner would.',
  hash_scan_chain_required: 'Please choose a chain',
  hash_scan_hash: 'Transaction hash',
  hash_scan_hash_placeholder: '64 hexadecimal characters, 0x optional',
  hash_scan_hash_required: 'Please enter the transaction hash',
  hash_scan_hash_invalid: 'A transaction hash is 64 hexadecimal characters, optionally after 0x',
  hash_scan_submit: 'Scan',
  hash_scan_close: 'Close',
  hash_scan_credited: 'Deposits recorded: {{count}}',
  hash_scan_credited_tip: 'They complete once they have their confirmations, and your callback address is notified.',
  hash_scan_known: 'This transaction is already recorded',
  hash_scan_known_tip: 'Every transfer of it to your deposit addresses is in the list already; nothing changed.',
  hash_scan_pending: 'The block of this transaction is not scanned yet',
  hash_scan_pending_tip: 'Nothing to do: it will be credited automatically once the scanner reaches it.',
};

export default apiDetail;
