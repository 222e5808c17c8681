// Service list (menu 10): what each service costs the merchant (the rate card, set by the provider).
const service = {
  service_tab_rates: 'Rates',
  service_rates_tip:
    'What each service costs, current and past. Rates are set by the service provider; a change closes the rate in force and takes effect at once. Points are shown to 4 decimals, rounded down; hover for the exact value.',
  service_rates_empty: 'No rates yet. The service provider sets them; contact support if you expected some.',
  service_name: 'Service',
  service_charge_mode: 'Charge mode',
  service_rate: 'Rate',
  service_pay_mode: 'Pay mode',
  service_valid_from: 'Valid from',
  service_valid_to: 'Valid to',
  service_name_1: 'Collection fee',
  service_name_2: 'Payment fee',
  service_name_3: 'Energy',
  service_name_4: 'Monthly fee',
  service_mode_1: 'Percent',
  service_mode_2: 'Fixed per transaction',
  service_mode_3: 'Monthly',
  service_pay_1: 'Prepaid from points',
  service_pay_2: 'Postpaid on the monthly bill',
  service_status_1: 'Effective',
  service_status_2: 'Expired',
  service_rate_percent: '{{percent}}%',
  service_rate_percent_min: '{{percent}}% (min {{min}} {{unit}})',
  service_rate_percent_max: '{{percent}}% (max {{max}} {{unit}})',
  service_rate_percent_min_max: '{{percent}}% (min {{min}}, max {{max}} {{unit}})',
  service_rate_fixed: '{{amount}} {{unit}} per transaction',
  service_rate_monthly: '{{amount}} {{unit}} per month',
};

export default service;
