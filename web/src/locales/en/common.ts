// Words and messages every screen shares: the application, buttons, results of an action,
// table and form words, the request layer.
const common = {
  // The application
  app_name: 'Coffer',
  app_tagline: 'Crypto custody and payment collection',
  language: 'Language',
  loading: 'Loading',

  // Buttons
  ok: 'OK',
  sure: 'Sure',
  cancel: 'Cancel',
  confirm: 'Confirm',
  back: 'Back',
  continue: 'Continue',
  next: 'Next',
  add: 'Add',
  edit: 'Edit',
  delete: 'Delete',
  save: 'Save',
  search: 'Search',
  reset: 'Reset',

  // Results of an action
  added_successfully: 'Successfully added',
  edited_successfully: 'Successfully edited',
  deleted_successfully: 'Successfully deleted',
  reset_successfully: 'Successfully reset',
  modified_successfully: 'Successfully modified',
  saved_successfully: 'Successfully saved',
  purchased_successfully: 'Successfully purchased',

  // Table and form words
  status: 'Status',
  actions: 'Actions',
  created_time: 'Created',
  total_items: 'Total: {{total}}',
  please_input: 'Please input!',
  status_enabled: 'Enabled',
  status_disabled: 'Disabled',
  email: 'E-mail',
  chain: 'Chain',
  dates_start_end_required: 'Dates: a start and an end must be chosen',

  // Charts: the count's axis and line of a daily chart
  chart_count: 'Count',

  // Texts the code composes: the punctuation is the language's (full-width in Chinese)
  text_with_note: '{{text}} ({{note}})',
  label_value: '{{label}}: {{value}}',
  label_colon: '{{label}}: ',
  list_separator: '; ',

  // Request layer
  network_error: 'network error',
  request_timeout: 'Request timed out',
  request_failed: 'Request failed',
};

export default common;
