// The personal centre: profile, Google authenticator, the merchant time zone, my logs.
const personal = {
  // Profile
  personal_email: 'E-mail',
  personal_name: 'Nickname',
  personal_role: 'Role',
  personal_created: 'Created',
  personal_google: 'Google authenticator',
  google_bound: 'Bound',
  google_unbound: 'Not bound',
  personal_status: 'Status',

  // Google authenticator
  google_bind: 'Bind',
  google_unbind: 'Unbind',
  google_bound_desc: 'Sign-in asks for the code of your authenticator app.',
  google_unbound_desc: 'Sign-in asks for a code sent by e-mail. Bind an authenticator app for stronger protection.',
  google_bind_title: 'Bind Google authenticator',
  google_bind_scan: 'Scan this QR code with Google Authenticator or a compatible app.',
  google_bind_manual: 'Or enter this key by hand:',
  google_account: 'Account: {{issuer}} ({{account}})',
  google_code_label: 'Google verification code',
  google_secret_failed: 'Binding could not start. Close this dialog and try again.',
  google_set_success: 'Google authenticator set successfully',
  google_unbind_title: 'Unbind Google authenticator',
  google_unbind_tip: 'Enter the current code of your authenticator app. Afterwards sign-in asks for an e-mail code again.',
  google_unbind_success: 'Google authenticator unbound successfully',

  // Time zone
  time_zone: 'Time zone',
  utc_offset: 'UTC{{offset}}',
  time_zone_desc: 'Log filters and the times in tables use this time zone, for every user of the merchant.',
  time_zone_admin_only: 'Only the admin role can change the time zone.',

  // My logs
  my_logs: 'My logs',
};

export default personal;
