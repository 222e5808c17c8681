// Exchange orders (Token › Trade › Orders, Token detail › Trade): an end user pays token in and
// is paid token out on the same chain.
const exchange = {
  trade_tab_orders: 'Orders',
  exchange_orders: 'Exchange orders',
  exchange_orders_tip:
    'An end user pays token in to their exchange address and is paid token out from the pair’s payout wallet, on the same chain. A payment outside the pair’s rules is refunded or held for review, as the pair says.',
  exchange_orders_purpose: 'Business orders: which pair, what came in and went out at which rate, and whether your server got the callback.',
  exchange_no_access: 'Your role cannot see exchange orders (Token › Trade).',
  summary_exchanges: 'Exchanges: {{count}}',
  exchange_all_pairs: 'All pairs',

  // Fields
  exchange_out_not_paid: 'Not paid out: the amount the rate gives',
  exchange_repriced: 'Repriced',
  exchange_repriced_tip: 'The payment came late: it was priced afresh, within the pair’s tolerance.',
  exchange_pay_address: 'Exchange address',
  exchange_payer: 'Payer',
  exchange_in_hash: 'Payment hash',
  exchange_out_hash: 'Payout / refund hash',
  exchange_quoted_in: 'Quoted in',
  exchange_min_out: 'Minimum out',
  exchange_market_rate: 'Market rate',
  exchange_price_time: 'Price read at',
  exchange_pay_by: 'Pay by',

  // The legs, in the detail
  exchange_leg_payment: 'Payment in',
  exchange_leg_payout: 'Payout',
  exchange_leg_refund: 'Refund',
  exchange_leg_order_no: 'Record number',
  exchange_refund_address: 'Sent back to',
  exchange_no_payment: 'No payment has arrived yet.',
  exchange_no_payout: 'Nothing has been paid out yet.',

  // Deciding a held exchange
  exchange_pay_out: 'Pay out at today’s price',
  exchange_refund: 'Refund',
  exchange_pay_out_confirm: 'Pay out {{orderNo}} at today’s price?',
  exchange_pay_out_tip: 'The pair’s price is read now (never an old one) and the {{symbol}} it gives is paid out from the payout wallet.',
  exchange_refund_confirm: 'Refund {{orderNo}}?',
  exchange_refund_tip: 'The {{symbol}} paid in is sent back to its payer.',
  exchange_decide_google_tip: 'This moves money: enter your Google authenticator code.',
  exchange_paying_out: 'Paying out {{amount}} {{symbol}} at {{rate}}',
  exchange_refunding: 'Refunding: the payment goes back to its payer',
};

export default exchange;
