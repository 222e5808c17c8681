// The list-page kit (every list): load errors, column settings, the folded filters, and what
// the order summaries count.
const list = {
  list_load_failed: 'The list could not be loaded',
  list_load_failed_hint: 'Nothing is shown because the request failed, not because there is no data.',
  list_empty_filtered: 'Nothing matches this filter: widen the period or clear a filter.',
  list_empty: 'Nothing here yet.',
  list_retry: 'Retry',
  list_columns: 'Columns',
  list_columns_all: 'Show all',
  list_columns_reset: 'Default',
  list_filters: 'Filters',
  list_filters_more: 'More',
  list_filters_less: 'Less',
  summary_outcome_complete: 'Complete (money moved): {{count}}',
  summary_outcome_pending: 'Pending: {{count}}',
  summary_outcome_rejected: 'Rejected: {{count}}',
  summary_outcome_failed: 'Failed or void: {{count}}',
  summary_outcome_uncredited: 'Not credited (dust, token not enabled, own transfers): {{count}}',
};

export default list;
