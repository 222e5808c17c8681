// System screens (menu 8): API key and RSA keys (803), callback address (804), whitelist (805),
// blacklist (802). Calls: docs/api.md "System: keys and access (menu 8)".
const system = {
  sys_copy: 'Copy',
  sys_copied: 'Copied',
  sys_copy_failed: 'Could not copy: select the text and copy it by hand',
  sys_download: 'Download',
  sys_close: 'Close',
  sys_not_set: 'Not set',
  sys_updated: 'Updated',
  sys_added_time: 'Added',
  sys_add_row: 'Add row',
  sys_remove_row: 'Remove row',

  // API key (803)
  sys_api_key: 'API key',
  sys_api_key_tip: 'Your servers send this key (header X-Api-Key) with every merchant API call, signed with your RSA private key. Keep it on your servers only.',
  sys_key_id: 'Key ID',
  sys_key_created: 'Generated',
  sys_key_none: 'No key yet: generate one before calling the merchant API.',
  sys_key_none_tip: 'There is no API key yet; generate one first',
  sys_key_show: 'Show',
  sys_key_show_title: 'Show API key',
  sys_key_show_tip: 'Enter the code of your authenticator app to see the key.',
  sys_key_secret_tip: 'Keep this key secret. It is hidden again when this dialog closes.',
  sys_key_reset: 'Reset',
  sys_key_generate: 'Generate key',
  sys_key_generate_title: 'Generate API key',
  sys_key_generate_tip: 'A key is created for calling the merchant API. Nothing stops working: there is no key to replace yet.',
  sys_key_generated: 'Key generated',
  sys_key_generated_tip: 'The key is in force. Copy it to your servers now; it is hidden again when this dialog closes.',
  sys_key_reset_title: 'Reset API key',
  sys_key_reset_confirm: 'Reset the API key?',
  sys_key_reset_warning: 'A new key replaces the current one, and the old key stops working immediately: calls signed with it are refused until your servers use the new key.',
  sys_key_new_tip: 'The new key is in force and the previous one no longer works. Copy it to your servers now.',

  // Merchant RSA key (80303)
  sys_client_key: 'Merchant RSA public key',
  sys_client_key_tip: 'Coffer checks the signature of your merchant API calls with this key. Keep the private key on your servers; upload only the public key.',
  sys_client_key_none: 'No key uploaded yet: merchant API calls are refused until one is.',
  sys_client_key_upload: 'Upload public key',
  sys_client_key_replace: 'Replace public key',
  sys_client_key_upload_tip: 'Paste an RSA public key of 2048 to 4096 bits in PEM format (-----BEGIN PUBLIC KEY-----). It replaces the current key at once.',
  sys_client_key_pem: 'Public key (PEM)',
  sys_client_key_empty: 'Please paste the public key',
  sys_fingerprint: 'Fingerprint (SHA-256)',
  sys_key_bits: 'Bits',

  // Platform key
  sys_platform_key: 'Platform public key',
  sys_platform_key_tip: 'Coffer signs every callback to your server with this key (SHA256withRSA); verify the signature with it.',
  sys_api_detail_link: 'How callbacks are signed',

  // Callback address (80402)
  sys_callback_set: 'Set',
  sys_callback_url_tip: 'Signed callbacks are sent here and retried every 30 minutes until your server answers code 0.',
  sys_callback_unset_warning: 'No callback address is set: callbacks wait and go out once an address is set.',
  sys_callback_edit_title: 'Callback address',
  sys_callback_edit_tip: 'An http:// or https:// address of your server, without user, password or #fragment, at most 512 characters.',
  sys_callback_clear_hint: 'Leave it empty to clear the address.',
  sys_callback_url_invalid: 'The callback address must be an http:// or https:// URL with a host, at most 512 characters',
  sys_callback_clear_confirm: 'Clear the callback address?',
  sys_callback_clear_warning: 'Callbacks then wait until a new address is set.',
  sys_callback_cleared: 'Callback address cleared',

  // Whitelist (805)
  sys_whitelist: 'Whitelist',
  sys_whitelist_tip: 'The merchant API accepts calls from an address on this whitelist (in force at once) or from one approved on Account › IP list (in force after an operator’s review); with neither, every call is refused.',
  sys_whitelist_count_tip: 'Addresses on the whitelist, of the 10 allowed',
  sys_whitelist_empty: 'No address on the whitelist',
  sys_whitelist_edit: 'Edit whitelist',
  sys_whitelist_edit_tip: 'One IPv4 or IPv6 address per row, no ranges; empty rows are left out. The list replaces the current one; each address is stored in its standard form and repeats are dropped.',
  sys_whitelist_limit: 'At most 10 IP addresses',

  // Blacklist (802)
  sys_blacklist: 'Blacklist',
  sys_blacklist_tip: 'Addresses your merchant never pays out to: withdrawals to them are refused. An address is listed once per chain, whatever its letter case.',
  sys_blacklist_add: 'Add address',
  sys_blacklist_add_tip: 'The address is checked for the chain and stored in its standard form.',
  sys_address_empty: 'Address cannot be empty',
  sys_address_invalid: 'Invalid address for this chain',
  sys_filter_address: 'Address (any part)',
  sys_blacklist_delete_confirm: 'Remove this address from the blacklist?',
};

export default system;
