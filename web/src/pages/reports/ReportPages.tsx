import ReportScreen from './ReportScreen';

// The two Data report menus: one screen, the direction as a parameter.

export function PaymentReportPage() {
  return <ReportScreen direction="payment" />;
}

export function ReceiptReportPage() {
  return <ReportScreen direction="receipt" />;
}
