// Data report (menus 601 Payment, 602 Receipt).
const reports = {
  report_payment_title: 'Payment report',
  report_receipt_title: 'Receipt report',
  report_payment_tip: 'Complete withdrawals per day of the merchant’s time zone, chain and token, with their network fees, and the network fees of the collections of that token (sweeps and their fee top-ups) created that day.',
  report_receipt_tip: 'Complete, credited deposits per day of the merchant’s time zone, chain and token.',
  report_date: 'Date',
  report_count: 'Count',
  report_amount: 'Amount',
  report_fee: 'Network fee',
  report_collections: 'Collections',
  report_collection_fee: 'Collection network fee',
  report_total: 'Total',
  report_payment_empty: 'No complete withdrawals or collection fees in this period: pick another period, chain or token.',
  report_receipt_empty: 'No credited deposits in this period: pick another period, chain or token.',
  report_export: 'Export report',
  report_export_orders: 'Export orders',
};

export default reports;
